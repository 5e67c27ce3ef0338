package dev.llmsql.cli;

import dev.llmsql.threads.DaemonThreads;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs {@code java -jar llmsql.jar evaluate ...} again in a child JVM with the flags of {@code bin/llmsql}
 * (C1 only, the serial collector), which a jar cannot set for the JVM that opens it. A default JVM's C2
 * compiler takes about as much CPU as the evaluation itself on a 2-core machine (docs/PERFORMANCE.md); the
 * child's start costs a few tens of milliseconds. Only for {@code evaluate} started as {@code java [options]
 * -jar FILE}, only when the options choose no compiler level, and never in the child itself;
 * {@code LLMSQL_BATCH_JVM=off} runs in the first JVM. The child inherits standard input, output and error and
 * the environment, and its exit status is returned; it is stopped if this JVM is.
 *
 * <pre>{@code
 * Integer status = BatchJvm.run(args);  // null: run here
 * }</pre>
 */
final class BatchJvm {

  /** Set in the child, so that it runs the command itself. */
  static final String CHILD = "llmsql.batch-jvm";

  private BatchJvm() {
  }

  /** The child's exit status, or null when this JVM should run the command itself. */
  static Integer run(String[] args) {
    if (args.length == 0 || !args[0].equals("evaluate") || System.getProperty(CHILD) != null
        || "off".equals(System.getenv("LLMSQL_BATCH_JVM"))) {
      return null;
    }
    List<String> command = command(ProcessHandle.current().info());
    if (command == null) {
      return null;
    }
    Process child;
    try {
      child = new ProcessBuilder(command).inheritIO().start();
    } catch (IOException | RuntimeException e) {
      return null;
    }
    Runtime.getRuntime().addShutdownHook(DaemonThreads.named("llmsql-batch-jvm-stop").newThread(child::destroy));
    boolean interrupted = false;
    while (true) {
      try {
        int status = child.waitFor();
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
        return status;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
  }

  /**
   * {@code java [batch flags] -D<CHILD> [this JVM's options] -jar FILE [arguments]}, or null when this JVM was
   * not started as {@code java ... -jar FILE}, or its options already choose a compiler level.
   */
  static List<String> command(ProcessHandle.Info info) {
    Optional<String> java = info.command();
    Optional<String[]> arguments = info.arguments();
    if (java.isEmpty() || arguments.isEmpty()) {
      return null;
    }
    String[] all = arguments.get();
    int jar = List.of(all).indexOf("-jar");
    if (jar < 0 || jar + 1 >= all.length) {
      return null;
    }
    List<String> options = List.of(all).subList(0, jar);
    boolean collector = false;
    for (String option : options) {
      if (option.startsWith("-XX:TieredStopAtLevel") || option.contains("TieredCompilation")
          || option.startsWith("-D" + CHILD) || option.startsWith("@") || option.equals("-Xint")) {
        return null;
      }
      collector |= option.startsWith("-XX:+Use") && option.endsWith("GC");
    }
    List<String> command = new ArrayList<>();
    command.add(java.get());
    command.add("-XX:TieredStopAtLevel=1");
    if (!collector) {
      command.add("-XX:+UseSerialGC");
    }
    command.add("-D" + CHILD + "=child");
    command.addAll(options);
    command.addAll(List.of(all).subList(jar, all.length));
    return command;
  }
}
