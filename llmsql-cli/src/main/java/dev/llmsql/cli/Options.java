package dev.llmsql.cli;

import dev.llmsql.config.Range;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.sqlite.download.LlmsqlHub;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reading option values for every command, with one wording for every bad value. Each numeric option is
 * checked against the same {@link Range} its builder applies, when the command line is read: a bad value is
 * a usage error (exit 2) with one line, never a failure halfway through a run.
 *
 * <pre>{@code
 * int threads = Options.number("--threads", value, Range.THREADS);
 * // "--threads takes a whole number between 1 and 256, but was '0'"
 * }</pre>
 */
final class Options {

  private Options() {
  }

  /** {@code value} as a whole number in {@code range}. */
  static int number(String name, String value, Range range) {
    return (int) range.parse(name, value);
  }

  /** {@code value} as seconds (decimals allowed) in {@code range} (of milliseconds). */
  static Duration seconds(String name, String value, Range range) {
    return Duration.ofMillis(range.parse(name, value));
  }

  /** {@code value} as an http or https URL. */
  static URI url(String name, String value) {
    return Range.httpUrl(name, value);
  }

  /** {@code --version}: an LLMSQL release, checked as the library checks it. */
  static String version(String name, String value) {
    try {
      return dev.llmsql.benchmark.Benchmarks.requireLlmsqlVersion(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + " takes 1.0 or 2.0, but was " + Range.quote(value));
    }
  }

  /**
   * The query engines on the class path ({@link QueryEngines#all()}; the fat jar holds llmsql-sqlite and
   * llmsql-jdbc), as {@code --engine} takes them: sqlite, the default, first, then the others by name.
   */
  static List<String> engines() {
    return QueryEngines.all().stream().map(e -> e.name().toLowerCase(Locale.ROOT)).distinct()
        .sorted(Comparator.comparing((String e) -> !e.equals("sqlite")).thenComparing(Comparator.naturalOrder()))
        .toList();
  }

  /** {@code a}, {@code a or b}, {@code a, b or c}. */
  static String or(List<String> words) {
    int n = words.size();
    return n <= 1 ? String.join("", words) : String.join(", ", words.subList(0, n - 1)) + " or " + words.get(n - 1);
  }

  /** {@code --engine}: one of {@link #engines()}, in any case. */
  static String engine(String name, String value) {
    String engine = value.strip().toLowerCase(Locale.ROOT);
    List<String> engines = engines();
    if (!engines.contains(engine)) {
      throw new IllegalArgumentException(name + " takes " + or(engines) + ", but was " + Range.quote(value));
    }
    requireDriver(name + " " + engine, engine, Options.class.getClassLoader());
    return engine;
  }

  /** Gives {@code command}'s {@code --engine} the help {@code description}, made when help is shown. */
  static picocli.CommandLine describeEngine(picocli.CommandLine command, Supplier<String> description) {
    return RegistryHelp.install(command, java.util.Map.of("engine", description));
  }

  /** The engines {@code --engine} takes, for its help ({@code ${COMPLETION-CANDIDATES}}) and shell completion. */
  static final class EngineNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return engines().iterator();
    }
  }

  /**
   * Refuses an engine that {@code loader} lacks a part of ({@link dev.llmsql.execution.QueryEngine#missing}),
   * naming what asked for it ({@code given}, e.g. {@code --engine duckdb}): the SQLite-only jar (llmsql-sqlite.jar)
   * leaves out DuckDB's and PostgreSQL's drivers, which would otherwise fail later as "No suitable driver".
   */
  static void requireDriver(String given, String engine, ClassLoader loader) {
    for (QueryEngine e : QueryEngines.all()) {
      String missing = e.name().equalsIgnoreCase(engine) ? e.missing(loader) : null;
      if (missing != null) {
        throw new IllegalArgumentException(given + ": this jar has no " + missing + " (llmsql-sqlite.jar runs SQLite "
            + "only); run llmsql.jar, which has every engine");
      }
    }
  }

  /**
   * A {@code --db-path} named for DuckDB ({@code .duckdb}, {@code .ddb}) on a jar without DuckDB's driver: refused,
   * naming the jar to run (it failed later as "No suitable driver found").
   */
  static void requireDriverFor(Path db, ClassLoader loader) {
    String name = db.getFileName() == null ? "" : db.getFileName().toString();
    if (name.endsWith(".duckdb") || name.endsWith(".ddb")) {
      requireDriver("--db-path " + db, "duckdb", loader);
    }
  }

  /** {@code value} as a rate in [0, 1], e.g. 0.7 for 70%. */
  static double rate(String name, String value) {
    double d = decimal(name, value);
    if (d < 0 || d > 1) {
      throw new IllegalArgumentException(name + " takes a rate between 0 and 1 (0.7 for 70%), but was "
          + Range.quote(value));
    }
    return d;
  }

  /** {@code value} as a finite number of at least 0. */
  static double nonNegative(String name, String value) {
    double d = decimal(name, value);
    if (d < 0) {
      throw new IllegalArgumentException(name + " takes a number of at least 0, but was " + Range.quote(value));
    }
    return d;
  }

  private static double decimal(String name, String value) {
    double d;
    try {
      d = Double.parseDouble(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " takes a number such as 0.7, but was " + Range.quote(value));
    }
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException(name + " takes a finite number such as 0.7, but was " + Range.quote(value));
    }
    return d;
  }

  /** {@code --shots}: the worked examples the prompts come with. */
  static int shots(String name, String value) {
    return switch (value.strip()) {
      case "0" -> 0;
      case "1" -> 1;
      case "5" -> 5;
      default -> throw new IllegalArgumentException(name + " takes 0, 1 or 5, but was " + Range.quote(value));
    };
  }

  /** {@code --temperature}: sampling temperature, 0 to 2 as OpenAI-compatible servers take it. */
  static double temperature(String name, String value) {
    double t;
    try {
      t = Double.parseDouble(value.strip());
    } catch (NumberFormatException e) {
      t = Double.NaN;
    }
    if (!(t >= 0 && t <= 2)) {
      throw new IllegalArgumentException(name + " takes a number between 0 and 2, but was " + Range.quote(value));
    }
    return t;
  }

  /**
   * {@code --quiet}/{@code -q} and {@code --verbose}/{@code -v} of a command, which exclude each other; a picocli
   * mixin, listed under the command's last heading.
   */
  static final class Feedback {
    @picocli.CommandLine.Option(names = {"--quiet", "-q"}, order = 9998,
        description = "no progress on standard error (the results still go to standard output)")
    boolean quiet;
    @picocli.CommandLine.Option(names = {"--verbose", "-v"}, order = 9999,
        description = "also the files used, the run's settings and cached downloads used")
    boolean verbose;

    /** Refuses both at once. */
    void check() {
      if (quiet && verbose) {
        throw new IllegalArgumentException("--quiet and --verbose exclude each other; choose one");
      }
    }

    /** evaluate's bar (or periodic lines off a terminal) on {@code err}; null with {@code --quiet}. */
    Progress progress(PrintStream err, Terminal terminal) {
      return quiet ? null : new Progress(err, terminal, System::nanoTime, Progress.DEFAULT_LINE_NANOS, 0);
    }
  }

  /**
   * {@code --version}, {@code --workdir-path}, {@code --hub-endpoint}, {@code --download-min-rate},
   * {@code --download-rate-window} and {@code --download-max-file-bytes}: where a command's LLMSQL download comes
   * from, how slow it may go and how large a file may be, spelt and checked the same in every command that
   * downloads; a picocli mixin.
   */
  static final class Hub {
    @picocli.CommandLine.Option(names = "--version", paramLabel = "1.0|2.0", order = 100,
        converter = Converters.Version.class)
    String version;
    @picocli.CommandLine.Option(names = "--workdir-path", paramLabel = "DIR", order = 101)
    Path workdir;
    @picocli.CommandLine.Option(names = "--hub-endpoint", paramLabel = "URL", order = 102,
        converter = Converters.HttpUrl.class)
    URI hubEndpoint;
    @picocli.CommandLine.Option(names = "--download-min-rate", paramLabel = "BYTES/S", order = 102,
        converter = Converters.DownloadMinRate.class)
    Integer minimumRate;
    @picocli.CommandLine.Option(names = "--download-rate-window", paramLabel = "SECONDS", order = 102,
        converter = Converters.DownloadRateWindow.class)
    java.time.Duration rateWindow;
    @picocli.CommandLine.Option(names = "--download-max-file-bytes", paramLabel = "BYTES", order = 102,
        converter = Converters.DownloadMaxFileBytes.class)
    Long maxFileBytes;

    /** Whether the minimum download rate or its window was given. */
    boolean rateGiven() {
      return minimumRate != null || rateWindow != null;
    }

    long minimumRateOrDefault() {
      return minimumRate != null ? minimumRate : LlmsqlHub.DEFAULT_MINIMUM_RATE;
    }

    java.time.Duration rateWindowOrDefault() {
      return rateWindow != null ? rateWindow : LlmsqlHub.DEFAULT_RATE_WINDOW;
    }

    /**
     * What is wrong with {@code --workdir-path}, checked before any work: a file where the folder goes stopped the
     * download with "Not a directory", naming no option. One that cannot be written passes: what it holds may be
     * all a run needs.
     */
    Optional<String> workdirProblem() {
      return workdir == null ? Optional.empty()
          : OutputTargets.readableDirectoryProblem("--workdir-path", workdir, "the benchmark is downloaded into");
    }

    /** The version asked for; LLMSQL 2.0 when none was. */
    String versionOrDefault() {
      return version != null ? version : "2.0";
    }

    /** The download these options name. */
    LlmsqlHub hub() {
      LlmsqlHub.Builder hub = LlmsqlHub.builder().version(versionOrDefault());
      if (workdir != null) {
        hub.workdir(workdir);
      }
      if (hubEndpoint != null) {
        hub.endpoint(hubEndpoint);
      }
      if (rateGiven()) {
        hub.minimumRate(minimumRateOrDefault()).rateWindow(rateWindowOrDefault());
      }
      if (maxFileBytes != null) {
        hub.maxFileBytes(maxFileBytes);
      }
      return hub.build();
    }
  }
}
