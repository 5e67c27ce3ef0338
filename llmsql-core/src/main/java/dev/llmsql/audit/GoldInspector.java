package dev.llmsql.audit;

/**
 * Reads a gold query's structure for the audit checks that need a parser ({@code limit_tie},
 * {@code text_sorted_numbers}, the tables a failing gold reads, whether its result is ordered). Found with
 * {@link java.util.ServiceLoader}: {@code llmsql-judge} provides one built on JSqlParser; without one those checks
 * are reported as not computed. Implementations are thread-safe and never throw for bad SQL.
 *
 * <pre>{@code
 * GoldInspector byHand = sql -> GoldShape.UNPARSED;
 * GoldShape shape = byHand.inspect("SELECT name FROM singer ORDER BY age LIMIT 1");
 * }</pre>
 */
@FunctionalInterface
public interface GoldInspector {

  /** The structure of {@code sql}; {@link GoldShape#UNPARSED} when it cannot be read. */
  GoldShape inspect(String sql);
}
