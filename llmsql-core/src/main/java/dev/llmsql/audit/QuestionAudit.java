package dev.llmsql.audit;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What an audit found on one question: each flag raised, with the detail that shows why ("rows 3 and 4 tie on
 * the sort key (5)"), and how long the gold took.
 *
 * <pre>{@code
 * QuestionAudit q = new QuestionAudit(7, "concert_singer",
 *     Map.of(AuditFlag.GOLD_EMPTY, "the gold returns no rows"), 1_200_000L);
 * q.flags();                      // [GOLD_EMPTY]
 * q.has(AuditFlag.LIMIT_TIE);     // false
 * }</pre>
 *
 * @param questionId the question's id
 * @param dbId the question's {@code db_id}, or null for a single-database benchmark
 * @param findings each flag raised, in {@link AuditFlag} order, with its detail; empty for a clean question
 * @param goldNanos how long the gold took to run, or -1 when it did not run (no database, no SQL)
 */
public record QuestionAudit(int questionId, String dbId, Map<AuditFlag, String> findings, long goldNanos) {

  public QuestionAudit {
    requireNonNull(findings, "findings");
    EnumMap<AuditFlag, String> sorted = new EnumMap<>(AuditFlag.class);
    findings.forEach((flag, detail) -> sorted.put(requireNonNull(flag, "flag"), requireNonNull(detail, "detail")));
    findings = Collections.unmodifiableMap(sorted);
  }

  /** The flags raised, in {@link AuditFlag} order. */
  public List<AuditFlag> flags() {
    return List.copyOf(findings.keySet());
  }

  /** Whether {@code flag} was raised. */
  public boolean has(AuditFlag flag) {
    return findings.containsKey(flag);
  }

  /** Whether no flag was raised. */
  public boolean clean() {
    return findings.isEmpty();
  }
}
