/**
 * What an untrusted statement may do, written once for every engine: the {@link dev.llmsql.guard.StatementGuard}
 * in front of the database (one read-only query), the names it calls ({@link dev.llmsql.guard.FunctionCalls}), and
 * the row, byte and time bounds its result is read under ({@link dev.llmsql.guard.ResultBounds}). Engine modules
 * use these; none copies them.
 */
package dev.llmsql.guard;
