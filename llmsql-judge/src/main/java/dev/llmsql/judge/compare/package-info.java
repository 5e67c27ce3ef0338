/**
 * Comparing judges on the same predictions: start from
 * {@link dev.llmsql.judge.compare.JudgeDisagreements#of(java.util.List)}.
 */
package dev.llmsql.judge.compare;
