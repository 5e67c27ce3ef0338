/**
 * Benchmarks: {@link dev.llmsql.benchmark.Question}s and the databases they run on. Start from
 * {@link dev.llmsql.benchmark.Benchmarks} for local files.
 */
package dev.llmsql.benchmark;
