package dev.llmsql.spark;

import java.io.Serializable;

/**
 * One prediction as a task receives it.
 *
 * @param model the model that wrote it
 * @param benchmark the benchmark's name
 * @param ordinal its place among the model's predictions for that benchmark, from 0: the order the
 *     single-machine engine reads them in, and the {@code i} of an input problem's {@code predictions[i]}
 * @param questionId the {@code question_id} as given (a number or a string; null when missing)
 * @param completion the model's raw output (a string as given; anything else is an input problem), null when missing
 */
record PredictionRow(String model, String benchmark, long ordinal, Object questionId, Object completion)
    implements Serializable {

  private static final long serialVersionUID = 1L;
}
