package dev.llmsql.spark;

import java.io.Serializable;

/**
 * Where a prediction is judged: its benchmark, its question's database and a split of that database's
 * predictions. Every prediction of one model for one question lands in one split, so duplicates are seen as
 * the single-machine engine sees them.
 *
 * @param benchmark the benchmark's name
 * @param database the {@code db_id} for a databases directory, {@link #SINGLE} for a single database, or
 *     {@link #UNROUTED} for predictions whose question is not in the benchmark (reported as input problems)
 * @param split which of the database's splits, from 0
 */
record GroupKey(String benchmark, String database, int split) implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The database key of a single-database benchmark. */
  static final String SINGLE = "";
  /** The database key of predictions no question of the benchmark routes. */
  static final String UNROUTED = "\u0000unrouted";
}
