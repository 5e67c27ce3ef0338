package dev.llmsql.cli;

import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Entry point of {@code llmsql.jar}: runs {@link Cli} and exits with its status.
 *
 * <pre>{@code
 * java -jar llmsql.jar evaluate --outputs outputs.jsonl --questions-path q.jsonl --db-path db.sqlite
 * }</pre>
 */
public final class Main {

  private Main() {
  }

  public static void main(String[] args) throws java.io.IOException {
    String serve = System.getProperty(EvaluateDaemon.SERVE_PROPERTY);
    if (serve != null) {
      // the logger must find System.err at each line: a served run's is its client's
      System.setProperty("org.slf4j.simpleLogger.cacheOutputStream", "false");
    }
    // a daemon's args are its launcher's, and a served run's logging reaches its client: never verbose
    configureLogging(serve == null && Cli.asksVerbose(java.util.List.of(args)));
    if (serve != null) {
      if (!DaemonAdmission.admits(java.util.List.of(args))) {
        // the launcher cannot tell; a daemon for a command line it would decline would warm up and idle for nothing
        System.exit(0);
      }
      // bin/llmsql starts this in the background with its output going nowhere: it serves until idle
      EvaluateDaemon daemon = new EvaluateDaemon(Path.of(serve),
          EvaluateDaemon.idleFrom(System.getenv(EvaluateDaemon.IDLE_VARIABLE)), () -> System.exit(130));
      // the launcher passes its own command line: its inputs are what the warm-up evaluates
      daemon.warmUpAfter(EvaluateDaemon.launcherEnded(System.getProperty(EvaluateDaemon.LAUNCHER_PROPERTY)),
          java.util.List.of(args));
      daemon.serve();
      System.exit(0);
    }
    String socket = System.getProperty(EvaluateDaemon.CLIENT_PROPERTY);
    if (socket != null) {
      OptionalInt status = DaemonClient.run(Path.of(socket), args, System.console() != null, System.out,
          System.err);
      if (status.isPresent()) {
        System.exit(status.getAsInt());
      }
    }
    BatchCompiler.startFor(args);
    System.exit(new Cli(System.out, System.err, Terminal.detect()).run(args));
  }

  /**
   * Library modules log through SLF4J only; the CLI's binding shows warnings, and with {@code --verbose} our
   * own decisions ({@code dev.llmsql} at debug: judge chosen, cache hits, timings), never the connection
   * pool's or another library's debug lines; without it sqlite-jdbc is silent. A
   * {@code -Dorg.slf4j.simpleLogger...} given on the command line wins.
   */
  static void configureLogging(boolean verbose) {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
        System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
    if (verbose) {
      System.setProperty("org.slf4j.simpleLogger.log.dev.llmsql",
          System.getProperty("org.slf4j.simpleLogger.log.dev.llmsql", "debug"));
    } else {
      // sqlite-jdbc logs each failed attempt to load its native library with a stack trace; the run's one line
      // says what failed and the fix, and --verbose still shows them
      System.setProperty("org.slf4j.simpleLogger.log.org.sqlite",
          System.getProperty("org.slf4j.simpleLogger.log.org.sqlite", "off"));
    }
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
  }
}
