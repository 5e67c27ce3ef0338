package dev.llmsql.cli;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.JudgeProvider;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Judges;
import java.util.Set;

/**
 * A judge registered only in this module's tests ({@code META-INF/services} under src/test/resources): what adding
 * a judge is, one class and one service line. {@code testjudge} judges as LLMSQL 1.0 does and takes one option,
 * {@code lenient}; it keeps the default {@link JudgeProvider#help()}, so the command line lists it as
 * {@code testjudge[:lenient]} with no line of the command line changed.
 */
public final class TestJudgeProvider implements JudgeProvider {

  @Override
  public Set<String> names() {
    return Set.of("testjudge");
  }

  @Override
  public Set<String> options(String name) {
    return Set.of("lenient");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    Judge llmsql = Judges.llmsql();
    String named = options.isEmpty() ? "testjudge" : "testjudge:lenient";
    return new Judge() {
      @Override
      public Judgement judge(JudgeContext context) {
        return llmsql.judge(context);
      }

      @Override
      public String name() {
        return named;
      }
    };
  }
}
