package dev.llmsql.stats;

import java.util.List;
import java.util.Optional;

/**
 * Ranks with ties for entries already sorted best first: an entry whose 95% interval overlaps the interval
 * of the first entry of the current group shares that entry's rank (competition ranking: 1, 1, 3); an entry
 * without an interval starts a group of its own.
 *
 * <pre>{@code
 * Interval a = new Interval(0.70, 0.78, "wilson");
 * Interval b = new Interval(0.72, 0.80, "wilson");
 * Interval c = new Interval(0.50, 0.58, "wilson");
 * int[] ranks = TieRanks.of(List.of(Optional.of(a), Optional.of(b), Optional.of(c)));   // {1, 1, 3}
 * }</pre>
 */
public final class TieRanks {

  private TieRanks() {
  }

  /** The rank of each entry, 1-based, in the order given. */
  public static int[] of(List<Optional<Interval>> sortedBestFirst) {
    int[] ranks = new int[sortedBestFirst.size()];
    Optional<Interval> leader = Optional.empty();
    for (int i = 0; i < ranks.length; i++) {
      Optional<Interval> current = sortedBestFirst.get(i);
      boolean tied = i > 0 && leader.isPresent() && current.isPresent() && leader.get().overlaps(current.get());
      if (tied) {
        ranks[i] = ranks[i - 1];
      } else {
        ranks[i] = i + 1;
        leader = current;
      }
    }
    return ranks;
  }

  /** Whether the entry at {@code index} shares its rank with another entry. */
  public static boolean isTied(int[] ranks, int index) {
    return (index > 0 && ranks[index - 1] == ranks[index])
        || (index + 1 < ranks.length && ranks[index + 1] == ranks[index]);
  }
}
