package dev.llmsql.judgement;

/**
 * A yes-or-no count a judge may decide itself for one prediction, instead of leaving it to the default rule
 * ({@link Judgement#sqlError()}, {@link Judgement#predNone()}, {@link Judgement#exactStringMatch()}). The one
 * place the per-question names of LLMSQL's counts are spelled: the full JSON report lists the flags a judge
 * decided among the verdict's {@code measures} under {@link #key()}.
 *
 * <pre>{@code
 * Judge judge = ctx -> {
 *   Judgement tried = Judges.llmsql().judge(ctx);
 *   // counted as an SQL error whatever the verdict says, as a judge that tries every candidate does
 *   return tried.withVerdict(tried.verdict().with(Flag.SQL_ERROR, tried.executed() > 0
 *       && tried.predicted() instanceof QueryOutcome.Failure));
 * };
 * }</pre>
 */
public enum Flag {
  /** LLMSQL's {@code sql_errors}: the prediction's SQL failed (by default: outcome {@link Outcome#ERROR}). */
  SQL_ERROR("sql_error"),
  /**
   * LLMSQL's {@code pred_none}: the deciding candidate returned a NULL answer (by default: the last candidate
   * run returned exactly one row of one NULL).
   */
  PRED_NONE("pred_none"),
  /** LLMSQL 2.0's {@code exact_string_match}: the extracted SQL equals the reference SQL as text (default no). */
  EXACT_STRING_MATCH("exact_string_match");

  private final String key;

  Flag(String key) {
    this.key = key;
  }

  /** The name reports give the flag, e.g. {@code "sql_error"}. */
  public String key() {
    return key;
  }

  /** The flag named {@code key}, or null when no flag has that name. */
  public static Flag byKey(String key) {
    for (Flag flag : values()) {
      if (flag.key.equals(key)) {
        return flag;
      }
    }
    return null;
  }
}
