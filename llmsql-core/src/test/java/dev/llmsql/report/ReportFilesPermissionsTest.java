package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A report gets the permissions the user's umask gives any new file (as a shell's {@code >} does), not the
 * owner-only 0600 of a temporary file. The umask is a process property, so each case runs a JVM under
 * {@code sh -c 'umask ...'}.
 */
class ReportFilesPermissionsTest {

  /** Writes a one-line report to {@code args[0]} through {@link ReportFiles#write}. */
  public static void main(String[] args) throws IOException {
    ReportFiles.write(Path.of(args[0]), out -> out.write("{}\n".getBytes(StandardCharsets.UTF_8)));
  }

  @ParameterizedTest
  @CsvSource({"022, rw-r--r--", "002, rw-rw-r--", "077, rw-------"})
  void theFinalFileHasTheUmaskPermissions(String umask, String expected, @TempDir Path dir) throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX file system only");
    Path report = dir.resolve("report.json");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of("sh", "-c", "umask " + umask + " && exec \"$0\" -cp \"$1\" "
        + ReportFilesPermissionsTest.class.getName() + " \"$2\"", java, System.getProperty("java.class.path"),
        report.toString())).redirectErrorStream(true).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(output).isZero();
    assertThat(Files.readString(report)).isEqualTo("{}\n");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(report))).isEqualTo(expected);
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactly("report.json");
    }
  }
}
