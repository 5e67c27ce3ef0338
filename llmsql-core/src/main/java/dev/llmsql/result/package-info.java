/**
 * What an evaluation decided for each scored prediction: {@link dev.llmsql.result.QuestionResult} (the verdict
 * and the figures around it) and {@link dev.llmsql.result.QuestionDetail} (what a person reading a report sees of
 * the question). Below both scoring and the reports, which consume them.
 */
package dev.llmsql.result;
