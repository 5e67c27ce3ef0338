package dev.llmsql.sqlite;

import dev.llmsql.files.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * sqlite-jdbc's native library kept in a directory between JVM starts. Without it, sqlite-jdbc copies the
 * library out of its jar into the temp directory and reads both back to compare them on every start (about
 * 0.1 s of CPU, a tenth of a short CLI run). Opt-in through the system property {@value #PROPERTY}, which the
 * {@code bin/llmsql} launcher sets to its cache directory; the copy is checked against the jar entry's size and
 * CRC-32 before every use, and written under a temporary name and moved into place, so a torn or stale copy is
 * never loaded. Anything unexpected leaves sqlite-jdbc to its own extraction.
 *
 * <pre>{@code
 * NativeLibraryCache.prepare();  // before the first connection
 * }</pre>
 */
final class NativeLibraryCache {

  /** The directory to keep the library in; unset, sqlite-jdbc extracts it on each start as usual. */
  static final String PROPERTY = "llmsql.sqlite.native-dir";

  private static final Logger LOG = LoggerFactory.getLogger(NativeLibraryCache.class);

  private static boolean done;

  private NativeLibraryCache() {
  }

  /** Points sqlite-jdbc at the kept copy (made first if missing), once per JVM; a no-op without the property. */
  static synchronized void prepare() {
    if (done) {
      return;
    }
    done = true;
    String dir = System.getProperty(PROPERTY);
    if (dir == null || dir.isBlank() || System.getProperty("org.sqlite.lib.path") != null) {
      return;
    }
    try {
      use(Path.of(dir));
    } catch (IOException | RuntimeException e) {
      LOG.debug("sqlite-jdbc extracts its native library itself: {}", e.toString());
    }
  }

  private static void use(Path dir) throws IOException {
    String name = LibraryLoaderUtil.getNativeLibName();
    URL url = SQLiteJDBCLoader.class.getResource(LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name);
    if (url == null) {
      return;
    }
    URLConnection connection = url.openConnection();
    if (!(connection instanceof JarURLConnection jar)) {
      return;
    }
    JarEntry entry = jar.getJarEntry();
    long size = entry.getSize();
    long crc = entry.getCrc();
    if (size < 0 || crc < 0) {
      return;
    }
    Path folder = dir.resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion() + "-" + Long.toHexString(crc));
    Path library = folder.resolve(name);
    if (!matches(library, size, crc)) {
      Files.createDirectories(folder);
      AtomicFiles.write(library, partial -> {
        try (InputStream in = connection.getInputStream()) {
          Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        }
      });
      if (!matches(library, size, crc)) {
        return;
      }
    }
    System.setProperty("org.sqlite.lib.path", folder.toString());
    System.setProperty("org.sqlite.lib.name", name);
  }

  private static boolean matches(Path file, long size, long crc) throws IOException {
    if (!Files.isRegularFile(file) || Files.size(file) != size) {
      return false;
    }
    CRC32 sum = new CRC32();
    sum.update(Files.readAllBytes(file));
    return sum.getValue() == crc;
  }
}
