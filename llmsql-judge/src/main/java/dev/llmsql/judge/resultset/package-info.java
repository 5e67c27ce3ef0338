/**
 * The result-set judge: one comparison engine ({@link dev.llmsql.judge.resultset.ResultSetComparator})
 * and named presets reproducing the peers ({@link dev.llmsql.judge.resultset.ResultSetJudge#spiderExec()},
 * {@code bird()}, {@code falcon()}, ...). Start from {@link dev.llmsql.judge.resultset.ResultSetJudge}.
 */
package dev.llmsql.judge.resultset;
