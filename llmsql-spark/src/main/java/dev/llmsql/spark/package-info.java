/**
 * Evaluation on Apache Spark: many models' predictions against one or more benchmarks, spread over a cluster,
 * with the verdicts and reports of the single-machine {@link dev.llmsql.Evaluator}.
 *
 * <p>This module has no {@code module-info.java}: Spark and Scala ship as automatic modules whose names clash
 * (split packages across Spark's, Hadoop's and Hive's jars), and a cluster runs jobs on the class path anyway.
 * Start with {@link dev.llmsql.spark.SparkEvaluation}.
 */
package dev.llmsql.spark;
