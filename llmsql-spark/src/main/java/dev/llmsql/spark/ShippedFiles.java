package dev.llmsql.spark;

import dev.llmsql.files.AtomicFiles;
import dev.llmsql.threads.DaemonThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkContext;

/**
 * Benchmark files the driver ships to executors ({@code SparkContext.addFile}), each under a name made of what it
 * holds. Spark keeps a shipped file for the session by its file name and refuses a second file of that name with
 * other contents ("exists and does not match contents"), so a session that evaluates a changed or another
 * {@code questions.jsonl} needs a new name for it; the same file again keeps its name and is not shipped twice.
 */
final class ShippedFiles {

  /** Where the driver keeps the files it ships, one per name, for the JVM's life. */
  private static Path staging;

  private ShippedFiles() {
  }

  /** The SHA-256 of a file's bytes, in hex. */
  static String contentHash(Path file) {
    MessageDigest digest = sha256();
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /**
   * A hash of a file's or directory tree's path, sizes and modification times: a database (LLMSQL's is 100 MB,
   * BIRD's directory gigabytes) is not read whole on every evaluation to name it, and a database replaced in
   * place gets a new size or time.
   */
  static String identityHash(Path fileOrDirectory) {
    MessageDigest digest = sha256();
    Path root = fileOrDirectory.toAbsolutePath().normalize();
    try (Stream<Path> walk = Files.walk(root)) {
      List<Path> files = walk.sorted().toList();
      for (Path p : files) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        digest.update((root.relativize(p) + "\u0000" + a.size() + "\u0000" + a.lastModifiedTime().toMillis()
            + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + root + ": " + e.getMessage(), e);
    }
    digest.update(root.toString().getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest.digest());
  }

  /**
   * Ships {@code file} (a directory when {@code recursive}) under a name of its {@code hash} and its own name,
   * unless the session has it already, and returns that name ({@code SparkFiles.get} takes it on executors).
   */
  static synchronized String ship(SparkContext sc, Path file, String hash, boolean recursive) {
    Path source = file.toAbsolutePath().normalize();
    String name = "llmsql-" + hash.substring(0, 16) + "-" + source.getFileName();
    for (String added : scala.jdk.javaapi.CollectionConverters.asJava(sc.listFiles())) {
      if (added.endsWith("/" + name)) {
        return name;
      }
    }
    try {
      if (staging == null) {
        staging = Files.createTempDirectory("llmsql-spark-files-");
        Path dir = staging;
        Runtime.getRuntime().addShutdownHook(DaemonThreads.named("llmsql-spark-shipped").newThread(() -> delete(dir)));
      }
      Path staged = staging.resolve(name);
      if (!Files.exists(staged)) {
        stage(source, staged);
      }
      sc.addFile(staged.toString(), recursive);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot ship " + source + " to the executors: " + e.getMessage(), e);
    }
    return name;
  }

  /**
   * Puts {@code source} (a file or a tree) at {@code target}: hard links where the file system allows (no copy of
   * a large database), else copies. Not a symbolic link: addFile resolves one and ships the file under the name
   * it links to.
   */
  private static void stage(Path source, Path target) throws IOException {
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    delete(partial);
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : walk.sorted().toList()) {
        Path to = partial.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          try {
            Files.createLink(to, p);
          } catch (IOException | UnsupportedOperationException notLinked) {
            Files.copy(p, to);
          }
        }
      }
    }
    AtomicFiles.moveIntoPlace(partial, target);
  }

  /** Deletes a file or tree, as far as it can: what is left is a temporary file. */
  private static void delete(Path path) {
    if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      // left in the temporary directory
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
