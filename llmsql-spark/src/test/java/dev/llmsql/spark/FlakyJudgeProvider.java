package dev.llmsql.spark;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.JudgeProvider;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Verdict;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;

/**
 * Judge {@code flaky-once:Q}... is not a real judge: {@code flaky-once} judges as {@code llmsql} (and says so),
 * but the first attempt of the Spark task that reaches question {@link #TRIGGER} dies there, as a task does on an
 * executor that is lost mid-way. Spark runs the task again; the retry must give the verdicts a clean run gives.
 */
public final class FlakyJudgeProvider implements JudgeProvider {

  /** The question whose first judging kills its task. */
  static volatile int TRIGGER = -1;
  /** How many task attempts died. */
  static final AtomicInteger KILLED = new AtomicInteger();

  /** What a lost executor looks like to the task: not an exception the engine turns into a verdict. */
  static final class TaskKilled extends Error {
    private static final long serialVersionUID = 1L;

    TaskKilled(String message) {
      super(message);
    }
  }

  @Override
  public Set<String> names() {
    return Set.of("flaky-once");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    Judge llmsql = Judges.llmsql();
    return new Judge() {
      @Override
      public dev.llmsql.judgement.Judgement judge(JudgeContext context) {
        TaskContext task = TaskContext.get();
        if (task != null && task.attemptNumber() == 0 && context.question().id() == TRIGGER) {
          KILLED.incrementAndGet();
          throw new TaskKilled("task " + task.taskAttemptId() + " killed at question " + TRIGGER);
        }
        return llmsql.judge(context);
      }

      @Override
      public String name() {
        return llmsql.name();
      }
    };
  }
}
