package dev.llmsql.cli;

import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.ScoringProvider;
import java.util.Set;

/**
 * A scoring registered only in this module's tests ({@code META-INF/services} under src/test/resources):
 * {@code test-share}, the share of questions matched, listed by the command line with the default
 * {@link ScoringProvider#help()} and taken by {@code --scoring} with no line of the command line changed.
 */
public final class TestScoringProvider implements ScoringProvider {

  @Override
  public Set<String> names() {
    return Set.of("test-share");
  }

  @Override
  public Scoring create(String name) {
    return results -> new Score("test-share", results.stream().filter(r -> r.outcome().isMatch()).count()
        / (double) Math.max(1, results.size()), "share of questions matched");
  }
}
