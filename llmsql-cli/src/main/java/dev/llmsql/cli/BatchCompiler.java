package dev.llmsql.cli;

import dev.llmsql.threads.DaemonThreads;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the JVM of a batch command ({@code evaluate}, {@code audit}, {@code dataset}) on the C1 compiler, as
 * {@code bin/llmsql} does with {@code -XX:TieredStopAtLevel=1}, for a plain {@code java -jar llmsql.jar} whose
 * flags only the user sets. A run lasts seconds: C2 spent 3.5 s of CPU compiling on the full LLMSQL preset, on
 * a 2-core machine where the two evaluation threads want both cores, and finished its best code after most of
 * the work was done (docs/PERFORMANCE.md). The CLI owns its JVM, so it may choose; the library never does this
 * to its host.
 *
 * <p>Through HotSpot's compiler directives ({@code Compiler.directives_add}, the documented
 * {@code DiagnosticCommand} MBean), on a daemon thread so that the command does not wait for it. Methods C2
 * would have compiled are compiled by C1 instead. {@code -Dllmsql.jit=as-launched} leaves the JIT as the
 * {@code java} command set it; anything that fails (another JVM, no {@code jdk.management}) leaves it too.
 *
 * <pre>{@code
 * BatchCompiler.startFor(args);   // first thing in main
 * }</pre>
 */
final class BatchCompiler {

  /** {@code c1} (the default: C2 off for batch commands) or {@code as-launched} (the JIT left alone). */
  static final String PROPERTY = "llmsql.jit";

  static final String DIRECTIVES = "[{ match: \"*.*\", c2: { Exclude: true } }]";

  private static final Set<String> BATCH_COMMANDS = Set.of("evaluate", "audit", "dataset");
  private static final Logger LOG = LoggerFactory.getLogger(BatchCompiler.class);

  private BatchCompiler() {
  }

  /**
   * Starts turning C2 off when {@code args} name a batch command and {@value #PROPERTY} allows it; the
   * thread that does it, or null when nothing is done.
   */
  static Thread startFor(String[] args) {
    String mode = System.getProperty(PROPERTY, "c1");
    if (!mode.equals("c1") || args.length == 0 || !BATCH_COMMANDS.contains(args[0])) {
      return null;
    }
    return DaemonThreads.start("llmsql-jit", BatchCompiler::c1Only);
  }

  /** Adds the directive; true when HotSpot took it. */
  static boolean c1Only() {
    Path file = null;
    try {
      // the command takes a file name only; the file is read once, then deleted
      file = Files.createTempFile("llmsql-jit-", ".json");
      Files.writeString(file, DIRECTIVES, StandardCharsets.UTF_8);
      Object answer = ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
          new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
      boolean added = String.valueOf(answer).startsWith("1 compiler directives added");
      LOG.debug("C2 off for this run: {}", String.valueOf(answer).strip());
      return added;
    } catch (Exception | LinkageError e) {
      LOG.debug("the JIT is left as launched: {}", e.toString());
      return false;
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (Exception e) {
          LOG.debug("could not delete {}: {}", file, e.toString());
        }
      }
    }
  }
}
