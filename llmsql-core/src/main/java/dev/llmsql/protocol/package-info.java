/**
 * Protocols: what a benchmark's rules add around a judge, chosen per question. A {@link dev.llmsql.protocol.Protocol}
 * extracts the SQL candidates of a completion, counts what its judge decides, and adds its figures to the report
 * (LLMSQL 1.0's, with Spider's and BIRD's tables; LLMSQL 2.0's). Others are found with
 * {@link java.util.ServiceLoader}; the engine names none.
 */
package dev.llmsql.protocol;
