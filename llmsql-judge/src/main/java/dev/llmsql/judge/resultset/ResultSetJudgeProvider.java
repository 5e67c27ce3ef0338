package dev.llmsql.judge.resultset;

import dev.llmsql.judge.Judge;
import dev.llmsql.judge.JudgeProvider;
import java.util.Set;

/**
 * Registers the peer presets by name for {@code Judges.named(...)} and {@code --judge}: {@code spider-exec}
 * (options {@code keep-distinct}, {@code no-repair}, {@code extract}, {@code no-test-suite}), {@code bird} (option {@code ves}: 10 timed runs
 * for R-VES), {@code defog-subset}, {@code falcon},
 * {@code spider2}, {@code strict}, and {@code llmsql-rs} (LLMSQL's rules through this engine).
 *
 * <pre>{@code
 * Judge j = Judges.named("spider-exec:keep-distinct");
 * }</pre>
 */
public final class ResultSetJudgeProvider implements JudgeProvider {

  @Override
  public Set<String> names() {
    return Set.of("spider-exec", "bird", "defog-subset", "falcon", "spider2", "strict", "llmsql-rs");
  }

  @Override
  public Set<String> options(String name) {
    return switch (name) {
      case "spider-exec" -> Set.of("keep-distinct", "no-repair", "extract", "no-test-suite");
      case "bird" -> Set.of("ves");
      default -> Set.of();
    };
  }

  @Override
  public Judge create(String name, Set<String> options) {
    return switch (name) {
      case "spider-exec" -> ResultSetJudge.spiderExec(options.contains("keep-distinct"),
          !options.contains("no-repair"), options.contains("extract"), !options.contains("no-test-suite"));
      case "bird" -> options.contains("ves") ? ResultSetJudge.birdVes(10) : ResultSetJudge.bird();
      case "defog-subset" -> ResultSetJudge.defogSubset();
      case "falcon" -> ResultSetJudge.falcon();
      case "spider2" -> ResultSetJudge.spider2();
      case "strict" -> ResultSetJudge.strict();
      case "llmsql-rs" -> ResultSetJudge.llmsql();
      default -> throw new IllegalArgumentException("unknown judge '" + name + "'");
    };
  }
}
