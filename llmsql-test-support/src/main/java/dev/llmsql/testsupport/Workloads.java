package dev.llmsql.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Workloads of {@code ../shared/bench/make_workload.py}, generated under the module's {@code target/} once per
 * build. A test that uses one declares {@code @Requires(shared = Workloads.SHARED, programs = Program.PYTHON3)}.
 *
 * <pre>{@code
 * @Test
 * @Requires(shared = Workloads.SHARED, programs = Program.PYTHON3)
 * void smallWorkload_hasAManifest() throws Exception {
 *   assertThat(Workloads.small().resolve("manifest.json")).isRegularFile();
 * }
 * }</pre>
 */
public final class Workloads {

  /** The path {@link Requires#shared()} names. */
  public static final String SHARED = "bench/make_workload.py";

  private Workloads() {
  }

  /** The small workload ({@code --small}: 2,000 questions on 500 tables, 1,000 predictions). */
  public static synchronized Path small() throws Exception {
    Path script = SharedFiles.path(SHARED);
    Path out = Path.of("target", "workload-small").toAbsolutePath();
    if (Files.exists(out.resolve("manifest.json"))) {
      return out;
    }
    Process process = new ProcessBuilder("python3", script.toString(), out.toString(), "--small")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException("make_workload.py did not finish in 2 minutes");
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException("make_workload.py failed with status " + process.exitValue());
    }
    return out;
  }
}
