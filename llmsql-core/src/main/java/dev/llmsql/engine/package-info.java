/**
 * The evaluation engine's internals. Not API: anything here may change without notice; start from
 * {@link dev.llmsql.Evaluator}.
 */
package dev.llmsql.engine;
