package dev.llmsql.judge.structure;

import dev.llmsql.judge.Judge;
import dev.llmsql.judge.JudgeProvider;
import java.util.Set;

/**
 * Registers {@code exact-set} (Spider's exact-set match, values ignored; options {@code keep-values},
 * {@code extract} (the first SQL candidate instead of the completion as given) and {@code structural}, this
 * project's own clause comparison) for {@code Judges.named(...)} and {@code --judge}.
 *
 * <pre>{@code
 * Judge j = Judges.named("exact-set:structural,keep-values");
 * }</pre>
 */
public final class ExactSetJudgeProvider implements JudgeProvider {

  /** For {@link java.util.ServiceLoader}. */
  public ExactSetJudgeProvider() {
  }

  @Override
  public Set<String> names() {
    return Set.of("exact-set");
  }

  @Override
  public Set<String> options(String name) {
    return Set.of("keep-values", "structural", "extract");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    return ExactSetJudge.builder().ignoreValues(!options.contains("keep-values"))
        .structural(options.contains("structural")).extract(options.contains("extract")).build();
  }
}
