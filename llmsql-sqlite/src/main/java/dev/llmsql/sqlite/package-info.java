/**
 * SQLite execution: start from {@link dev.llmsql.sqlite.SqliteQueryEngine}; the LLMSQL download lives in
 * {@code dev.llmsql.sqlite.download}.
 */
package dev.llmsql.sqlite;
