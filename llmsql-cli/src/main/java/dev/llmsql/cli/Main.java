package dev.llmsql.cli;

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

  public static void main(String[] args) {
    // Library modules log through SLF4J only; the CLI keeps its binding quiet unless asked.
    boolean verbose = java.util.Arrays.asList(args).contains("--verbose")
        || java.util.Arrays.asList(args).contains("-v");
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
        System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "debug" : "warn"));
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    System.exit(new Cli(System.out, System.err, Terminal.detect()).run(args));
  }
}
