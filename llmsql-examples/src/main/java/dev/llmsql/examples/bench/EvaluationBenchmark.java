package dev.llmsql.examples.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.Question;
import dev.llmsql.engine.QuestionReader;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.extraction.SqlExtractor;
import dev.llmsql.extraction.TablePlaceholder;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.sqlite.SqliteQueryEngine;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The performance harness of issue 4: evaluates a workload directory (as written by
 * {@code python3 ../shared/bench/make_workload.py DIR}, or {@code --heavy} for {@link HeavyWorkload}) and prints
 * medians of several runs in one JVM after warm-up: predictions/s cold (no gold cache) and warm (gold cache
 * present) with 1 thread and all cores, the floor (each distinct statement executed once, no comparison), the
 * CLI end to end as a separate process, and peak heap and RSS.
 *
 * <pre>{@code
 * ./mvnw -q -pl llmsql-examples -am package -DskipTests
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" \
 *     dev.llmsql.examples.bench.EvaluationBenchmark target/workload-full --runs 5
 * }</pre>
 */
public final class EvaluationBenchmark {

  private EvaluationBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("usage: EvaluationBenchmark WORKLOAD_DIR [--runs N] [--warmup N] [--heavy] [--no-cli]");
      return;
    }
    Path dir = Path.of(args[0]);
    List<String> options = Arrays.asList(args);
    int runs = intOption(options, "--runs", 5);
    int warmup = intOption(options, "--warmup", 2);
    boolean heavy = options.contains("--heavy");
    if (heavy) {
      long t = System.nanoTime();
      HeavyWorkload.write(dir, 7);
      System.out.printf(Locale.ROOT, "heavy workload ready in %.1f s%n", (System.nanoTime() - t) / 1e9);
    }
    Path questions = dir.resolve("questions.jsonl");
    Path db = dir.resolve("sqlite_tables.db");
    Path outputs = dir.resolve("outputs.jsonl");
    int cores = Runtime.getRuntime().availableProcessors();
    Path goldCache = Files.createTempDirectory("llmsql-bench-gold");
    long predictions;
    try (BufferedReader r = Files.newBufferedReader(outputs)) {
      predictions = r.lines().filter(l -> !l.isBlank()).count();
    }
    System.out.printf(Locale.ROOT, "workload %s: %,d predictions, %d cores, %d run(s) after %d warm-up%n%n",
        dir, predictions, cores, runs, warmup);

    List<String[]> table = new ArrayList<>();
    for (int threads : new LinkedHashSet<>(List.of(1, cores))) {
      double cold = median(warmup, runs, () -> evaluate(questions, db, outputs, threads, null));
      table.add(row("in-process, cold (no gold cache)", threads, cold, predictions));
      evaluate(questions, db, outputs, threads, goldCache);
      double warm = median(warmup, runs, () -> evaluate(questions, db, outputs, threads, goldCache));
      table.add(row("in-process, warm (gold cache)", threads, warm, predictions));
    }
    Floor floor = floor(questions, db, outputs);
    for (int threads : new LinkedHashSet<>(List.of(1, cores))) {
      double all = median(warmup, runs, () -> floor.run(threads, true));
      double predicted = median(warmup, runs, () -> floor.run(threads, false));
      table.add(row("floor: every distinct statement once", threads, all, predictions));
      table.add(row("floor: distinct predicted statements once", threads, predicted, predictions));
    }
    if (!options.contains("--no-cli")) {
      Path jar = Path.of("llmsql-cli/target/llmsql.jar");
      if (Files.exists(jar)) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Map<String, List<String>> launchers = new java.util.LinkedHashMap<>();
        launchers.put("java -jar", List.of(java, "-jar", jar.toString()));
        launchers.put("bin/llmsql", List.of("sh", "llmsql-cli/bin/llmsql"));
        for (Map.Entry<String, List<String>> launcher : launchers.entrySet()) {
          Path cliCache = Files.createTempDirectory("llmsql-bench-cli-gold");
          Cli cold = new Cli(launcher.getValue(), questions, db, outputs, null);
          Cli warm = new Cli(launcher.getValue(), questions, db, outputs, cliCache);
          double cliCold = median(1, runs, cold::run);
          warm.run();
          double cliWarm = median(1, runs, warm::run);
          table.add(row("CLI end to end (" + launcher.getKey() + "), cold, JVM start to report written"
              + cold.peakRss(), cores, cliCold, predictions));
          table.add(row("CLI end to end (" + launcher.getKey() + "), warm" + warm.peakRss(), cores, cliWarm,
              predictions));
        }
      } else {
        System.out.println("(CLI skipped: build llmsql-cli/target/llmsql.jar first)");
      }
    }
    System.out.println("| measurement | threads | median s | predictions/s |");
    System.out.println("|---|---:|---:|---:|");
    table.forEach(r -> System.out.println("| " + String.join(" | ", r) + " |"));
    System.out.printf(Locale.ROOT, "%npeak heap %.0f MB, peak RSS %.0f MB (this JVM, all runs)%n",
        peakHeap() / 1e6, peakRss() / 1e6);
  }

  private interface Run {
    double seconds() throws Exception;
  }

  private static double median(int warmup, int runs, Run run) throws Exception {
    for (int i = 0; i < warmup; i++) {
      run.seconds();
    }
    double[] times = new double[runs];
    for (int i = 0; i < runs; i++) {
      times[i] = run.seconds();
    }
    Arrays.sort(times);
    return runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
  }

  private static String[] row(String what, int threads, double seconds, long predictions) {
    return new String[] {what, Integer.toString(threads), String.format(Locale.ROOT, "%.3f", seconds),
        String.format(Locale.ROOT, "%,.0f", predictions / seconds)};
  }

  private static double evaluate(Path questions, Path db, Path outputs, int threads, Path goldCache) {
    long t = System.nanoTime();
    Evaluator.Builder b = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile()
        .showMismatches(false).threads(threads);
    EvaluationReport report = (goldCache == null ? b.noGoldCache() : b.goldCache(goldCache)).build().run(outputs);
    if (report.total() == 0) {
      throw new IllegalStateException("nothing evaluated");
    }
    return (System.nanoTime() - t) / 1e9;
  }

  /** The CLI as a separate process; peak RSS from {@code /usr/bin/time} where it exists (Linux). */
  private static final class Cli {
    private final List<String> command = new ArrayList<>();
    private final Path time = Path.of("/usr/bin/time");
    private long maxRssKb;

    Cli(List<String> launcher, Path questions, Path db, Path outputs, Path goldCache) {
      if (Files.isExecutable(time)) {
        command.addAll(List.of(time.toString(), "-f", "llmsql-bench-rss %M"));
      }
      command.addAll(launcher);
      command.addAll(List.of("evaluate", "--outputs", outputs.toString(), "--questions-path",
          questions.toString(), "--db-path", db.toString(), "--no-show-mismatches", "-q"));
      command.addAll(goldCache == null ? List.of("--no-gold-cache") : List.of("--gold-cache", goldCache.toString()));
    }

    double run() throws Exception {
      Path report = Files.createTempFile("llmsql-bench-report", ".json");
      List<String> withReport = new ArrayList<>(command);
      withReport.addAll(List.of("--save-report", report.toString()));
      long t = System.nanoTime();
      Process p = new ProcessBuilder(withReport).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      String stderr = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
        throw new IllegalStateException("CLI failed: " + stderr);
      }
      double seconds = (System.nanoTime() - t) / 1e9;
      Files.deleteIfExists(report);
      java.util.regex.Matcher rss = java.util.regex.Pattern.compile("llmsql-bench-rss (\\d+)").matcher(stderr);
      if (rss.find()) {
        maxRssKb = Math.max(maxRssKb, Long.parseLong(rss.group(1)));
      }
      return seconds;
    }

    String peakRss() {
      return maxRssKb == 0 ? "" : String.format(Locale.ROOT, " (peak RSS %d MB)", Math.round(maxRssKb / 1024.0));
    }
  }

  /** Every distinct statement of the workload, executed by the same executor with no engine around it. */
  private record Floor(Path db, List<String> gold, List<String> predicted) {

    double run(int threads, boolean withGold) throws Exception {
      List<String> statements = new ArrayList<>(predicted);
      if (withGold) {
        statements.addAll(gold);
      }
      QueryExecutor executor = new SqliteQueryEngine().open(Database.file(db),
          new ExecutionLimits(Duration.ofSeconds(10), 100_000, threads));
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      AtomicInteger next = new AtomicInteger();
      long t = System.nanoTime();
      List<Future<?>> workers = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        workers.add(pool.submit(() -> {
          for (int k; (k = next.getAndIncrement()) < statements.size(); ) {
            executor.execute(statements.get(k));
          }
        }));
      }
      for (Future<?> f : workers) {
        f.get();
      }
      double seconds = (System.nanoTime() - t) / 1e9;
      pool.shutdown();
      return seconds;
    }
  }

  private static Floor floor(Path questions, Path db, Path outputs) throws IOException {
    Map<Integer, Question> byId = QuestionReader.read(questions);
    Set<String> gold = new LinkedHashSet<>();
    Set<String> predicted = new LinkedHashSet<>();
    ObjectMapper mapper = new ObjectMapper();
    try (BufferedReader r = Files.newBufferedReader(outputs)) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode node = mapper.readTree(line);
        Question q = byId.get(node.get("question_id").asInt());
        if (q == null || !node.hasNonNull("completion")) {
          continue;
        }
        gold.add(q.sql());
        for (String sql : SqlExtractor.llmsql().extract(node.get("completion").asText())) {
          predicted.add(TablePlaceholder.replace(sql, q.tableId()));
        }
      }
    }
    predicted.removeAll(gold);
    return new Floor(db, List.copyOf(gold), List.copyOf(predicted));
  }

  private static long peakHeap() {
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
        .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
  }

  private static long peakRss() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.exists(status)) {
      return -1;
    }
    return Files.readAllLines(status).stream().filter(l -> l.startsWith("VmHWM:"))
        .map(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024).findFirst().orElse(-1L);
  }

  private static int intOption(List<String> options, String name, int fallback) {
    int i = options.indexOf(name);
    return i >= 0 && i + 1 < options.size() ? Integer.parseInt(options.get(i + 1)) : fallback;
  }

}
