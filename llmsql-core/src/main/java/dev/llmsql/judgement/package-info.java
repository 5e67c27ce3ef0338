/**
 * Judging predictions: the {@link dev.llmsql.judgement.Judge} SPI and its {@link dev.llmsql.judgement.Verdict}s.
 * Start from {@link dev.llmsql.judgement.Judges#llmsqlByVersion()}, the default: LLMSQL 2.0's rules
 * ({@link dev.llmsql.judgement.Judges#llmsql2()}) for questions that carry an answer, 1.0's
 * ({@link dev.llmsql.judgement.Judges#llmsql()}) for the rest.
 */
package dev.llmsql.judgement;
