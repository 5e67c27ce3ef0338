package dev.llmsql.engine;

import static java.util.Objects.requireNonNull;

import dev.llmsql.audit.AuditFlag;
import dev.llmsql.audit.AuditListener;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.audit.GoldInspector;
import dev.llmsql.audit.GoldShape;
import dev.llmsql.audit.QuestionAudit;
import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.BenchmarkUnavailableException;
import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Scorings;
import dev.llmsql.threads.DaemonThreads;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one audit: every question's gold through the same executors, bounds and judges as an evaluation, with no
 * predictions. Each question's checks run in parallel (results kept in file order, so the report does not depend
 * on the thread count); then every gold that ran is judged against itself by an {@link EvaluationEngine}.
 */
public final class AuditEngine {

  private static final Logger LOG = LoggerFactory.getLogger(AuditEngine.class);

  /** How many values of a sorted column are read to see whether it holds numbers as text. */
  static final int SORTED_VALUES = 1_000;

  private static final Pattern NUMBER = Pattern.compile("\\s*[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?\\s*");

  private final BenchmarkSource source;
  private final Judge judge;
  private final QueryEngine queryEngine;
  private final ExecutionLimits limits;
  private final int threads;
  private final Duration slowAfter;
  private final GoldInspector inspector;
  private final List<AuditListener> listeners;

  /**
   * @param queryEngine the engine for every database, or null to find one per database
   * @param slowAfter how long a gold may take before it is {@code gold_slow}
   * @param inspector reads golds for the parse-based checks, or null when none is on the class path
   */
  public AuditEngine(BenchmarkSource source, Judge judge, QueryEngine queryEngine, ExecutionLimits limits,
                     int threads, Duration slowAfter, GoldInspector inspector, List<AuditListener> listeners) {
    this.source = requireNonNull(source, "source");
    this.judge = requireNonNull(judge, "judge");
    this.queryEngine = queryEngine;
    this.limits = requireNonNull(limits, "limits");
    this.threads = threads;
    this.slowAfter = requireNonNull(slowAfter, "slowAfter");
    this.inspector = inspector;
    this.listeners = List.copyOf(listeners);
  }

  /** Audits every question of the benchmark. */
  public AuditReport run() {
    long started = System.nanoTime();
    BenchmarkFiles files;
    try {
      files = source.resolve(DownloadListener.NONE);
    } catch (IOException e) {
      throw new BenchmarkUnavailableException(e.getMessage(), e);
    }
    List<Question> questions = new ArrayList<>(QuestionReader.read(files.questions()).values());
    List<Checked> checked = new ArrayList<>();
    Skips skips = new Skips();
    try (Databases databases = new Databases(queryEngine, null, limits);
         Reversed reversed = new Reversed()) {
      // as evaluate does: one database that cannot serve (unreachable, missing, not a database) fails the audit
      // with one line, instead of flagging every question and passing
      if (files.database() != null && files.database().forDbId("x").equals(files.database())) {
        EvaluationEngine.open(databases, files.database(), false);
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads, DaemonThreads.numbered("llmsql-audit-"));
      try {
        List<Future<Checked>> futures = new ArrayList<>();
        for (Question q : questions) {
          futures.add(pool.submit(() -> check(q, files, databases, reversed, skips)));
        }
        for (Future<Checked> f : futures) {
          checked.add(join(f));
          int done = checked.size();
          listeners.forEach(l -> l.onProgress("checks", done, questions.size()));
        }
      } finally {
        // workers still auditing when the audit failed part-way must not run SQL on executors closed next
        pool.shutdownNow();
        awaitStopped(pool);
      }
    }
    List<List<Integer>> groups = duplicates(questions, checked);
    selfMatch(files, questions, checked);
    List<QuestionAudit> audits = new ArrayList<>();
    for (int i = 0; i < questions.size(); i++) {
      Question q = questions.get(i);
      audits.add(new QuestionAudit(q.id(), q.dbId(), checked.get(i).findings, checked.get(i).goldNanos));
    }
    return new AuditReport(source.describe(), judge.name(),
        new AuditReport.Limits(limits.queryTimeout(), slowAfter), audits, groups,
        skips.notChecked(inspector == null), Instant.now(), Duration.ofNanos(System.nanoTime() - started));
  }

  /** One question's findings so far, and whether its gold ran (so it can be judged against itself). */
  private static final class Checked {
    final Map<AuditFlag, String> findings = new LinkedHashMap<>();
    long goldNanos = -1;
    boolean ran;
    String database;
  }

  private Checked check(Question q, BenchmarkFiles files, Databases databases, Reversed reversed, Skips skips) {
    Checked c = new Checked();
    try {
      checkNow(q, files, databases, reversed, skips, c);
    } catch (DatabaseUnavailableException e) {
      // found while a statement ran (damaged, or SQLite itself cannot start): as in evaluate, no finding on it
      // can be trusted, so the audit stops naming the database
      String where = c.database != null ? c.database : String.valueOf(q.dbId());
      throw new InvalidInputException(where, e.getMessage(), e);
    } catch (RuntimeException e) {
      if (Thread.currentThread().isInterrupted()) {
        throw e;   // the audit is stopping (another question failed it): nothing to record
      }
      LOG.warn("Auditing question {} failed: {}", q.id(), String.valueOf(e));
      c.findings.put(AuditFlag.GOLD_ERROR, "internal error while auditing: " + e);
      c.ran = false;
    }
    return c;
  }

  private void checkNow(Question q, BenchmarkFiles files, Databases databases, Reversed reversed, Skips skips,
                        Checked c) {
    Database database;
    try {
      database = files.databaseFor(q);
    } catch (IllegalArgumentException e) {
      c.findings.put(AuditFlag.MISSING_DATABASE, e.getMessage());
      return;
    }
    c.database = database.describe();
    QueryExecutor executor;
    try {
      executor = databases.get(database);
    } catch (DatabaseUnavailableException e) {
      c.findings.put(e.missing() ? AuditFlag.MISSING_DATABASE : AuditFlag.GOLD_ERROR, e.missing()
          ? "no database " + database.describe() + (q.dbId() == null ? "" : " for db_id \"" + q.dbId() + "\"")
          : "cannot open database " + database.describe() + ": " + e.getMessage());
      return;
    }
    List<String> missing = new ArrayList<>();
    for (String table : q.tables()) {
      missingTable(executor, quoted(table), missing);
    }
    String sql = q.sql();
    if (sql.isBlank()) {
      putMissing(c, missing, database);
      return;
    }
    for (String call : GoldText.varyingCalls(sql)) {
      c.findings.merge(AuditFlag.NONDETERMINISTIC, "calls " + call, (a, b) -> a + ", " + b.substring(6));
    }
    GoldShape shape = inspector == null ? GoldShape.UNPARSED : inspectSafely(sql);
    QueryOutcome gold = executor.execute(sql);
    c.goldNanos = gold.nanos();
    if (gold instanceof QueryOutcome.Failure f) {
      if (f.kind() == FailureKind.TIMEOUT) {
        c.findings.put(AuditFlag.GOLD_SLOW, "timed out: ran past the " + seconds(limits.queryTimeout())
            + " query timeout");
      } else if (f.kind() == FailureKind.DATABASE_UNAVAILABLE && !java.nio.file.Files.exists(file(database))) {
        c.findings.put(AuditFlag.MISSING_DATABASE, f.message());
      } else {
        c.findings.put(AuditFlag.GOLD_ERROR, f.kind() + ": " + f.message());
        for (String table : shape.parsed() ? shape.tables() : GoldText.tablesAfterFrom(sql)) {
          missingTable(executor, table, missing);
        }
      }
      putMissing(c, missing, database);
      return;
    }
    putMissing(c, missing, database);
    c.ran = true;
    QueryResult result = ((QueryOutcome.Success) gold).result();
    if (gold.nanos() >= slowAfter.toNanos()) {
      c.findings.put(AuditFlag.GOLD_SLOW, String.format(Locale.ROOT, "took %.2f s, over the %s allowed (query "
          + "timeout %s)", gold.nanos() / 1e9, seconds(slowAfter), seconds(limits.queryTimeout())));
    }
    if (result.rows().isEmpty()) {
      c.findings.put(AuditFlag.GOLD_EMPTY, "the gold returns no rows");
    } else if (result.rows().stream().allMatch(row -> row.stream().allMatch(Objects::isNull))) {
      c.findings.put(AuditFlag.GOLD_EMPTY, "the gold returns only NULL (" + result.rowCount() + " row"
          + (result.rowCount() == 1 ? "" : "s") + ")");
    }
    orderDependent(sql, result, shape, executor, reversed, skips, c);
    for (GoldShape.LimitProbe probe : shape.limitProbes()) {
      if (!c.findings.containsKey(AuditFlag.LIMIT_TIE)) {
        limitTie(probe, executor, c);
      }
    }
    for (GoldShape.SortedColumn column : shape.sortedColumns()) {
      if (!c.findings.containsKey(AuditFlag.TEXT_SORTED_NUMBERS)) {
        textSortedNumbers(column, executor, c);
      }
    }
  }

  private GoldShape inspectSafely(String sql) {
    try {
      GoldShape shape = inspector.inspect(sql);
      return shape == null ? GoldShape.UNPARSED : shape;
    } catch (RuntimeException | StackOverflowError e) {
      LOG.debug("Inspecting {} failed: {}", sql, String.valueOf(e));
      return GoldShape.UNPARSED;
    }
  }

  private static Path file(Database database) {
    return database instanceof Database.File f ? f.path() : Path.of("");
  }

  /** Adds {@code table} (as SQL writes it) to {@code missing} when reading it fails. */
  private static void missingTable(QueryExecutor executor, String table, List<String> missing) {
    if (missing.contains(table)) {
      return;
    }
    QueryOutcome probe = executor.execute("SELECT * FROM " + table + " LIMIT 0");
    if (probe instanceof QueryOutcome.Failure f && f.kind() == FailureKind.SQL_ERROR) {
      missing.add(table);
    }
  }

  private static void putMissing(Checked c, List<String> missing, Database database) {
    if (!missing.isEmpty()) {
      c.findings.put(AuditFlag.MISSING_TABLE, (missing.size() == 1 ? "table " : "tables ")
          + String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " not in " + database.describe());
    }
  }

  private static String quoted(String table) {
    return "\"" + table.replace("\"", "\"\"") + "\"";
  }

  /** The gold again with unordered rows returned in reverse: other rows, or other order despite ORDER BY. */
  private void orderDependent(String sql, QueryResult first, GoldShape shape, QueryExecutor executor,
                              Reversed reversed, Skips skips, Checked c) {
    Optional<QueryExecutor> other = reversed.of(executor);
    if (other.isEmpty()) {
      skips.order(executor.database());
      return;
    }
    QueryOutcome again = other.get().execute(sql);
    if (!(again instanceof QueryOutcome.Success s)) {
      return;   // a second run that times out or fails says nothing about order
    }
    List<List<Object>> second = s.result().rows();
    if (!sorted(first.rows()).equals(sorted(second))) {
      c.findings.put(AuditFlag.ORDER_DEPENDENT, "other rows when unordered rows come in reverse: "
          + preview(first.rows()) + " then " + preview(second));
    } else if (shape.ordered() && !keys(first.rows()).equals(keys(second))) {
      c.findings.put(AuditFlag.ORDER_DEPENDENT, "ORDER BY leaves ties: the same rows come in another order when "
          + "unordered rows come in reverse: " + preview(first.rows()) + " then " + preview(second));
    }
  }

  /**
   * Reads the row after the limit, and with an offset the row before the first kept: when either ties with its
   * neighbour inside the cut, another correct query may keep it instead.
   */
  private void limitTie(GoldShape.LimitProbe probe, QueryExecutor executor, Checked c) {
    QueryOutcome outcome = executor.execute(probe.sql());
    if (!(outcome instanceof QueryOutcome.Success s)) {
      // a correlated sub-query cannot run alone; a rewrite the engine refuses says nothing about ties
      LOG.debug("Limit probe failed: {} ({})", probe.sql(), outcome);
      return;
    }
    List<List<Object>> rows = s.result().rows();
    int k = probe.limit();
    int offset = probe.offset();
    // with an offset the probe starts one row early, at the row the offset skips last (row `offset`)
    int before = offset > 0 ? 1 : 0;
    String where = probe.outermost() ? "" : "in a sub-query: ";
    if (before == 1 && rows.size() >= 2 && tied(rows.get(0), rows.get(1), probe.keys())) {
      c.findings.put(AuditFlag.LIMIT_TIE, where + "OFFSET " + offset + " cuts through a tie: "
          + tie(rows.get(1), rows.get(0), offset, probe));
      return;
    }
    if (rows.size() <= before + k) {
      return;
    }
    List<Object> last = rows.get(before + k - 1);
    List<Object> next = rows.get(before + k);
    if (tied(last, next, probe.keys())) {
      // rows are numbered in the sorted result, so past an offset row k is row offset + k
      c.findings.put(AuditFlag.LIMIT_TIE, where + "LIMIT " + k + (offset > 0 ? " OFFSET " + offset : "")
          + " cuts through a tie: " + tie(last, next, offset + k, probe));
    }
  }

  /**
   * Whether two probe rows have the same sort key while showing other values: a tie between rows that show the
   * same values changes nothing a model could be judged on.
   */
  private static boolean tied(List<Object> a, List<Object> b, int keys) {
    int width = a.size();
    return keys(List.of(a.subList(width - keys, width))).equals(keys(List.of(b.subList(width - keys, width))))
        && !keys(List.of(a.subList(0, width - keys))).equals(keys(List.of(b.subList(0, width - keys))));
  }

  /** "row n and row n+1 have the same sort key ..., so another correct query may return (other) instead of (kept)". */
  private static String tie(List<Object> kept, List<Object> other, int row, GoldShape.LimitProbe probe) {
    int width = kept.size();
    int shown = width - probe.keys();
    return "row " + row + " and row " + (row + 1) + " have the same sort key " + show(kept.subList(shown, width))
        + ", so another correct query may " + (probe.outermost() ? "return " : "use ")
        + show(other.subList(0, shown)) + " instead of " + show(kept.subList(0, shown));
  }

  /** Whether a sorted column holds numbers as text whose text order is not their numeric order. */
  private static void textSortedNumbers(GoldShape.SortedColumn column, QueryExecutor executor, Checked c) {
    QueryOutcome values = executor.execute("SELECT " + column.column() + " FROM " + column.table() + " WHERE "
        + column.column() + " IS NOT NULL", SORTED_VALUES);
    if (!(values instanceof QueryOutcome.Success s)) {
      return;
    }
    List<String> numbers = new ArrayList<>();
    for (List<Object> row : s.result().rows()) {
      if (row.get(0) instanceof String text && NUMBER.matcher(text).matches()) {
        numbers.add(text);
      }
    }
    List<String> asText = new ArrayList<>(new TreeSet<>(numbers));
    for (int i = 0; i + 1 < asText.size(); i++) {
      String a = asText.get(i);
      String b = asText.get(i + 1);
      if (Double.parseDouble(a.trim()) > Double.parseDouble(b.trim())) {
        c.findings.put(AuditFlag.TEXT_SORTED_NUMBERS, column.clause() + " over " + column.table() + "."
            + column.column() + ", which holds numbers as text: '" + a + "' sorts before '" + b + "'");
        return;
      }
    }
  }

  /** Groups questions whose normalised gold is the same on the same database. */
  private static List<List<Integer>> duplicates(List<Question> questions, List<Checked> checked) {
    Map<String, List<Integer>> byGold = new LinkedHashMap<>();
    for (int i = 0; i < questions.size(); i++) {
      Question q = questions.get(i);
      if (q.sql().isBlank()) {
        continue;
      }
      String key = checked.get(i).database + "\u0000" + GoldText.normalised(q.sql());
      byGold.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
    }
    List<List<Integer>> groups = new ArrayList<>();
    for (List<Integer> indices : byGold.values()) {
      if (indices.size() < 2) {
        continue;
      }
      List<Integer> ids = indices.stream().map(i -> questions.get(i).id()).toList();
      groups.add(ids);
      for (int i : indices) {
        List<Integer> others = ids.stream().filter(id -> id != questions.get(i).id()).toList();
        checked.get(i).findings.put(AuditFlag.DUPLICATE_GOLD, "the same gold as question" + (others.size() == 1
            ? " " : "s ") + others.stream().map(String::valueOf).reduce((a, b) -> a + ", " + b).orElse(""));
      }
    }
    return groups;
  }

  /** Judges every gold that ran against itself, as an evaluation would judge a model that answered with it. */
  private void selfMatch(BenchmarkFiles files, List<Question> questions, List<Checked> checked) {
    List<Map<String, Object>> predictions = new ArrayList<>();
    Map<Integer, Checked> byId = new HashMap<>();
    for (int i = 0; i < questions.size(); i++) {
      Question q = questions.get(i);
      if (checked.get(i).ran) {
        predictions.add(Map.of("question_id", q.id(), "completion", judge.readsCompletionAsGiven() ? q.sql()
            : "```sql\n" + q.sql() + "\n```"));
        byId.put(q.id(), checked.get(i));
      }
    }
    if (predictions.isEmpty()) {
      return;
    }
    BenchmarkSource resolved = new BenchmarkSource() {
      @Override
      public BenchmarkFiles resolve(DownloadListener listener) {
        return files;
      }

      @Override
      public String describe() {
        return source.describe();
      }
    };
    AtomicInteger done = new AtomicInteger();
    EvaluationListener verdicts = new EvaluationListener() {
      @Override
      public void onResult(QuestionResult result) {
        if (!result.outcome().isMatch()) {
          Checked c = byId.get(result.questionId());
          String detail = result.verdict().detail();
          c.findings.put(AuditFlag.NOT_SELF_MATCH, "judge " + judge.name() + ": " + result.outcome()
              + (result.verdict().reason() == null ? "" : " (" + result.verdict().reason() + ")")
              + (detail == null || detail.isBlank() ? "" : ": " + detail));
        }
        int n = done.incrementAndGet();
        listeners.forEach(l -> l.onProgress("self-match", n, predictions.size()));
      }
    };
    new EvaluationEngine(EngineSettings.builder(resolved, judge, limits).scorings(List.of(Scorings.accuracy()))
        .databases(queryEngine, null).threads(threads).keep(0, false).listeners(List.of(verdicts)).allowEmpty(true)
        .build())
        .run(PredictionInput.list(predictions), f -> { });
  }

  private static void awaitStopped(ExecutorService pool) {
    boolean interrupted = false;
    while (true) {
      try {
        if (pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
          break;
        }
        LOG.warn("Still waiting for auditing threads to stop (a query ignoring interruption?)");
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static Checked join(Future<Checked> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("audit interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof InvalidInputException unusable) {
        throw unusable;   // a database that cannot serve, found by a worker: one line naming it
      }
      throw new IllegalStateException("audit failed: " + e.getCause(), e.getCause());
    }
  }

  /** Rows as comparable text, in order. */
  private static List<String> keys(List<List<Object>> rows) {
    List<String> keys = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      StringBuilder sb = new StringBuilder();
      for (Object cell : row) {
        sb.append(cell == null ? "\u0000null" : cell instanceof byte[] b ? Arrays.toString(b)
            : cell.getClass().getSimpleName() + ":" + cell).append('\u0001');
      }
      keys.add(sb.toString());
    }
    return keys;
  }

  private static List<String> sorted(List<List<Object>> rows) {
    List<String> keys = keys(rows);
    keys.sort(null);
    return keys;
  }

  private static String preview(List<List<Object>> rows) {
    String shown = rows.stream().limit(3).map(AuditEngine::show).reduce((a, b) -> a + ", " + b).orElse("");
    return "[" + shown + (rows.size() > 3 ? ", ... (" + rows.size() + " rows)" : "") + "]";
  }

  private static String show(List<Object> row) {
    return row.stream().map(cell -> cell instanceof String s ? "'" + s + "'" : cell instanceof byte[] b
        ? "<" + b.length + " bytes>" : String.valueOf(cell)).reduce((a, b) -> a + ", " + b)
        .map(s -> "(" + s + ")").orElse("()");
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** The reversed-order executor of each database, opened once. */
  private static final class Reversed implements AutoCloseable {
    private final Map<Database, Optional<QueryExecutor>> open = new ConcurrentHashMap<>();

    Optional<QueryExecutor> of(QueryExecutor executor) {
      return open.computeIfAbsent(executor.database(), d -> executor.reversedScanOrder());
    }

    @Override
    public void close() {
      open.values().forEach(o -> o.ifPresent(QueryExecutor::close));
    }
  }

  /** The checks some questions could not have, counted by why. */
  private static final class Skips {
    private final Set<String> orderless = ConcurrentHashMap.newKeySet();
    private final AtomicInteger orderSkipped = new AtomicInteger();

    void order(Database database) {
      orderSkipped.incrementAndGet();
      orderless.add(database.describe());
    }

    Map<AuditFlag, String> notChecked(boolean noInspector) {
      Map<AuditFlag, String> notes = new LinkedHashMap<>();
      if (orderSkipped.get() > 0) {
        notes.put(AuditFlag.ORDER_DEPENDENT, orderSkipped.get() + " question(s): the engine of "
            + String.join(", ", new TreeSet<>(orderless)) + " has no switch for the order of unordered rows");
      }
      if (noInspector) {
        String why = "no SQL parser on the class path (add llmsql-judge)";
        notes.put(AuditFlag.LIMIT_TIE, why);
        notes.put(AuditFlag.TEXT_SORTED_NUMBERS, why);
      }
      return notes;
    }
  }
}
