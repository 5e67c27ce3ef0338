package dev.llmsql.engine;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judge.ForwardingJudgeContext;
import dev.llmsql.judge.Judge;
import dev.llmsql.judge.JudgeContext;
import dev.llmsql.judge.Verdict;
import dev.llmsql.result.QuestionDetail;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wraps a judge to note, per question, what reports show besides the verdict (question text, tags, the SQL
 * the verdict rests on), without the engine knowing. Thread-safe: the engine judges in parallel.
 */
public final class DetailRecorder {

  private final Map<Integer, QuestionDetail> details = new ConcurrentHashMap<>();

  /** {@code judge}, recording into this recorder; same name. */
  public Judge wrap(Judge judge) {
    return new Judge() {
      @Override
      public Verdict judge(JudgeContext context) {
        Recording recording = new Recording(context);
        try {
          return judge.judge(recording);
        } finally {
          Question q = context.question();
          String sql = recording.lastSql != null ? recording.lastSql
              : context.candidates().isEmpty() ? null : context.candidates().get(0);
          details.put(q.id(), QuestionDetail.of(q, sql));
        }
      }

      @Override
      public String name() {
        return judge.name();
      }

      @Override
      public String toString() {
        return judge.toString();
      }
    };
  }

  /** What was recorded so far, in no particular order. */
  public List<QuestionDetail> details() {
    return List.copyOf(details.values());
  }

  /** Passes everything through, noting the last SQL run. Used by one thread at a time. */
  static final class Recording extends ForwardingJudgeContext {
    private String lastSql;

    Recording(JudgeContext context) {
      super(context);
    }

    @Override
    public QueryOutcome execute(String sql) {
      lastSql = sql;
      return super.execute(sql);
    }

    @Override
    public QueryOutcome execute(String sql, int stopAfterRows) {
      lastSql = sql;
      return super.execute(sql, stopAfterRows);
    }
  }
}
