package dev.llmsql.judge.resultset;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeProvider;
import java.util.List;
import java.util.Set;

/**
 * Registers the peer presets by name for {@code Judges.named(...)} and {@code --judge}: {@code spider-exec}
 * (options {@code keep-distinct}, {@code no-repair}, {@code extract}, {@code no-test-suite}), {@code bird}
 * (option {@code ves}: 10 timed runs for R-VES; {@code keep-equal-ratios}: the same without BIRD's division by
 * zero when all ratios are equal), {@code defog} (option {@code no-broadcast}: a 1-row result no longer passes
 * against a 0-row gold; {@code defog-subset} is its former name), {@code falcon} (option {@code empty-match}:
 * two empty results match; {@code unflagged-ordered}: order counts for questions without an {@code ordered}
 * flag; {@code typed}: text {@code 'null'}/{@code 'true'}/{@code 'false'} no longer equal NULL/1/0), {@code spider2} (options {@code typed}: values as SQLite typed them, no CSV round trip; {@code one-to-one}: each gold column needs a predicted column of its own), {@code strict}, and {@code llmsql-rs} (LLMSQL's rules through this engine).
 *
 * <pre>{@code
 * Judge j = Judges.named("spider-exec:keep-distinct");
 * }</pre>
 */
public final class ResultSetJudgeProvider implements JudgeProvider {

  /** For {@link java.util.ServiceLoader}. */
  public ResultSetJudgeProvider() {
  }

  @Override
  public Set<String> names() {
    return Set.of("spider-exec", "bird", "defog", "defog-subset", "falcon", "spider2", "strict", "llmsql-rs");
  }

  @Override
  public Set<String> options(String name) {
    return switch (name) {
      case "spider-exec" -> Set.of("keep-distinct", "no-repair", "extract", "no-test-suite");
      case "bird" -> Set.of("ves", "keep-equal-ratios");
      case "falcon" -> Set.of("empty-match", "unflagged-ordered", "typed");
      case "spider2" -> Set.of("typed", "one-to-one");
      case "defog" -> Set.of("no-broadcast");
      default -> Set.of();
    };
  }

  /** In the order help has always shown them; {@code defog-subset}, defog's older name, is left out. */
  @Override
  public List<String> help() {
    return List.of("llmsql-rs", "bird[:ves,keep-equal-ratios]", "defog[:no-broadcast]",
        "falcon[:empty-match,unflagged-ordered,typed]", "spider2[:typed,one-to-one]", "strict",
        "spider-exec[:keep-distinct,no-repair,extract,no-test-suite]");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    return switch (name) {
      case "spider-exec" -> ResultSetJudge.spiderExec(options.contains("keep-distinct"),
          !options.contains("no-repair"), options.contains("extract"), !options.contains("no-test-suite"));
      case "bird" -> options.contains("ves") || options.contains("keep-equal-ratios")
          ? ResultSetJudge.birdVes(10, options.contains("keep-equal-ratios")) : ResultSetJudge.bird();
      case "defog" -> ResultSetJudge.defog(!options.contains("no-broadcast"));
      case "defog-subset" -> ResultSetJudge.defog();
      case "falcon" -> ResultSetJudge.falcon(options.contains("empty-match"), options.contains("unflagged-ordered"),
          options.contains("typed"));
      case "spider2" -> ResultSetJudge.spider2(options.contains("typed"), options.contains("one-to-one"));
      case "strict" -> ResultSetJudge.strict();
      case "llmsql-rs" -> ResultSetJudge.llmsql();
      default -> throw new IllegalArgumentException("unknown judge '" + name + "'");
    };
  }
}
