/**
 * Upstream LLMSQL's leaderboard entries ({@code run.yaml}): {@link dev.llmsql.report.leaderboard.LeaderboardYaml}
 * writes one from an evaluation report, {@link dev.llmsql.report.leaderboard.PublishedRun} reads them back so
 * our leaderboard can rank them beside our own reports.
 */
package dev.llmsql.report.leaderboard;
