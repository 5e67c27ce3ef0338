package dev.llmsql.cli;

import dev.llmsql.Evaluator;
import dev.llmsql.gate.Gate;
import dev.llmsql.judgement.Judges;
import dev.llmsql.scoring.Scorings;
import java.io.PrintStream;

/** The {@link Evaluator} that {@code llmsql evaluate}'s options describe, with this command line's output. */
final class EvaluatorConfiguration {
  private final PrintStream out;
  private final PrintStream err;
  private final Terminal terminal;
  private final java.util.function.Function<String, String> environment;

  EvaluatorConfiguration(Cli cli) {
    this.out = cli.out;
    this.err = cli.err;
    this.terminal = cli.terminal;
    this.environment = cli.environment;
  }

  Evaluator.Builder configure(EvaluateCommand a) {
    Evaluator.Builder b = Evaluator.builder();
    if (a.judge != null) {
      b.judge(Judges.named(a.judge));
    }
    for (String name : a.compareJudges) {
      Judges.named(name);   // fail on an unknown name before the long run, not after it
    }
    for (String name : a.scorings) {
      b.scoring(Scorings.named(name));
    }
    if (a.download.version != null && a.questions == null) {
      b.version(a.download.version);   // with local questions it only names the version in a leaderboard entry
    }
    if (a.download.workdir != null) {
      b.workdirPath(a.download.workdir);
    }
    if (a.download.hubEndpoint != null) {
      b.hubEndpoint(a.download.hubEndpoint);
    }
    if (a.download.rateGiven()) {
      b.downloadMinimumRate(a.download.minimumRateOrDefault(), a.download.rateWindowOrDefault());
    }
    if (a.download.maxFileBytes != null) {
      b.downloadMaxFileBytes(a.download.maxFileBytes);
    }
    if (a.questions != null) {
      b.questionsPath(a.questions);
    }
    if (a.db != null && a.engine == null) {
      Options.requireDriverFor(a.db, Cli.class.getClassLoader());
      b.dbPath(a.db); // with --engine the file is given as database(...) below, which excludes dbPath
    }
    if (a.databasesDir != null) {
      b.databasesDir(a.databasesDir);
    }
    if (a.jdbcUrl != null) {
      b.database(jdbcDatabase(a));
    } else if (a.engine != null && a.db != null) {
      // a file named for one engine run by another is the user's choice: the engine decides, not the name
      b.database(dev.llmsql.execution.Database.file(a.db));
    }
    if (a.engine != null) {
      b.engine(dev.llmsql.execution.QueryEngines.named(a.engine));
    }
    if (a.noSaveReport) {
      b.noReportFile();
    } else if (a.saveReport != null) {
      b.saveReport(a.saveReport);
    }
    boolean printMismatches = a.showMismatches && !a.quiet;
    if (printMismatches) {
      b.showMismatches(out, a.maxMismatches);
    } else {
      b.showMismatches(false);
    }
    if (a.noGoldCache) {
      b.noGoldCache();
    } else if (a.goldCache != null) {
      b.goldCache(a.goldCache);
    } else if (a.download.workdir == null) {
      // the per-user cache of this command line's environment, not {workdir}/gold-cache in the current directory
      b.goldCache(Evaluator.defaultGoldCache(environment));
    }
    if (a.queryTimeout != null) {
      b.queryTimeout(a.queryTimeout);
    }
    if (a.maxRows != null) {
      b.maxRows(a.maxRows);
    }
    if (a.maxValueBytes != null) {
      b.maxValueBytes(a.maxValueBytes);
    }
    if (a.maxRowBytes != null) {
      b.maxRowBytes(a.maxRowBytes);
    }
    if (a.maxResultBytes != null) {
      b.maxResultBytes(a.maxResultBytes);
    }
    if (a.keepMismatches != null) {
      b.keepMismatches(a.keepMismatches);
    }
    // Per-question results are kept only for the --format files and the baseline that need them, so memory
    // stays flat otherwise.
    b.keepResults(!a.formats.isEmpty() || a.baseline != null || a.breakdowns
        || a.failUnder.keySet().stream().anyMatch(Gate::isLevel));
    if (a.threads != null) {
      b.threads(a.threads);
    }
    if (a.allowEmpty) {
      b.allowEmptyInput(true);
    }
    if (!a.quiet) {
      b.listener(new DownloadProgress(err, a.verbose));
      b.listener(new Progress(err, terminal, System::nanoTime, Progress.DEFAULT_LINE_NANOS,
          printMismatches ? a.maxMismatches : 0));
    }
    return b;
  }

  /**
   * The {@code --jdbc-url} database; the password comes from the environment variable {@code --jdbc-password-env}
   * names, so it is in no command line, history or process list.
   */
  private dev.llmsql.execution.Database jdbcDatabase(EvaluateCommand a) {
    if (a.db != null || a.databasesDir != null) {
      throw new IllegalArgumentException("--jdbc-url excludes --db-path and --databases-dir: give the database "
          + "one way");
    }
    return new JdbcLogin(environment).jdbcDatabase(a.jdbcUrl, a.jdbcUser, a.jdbcPasswordEnv);
  }
}
