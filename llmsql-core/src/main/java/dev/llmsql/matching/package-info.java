/**
 * LLMSQL 2.0's lenient comparison of query rows with a stored reference answer
 * ({@link dev.llmsql.matching.ResultMatcher}, one {@link dev.llmsql.matching.MatchRule} per rule), and the
 * Python text semantics it depends on ({@link dev.llmsql.matching.PythonText}).
 */
package dev.llmsql.matching;
