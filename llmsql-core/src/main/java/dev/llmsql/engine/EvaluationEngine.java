package dev.llmsql.engine;

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
import dev.llmsql.execution.ResultBytes;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.JudgeUnavailableException;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.protocol.Protocol;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.RunInputs;
import dev.llmsql.report.Tally;
import dev.llmsql.result.KeptRows;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.threads.DaemonThreads;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one evaluation: resolve the benchmark, validate input, judge predictions in parallel (results
 * collected in input order, so the report does not depend on the thread count), score. Returns the report and
 * writes nothing: saving it is the caller's (the {@link dev.llmsql.Evaluator}'s) part.
 */
public final class EvaluationEngine {

  private static final Logger LOG = LoggerFactory.getLogger(EvaluationEngine.class);

  /** The most rows of one result set a kept mismatch holds, in {@link ResultBytes}: 64 KiB. */
  static final long MISMATCH_SIDE_BYTES = 64L << 10;
  /** The most rows all kept mismatches of a run hold together: 256 MiB. */
  static final long MISMATCH_TOTAL_BYTES = 256L << 20;

  private final BenchmarkSource source;
  private final Judge judge;
  private final List<Scoring> scorings;
  private final QueryEngine queryEngine;
  private final QueryExecutor givenExecutor;
  private final ExecutionLimits limits;
  private final int threads;
  private final Path goldCacheDir;
  private final int keepMismatches;
  private final boolean keepResults;
  private final List<EvaluationListener> listeners;
  private final boolean goldForListeners;
  /** The protocols each question is offered to, in order; the last claims every question. */
  private final List<Protocol> protocols = Protocol.available();
  private final String modelName;
  private final String version;
  private final boolean allowEmpty;

  public EvaluationEngine(EngineSettings settings) {
    this.allowEmpty = settings.allowEmpty;
    this.modelName = settings.modelName;
    this.version = settings.version;
    this.goldCacheDir = settings.goldCacheDir;
    this.keepMismatches = settings.keepMismatches;
    this.keepResults = settings.keepResults;
    this.source = settings.source;
    this.judge = settings.judge;
    this.scorings = settings.scorings;
    this.queryEngine = settings.queryEngine;
    this.givenExecutor = settings.executor;
    this.limits = settings.limits;
    this.threads = settings.threads;
    this.listeners = settings.listeners;
    this.goldForListeners = this.listeners.stream().anyMatch(EvaluationListener::wantsGold);
  }

  /**
   * Evaluates {@code input}: the report of every scored prediction, not saved, and no listener told it finished.
   *
   * @param beforeWork given the resolved benchmark before any prediction is read past validation, to refuse
   *     a run whose outputs cannot be written (an hour of judging must not end in a refused report)
   */
  public EvaluationReport run(PredictionInput input, Consumer<BenchmarkFiles> beforeWork) {
    long started = System.nanoTime();
    input.requireReadable();
    BenchmarkFiles files = resolve();
    input.names(() -> instanceIds(files.questions()));
    beforeWork.accept(files);
    Collector collector = new Collector();
    int questionCount;
    try (Databases databases = new Databases(queryEngine, givenExecutor, limits)) {
      // Before any work: a database that cannot serve fails the run with one line, not every statement. A URL
      // with {db_id} names one database per question: those are opened as the questions are indexed below.
      QueryExecutor main = null;
      if (files.database() != null && files.database().forDbId("x").equals(files.database())) {
        main = open(databases, files.database(), false);
        main.warmUp();
      }
      IntSet predicted = new IntSet();
      long count = input.validate(predicted::add);
      // an empty file is almost always an upstream step that failed; an empty list in code is deliberate
      if (count == 0 && !allowEmpty && input.mode() == dev.llmsql.prediction.InputMode.JSONL_PATH) {
        throw new InvalidInputException(input.source(), input.file() == null
            ? "no predictions: the directory holds no <instance_id>.sql or <instance_id>.csv file; give --outputs "
                + "a predictions JSONL file or a Spider 2.0 submission directory, or allow an empty run with "
                + "--allow-empty / allowEmptyInput(true)"
            : "no predictions: the file is empty or holds only blank "
            + "lines; check what wrote it, or allow an empty run with --allow-empty / allowEmptyInput(true)");
      }
      LOG.debug("{} prediction(s) validated after {} ms", count, (System.nanoTime() - started) / 1_000_000);
      GoldFilter goldSql = new GoldFilter();
      Set<Database> perQuestion = new LinkedHashSet<>();
      // one check per db_id, not per question: Spider's 1,034 questions share 20 databases
      Map<String, Optional<String>> confinement = new java.util.HashMap<>();
      try (QuestionIndex questions = QuestionIndex.build(files.questions(), predicted::contains, (q, location) -> {
        String outside = q.dbId() == null ? null
            : confinement.computeIfAbsent(q.dbId(), id -> Optional.ofNullable(files.outsideDirectory(q))).orElse(null);
        if (outside != null) {
          collector.outside.put(q.id(), new InputProblem(InputProblem.Kind.DATABASE_OUTSIDE_DIRECTORY, location,
              q.id(), outside + "; the question is not run and its prediction not scored"));
          return;
        }
        goldSql.add(q.sql());
        q.alternativeSql().forEach(goldSql::add);
        if (q.dbId() != null && (files.databasesDir() != null || files.database() != null)) {
          try {
            perQuestion.add(files.databaseFor(q));
          } catch (RuntimeException e) {
            // a db_id that names no database is that question's problem, reported when it runs
          }
        }
      })) {
        for (Database database : perQuestion) {
          open(databases, database, true);
        }
        questionCount = questions.total();
        if (questionCount == 0 && !allowEmpty) {
          throw new InvalidInputException(files.questions().toString(), "no questions: the file is empty or holds "
              + "only blank lines; check the questions file, or allow an empty run with --allow-empty / "
              + "allowEmptyInput(true)");
        }
        LOG.debug("{} question(s) indexed after {} ms", questionCount, (System.nanoTime() - started) / 1_000_000);
        listeners.forEach(l -> l.onStart(count));
        judgeAll(input, files, questions, collector, databases, main,
            goldCacheDir == null ? null : new GoldCache(goldCacheDir, goldSql::mayContain,
                Duration.ofSeconds(GoldCache.DEFAULT_LOCK_WAIT_SECONDS),
                message -> listeners.forEach(l -> l.onWarning(message))));
      }
    }

    LOG.debug("Predictions judged after {} ms", (System.nanoTime() - started) / 1_000_000);
    return collector.report(input, questionCount, Duration.ofNanos(System.nanoTime() - started));
  }

  /** The run's input files by what they are, for {@code ReportFiles.requireWritableTarget}. */
  public static RunInputs inputs(PredictionInput input, BenchmarkFiles files) {
    return RunInputs.none().with("predictions file", input.file()).with("questions file", files.questions())
        .with("database", files.databaseFile());
  }

  /**
   * Opens a database the predicted questions use, failing the run before any work when it exists but cannot
   * serve (not a database of its engine, truncated, locked, unreachable, ...). A missing one is left to the
   * questions it concerns when {@code missingIsTheQuestions}; returns null then.
   */
  static QueryExecutor open(Databases databases, Database database, boolean missingIsTheQuestions) {
    try {
      return databases.get(database);
    } catch (DatabaseUnavailableException e) {
      if (e.missing() && missingIsTheQuestions) {
        return null;
      }
      throw new InvalidInputException(database.describe(), e.getMessage());
    }
  }

  /** Judges every admitted prediction, in parallel when threads > 1, handing results over in input order. */
  private void judgeAll(PredictionInput input, BenchmarkFiles files, QuestionIndex questions, Collector collector,
                        Databases databases, QueryExecutor main, GoldCache goldCache) {
    RunCache runCache = new RunCache(goldCache);
    if (main != null) {
      runCache.prefetch(main);
    }
    ExecutorService pool = threads > 1
        ? Executors.newFixedThreadPool(threads, DaemonThreads.numbered("llmsql-eval-")) : null;
    try {
      ArrayDeque<Future<Evaluated>> inFlight = new ArrayDeque<>();
      int window = threads * 16;
      IntSet seen = new IntSet();
      input.forEach(entry -> {
        if (!admit(entry, questions, seen, collector)) {
          return;
        }
        int id = entry.questionId();
        String rawOutput = entry.completion();
        if (entry.resultProblem() != null) {
          collector.problem(new InputProblem(InputProblem.Kind.RESULT_FILE, entry.location(), id,
              entry.resultProblem() + "; scored as an answer without SQL"));
        }
        if (pool == null) {
          collector.accept(evaluate(entry, files, questions, databases, runCache));
        } else {
          inFlight.add(pool.submit(() -> evaluate(entry, files, questions, databases, runCache)));
          if (inFlight.size() >= window) {
            // Wait for the last of the older half, then hand that half over: the workers finish in about input
            // order, so this thread sleeps once per half window (16 predictions with two threads), not once per
            // prediction, which cost about a tenth of a full LLMSQL run's CPU, much of it in the kernel. At
            // most `window` predictions are in flight, as before.
            int half = window / 2;
            await(nth(inFlight, half - 1));
            for (int k = 0; k < half; k++) {
              collector.accept(join(inFlight.poll()));
            }
          }
        }
      });
      while (!inFlight.isEmpty()) {
        collector.accept(join(inFlight.poll()));
      }
    } finally {
      // Workers still judging when judging failed part-way would add to the run cache after its flush and run
      // SQL on an executor the caller closes next: stop them and wait before either happens
      if (pool != null) {
        pool.shutdownNow();
        awaitStopped(pool);
      }
      runCache.flush();
    }
  }

  /**
   * A database found damaged by a statement ({@code runOn}), or a judge that cannot judge at all (its server
   * unreachable): the run stops, it is no question's verdict.
   */
  private static boolean stopsTheRun(RuntimeException e) {
    return e instanceof InvalidInputException && e.getCause() instanceof DatabaseUnavailableException
        || e instanceof JudgeUnavailableException;
  }

  /** Waits until every worker has returned; an interrupt is kept for the caller once they have. */
  private static void awaitStopped(ExecutorService pool) {
    boolean interrupted = false;
    while (true) {
      try {
        if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
          break;
        }
        LOG.warn("Still waiting for judging threads to stop (a judge or query ignoring interruption?)");
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private BenchmarkFiles resolve() {
    try {
      return source.resolve(new DownloadListener() {
        @Override
        public void progress(URI uri, long bytesDone, long bytesTotal) {
          listeners.forEach(l -> l.onDownloadProgress(uri, bytesDone, bytesTotal));
        }

        @Override
        public void finished(URI uri, Path file, long bytes) {
          listeners.forEach(l -> l.onDownloaded(uri, file, bytes));
        }

        @Override
        public void retrying(URI uri, int attempt, String reason) {
          listeners.forEach(l -> l.onDownloadRetry(uri, attempt, reason));
        }

        @Override
        public void discarded(Path file, String reason) {
          String message = "Cached " + file + " is not used: " + reason + "; downloading it again";
          listeners.forEach(l -> l.onWarning(message));
        }
      });
    } catch (IOException e) {
      throw new BenchmarkUnavailableException(e.getMessage(), e);
    }
  }


  /** The questions' Spider 2.0 names ({@code instance_id}) to their ids, for a submission directory. */
  private static Map<String, Integer> instanceIds(Path questionsFile) {
    Map<String, Integer> ids = new java.util.HashMap<>();
    QuestionReader.read(questionsFile).forEach((id, q) -> {
      if (q.extra().get("instance_id") instanceof String name) {
        ids.putIfAbsent(name, id);
      }
    });
    return ids;
  }

  /** Whether an entry can be scored; when not, the problem is recorded. */
  private boolean admit(PredictionInput.Entry entry, QuestionIndex questions, IntSet seen,
                        Collector collector) {
    if (entry.completionState() == PredictionInput.CompletionState.LINE_TOO_LONG) {
      collector.problem(new InputProblem(InputProblem.Kind.LINE_TOO_LONG, entry.location(), entry.questionId(),
          "line longer than " + JsonLines.MAX_LINE_BYTES + " bytes; skipped unread and not scored (no real "
              + "prediction is that long: check what wrote it)"));
      return false;
    }
    if (entry.questionId() == null) {
      collector.problem(new InputProblem(InputProblem.Kind.INVALID_QUESTION_ID, entry.location(), null,
          "question_id must be an integer or a string holding one, but was "
              + (entry.rawQuestionId() == null ? "missing" : entry.rawQuestionId())));
      return false;
    }
    int id = entry.questionId();
    if (!questions.contains(id)) {
      collector.problem(new InputProblem(InputProblem.Kind.UNKNOWN_QUESTION_ID, entry.location(), id,
          "question_id " + id + " is not in the benchmark's questions; check that the predictions "
              + "belong to this benchmark"));
      return false;
    }
    if (!seen.add(id)) {
      if (protocols.get(protocolFor(questions.get(id))).scoresRepeats()) {
        // a protocol that scores every prediction line, a repeated id included
        collector.tally.duplicate();
        return true;
      }
      collector.problem(new InputProblem(InputProblem.Kind.DUPLICATE_QUESTION_ID, entry.location(), id,
          "question_id " + id + " was answered before; the first prediction counts, this one is ignored"));
      return false;
    }
    InputProblem outside = collector.outside.get(id);
    if (outside != null) {
      collector.problem(outside);
      return false;
    }
    switch (entry.completionState()) {
      case MISSING -> collector.problem(new InputProblem(InputProblem.Kind.MISSING_COMPLETION,
          entry.location(), id, "no \"completion\" (or \"predicted_sql\") field; scored as an answer "
              + "without SQL"));
      case NOT_A_STRING -> collector.problem(new InputProblem(InputProblem.Kind.NON_STRING_COMPLETION,
          entry.location(), id, "\"completion\" must be a string; scored as an answer without SQL"));
      case PRESENT, LINE_TOO_LONG -> { }
    }
    return true;
  }

  /** Judges one prediction; an internal failure becomes that prediction's verdict, not the run's end. */
  private Evaluated evaluate(PredictionInput.Entry entry, BenchmarkFiles files, QuestionIndex questions,
                             Databases databases, RunCache runCache) {
    int id = entry.questionId();
    String rawOutput = entry.completion();
    // a result file is read here, on the worker, so the results in memory at once are bounded by the threads
    QueryResult given = entry.result();
    InputProblem problem = null;
    if (entry.resultCsv() != null) {
      try {
        given = QueryResult.readCsv(entry.resultCsv(), QueryResult.MAX_CSV_BYTES);
      } catch (IOException | IllegalArgumentException e) {
        problem = new InputProblem(InputProblem.Kind.RESULT_FILE, entry.location(), id,
            "result file cannot be used: " + e.getMessage() + "; scored as an answer without SQL");
      }
    }
    Question question = null;
    try {
      question = questions.get(id);
      Database database;
      String noDatabase = null;
      try {
        database = files.databaseFor(question);
      } catch (IllegalArgumentException e) {
        database = null;
        noDatabase = e.getMessage();
      }
      Prediction prediction = new Prediction(id, rawOutput == null ? "" : rawOutput);
      return judgeOne(question, prediction, rawOutput, given,
          new Target(database, noDatabase, databases, runCache)).withProblem(problem);
    } catch (RuntimeException | StackOverflowError e) {
      // a StackOverflowError too: deep input (a nested expression, a long cell a pattern recurses on) is that
      // question's, and the stack has unwound by here
      if (e instanceof RuntimeException r && stopsTheRun(r)) {
        throw r;
      }
      // the trace only at debug level: a user sees one line unless they asked for more (--verbose); none when
      // this thread was interrupted, as when a run stops (another question failed it) and its line is the one
      if (!Thread.currentThread().isInterrupted()) {
        LOG.error("Internal error on question {}; recorded as its verdict: {}", id, String.valueOf(e));
      }
      LOG.debug("Internal error on question {}", id, e);
      Verdict verdict = Verdict.error(Reason.OTHER, "internal error: " + e);
      // the question's difficulty, tags and detail when it is known: the result counts in the breakdowns as in the
      // total, and the kept mismatch (a view of this result) shows its text
      QuestionResult result = new QuestionResult(id, verdict, 0, 0, false, false, verdict.detail(), 0);
      return new Evaluated(question == null ? result.withQuestion(0, List.of(), null)
          : result.withQuestion(question.difficulty(), question.tags(), QuestionDetail.of(question, null)),
          new Mismatch(id, question == null ? "" : question.question(), question == null ? "" : question.sql(),
              rawOutput, null, null, verdict), question, protocols.size() - 1, null, null, problem);
    }
  }

  private Evaluated judgeOne(Question question, Prediction prediction, String rawOutput, QueryResult given,
                             Target target) {
    long started = System.nanoTime();
    int protocol = protocolFor(question);
    List<String> candidates = protocols.get(protocol).candidates(question, judge, prediction.completion());
    Context context = new Context(question, prediction, List.copyOf(candidates), target, given,
        protocols.get(protocol));
    Judgement judgement;
    try {
      judgement = judge.judge(context);
      if (judgement == null) {
        judgement = context.judgement(Verdict.error(Reason.OTHER, "judge " + judge.name()
            + " returned null for question " + question.id() + "; a Judge must return a Judgement"));
      }
    } catch (RuntimeException | StackOverflowError e) {
      if (e instanceof RuntimeException r && stopsTheRun(r)) {
        throw r;
      }
      LOG.warn("Judge {} failed on question {}: {}", judge.name(), question.id(), String.valueOf(e));
      LOG.debug("Judge {} failed on question {}", judge.name(), question.id(), e);
      judgement = context.judgement(Verdict.error(Reason.OTHER, "judge " + judge.name() + " failed: " + e));
    }
    Verdict verdict = judgement.verdict();
    QueryOutcome gold = judgement.gold();
    QueryOutcome last = judgement.predicted();
    QuestionResult result = new QuestionResult(question.id(), verdict, candidates.size(), judgement.executed(),
        judgement.predNone(), judgement.goldNone(), judgement.error(), System.nanoTime() - started)
        .withQuestion(question.difficulty(), question.tags(), QuestionDetail.of(question, judgement.sql()));
    Mismatch mismatch = null;
    if (!verdict.outcome().isMatch()) {
      mismatch = new Mismatch(question.id(), question.question(), question.sql(), rawOutput,
          gold instanceof QueryOutcome.Success s ? s.result().rows() : null,
          last instanceof QueryOutcome.Success s ? s.result().rows() : null, verdict);
    }
    // what listeners that show result sets get: the gold run for them if the judge did not need it (after the
    // counts above, which stay the judge's)
    QueryOutcome shownGold = gold == null && goldForListeners ? context.gold() : gold;
    return new Evaluated(result, mismatch, question, protocol, shownGold, last, null);
  }

  private static <T> T nth(Iterable<T> items, int n) {
    var it = items.iterator();
    for (int k = 0; k < n; k++) {
      it.next();
    }
    return it.next();
  }

  /** Waits until {@code future} is done, whatever its outcome: {@link #join} reports it in input order. */
  private static void await(Future<?> future) {
    try {
      future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("evaluation interrupted", e);
    } catch (ExecutionException e) {
      // reported by join, in input order
    }
  }

  private static Evaluated join(Future<Evaluated> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("evaluation interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof InvalidInputException unusable) {
        throw unusable;   // a damaged database, found by a worker: the same one line as on the caller's thread
      }
      if (e.getCause() instanceof JudgeUnavailableException unreachable) {
        throw unreachable;   // likewise a judge that cannot judge
      }
      throw new IllegalStateException("evaluation failed: " + e.getCause(), e.getCause());
    }
  }

  /** The index of the protocol that judges {@code question}: the first that claims it. */
  private int protocolFor(Question question) {
    for (int i = 0; i < protocols.size() - 1; i++) {
      if (protocols.get(i).claims(question, judge)) {
        return i;
      }
    }
    return protocols.size() - 1;
  }

  /**
   * One judged prediction: its question (null when an internal error came before it was known) and the index of
   * the protocol that judged it.
   */
  private record Evaluated(QuestionResult result, Mismatch mismatch, Question question, int protocol,
                           QueryOutcome gold, QueryOutcome predicted, InputProblem problem) {

    /** This result with the input problem its prediction's result file had (recorded in input order). */
    Evaluated withProblem(InputProblem problem) {
      return problem == null ? this : new Evaluated(result, mismatch, question, protocol, gold, predicted, problem);
    }
  }

  /**
   * The gold SQL a run may need, as a fixed 512 KB bitmap of hashes: the gold cache does not index entries it
   * rejects. A false positive only indexes an entry no question asks for (about 4% at 160,000 golds); a fixed
   * size keeps memory flat where a set of the SQL itself would grow with the predictions.
   */
  private static final class GoldFilter {
    private final long[] bits = new long[1 << 16];

    void add(String sql) {
      int h = spread(sql.hashCode());
      bits[(h >>> 6) & (bits.length - 1)] |= 1L << h;
    }

    /** @param sqlHash a gold SQL's {@link String#hashCode()} */
    boolean mayContain(int sqlHash) {
      int h = spread(sqlHash);
      return (bits[(h >>> 6) & (bits.length - 1)] & (1L << h)) != 0;
    }

    private static int spread(int h) {
      int x = h * 0x9E3779B9;
      return x ^ (x >>> 15);
    }
  }

  /**
   * Where a question's SQL runs: its database (null when its {@code db_id} names none, with the reason), opened
   * through the run's executors on first use.
   */
  private record Target(Database database, String noDatabase, Databases databases, RunCache runCache) {

    Target on(Database other) {
      return new Target(other, null, databases, runCache);
    }

    /** The executor, or the failure that stands for every statement when there is none. */
    Object executorOrFailure(int questionId) {
      if (database == null) {
        return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE, noDatabase != null ? noDatabase
            : "question " + questionId + " has no db_id, but the benchmark uses a databases directory; "
                + "add \"db_id\" to the question", 0);
      }
      try {
        return databases.get(database);
      } catch (DatabaseUnavailableException e) {
        return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE,
            "cannot open database " + database.describe() + ": " + e.getMessage(), 0);
      }
    }
  }

  /** The judge's view of one prediction; records what ran. Used by one thread at a time. */
  private static final class Context implements JudgeContext {
    private final Question question;
    private final Prediction prediction;
    private final List<String> candidates;
    private final Target target;
    private final RunCache runCache;
    private QueryOutcome gold;
    private QueryOutcome lastRun;
    private String lastSql;
    private String lastError;
    private final AtomicInteger executed = new AtomicInteger();

    private final QueryResult submitted;
    /** The protocol that judges the question: it may know the gold without running SQL. */
    private final Protocol protocol;

    Context(Question question, Prediction prediction, List<String> candidates, Target target,
            QueryResult submitted, Protocol protocol) {
      this.submitted = submitted;
      this.protocol = protocol;
      this.question = question;
      this.prediction = prediction;
      this.candidates = candidates;
      this.target = target;
      this.runCache = target.runCache();
    }

    @Override
    public Question question() {
      return question;
    }

    @Override
    public Prediction prediction() {
      return prediction;
    }

    @Override
    public Optional<QueryResult> submittedResult() {
      return Optional.ofNullable(submitted);
    }

    @Override
    public List<String> candidates() {
      return candidates;
    }

    @Override
    public QueryOutcome gold() {
      if (gold == null) {
        gold = question.sql().isBlank() && !question.goldResults().isEmpty()
            ? QueryOutcome.success(question.goldResults().get(0), 0) : runGold(question.sql());
      }
      return gold;
    }

    @Override
    public QueryOutcome executeGold(String sql) {
      return runGold(sql);
    }

    private QueryOutcome runGold(String sql) {
      if (!(target.executorOrFailure(question.id()) instanceof QueryExecutor executor)) {
        return run(sql, Integer.MAX_VALUE);
      }
      QueryOutcome cached = runCache.gold(executor, sql);
      if (cached != null) {
        return cached;
      }
      QueryOutcome outcome = run(sql, Integer.MAX_VALUE);
      runCache.putGold(executor, sql, outcome);
      return outcome;
    }

    /**
     * The judgement on what ran: the last candidate (else the submitted result), the gold if computed (else the
     * gold the protocol knows without running SQL, if any), the last failure.
     */
    @Override
    public Judgement judgement(Verdict verdict) {
      QueryOutcome goldSeen = gold != null ? gold : protocol.knownGold(question).orElse(null);
      QueryOutcome last = lastRun != null || submitted == null ? lastRun : QueryOutcome.success(submitted, 0);
      String error = verdict.outcome() == Outcome.GOLD_ERROR || verdict.outcome() == Outcome.ERROR
          ? verdict.detail() : lastError;
      // the SQL the verdict rests on: the last candidate the judge ran, else the first extracted
      String chosen = lastSql != null ? lastSql : candidates.isEmpty() ? null : candidates.get(0);
      return new Judgement(verdict, chosen, goldSeen, last, executed.get(), error);
    }

    @Override
    public Map<String, JudgeContext> testSuiteVariants() {
      if (target.database() == null) {
        return Map.of();
      }
      Map<String, JudgeContext> variants = new LinkedHashMap<>();
      for (Path variant : runCache.variants(target.database())) {
        variants.put(variant.getFileName().toString(),
            new Context(question, prediction, candidates, target.on(Database.file(variant)), submitted, protocol));
      }
      return variants;
    }

    @Override
    public QueryOutcome execute(String sql) {
      return execute(sql, Integer.MAX_VALUE);
    }

    @Override
    public QueryOutcome execute(String sql, int stopAfterRows) {
      lastSql = sql;
      QueryOutcome outcome = run(sql, stopAfterRows);
      executed.incrementAndGet();
      lastRun = outcome;
      if (outcome instanceof QueryOutcome.Failure f) {
        lastError = f.message();
      }
      return outcome;
    }

    @Override
    public List<Long> timeRuns(String sql, int runs) {
      List<Long> times = new ArrayList<>();
      if (!(target.executorOrFailure(question.id()) instanceof QueryExecutor executor)) {
        return times;
      }
      for (int i = 0; i < runs; i++) {
        // bypasses the run cache on purpose: a cached outcome carries the first run's time only
        QueryOutcome outcome = runOn(executor, sql, Integer.MAX_VALUE);
        if (!(outcome instanceof QueryOutcome.Success)) {
          break;
        }
        times.add(outcome.nanos());
      }
      return times;
    }

    private QueryOutcome run(String sql, int stopAfterRows) {
      Object executorOrFailure = target.executorOrFailure(question.id());
      if (!(executorOrFailure instanceof QueryExecutor executor)) {
        return (QueryOutcome) executorOrFailure;
      }
      QueryOutcome known = runCache.get(target.database(), sql);
      if (known != null) {
        return known;
      }
      QueryOutcome outcome = runOn(executor, sql, stopAfterRows);
      runCache.put(target.database(), sql, outcome);
      return outcome;
    }

    /**
     * A database found damaged while a statement runs (SQLite's "database disk image is malformed") stops the
     * run naming the file, as one found unusable before any work does: no verdict on it can be trusted.
     */
    private QueryOutcome runOn(QueryExecutor executor, String sql, int stopAfterRows) {
      try {
        return executor.execute(sql, stopAfterRows);
      } catch (DatabaseUnavailableException e) {
        throw new InvalidInputException(target.database().describe(), e.getMessage(), e);
      }
    }
  }

  /** Gathers results in input order. */
  private final class Collector {
    private final List<QuestionResult> results = new ArrayList<>();
    private final Tally.Counter tally = new Tally.Counter();
    private final List<Scoring.Accumulator> scores = scorings.stream().map(Scoring::accumulator).toList();
    private int total;
    private final List<Mismatch> mismatches = new ArrayList<>();
    private long retainedBytes;
    private final List<InputProblem> problems = new ArrayList<>();
    /** Questions whose db_id is not a plain name (few: only crafted ones). */
    private final Map<Integer, InputProblem> outside = new java.util.HashMap<>();
    private int mismatchCount;
    private final IntSet answered = new IntSet();
    /** Each protocol's figures, by the protocols' index, and how many predictions it judged. */
    private final List<Protocol.Figures> figures = protocols.stream().map(p -> p.figures(judge)).toList();
    private final int[] judgedBy = new int[protocols.size()];

    void problem(InputProblem problem) {
      problems.add(problem);
      listeners.forEach(l -> l.onInputProblem(problem));
    }

    void accept(Evaluated evaluated) {
      if (evaluated.problem() != null) {
        problem(evaluated.problem());
      }
      QuestionResult r = kept(evaluated);
      if (keepResults) {
        results.add(r);
      }
      figures.get(evaluated.protocol()).count(tally, evaluated.question(), r);
      judgedBy[evaluated.protocol()]++;
      scores.forEach(score -> score.add(r));
      answered.add(r.questionId());
      listeners.forEach(l -> l.onResult(r, evaluated.gold(), evaluated.predicted()));
      if (evaluated.mismatch() != null) {
        int ordinal = mismatchCount;
        listeners.forEach(l -> l.onMismatch(evaluated.mismatch(), ordinal));
      }
    }

    /**
     * The result as the report keeps it: a mismatch within {@code keepMismatches} carries its rows (the report's
     * mismatches are a view of such results); without results ({@code keepResults(false)}) the mismatch list
     * holds them alone.
     */
    private QuestionResult kept(Evaluated evaluated) {
      QuestionResult r = evaluated.result();
      if (evaluated.mismatch() == null || ++mismatchCount > keepMismatches) {
        return r;
      }
      Mismatch m = retained(evaluated.mismatch());
      if (!keepResults) {
        mismatches.add(m);
        return r;
      }
      return r.withKept(new KeptRows(m.modelOutput(), m.goldResults(), m.predictionResults()));
    }

    /**
     * The copy of a mismatch the report keeps: each result set cut to its first rows within
     * {@link #MISMATCH_SIDE_BYTES}, and no rows at all once the run's retained rows reach
     * {@link #MISMATCH_TOTAL_BYTES}, so memory stays flat however many huge mismatches a run has. Listeners
     * got the whole mismatch already.
     */
    private Mismatch retained(Mismatch m) {
      List<List<Object>> gold = cut(m.goldResults());
      List<List<Object>> predicted = cut(m.predictionResults());
      if (gold == m.goldResults() && predicted == m.predictionResults()) {
        return m;
      }
      return new Mismatch(m.questionId(), m.question(), m.goldSql(), m.modelOutput(), gold, predicted, m.verdict());
    }

    private List<List<Object>> cut(List<List<Object>> rows) {
      if (rows == null) {
        return null;
      }
      long side = Math.min(MISMATCH_SIDE_BYTES, MISMATCH_TOTAL_BYTES - retainedBytes);
      long bytes = 0;
      int keep = 0;
      for (List<Object> row : rows) {
        long next = ResultBytes.row(row);
        if (bytes + next > side) {
          break;
        }
        bytes += next;
        keep++;
      }
      retainedBytes += bytes;
      return keep == rows.size() ? rows : List.copyOf(rows.subList(0, keep));
    }

    EvaluationReport report(PredictionInput input, int questionCount, Duration duration) {
      List<Score> figures = new ArrayList<>();
      for (int i = 0; i < scores.size(); i++) {
        Score score = scores.get(i).finish();
        if (score == null) {
          throw new IllegalStateException("Scoring " + scorings.get(i).getClass().getName()
              + " returned null; a Scoring must return a Score");
        }
        figures.add(score);
      }
      int distinct = answered.size();
      String judgeName = judge.name();
      for (int i = 0; i < protocols.size(); i++) {
        judgeName = judgedBy[i] > 0 ? protocols.get(i).reportedJudge(judgeName) : judgeName;
      }
      EvaluationReport.Builder report = EvaluationReport.builder().counts(tally).timestamp(Instant.now())
          .inputMode(input.mode()).results(results).inputProblems(problems).unanswered(questionCount - distinct)
          .judge(judgeName).scores(figures).benchmark(source.describe()).duration(duration);
      if (!keepResults) {
        report.mismatches(mismatches);
      }
      for (int i = 0; i < protocols.size(); i++) {
        this.figures.get(i).addTo(report, new Protocol.Run(tally, questionCount, distinct, judgedBy[i],
            judge.name(), modelName, version));
      }
      return report.build();
    }
  }
}
