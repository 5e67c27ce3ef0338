package dev.llmsql.judge.dialect;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeProvider;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Registers {@code dialect-valid} for {@code Judges.named(...)} and {@code --judge}, with the dialect as
 * its option: {@code dialect-valid:postgresql}; {@code sqlite} when none is given.
 *
 * <pre>{@code
 * Judge j = Judges.named("dialect-valid:oracle");
 * }</pre>
 */
public final class DialectJudgeProvider implements JudgeProvider {

  /** For {@link java.util.ServiceLoader}. */
  public DialectJudgeProvider() {
  }

  @Override
  public Set<String> names() {
    return Set.of("dialect-valid");
  }

  @Override
  public Set<String> options(String name) {
    return Arrays.stream(SqlDialect.values()).map(SqlDialect::id).collect(Collectors.toSet());
  }

  /** One dialect at a time, so the options are alternatives. */
  @Override
  public List<String> help() {
    return List.of("dialect-valid[:" + Arrays.stream(SqlDialect.values()).map(SqlDialect::id)
        .collect(Collectors.joining("|")) + "]");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    if (options.size() > 1) {
      throw new IllegalArgumentException("judge 'dialect-valid' checks one dialect, but got "
          + String.join(", ", new java.util.TreeSet<>(options)) + "; run it once per dialect");
    }
    return DialectJudge.of(options.isEmpty() ? SqlDialect.SQLITE : SqlDialect.named(options.iterator().next()));
  }
}
