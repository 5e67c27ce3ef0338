package dev.llmsql.sqlite;

import java.util.List;
import java.util.Set;

/**
 * Which statements may run on the caller's thread: those whose every call ({@link dev.llmsql.guard.FunctionCalls})
 * is a keyword or a function whose one call is cheap in SQLite.
 */
final class BoundedCalls {

  /**
   * What may precede {@code (} in a statement that runs on the caller's thread: keywords, and the functions
   * whose one call costs at most time linear in its arguments (each bounded by {@code maxValueBytes}), so every
   * native call returns within milliseconds and the deadline (progress handler, interrupt) is seen between
   * them. Anything else, {@code instr}, {@code replace}, {@code trim} (time grows with both arguments' lengths),
   * {@code printf}, a table-valued or a removed function, goes to a worker the caller can abandon.
   */
  static final Set<String> BOUNDED = Set.of(
      // keywords
      "all", "and", "as", "between", "by", "case", "cast", "distinct", "else", "escape", "except", "exists",
      "filter", "from", "glob", "having", "in", "intersect", "is", "join", "like", "limit", "materialized", "not",
      "offset", "on", "or", "over", "partition", "recursive", "select", "then", "union", "using", "values",
      "when", "where", "window", "with",
      // functions linear in their arguments
      "abs", "avg", "ceil", "ceiling", "coalesce", "count", "date", "datetime", "floor", "if", "ifnull", "iif",
      "julianday", "length", "likelihood", "likely", "lower", "max", "min", "nullif", "round", "sign",
      "strftime", "substr", "substring", "sum", "time", "total", "trunc", "typeof", "unixepoch", "unlikely",
      "upper");

  private BoundedCalls() {
  }

  /** Whether every one of {@code calls} is in {@link #BOUNDED}. */
  static boolean bounded(List<String> calls) {
    for (String name : calls) {
      if (!BOUNDED.contains(name)) {
        return false;
      }
    }
    return true;
  }
}
