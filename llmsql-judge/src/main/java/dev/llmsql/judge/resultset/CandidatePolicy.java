package dev.llmsql.judge.resultset;

/**
 * Which SQL of a completion a result-set judge runs.
 *
 * <pre>{@code
 * ResultSetJudge.builder().candidates(CandidatePolicy.WHOLE_COMPLETION).build();
 * }</pre>
 */
public enum CandidatePolicy {
  /** Every extracted candidate in turn; the first that matches wins (LLMSQL). */
  ANY,
  /** Only the first extracted candidate (so a markdown fence or an "SQL:" prefix is not an error). */
  FIRST,
  /**
   * The completion exactly as given, {@code Table} placeholder replaced (Spider, BIRD and Falcon expect the
   * prediction to be bare SQL; chatter makes it fail).
   */
  WHOLE_COMPLETION
}
