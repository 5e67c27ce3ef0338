package dev.llmsql.judge.resultset;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * BIRD's Soft-F1 between two results: rows deduplicated and paired by position, each pair credited by
 * the cells they share, unpaired rows counted as wholly missing or extra.
 *
 * <pre>{@code
 * double f1 = SoftF1.of(goldRows, predictedRows);   // 1.0 for identical results
 * }</pre>
 */
final class SoftF1 {

  private SoftF1() {
  }

  /** Soft-F1 of {@code predicted} against {@code gold}; rows are lists of already comparable values. */
  static double of(List<List<Object>> gold, List<List<Object>> predicted) {
    if (gold.isEmpty() && predicted.isEmpty()) {
      return 1.0;
    }
    List<List<Object>> g = new ArrayList<>(new LinkedHashSet<>(gold));
    List<List<Object>> p = new ArrayList<>(new LinkedHashSet<>(predicted));
    double tp = 0;
    double fp = 0;
    double fn = 0;
    for (int i = 0; i < g.size(); i++) {
      List<Object> truth = g.get(i);
      if (i >= p.size()) {
        fn += 1;
        continue;
      }
      List<Object> pred = p.get(i);
      double columns = truth.size();
      double matches = 0;
      double predOnly = 0;
      double truthOnly = 0;
      // BIRD tests membership ("in"); hashing keeps wide rows linear instead of quadratic
      Collection<Object> truthCells = truth.size() > 8 ? new HashSet<>(truth) : truth;
      Collection<Object> predCells = pred.size() > 8 ? new HashSet<>(pred) : pred;
      for (Object v : pred) {
        if (truthCells.contains(v)) {
          matches++;
        } else {
          predOnly++;
        }
      }
      for (Object v : truth) {
        if (!predCells.contains(v)) {
          truthOnly++;
        }
      }
      tp += matches / columns;
      fp += predOnly / columns;
      fn += truthOnly / columns;
    }
    fp += Math.max(0, p.size() - g.size());
    double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
    double recall = tp + fn > 0 ? tp / (tp + fn) : 0;
    return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
  }
}
