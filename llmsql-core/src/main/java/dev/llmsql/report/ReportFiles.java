package dev.llmsql.report;

import dev.llmsql.files.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;

/**
 * Writes output files atomically: a reader never sees half a file, and a failed write leaves the old one. The
 * one place every report, page and table this project writes goes through, and the one check of where they go:
 * a target that exists and is not a regular file, or that is an input of the same run, is refused with an
 * {@link OutputTargetException} before a byte is written (rename-into-place would otherwise replace a FIFO, a
 * device or the run's own database with a regular file).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * ReportFiles.requireWritableTarget(Path.of("report.html"), RunInputs.none().with("database", Path.of("db.sqlite")));
 * ReportFiles.write(Path.of("report.html"), out -> HtmlReport.write(report, out));
 * }</pre>
 */
public final class ReportFiles {

  private ReportFiles() {
  }

  /** Writes what the given content writes to {@code out}. */
  @FunctionalInterface
  public interface Content {
    /** Writes the content; {@code out} is closed by the caller. */
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Writes {@code content} to a temporary file beside {@code file}, then renames it into place. A link is
   * followed, as a shell's {@code >} does: the file it leads to is replaced and the link stays (renaming onto
   * the link itself would replace {@code /dev/stdout} or a user's link with a regular file).
   *
   * @throws OutputTargetException if {@code file} exists and is not a regular file
   */
  public static void write(Path target, Content content) throws IOException {
    requireWritableTarget(target, RunInputs.none());
    Path file = Files.isSymbolicLink(target) && Files.exists(target) ? target.toRealPath() : target;
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    AtomicFiles.write(file, tmp -> {
      try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        content.writeTo(out);
      }
    });
  }

  /**
   * The one check of an output target, run before any work: refuses {@code target} if it exists and is not a
   * regular file (links followed: a link to {@code /dev/null} is refused too), or if it is the same file as one
   * of the run's {@code inputs} (same real path, or the same file under another name or link).
   *
   * @param inputs the run's input files by what they are ({@code "database"}, {@code "questions file"}), for the
   *     message; missing ones are ignored
   * @throws OutputTargetException naming the target and, for an input, which one
   */
  public static void requireWritableTarget(Path target, RunInputs inputs) {
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      throw new OutputTargetException(target, "exists and is not a regular file ("
          + (Files.isDirectory(target) ? "a directory" : "a device, FIFO or socket") + "); choose another path");
    }
    for (Map.Entry<String, Path> input : inputs.files().entrySet()) {
      if (sameFile(target, input.getValue())) {
        throw new OutputTargetException(target, "is the " + input.getKey() + " of this run (" + input.getValue()
            + "), an input that must not be overwritten; choose another path");
      }
    }
  }

  /**
   * Why reports could not be written into {@code dir}, or empty when they can: the nearest part of it that exists
   * must be a writable directory (the rest is made). Checked before any work, like {@link #requireWritableTarget},
   * so a run never ends unable to save what it computed.
   */
  public static Optional<String> unwritableDirectory(Path dir) {
    Optional<String> notADirectory = notADirectory(dir);
    if (notADirectory.isPresent()) {
      return notADirectory;
    }
    Path existing = nearestExisting(dir);
    if (existing != null && !Files.isWritable(existing)) {
      return Optional.of("the directory " + existing + " is not writable; choose another path");
    }
    return Optional.empty();
  }

  /**
   * Why {@code dir} could not be a directory, or empty when it can: the nearest part of it that exists is a file.
   * Unlike {@link #unwritableDirectory}, a directory that cannot be written passes: for a cache or a download
   * folder a run may read without writing to it.
   */
  public static Optional<String> notADirectory(Path dir) {
    Path existing = nearestExisting(dir);
    if (existing != null && !Files.isDirectory(existing)) {
      return Optional.of(existing + " is a file, not a directory; choose another path");
    }
    return Optional.empty();
  }

  /** The nearest part of {@code dir} that exists (itself, or a parent), absolute; null when none does. */
  private static Path nearestExisting(Path dir) {
    Path existing = dir.toAbsolutePath().normalize();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    return existing;
  }

  /** {@link #requireWritableTarget(Path, RunInputs)} with {@code RunInputs.of(inputs)}. */
  public static void requireWritableTarget(Path target, Map<String, Path> inputs) {
    requireWritableTarget(target, RunInputs.of(inputs));
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      if (Files.exists(a) && Files.exists(b)) {
        return Files.isSameFile(a, b);
      }
    } catch (IOException e) {
      // fall back to comparing where the paths lead
    }
    return real(a).equals(real(b));
  }

  /** Where a path leads: its real path, or for a file not yet there its parent's real path and its name. */
  private static Path real(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    try {
      return abs.toRealPath();
    } catch (IOException e) {
      Path parent = abs.getParent();
      try {
        return parent == null || abs.getFileName() == null ? abs
            : parent.toRealPath(new LinkOption[0]).resolve(abs.getFileName());
      } catch (IOException e2) {
        return abs;
      }
    }
  }
}
