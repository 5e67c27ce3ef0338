package dev.llmsql.engine;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.judgement.Judge;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.scoring.Scoring;
import java.nio.file.Path;
import java.util.List;

/**
 * What one {@link EvaluationEngine} runs with, built by the caller ({@link dev.llmsql.Evaluator}, the audit) from its
 * own validated settings; the engine validates nothing of it again.
 */
public final class EngineSettings {
  final BenchmarkSource source;
  final Judge judge;
  final List<Scoring> scorings;
  final QueryEngine queryEngine;
  final QueryExecutor executor;
  final ExecutionLimits limits;
  final int threads;
  final Path goldCacheDir;
  final int keepMismatches;
  final boolean keepResults;
  final List<EvaluationListener> listeners;
  final boolean allowEmpty;
  final String modelName;
  final String version;

  private EngineSettings(Builder b) {
    this.source = requireNonNull(b.source, "source");
    this.judge = requireNonNull(b.judge, "judge");
    this.scorings = List.copyOf(b.scorings);
    this.queryEngine = b.queryEngine;
    this.executor = b.executor;
    this.limits = requireNonNull(b.limits, "limits");
    this.threads = b.threads;
    this.goldCacheDir = b.goldCacheDir;
    this.keepMismatches = b.keepMismatches;
    this.keepResults = b.keepResults;
    this.listeners = List.copyOf(b.listeners);
    this.allowEmpty = b.allowEmpty;
    this.modelName = b.modelName;
    this.version = b.version;
  }

  public static Builder builder(BenchmarkSource source, Judge judge, ExecutionLimits limits) {
    Builder b = new Builder();
    b.source = source;
    b.judge = judge;
    b.limits = limits;
    b.threads = limits.concurrency();
    return b;
  }

  /** Settings of an evaluation; those not given keep the defaults shown. */
  public static final class Builder {
    private BenchmarkSource source;
    private Judge judge;
    private ExecutionLimits limits;
    private List<Scoring> scorings = List.of();
    private QueryEngine queryEngine;
    private QueryExecutor executor;
    private int threads;
    private Path goldCacheDir;
    private int keepMismatches;
    private boolean keepResults = true;
    private List<EvaluationListener> listeners = List.of();
    private boolean allowEmpty;
    private String modelName;
    private String version;

    private Builder() {
    }

    /** The scorings, in report order; none by default. */
    public Builder scorings(List<Scoring> scorings) {
      this.scorings = scorings;
      return this;
    }

    /** The engine that opens the benchmark's databases (null: the one its files name), or a caller's executor. */
    public Builder databases(QueryEngine queryEngine, QueryExecutor executor) {
      this.queryEngine = queryEngine;
      this.executor = executor;
      return this;
    }

    /** Judging threads; default the limits' concurrency. */
    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    /** Where gold outcomes are cached across runs; null (the default) for no cache. */
    public Builder goldCacheDir(Path dir) {
      this.goldCacheDir = dir;
      return this;
    }

    /** How many mismatches keep their rows (default 0), and whether every result is kept (default yes). */
    public Builder keep(int keepMismatches, boolean keepResults) {
      this.keepMismatches = keepMismatches;
      this.keepResults = keepResults;
      return this;
    }

    /** Who is told of progress, results and mismatches; none by default. */
    public Builder listeners(List<EvaluationListener> listeners) {
      this.listeners = listeners;
      return this;
    }

    /** Whether an empty predictions file or questions file is a valid run; default no. */
    public Builder allowEmpty(boolean allowEmpty) {
      this.allowEmpty = allowEmpty;
      return this;
    }

    /** The model's name and the benchmark version for the report; both null (unknown) by default. */
    public Builder model(String modelName, String version) {
      this.modelName = modelName;
      this.version = version;
      return this;
    }

    public EngineSettings build() {
      return new EngineSettings(this);
    }
  }
}
