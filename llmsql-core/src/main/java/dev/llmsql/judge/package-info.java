/**
 * Judging predictions: the {@link dev.llmsql.judge.Judge} SPI and its {@link dev.llmsql.judge.Verdict}s.
 * Start from {@link dev.llmsql.judge.Judges#llmsql()}, the default.
 */
package dev.llmsql.judge;
