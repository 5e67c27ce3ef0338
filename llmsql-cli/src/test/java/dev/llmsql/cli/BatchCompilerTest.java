package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's batch commands run their own JVM on C1 (C2 excluded by a compiler directive), others never. */
class BatchCompilerTest {

  @Test
  void evaluateInItsOwnJvm_excludesC2AndLeavesNoFileBehind(@TempDir Path tmp) throws Exception {
    String out = child(tmp, List.of(), "evaluate");

    assertThat(out).startsWith("thread started\n");
    assertThat(c2Section(out)).contains("Enable:true Exclude:true");
    try (Stream<Path> left = Files.list(tmp)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void asLaunched_leavesTheJitAlone(@TempDir Path tmp) throws Exception {
    String out = child(tmp, List.of("-D" + BatchCompiler.PROPERTY + "=as-launched"), "evaluate");

    assertThat(out).startsWith("no thread\n");
    assertThat(out).doesNotContain("Exclude:true");
  }

  @Test
  void otherCommands_leaveTheJitAlone() {
    assertThat(BatchCompiler.startFor(new String[] {"report", "r.json"})).isNull();
    assertThat(BatchCompiler.startFor(new String[] {"--help"})).isNull();
    assertThat(BatchCompiler.startFor(new String[0])).isNull();
  }

  /** The c2 part of the first directive HotSpot lists (the newest). */
  private static String c2Section(String directives) {
    int first = directives.indexOf("Directive:");
    int c2 = directives.indexOf("c2 directives:", first);
    int next = directives.indexOf("Directive:", c2);
    return directives.substring(c2, next < 0 ? directives.length() : next);
  }

  private static String child(Path tmp, List<String> flags, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + tmp));
    command.addAll(flags);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), DirectivesProbe.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isZero();
    return out;
  }

  /** Runs {@link BatchCompiler#startFor} as {@code Main} does, waits for it, and prints HotSpot's directives. */
  public static final class DirectivesProbe {
    private DirectivesProbe() {
    }

    public static void main(String[] args) throws Exception {
      Thread thread = BatchCompiler.startFor(args);
      System.out.println(thread == null ? "no thread" : "thread started");
      if (thread != null) {
        thread.join();
      }
      System.out.println(ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesPrint",
          new Object[] {new String[0]}, new String[] {String[].class.getName()}));
    }
  }
}
