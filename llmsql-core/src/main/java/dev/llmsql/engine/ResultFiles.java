package dev.llmsql.engine;

import dev.llmsql.execution.QueryResult;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Files a submission names (a predictions line's {@code result_csv}, a submission directory's {@code <id>.csv}
 * and {@code <id>.sql}): untrusted names, so each must stay inside the submission's directory (no absolute path,
 * no {@code ..}, no link leading out), be a regular file, and be no larger than the bound.
 */
final class ResultFiles {

  /** The largest {@code <id>.sql} read: the bound on a predictions line. */
  static final long MAX_SQL_BYTES = JsonLines.MAX_LINE_BYTES;

  private ResultFiles() {
  }

  /** A confined file, or why the name cannot be used (then {@code file} is null). */
  record Resolved(Path file, String problem) { }

  static Resolved resolve(Path base, String name) {
    return resolve(base, name, "result file");
  }

  /** {@link #resolve(Path, String)}, the file called {@code what} in messages. */
  static Resolved resolve(Path base, String name, String what) {
    String shown = what + " \"" + name + "\"";
    if (name.isBlank() || name.indexOf('\0') >= 0) {
      return problem(shown + " is not a file name; give a path relative to " + base);
    }
    Path relative;
    try {
      relative = Path.of(name);
    } catch (InvalidPathException e) {
      return problem(shown + " is not a valid path (" + e.getReason() + ")");
    }
    if (relative.isAbsolute() || name.startsWith("/") || name.startsWith("\\") || relative.getRoot() != null) {
      return problem(shown + " is an absolute path; give a path relative to " + base);
    }
    for (Path part : relative) {
      if (part.toString().equals("..")) {
        return problem(shown + " leaves the submission directory " + base
            + " (..); give a path inside it");
      }
    }
    Path file = base.resolve(relative).normalize();
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.exists(file)) {
      return problem(shown + " not found in " + base);
    }
    try {
      Path real = file.toRealPath();
      if (!real.startsWith(base.toRealPath())) {
        return problem(shown + " is a link leading out of the submission directory " + base
            + "; copy the file in instead");
      }
      if (!Files.isRegularFile(real)) {
        return problem(shown + " is not a regular file");
      }
      long size = Files.size(real);
      long max = what.equals("result file") ? QueryResult.MAX_CSV_BYTES : MAX_SQL_BYTES;
      if (size > max) {
        return problem(shown + " holds " + size + " bytes, more than the " + max + " a " + what + " may hold");
      }
      return new Resolved(real, null);
    } catch (IOException e) {
      return problem(shown + " cannot be read (" + e + ")");
    }
  }

  private static Resolved problem(String message) {
    return new Resolved(null, message);
  }

  /** A submission's {@code <id>.sql}, as UTF-8 text. */
  static String readSql(Path file) throws IOException {
    if (Files.size(file) > MAX_SQL_BYTES) {
      throw new IllegalArgumentException(file + " is larger than " + MAX_SQL_BYTES + " bytes");
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(file + " is not UTF-8 text");
    }
  }
}
