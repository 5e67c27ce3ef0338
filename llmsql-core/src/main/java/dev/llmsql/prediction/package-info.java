/**
 * Model outputs: {@link dev.llmsql.prediction.Prediction}, problems found in them
 * ({@link dev.llmsql.prediction.InputProblem}) and unreadable input
 * ({@link dev.llmsql.prediction.InvalidInputException}).
 */
package dev.llmsql.prediction;
