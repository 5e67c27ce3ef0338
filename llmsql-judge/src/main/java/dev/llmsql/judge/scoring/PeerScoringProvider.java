package dev.llmsql.judge.scoring;

import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.ScoringProvider;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code executability}, {@code weighted} (and {@code weighted:unknown-as-1}), {@code soft-f1}, {@code relative-efficiency}
 * and {@code dialect-validity}
 * for {@code Scorings.named(...)} and {@code --scoring}.
 *
 * <pre>{@code
 * Scoring s = Scorings.named("executability");
 * }</pre>
 */
public final class PeerScoringProvider implements ScoringProvider {

  /** For {@link java.util.ServiceLoader}. */
  public PeerScoringProvider() {
  }

  @Override
  public Set<String> names() {
    return Set.copyOf(PeerScorings.names());
  }

  /** In the order help has always shown them, {@code weighted}'s option beside it. */
  @Override
  public List<String> help() {
    return List.of("executability", "weighted[:unknown-as-1]", "soft-f1", "relative-efficiency", "dialect-validity");
  }

  @Override
  public Scoring create(String name) {
    return switch (name) {
      case "executability" -> PeerScorings.executability();
      case "weighted" -> PeerScorings.weighted();
      case "weighted:unknown-as-1" -> PeerScorings.weightedUnknownAsOne();
      case "soft-f1" -> PeerScorings.softF1();
      case "relative-efficiency" -> PeerScorings.relativeEfficiency();
      case "dialect-validity" -> PeerScorings.dialectValidity();
      default -> throw new IllegalArgumentException("unknown scoring '" + name + "'");
    };
  }
}
