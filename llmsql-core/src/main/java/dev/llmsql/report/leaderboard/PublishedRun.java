package dev.llmsql.report.leaderboard;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One entry of upstream LLMSQL's leaderboard ({@code run.yaml}), with the fields its leaderboard table shows:
 * {@code model.name}, {@code type}, {@code inference.arguments.num_fewshots}, {@code inference.backend},
 * {@code results.execution_accuracy} and {@code date}, plus the benchmark version and sample count.
 *
 * <pre>{@code
 * List<PublishedRun> runs = PublishedRun.read(Path.of("llmsql-benchmark/leaderboard"));
 * runs.get(0).executionAccuracy();   // the best, runs are sorted by accuracy
 * }</pre>
 *
 * @param modelName {@code model.name}
 * @param type {@code type} ({@code open-source}, {@code proprietary}), null when not given
 * @param inference {@code inference.arguments.num_fewshots} and {@code inference.backend}
 * @param executionAccuracy {@code results.execution_accuracy}, 0 to 1
 * @param numSamples {@code results.num_samples}, null when not given
 * @param date {@code date} as written ({@code 2026-02-24}), null when not given
 * @param version {@code version}, the benchmark's ({@code 2.0}), null when not given
 * @param source the file the entry was read from
 */
public record PublishedRun(String modelName, String type, InferenceSetup inference, double executionAccuracy,
                           Integer numSamples, String date, String version, Path source) {

  /** Most YAML files read from one directory; more is refused rather than read without end. */
  public static final int MAX_FILES = 10_000;

  public PublishedRun {
    requireNonNull(modelName, "modelName");
    requireNonNull(inference, "inference");
    requireNonNull(source, "source");
  }

  /**
   * How the entry's model was run ({@code inference:} in {@code run.yaml}).
   *
   * @param numFewshots {@code inference.arguments.num_fewshots}, null when not given
   * @param backend {@code inference.backend}, null when not given
   */
  public record InferenceSetup(Integer numFewshots, String backend) {
  }

  /** {@code inference.arguments.num_fewshots}, null when not given. */
  public Integer numFewshots() {
    return inference.numFewshots();
  }

  /** {@code inference.backend}, null when not given. */
  public String backend() {
    return inference.backend();
  }

  /**
   * Every entry under {@code path}: a YAML file holding one entry or a list of them, or a directory whose
   * {@code .yaml}/{@code .yml} files (at any depth, upstream keeps {@code <model>/<setting>/run.yaml}) each
   * hold one or a list. Sorted by accuracy, best first (then by model name).
   *
   * @throws IllegalArgumentException when an entry lacks {@code model.name} or a numeric
   *     {@code results.execution_accuracy}, or a file is not YAML; the message names the file and the fix
   * @throws IOException when a file cannot be read
   */
  public static List<PublishedRun> read(Path path) throws IOException {
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(path)) {
      files.addAll(yamlFilesUnder(path, MAX_FILES));
    } else {
      files.add(path);
    }
    List<PublishedRun> runs = new ArrayList<>();
    for (Path file : files) {
      Object parsed = LeaderboardYaml.parse(file);
      if (parsed instanceof List<?> list) {
        for (int i = 0; i < list.size(); i++) {
          runs.add(of(list.get(i), file, " (entry " + (i + 1) + ")"));
        }
      } else {
        runs.add(of(parsed, file, ""));
      }
    }
    runs.sort(Comparator.comparingDouble(PublishedRun::executionAccuracy).reversed()
        .thenComparing(PublishedRun::modelName));
    return List.copyOf(runs);
  }

  /**
   * The YAML files under {@code dir}, sorted. The walk stops at {@code maxFiles} of them or ten times as many
   * entries of any kind (a leaderboard given as {@code /} walked the whole disk), and a folder it cannot enter
   * fails it naming that folder (it ended in an unchecked error).
   */
  static List<Path> yamlFilesUnder(Path dir, int maxFiles) throws IOException {
    List<Path> files = new ArrayList<>();
    int[] entries = {0};
    Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<>() {
      @Override
      public java.nio.file.FileVisitResult preVisitDirectory(Path folder,
          java.nio.file.attribute.BasicFileAttributes attrs) {
        count();
        return java.nio.file.FileVisitResult.CONTINUE;
      }

      @Override
      public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs) {
        count();
        if (isYaml(file) && Files.isRegularFile(file)) {
          files.add(file);
          if (files.size() > maxFiles) {
            throw new IllegalArgumentException(dir + ": more than " + maxFiles + " YAML files; point at the "
                + "leaderboard directory itself");
          }
        }
        return java.nio.file.FileVisitResult.CONTINUE;
      }

      private void count() {
        if (++entries[0] > 10 * maxFiles) {
          throw new IllegalArgumentException(dir + ": more than " + 10 * maxFiles + " files and folders; point "
              + "at the leaderboard directory itself");
        }
      }

      @Override
      public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        throw new IOException(file + ": cannot be read (" + e.getClass().getSimpleName() + "); give a leaderboard "
            + "directory every part of which can be read", e);
      }
    });
    files.sort(null);
    return files;
  }

  private static boolean isYaml(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".yaml") || name.endsWith(".yml");
  }

  private static PublishedRun of(Object entry, Path file, String which) {
    String where = file + which;
    if (!(entry instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(where + ": a leaderboard entry is a mapping with model.name and "
          + "results.execution_accuracy; this is not one");
    }
    Object name = at(map, "model", "name").orElse(null);
    if (!(name instanceof String) && !(name instanceof Number)) {
      throw new IllegalArgumentException(where + ": model.name is missing; add model: {name: ...}");
    }
    Object accuracy = at(map, "results", "execution_accuracy").orElse(null);
    if (!(accuracy instanceof Number number) || !Double.isFinite(number.doubleValue())
        || number.doubleValue() < 0 || number.doubleValue() > 1) {
      throw new IllegalArgumentException(where + ": results.execution_accuracy must be a number from 0 to 1, "
          + "but is " + accuracy + "; write the accuracy as a fraction, e.g. 0.4983");
    }
    InferenceSetup inference = new InferenceSetup(at(map, "inference", "arguments", "num_fewshots")
        .filter(v -> v instanceof Number).map(v -> ((Number) v).intValue()).orElse(null),
        text(at(map, "inference", "backend").orElse(null)));
    return new PublishedRun(name.toString(), text(map.get("type")), inference, number.doubleValue(),
        at(map, "results", "num_samples").filter(v -> v instanceof Number).map(v -> ((Number) v).intValue())
            .orElse(null),
        text(map.get("date")), text(map.get("version")), file);
  }

  private static Optional<Object> at(Map<?, ?> map, String... keys) {
    Object value = map;
    for (String key : keys) {
      if (!(value instanceof Map<?, ?> m)) {
        return Optional.empty();
      }
      value = m.get(key);
    }
    return Optional.ofNullable(value);
  }

  /** A scalar as text ({@code version: 2.0} read as a number shows as {@code 2.0}); null stays null. */
  private static String text(Object value) {
    return value == null || value instanceof Map || value instanceof List ? null : value.toString();
  }
}
