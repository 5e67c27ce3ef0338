package dev.llmsql.judge.resultset;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;

/**
 * A peer's whole comparison procedure, for peers whose rules do not reduce to {@link ResultSetComparator}
 * options (they hash joined column text, or re-sort by the query's ORDER BY columns). A judge built with one
 * uses it instead of its comparator.
 *
 * <pre>{@code
 * Judge falcon = ResultSetJudge.builder().name("my-falcon")
 *     .procedure(FalconProcedure.builder().emptyResultsMatch(true).build())
 *     .build();
 * }</pre>
 */
public interface PeerProcedure {

  /**
   * Compares a predicted result with a gold result.
   *
   * @param gold the gold result
   * @param goldSql the gold SQL, or null when the gold is given as results
   * @param predicted the predicted result
   * @param predictedSql the SQL that produced {@code predicted}
   * @param question the question (its text and tags steer some peers' row order)
   * @param ordered whether the judge's row-order rule says order counts for this question
   * @return the verdict of the peer's procedure
   */
  Comparison compare(QueryResult gold, String goldSql, QueryResult predicted, String predictedSql,
                     Question question, boolean ordered);
}
