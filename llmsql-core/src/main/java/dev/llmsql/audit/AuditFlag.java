package dev.llmsql.audit;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What an audit can find wrong with one question's gold, by the name reports and {@code --fail-on} use
 * ({@link #id()}, e.g. {@code limit_tie}). docs/AUDIT.md says how each is found.
 *
 * <pre>{@code
 * AuditFlag flag = AuditFlag.named("limit_tie");   // AuditFlag.LIMIT_TIE
 * String id = AuditFlag.GOLD_SLOW.id();             // "gold_slow"
 * }</pre>
 */
public enum AuditFlag {
  /** The gold fails on this engine. */
  GOLD_ERROR,
  /** The gold returns no rows, or only NULLs. */
  GOLD_EMPTY,
  /** The gold takes longer than the slow threshold (a fraction of the query timeout). */
  GOLD_SLOW,
  /** The gold, judged as a prediction against itself, is not a match under the audit's judge. */
  NOT_SELF_MATCH,
  /** {@code ORDER BY ... LIMIT k} whose k-th row ties with the next on the sort key. */
  LIMIT_TIE,
  /** The result changes when the engine returns the rows of unordered scans in another order. */
  ORDER_DEPENDENT,
  /** The gold calls functions whose result varies ({@code random()}, {@code date('now')}, ...). */
  NONDETERMINISTIC,
  /** {@code ORDER BY}, {@code MIN} or {@code MAX} over a column that holds numbers as text. */
  TEXT_SORTED_NUMBERS,
  /** Other questions have the same gold SQL once normalised. */
  DUPLICATE_GOLD,
  /** The question's database is not there. */
  MISSING_DATABASE,
  /** A table the question names (its {@code table_id}, or one its gold reads) is not in its database. */
  MISSING_TABLE;

  /** The flag's name in reports and on the command line: {@code gold_error}, {@code limit_tie}, ... */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The flag called {@code id} ({@code limit_tie}; case and {@code -} for {@code _} do not matter).
   *
   * @throws IllegalArgumentException naming every flag, for an unknown name
   */
  public static AuditFlag named(String id) {
    String key = id == null ? "" : id.trim().toLowerCase(Locale.ROOT).replace('-', '_');
    for (AuditFlag flag : values()) {
      if (flag.id().equals(key)) {
        return flag;
      }
    }
    throw new IllegalArgumentException("unknown audit flag \"" + id + "\"; known: "
        + Arrays.stream(values()).map(AuditFlag::id).collect(Collectors.joining(", ")));
  }
}
