/**
 * Judging predictions: the {@link dev.llmsql.judge.Judge} SPI and its {@link dev.llmsql.judge.Verdict}s.
 * Start from {@link dev.llmsql.judge.Judges#llmsqlByVersion()}, the default: LLMSQL 2.0's rules
 * ({@link dev.llmsql.judge.Judges#llmsql2()}) for questions that carry an answer, 1.0's
 * ({@link dev.llmsql.judge.Judges#llmsql()}) for the rest.
 */
package dev.llmsql.judge;
