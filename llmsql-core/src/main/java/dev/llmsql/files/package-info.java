/**
 * Files written whole or not at all, and files read that are not what they should be:
 * {@link dev.llmsql.files.AtomicFiles} is the one place a file is replaced by renaming a finished temporary file
 * onto it; {@link dev.llmsql.files.JsonSyntax} is the one place a JSON or JSONL text that is not valid JSON is
 * explained in the user's words (line, column, what stands there, what was expected);
 * {@link dev.llmsql.files.Utf8Text} the one place a text that is not UTF-8 is (line, column, byte offset).
 */
package dev.llmsql.files;
