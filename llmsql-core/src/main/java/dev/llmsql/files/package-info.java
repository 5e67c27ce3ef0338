/**
 * Files written whole or not at all: {@link dev.llmsql.files.AtomicFiles} is the one place a file is replaced by
 * renaming a finished temporary file onto it.
 */
package dev.llmsql.files;
