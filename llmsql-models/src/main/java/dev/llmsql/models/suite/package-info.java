/**
 * SCALE-style capability suites: load a dataset of capability folders and metric JSONL files with its config,
 * run target models against it with LLM judges ({@link dev.llmsql.models.suite.CapabilitySuite}, start here), score
 * with SCALE's weighted formula and write the score reports, case reports and leaderboard
 * ({@link dev.llmsql.models.suite.SuiteReports}).
 */
package dev.llmsql.models.suite;
