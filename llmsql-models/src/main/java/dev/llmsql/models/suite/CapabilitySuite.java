package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import dev.llmsql.config.Range;
import dev.llmsql.config.Settings;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.threads.DaemonThreads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A SCALE-style capability suite: each target model answers every case of a dataset, judges
 * decide (objective deep equality, execution on an in-memory SQLite, LLM yes/no votes with ties passing,
 * rule matching where a rule passes at half the judges), and SCALE's weighted formula scores each
 * capability. Models run at once, each with {@link Builder#concurrency} cases in flight (the clients'
 * own {@code maxConcurrency} caps their requests too). A case whose target or judges fail for good is
 * {@link CaseStatus#FAILED} and left out of the scores, never an exception. Write the reports with
 * {@link SuiteReports}.
 *
 * <p>Defaults: concurrency {@value #DEFAULT_CONCURRENCY}, malformed judge answers asked again
 * {@value #DEFAULT_MALFORMED_RETRIES} times, execution cases limited to
 * 5 seconds and 10,000 rows.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").jsonMode(false).build();
 * List<ModelResult> results = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json"))
 *     .judge(judge)
 *     .build()
 *     .run(List.of(target));
 * SuiteReports.write(results, Path.of("suite-reports"));
 * }</pre>
 */
public final class CapabilitySuite {

  public static final int DEFAULT_CONCURRENCY = 4;
  public static final int DEFAULT_MALFORMED_RETRIES = 2;

  private final SuiteDataset dataset;
  private final CaseRunner runner;
  private final int concurrency;
  private final dev.llmsql.models.inference.InferenceListener listener;

  private CapabilitySuite(Builder b) {
    this.listener = b.listener;
    this.dataset = b.dataset;
    this.runner = new CaseRunner(b.judges, b.malformedRetries, b.queryTimeout, b.maxRows);
    this.concurrency = b.concurrency;
  }

  public static Builder builder() {
    return new Builder();
  }

  SuiteDataset dataset() {
    return dataset;
  }

  /** Runs every target model, all at once; results in the order given. */
  public List<ModelResult> run(List<ChatClient> targets) {
    requireNonNull(targets, "targets");
    if (targets.isEmpty()) {
      throw new IllegalArgumentException("run(...) needs at least one target model");
    }
    if (targets.stream().map(ChatClient::model).distinct().count() != targets.size()) {
      throw new IllegalArgumentException("target models must have distinct names, but were "
          + targets.stream().map(ChatClient::model).toList() + "; reports are named after them");
    }
    listener.onInferenceStart(dataset.cases().size() * targets.size(), 0);
    ExecutorService models = Executors.newFixedThreadPool(targets.size(), DaemonThreads.named("suite-model"));
    try {
      List<Future<ModelResult>> futures = new ArrayList<>();
      for (ChatClient target : targets) {
        futures.add(models.submit(() -> runModel(target)));
      }
      List<ModelResult> results = new ArrayList<>();
      for (Future<ModelResult> f : futures) {
        results.add(get(f));
      }
      return results;
    } finally {
      models.shutdownNow();
    }
  }

  /** Runs one target model. */
  public ModelResult run(ChatClient target) {
    requireNonNull(target, "target");
    listener.onInferenceStart(dataset.cases().size(), 0);
    return runModel(target);
  }

  private ModelResult runModel(ChatClient target) {
    long start = System.nanoTime();
    ExecutorService cases = Executors.newFixedThreadPool(concurrency, DaemonThreads.named("suite-" + target.model()));
    try {
      List<Future<CaseResult>> futures = new ArrayList<>();
      for (SuiteCase c : dataset.cases()) {
        MetricConfig metric = dataset.config().metric(c.capability(), c.metric()).orElseThrow();
        long ordinal = futures.size() + 1;
        futures.add(cases.submit(() -> heard(ordinal, runner.run(target, c, metric))));
      }
      List<CaseResult> results = new ArrayList<>();
      for (Future<CaseResult> f : futures) {
        results.add(get(f));
      }
      return new ModelResult(target.model(), dataset.config().name(), results,
          SuiteScores.score(dataset.config(), results), dataset.unscored(),
          Duration.ofNanos(System.nanoTime() - start));
    } finally {
      cases.shutdownNow();
    }
  }

  private CaseResult heard(long ordinal, CaseResult result) {
    // one call at a time, so a listener need not be thread-safe
    synchronized (listener) {
      listener.onAnswer(ordinal, result.status() == CaseStatus.FAILED);
    }
    return result;
  }

  private static <T> T get(Future<T> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running the suite", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException("running the suite failed: " + cause, cause);
    }
  }

  @Override
  public String toString() {
    return "CapabilitySuite[" + dataset.config().name() + ", " + dataset.cases().size() + " case(s), concurrency="
        + concurrency + "]";
  }

  /** Options of {@link CapabilitySuite}; a dataset and at least one judge are required. */
  public static final class Builder {
    private SuiteDataset dataset;
    private final List<ChatClient> judges = new ArrayList<>();
    private int concurrency = DEFAULT_CONCURRENCY;
    private int malformedRetries = DEFAULT_MALFORMED_RETRIES;
    private Duration queryTimeout = ScratchQuery.DEFAULT_TIMEOUT;
    private int maxRows = ScratchQuery.DEFAULT_MAX_ROWS;
    private dev.llmsql.models.inference.InferenceListener listener = dev.llmsql.models.inference.InferenceListener.NONE;
    private final Settings settings = new Settings("CapabilitySuite.Builder");

    private Builder() {
    }

    /**
     * Hears each case get its verdict (its question id: the case's place in the dataset, from 1; failed: it
     * did not run to a verdict), e.g. to draw progress; the library prints nothing itself.
     */
    public Builder listener(dev.llmsql.models.inference.InferenceListener listener) {
      this.listener = settings.once("listener", requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Loads the dataset directory and its config.
     *
     * @throws SuiteFormatException when either is malformed, naming file, line and fix
     */
    public Builder dataset(Path directory, Path config) {
      requireNonNull(directory, "directory");
      requireNonNull(config, "config");
      return dataset(SuiteDataset.load(directory, SuiteConfig.read(config)));
    }

    Builder dataset(SuiteDataset dataset) {
      if (this.dataset != null) {
        throw new IllegalStateException("dataset was already set to " + this.dataset.directory()
            + "; build one suite per dataset");
      }
      this.dataset = requireNonNull(dataset, "dataset");
      return this;
    }

    /** A judge model; call once per judge for a vote. Objective-only suites still need none. */
    public Builder judge(ChatClient judge) {
      judges.add(requireNonNull(judge, "judge"));
      return this;
    }

    /** Cases in flight per target model; {@value #DEFAULT_CONCURRENCY} by default. */
    public Builder concurrency(int concurrency) {
      this.concurrency = settings.once("concurrency", Range.CONCURRENCY.check("concurrency", concurrency));
      return this;
    }

    /** How often a judge's malformed answer is asked again before that judge counts as failed. */
    public Builder malformedRetries(int retries) {
      if (retries < 0) {
        throw new IllegalArgumentException("malformedRetries must be 0 or more, but was " + retries);
      }
      this.malformedRetries = settings.once("malformedRetries", retries);
      return this;
    }

    /** The limit on building and querying one execution case's in-memory database. */
    public Builder queryTimeout(Duration timeout) {
      requireNonNull(timeout, "timeout");
      this.queryTimeout = settings.once("queryTimeout", Range.QUERY_TIMEOUT_MILLIS.check("queryTimeout", timeout));
      return this;
    }

    /** The row cap of one execution case's query. */
    public Builder maxRows(int maxRows) {
      this.maxRows = settings.once("maxRows", Range.MAX_ROWS.check("maxRows", maxRows));
      return this;
    }

    public CapabilitySuite build() {
      if (dataset == null) {
        throw new IllegalStateException("dataset is required; call dataset(directory, configFile)");
      }
      boolean needsJudges = dataset.config().metrics().stream()
          .anyMatch(m -> m.scored() && m.evaluation() != Evaluation.OBJECTIVE);
      if (needsJudges && judges.isEmpty()) {
        throw new IllegalStateException("the suite has subjective or hybrid metrics, so it needs at least one "
            + "judge(ChatClient.builder()...build())");
      }
      return new CapabilitySuite(this);
    }
  }
}
