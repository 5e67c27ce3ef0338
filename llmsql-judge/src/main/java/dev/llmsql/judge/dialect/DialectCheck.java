package dev.llmsql.judge.dialect;

import static java.util.Objects.requireNonNull;

/**
 * Whether one SQL text is valid in a {@link SqlDialect}, and if not, why.
 *
 * <pre>{@code
 * DialectCheck check = SqlDialect.MYSQL.check("SELECT TOP 5 a FROM t");
 * check.valid();     // false
 * check.problem();   // "top not supported."
 * }</pre>
 *
 * @param dialect the dialect checked against
 * @param valid whether the SQL parses and uses only the dialect's features
 * @param problem why not, for people; empty when valid
 */
public record DialectCheck(SqlDialect dialect, boolean valid, String problem) {

  public DialectCheck {
    requireNonNull(dialect, "dialect");
    requireNonNull(problem, "problem");
  }

  static DialectCheck valid(SqlDialect dialect) {
    return new DialectCheck(dialect, true, "");
  }

  static DialectCheck invalid(SqlDialect dialect, String problem) {
    return new DialectCheck(dialect, false, problem);
  }
}
