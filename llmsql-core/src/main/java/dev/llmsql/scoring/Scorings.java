package dev.llmsql.scoring;

import dev.llmsql.result.QuestionResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stock {@link Scoring}s; weighted and capability scores live in {@code llmsql-judge}.
 *
 * <pre>{@code
 * Evaluator.builder().scoring(Scorings.accuracy()).build();
 * }</pre>
 */
public final class Scorings {

  private Scorings() {
  }

  /** Matches over scored predictions, 0 when there are none (LLMSQL's {@code accuracy}). */
  public static Scoring accuracy() {
    return new Scoring() {
      @Override
      public Score score(List<QuestionResult> results) {
        long matches = results.stream().filter(r -> r.outcome().isMatch()).count();
        return accuracy(matches, results.size());
      }

      @Override
      public Accumulator accumulator() {
        return new Accumulator() {
          private long matches;
          private long total;

          @Override
          public void add(QuestionResult result) {
            total++;
            matches += result.outcome().isMatch() ? 1 : 0;
          }

          @Override
          public Score finish() {
            return accuracy(matches, total);
          }
        };
      }
    };
  }

  /**
   * A scoring by name: {@code "accuracy"} is built in; {@code llmsql-judge} adds {@code executability},
   * {@code weighted}, {@code soft-f1} and {@code relative-efficiency} through {@link ScoringProvider}s.
   *
   * @throws IllegalArgumentException for an unknown name, listing the known ones
   */
  public static Scoring named(String name) {
    String trimmed = name == null ? "" : name.trim();
    if (trimmed.equals("accuracy")) {
      return accuracy();
    }
    for (ScoringProvider provider : ServiceLoader.load(ScoringProvider.class, Scorings.class.getClassLoader())) {
      if (provider.names().contains(trimmed)) {
        return provider.create(trimmed);
      }
    }
    throw new IllegalArgumentException("unknown scoring '" + trimmed + "'; known scorings: "
        + String.join(", ", names()));
  }

  /** Every scoring name {@link #named(String)} knows, sorted. */
  public static Set<String> names() {
    Set<String> names = new TreeSet<>();
    names.add("accuracy");
    ServiceLoader.load(ScoringProvider.class, Scorings.class.getClassLoader())
        .forEach(p -> names.addAll(p.names()));
    return names;
  }

  /**
   * The scorings a run may add to {@code accuracy} (which every report has), as help lists them: each provider's
   * {@link ScoringProvider#help()} in class path order (as {@link ServiceLoader} finds them).
   */
  public static List<String> help() {
    List<String> help = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (ScoringProvider provider : ServiceLoader.load(ScoringProvider.class, Scorings.class.getClassLoader())) {
      if (seen.add(provider.getClass().getName())) {
        help.addAll(provider.help());
      }
    }
    return List.copyOf(help);
  }

  private static Score accuracy(long matches, long total) {
    double value = total == 0 ? 0.0 : (double) matches / total;
    return new Score("accuracy", value, "matches / total = " + matches + " / " + total);
  }
}
