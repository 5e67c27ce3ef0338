package dev.llmsql.judge.structure;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeProvider;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code exact-set} (Spider's exact-set match, values ignored; options {@code keep-values},
 * {@code extract} (the first SQL candidate instead of the completion as given) and {@code structural}, this
 * project's own clause comparison) for {@code Judges.named(...)} and {@code --judge}, and {@code spider}: Spider's
 * whole report (test-suite execution as the verdict, exact-set match, hardness and partial scores as measures;
 * options {@code fix-hardness}, {@code fix-and-or}, {@code plain-f1} switch off the peer's quirks).
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
    return Set.of("exact-set", "spider");
  }

  @Override
  public Set<String> options(String name) {
    if (name.equals("spider")) {
      return Set.of("fix-hardness", "fix-and-or", "plain-f1");
    }
    return Set.of("keep-values", "structural", "extract");
  }

  @Override
  public List<String> help() {
    return List.of("exact-set[:keep-values,extract,structural]",
        "spider[:fix-hardness,fix-and-or,plain-f1] (Spider's report by hardness)");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    if (name.equals("spider")) {
      return new SpiderReportJudge(options.contains("fix-hardness"), options.contains("fix-and-or"),
          options.contains("plain-f1"));
    }
    return ExactSetJudge.builder().ignoreValues(!options.contains("keep-values"))
        .structural(options.contains("structural")).extract(options.contains("extract")).build();
  }
}
