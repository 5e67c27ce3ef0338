/**
 * Self-contained HTML pages: start from {@link dev.llmsql.report.html.HtmlReport} for one evaluation and
 * {@link dev.llmsql.report.html.Leaderboard} to compare several.
 */
package dev.llmsql.report.html;
