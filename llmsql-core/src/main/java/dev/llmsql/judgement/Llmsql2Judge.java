package dev.llmsql.judgement;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.extraction.Llmsql2Extractor;
import dev.llmsql.matching.ResultMatcher;
import java.util.List;
import java.util.Optional;

/**
 * LLMSQL 2.0's verdict for a question that carries a reference answer: the one query the protocol took from the
 * completion (the first of {@link JudgeContext#candidates()}; LLMSQL 2.0's protocol extracts it as upstream does),
 * run as given (one statement only), its rows compared with the answer by {@link ResultMatcher}. The gold SQL is
 * never run. Questions without an answer get {@link Judges#llmsql()}.
 *
 * <p>Every verdict on an answer-carrying question decides the flags {@link Flag#SQL_ERROR} (no SQL, or the query
 * failed) and {@link Flag#EXACT_STRING_MATCH}, and {@link Flag#PRED_NONE} once the query ran; a match's detail is
 * the deciding rule's name.
 */
final class Llmsql2Judge implements Judge {

  private final String name;
  private final ResultMatcher matcher;
  private final boolean allNullPredNone;

  Llmsql2Judge(String name, ResultMatcher matcher) {
    this(name, matcher, false);
  }

  /**
   * @param allNullPredNone count any non-empty result whose every cell is NULL as {@code pred_none} (upstream
   *     counts exactly one row of one NULL only)
   */
  Llmsql2Judge(String name, ResultMatcher matcher, boolean allNullPredNone) {
    this.name = name;
    this.matcher = matcher;
    this.allNullPredNone = allNullPredNone;
  }

  @Override
  public Judgement judge(JudgeContext context) {
    return Judgement.of(context, verdict(context));
  }

  private Verdict verdict(JudgeContext context) {
    Question question = context.question();
    Optional<List<List<Object>>> answer = question.answer();
    if (answer.isEmpty()) {
      return Judges.llmsql().judge(context).verdict();
    }
    List<String> candidates = context.candidates();
    if (candidates.isEmpty()) {
      return with(Verdict.noSql(), true, false);
    }
    String sql = candidates.get(0);
    boolean exact = Llmsql2Extractor.exactMatchForm(sql).equals(Llmsql2Extractor.exactMatchForm(question.sql()));
    String more = secondStatement(sql);
    if (more != null) {
      return with(Verdict.error(Reason.PRED_ERROR, more), true, exact);
    }
    QueryOutcome outcome = context.execute(sql);
    if (outcome instanceof QueryOutcome.Failure failure) {
      return with(Verdict.error(Judges.reasonFor(failure), failure.message()), true, exact);
    }
    List<List<Object>> rows = ((QueryOutcome.Success) outcome).result().rows();
    ResultMatcher.MatchOutcome match = matcher.match(answer.get(), rows);
    Verdict verdict = match.matched() ? new Verdict(Outcome.MATCH, Reason.EQUAL, match.rule())
        : Verdict.mismatch(shapeReason(answer.get(), rows), match.rule() + " (" + match.detail() + ")");
    return with(verdict, false, exact).with(Flag.PRED_NONE, predNone(rows));
  }

  private boolean predNone(List<List<Object>> rows) {
    if (!allNullPredNone) {
      return rows.size() == 1 && rows.get(0).size() == 1 && rows.get(0).get(0) == null;
    }
    return !rows.isEmpty() && rows.stream().allMatch(r -> !r.isEmpty() && r.stream().allMatch(c -> c == null));
  }

  private static Verdict with(Verdict verdict, boolean sqlError, boolean exact) {
    return verdict.with(Flag.SQL_ERROR, sqlError).with(Flag.EXACT_STRING_MATCH, exact);
  }

  private static Reason shapeReason(List<List<Object>> gold, List<List<Object>> predicted) {
    if (predicted.size() > gold.size()) {
      return Reason.EXTRA_ROWS;
    }
    if (predicted.size() < gold.size()) {
      return Reason.MISSING_ROWS;
    }
    if (!gold.isEmpty() && gold.get(0).size() != predicted.get(0).size()) {
      return Reason.COLUMN_COUNT;
    }
    return Reason.VALUE_MISMATCH;
  }

  /**
   * Why Python's {@code sqlite3} would refuse {@code sql} as more than one statement, or null. The first
   * statement ends at its first {@code ;} outside quotes and comments; after it only spaces, tabs, form feeds,
   * line breaks and comments may follow (CPython 3.11's check), so {@code Q; ;} fails and {@code Q; -- note}
   * runs.
   */
  static String secondStatement(String sql) {
    int n = sql.length();
    int i = 0;
    int end = -1;
    while (i < n && end < 0) {
      char c = sql.charAt(i);
      switch (c) {
        case '\'', '"', '`' -> i = closing(sql, i + 1, c);
        case '[' -> i = closing(sql, i + 1, ']');
        case '-' -> i = sql.startsWith("--", i) ? lineEnd(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? blockEnd(sql, i) : i + 1;
        case ';' -> end = i + 1;
        default -> i++;
      }
    }
    if (end < 0) {
      return null;
    }
    for (int j = end; j < n; ) {
      char c = sql.charAt(j);
      if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') {
        j++;
      } else if (sql.startsWith("--", j)) {
        j = lineEnd(sql, j);
      } else if (sql.startsWith("/*", j)) {
        j = blockEnd(sql, j);
      } else {
        return "You can only execute one statement at a time (Python's sqlite3): more follows the ';' at offset "
            + (end - 1);
      }
    }
    return null;
  }

  private static int closing(String sql, int from, char close) {
    int i = from;
    while (i < sql.length()) {
      if (sql.charAt(i) == close) {
        if (close != ']' && i + 1 < sql.length() && sql.charAt(i + 1) == close) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return sql.length();
  }

  private static int lineEnd(String sql, int from) {
    int nl = sql.indexOf('\n', from);
    return nl < 0 ? sql.length() : nl + 1;
  }

  private static int blockEnd(String sql, int from) {
    int close = sql.indexOf("*/", from + 2);
    return close < 0 ? sql.length() : close + 2;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return name;
  }
}
