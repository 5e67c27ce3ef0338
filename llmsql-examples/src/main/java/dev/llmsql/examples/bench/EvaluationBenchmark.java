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
      System.err.println("usage: EvaluationBenchmark WORKLOAD_DIR [--runs N] [--warmup N] [--heavy] [--no-cli]"
          + " [--floor-only] [--no-python] [--python-bench DIR]");
      return;
    }
    if (args[0].equals(FIRST_RUN)) {
      // the child JVM of firstEvaluation(): one cold evaluation, nothing before it
      double seconds = evaluate(Path.of(args[1]).resolve("questions.jsonl"), Path.of(args[1])
          .resolve("sqlite_tables.db"), Path.of(args[1]).resolve("outputs.jsonl"), Integer.parseInt(args[2]), null);
      System.out.println(seconds + " " + peakRss());
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

    Path pythonBench = Path.of(stringOption(options, "--python-bench", "../shared/bench"));
    boolean python = !options.contains("--no-python") && Files.exists(pythonBench.resolve("python_floor.py"));
    boolean floorOnly = options.contains("--floor-only");
    List<String[]> table = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Floor floor = floor(questions, db, outputs, python ? pythonStatements(pythonBench, dir) : null);
    // The executor's floor against Python's sqlite3 on the same statements (python_floor.py's all_s: every
    // statement LLMSQL's evaluate() executes, in evaluation order, repeats included, one thread, one connection),
    // interleaved round by round so both see the same load.
    double[] javaAll = new double[runs];
    double[] pythonAll = new double[runs];
    long pythonStatements = -1;
    floor.run(1, Floor.Which.ORDERED);   // the schema parse and JIT warm-up are not the floor
    for (int i = 0; i < warmup; i++) {
      floor.run(1, Floor.Which.ORDERED);
    }
    for (int i = 0; i < runs; i++) {
      javaAll[i] = floor.run(1, Floor.Which.ORDERED);
      if (python) {
        JsonNode out = new ObjectMapper().readTree(runProcess(List.of("python3",
            pythonBench.resolve("python_floor.py").toString(), dir.toString())));
        pythonAll[i] = out.get("all_s").asDouble();
        pythonStatements = out.get("statements").get("all").asLong();
      }
    }
    add(table, row("floor: every statement in evaluation order (" + floor.ordered().size() + (python
        ? ", python_floor.py's list" : ", our extractor's list") + ", repeats included)", 1,
        median(javaAll), predictions));
    if (python) {
      add(table, row("python_floor.py all_s (" + pythonStatements + " statements, Python's sqlite3)", 1,
          median(pythonAll), predictions));
      notes.add(String.format(Locale.ROOT, "executor floor / python_floor.py all_s: %.2fx (medians of %d "
          + "interleaved rounds)", median(javaAll) / median(pythonAll), runs));
    }
    if (!floorOnly && python && Files.exists(pythonBench.resolve("python_evaluate.py"))) {
      // The first evaluation in a fresh JVM (what a JUnit test or JShell pays), against LLMSQL's evaluate()
      // end to end in a fresh python3, interleaved
      double[] py = new double[runs];
      Map<Integer, double[]> first = new java.util.LinkedHashMap<>();
      long[] firstRss = new long[1];
      for (int threads : new LinkedHashSet<>(List.of(1, cores))) {
        first.put(threads, new double[runs]);
      }
      for (int i = 0; i < runs; i++) {
        py[i] = Double.parseDouble(runProcess(List.of("python3", pythonBench.resolve("python_evaluate.py")
            .toString(), dir.toString())).trim());
        for (Map.Entry<Integer, double[]> e : first.entrySet()) {
          String[] out = firstEvaluation(dir, e.getKey()).trim().split(" ");
          e.getValue()[i] = Double.parseDouble(out[0]);
          firstRss[0] = Math.max(firstRss[0], Long.parseLong(out[1]));
        }
      }
      add(table, row("python evaluate() end to end, fresh python3", 1, median(py), predictions));
      for (Map.Entry<Integer, double[]> e : first.entrySet()) {
        double s = median(e.getValue());
        add(table, row("in-process, first evaluation in a fresh JVM, cold (peak RSS of those JVMs "
            + Math.round(firstRss[0] / 1e6) + " MB)", e.getKey(), s, predictions));
        notes.add(String.format(Locale.ROOT, "first evaluation in a fresh JVM, %d thread(s) / python evaluate(): "
            + "%.2fx", e.getKey(), s / median(py)));
      }
    }
    if (floorOnly) {
      print(table, notes);
      return;
    }
    for (int threads : new LinkedHashSet<>(List.of(1, cores))) {
      double cold = median(warmup, runs, () -> evaluate(questions, db, outputs, threads, null));
      add(table, row("in-process, cold (no gold cache)", threads, cold, predictions));
      evaluate(questions, db, outputs, threads, goldCache);
      double warm = median(warmup, runs, () -> evaluate(questions, db, outputs, threads, goldCache));
      add(table, row("in-process, warm (gold cache)", threads, warm, predictions));
    }
    for (int threads : new LinkedHashSet<>(List.of(1, cores))) {
      double all = median(warmup, runs, () -> floor.run(threads, Floor.Which.DISTINCT));
      double predicted = median(warmup, runs, () -> floor.run(threads, Floor.Which.PREDICTED));
      add(table, row("floor: every distinct statement once", threads, all, predictions));
      add(table, row("floor: distinct predicted statements once", threads, predicted, predictions));
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
          add(table, row("CLI end to end (" + launcher.getKey() + "), cold, JVM start to report written"
              + cold.peakRss(), cores, cliCold, predictions));
          add(table, row("CLI end to end (" + launcher.getKey() + "), warm" + warm.peakRss(), cores, cliWarm,
              predictions));
        }
      } else {
        System.out.println("(CLI skipped: build llmsql-cli/target/llmsql.jar first)");
      }
    }
    print(table, notes);
  }

  private static final String FIRST_RUN = "--first-run";

  private static void print(List<String[]> table, List<String> notes) throws IOException {
    System.out.println("| measurement | threads | median s | predictions/s |");
    System.out.println("|---|---:|---:|---:|");
    table.forEach(r -> System.out.println("| " + String.join(" | ", r) + " |"));
    System.out.println();
    notes.forEach(System.out::println);
    System.out.printf(Locale.ROOT, "%npeak heap %.0f MB, peak RSS %.0f MB (this JVM, all runs)%n",
        peakHeap() / 1e6, peakRss() / 1e6);
  }

  /** One cold evaluation in a JVM of its own, timed inside it (no JVM start): "seconds peakRssBytes". */
  private static String firstEvaluation(Path dir, int threads) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return runProcess(List.of(java, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp",
        System.getProperty("java.class.path"), EvaluationBenchmark.class.getName(), FIRST_RUN, dir.toString(),
        Integer.toString(threads)));
  }

  /** Runs a command, returns its standard output; fails with its error output. */
  private static String runProcess(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException("failed: " + command);
    }
    return out;
  }

  private static double median(double[] values) {
    double[] times = values.clone();
    Arrays.sort(times);
    int n = times.length;
    return n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
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

  /** Adds a row and shows it at once (stderr), so a long run's figures are not lost if it is stopped. */
  private static void add(List<String[]> table, String[] row) {
    table.add(row);
    System.err.println("| " + String.join(" | ", row) + " |");
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
      ProcessBuilder builder = new ProcessBuilder(withReport).redirectOutput(ProcessBuilder.Redirect.DISCARD);
      // one JVM per run, as measured here (its peak RSS included); cli_vs_python.py measures the daemon
      builder.environment().put("LLMSQL_DAEMON", "off");
      Process p = builder.start();
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
  private record Floor(Path db, List<String> gold, List<String> predicted, List<String> ordered) {

    /** Which statements a floor runs. */
    enum Which {
      /** Every distinct statement, golds included. */
      DISTINCT,
      /** The distinct predicted statements that are no gold. */
      PREDICTED,
      /** As python_floor.py's all: per prediction its gold, then each candidate, repeats included. */
      ORDERED
    }

    double run(int threads, Which which) throws Exception {
      List<String> statements = new ArrayList<>(which == Which.ORDERED ? ordered : predicted);
      if (which == Which.DISTINCT) {
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

  /**
   * The statements python_floor.py times, in its order, from its own functions (LLMSQL's find_sql and
   * fix_table_name), so the executor's floor runs exactly what Python's does.
   */
  private static List<String> pythonStatements(Path pythonBench, Path dir) throws Exception {
    String code = String.join("\n",
        "import json, os, sys",
        "sys.path.insert(0, sys.argv[1])",
        "import python_floor as f",
        "w = os.path.abspath(sys.argv[2])",
        "qs = {q['question_id']: q for q in f.read_jsonl(os.path.join(w, 'questions.jsonl'))}",
        "for item in f.read_jsonl(os.path.join(w, 'outputs.jsonl')):",
        "    q = qs[item['question_id']]",
        "    print(json.dumps(q['sql']))",
        "    for c in f.find_sql(item['completion']):",
        "        print(json.dumps(f.fix_table_name(c, q['table_id'])))");
    String out = runProcess(List.of("python3", "-c", code, pythonBench.toAbsolutePath().toString(),
        dir.toAbsolutePath().toString()));
    ObjectMapper mapper = new ObjectMapper();
    List<String> statements = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (!line.isEmpty()) {
        statements.add(mapper.readValue(line, String.class));
      }
    }
    return statements;
  }

  private static Floor floor(Path questions, Path db, Path outputs, List<String> pythonOrder) throws IOException {
    Map<Integer, Question> byId = QuestionReader.read(questions);
    Set<String> gold = new LinkedHashSet<>();
    Set<String> predicted = new LinkedHashSet<>();
    List<String> ordered = new ArrayList<>();
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
        ordered.add(q.sql());
        for (String sql : SqlExtractor.llmsql().extract(node.get("completion").asText())) {
          String fixed = TablePlaceholder.replace(sql, q.tableId());
          predicted.add(fixed);
          ordered.add(fixed);
        }
      }
    }
    predicted.removeAll(gold);
    return new Floor(db, List.copyOf(gold), List.copyOf(predicted),
        List.copyOf(pythonOrder != null ? pythonOrder : ordered));
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

  private static String stringOption(List<String> options, String name, String fallback) {
    int i = options.indexOf(name);
    return i >= 0 && i + 1 < options.size() ? options.get(i + 1) : fallback;
  }

  private static int intOption(List<String> options, String name, int fallback) {
    int i = options.indexOf(name);
    return i >= 0 && i + 1 < options.size() ? Integer.parseInt(options.get(i + 1)) : fallback;
  }

}
