/**
 * The statistics behind trustworthy numbers, on plain counts and arrays (no report types): seeded
 * bootstrap and Wilson confidence {@link dev.llmsql.stats.Interval}s and the exact
 * {@link dev.llmsql.stats.McNemar} test. See docs/SCORING.md for the formulas.
 */
package dev.llmsql.stats;
