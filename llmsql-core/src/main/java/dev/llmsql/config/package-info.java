/**
 * The values each setting accepts, one {@link dev.llmsql.config.Range} per setting, shared by the builders and
 * the command line so both reject the same values.
 */
package dev.llmsql.config;
