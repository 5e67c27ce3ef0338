package dev.llmsql.sqlite.download;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.files.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * What a downloaded file was checked against, and the record of it kept beside the file in the cache
 * ({@code {file}.verified.json}: size, SHA-256, CRC-32C, what vouched for it), checked again before every
 * reuse. The recheck compares size and CRC-32C: it catches damage and truncation as surely as SHA-256 but
 * runs at memory speed (SHA-256 manages about 250 MB/s without CPU support, seconds for a large database
 * on every run); the record itself is no defence against someone who can write to the cache, nor meant to.
 */
final class Verification {

  static final String SUFFIX = ".verified.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private Verification() {
  }

  /** The facts the server published about a file; any may be unknown (null / -1). */
  record Published(String sha256, String gitSha1, long size) {
    static final Published NONE = new Published(null, null, -1);

    Published withSha256(String v) {
      return new Published(v, gitSha1, size);
    }

    Published withGitSha1(String v) {
      return new Published(sha256, v, size);
    }

    Published withSize(long v) {
      return new Published(sha256, gitSha1, v);
    }

    /** What the check rests on, for the record and messages. */
    String basis() {
      return sha256 != null ? "SHA-256 published by the hub (X-Linked-Etag)"
          : gitSha1 != null ? "git blob SHA-1 published by the hub (ETag)"
          : size >= 0 ? "size published by the server" : "content check only (the server published no digest)";
    }
  }

  /** Digests of a file on disk. */
  record Digests(long size, String sha256, String gitSha1, long crc32c) {
  }

  /** SHA-256 and git's blob SHA-1 ({@code "blob <size>\0" + bytes}) of {@code file}, in one pass. */
  static Digests digest(Path file) throws IOException {
    MessageDigest sha256 = algorithm("SHA-256");
    MessageDigest sha1 = algorithm("SHA-1");
    long size = Files.size(file);
    sha1.update(("blob " + size + "\0").getBytes(StandardCharsets.US_ASCII));
    CRC32C crc = new CRC32C();
    byte[] buffer = new byte[1 << 16];
    long read = 0;
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        sha256.update(buffer, 0, n);
        sha1.update(buffer, 0, n);
        crc.update(buffer, 0, n);
        read += n;
      }
    }
    if (read != size) {
      throw new IOException(file + " changed while it was being checked");
    }
    HexFormat hex = HexFormat.of();
    return new Digests(size, hex.formatHex(sha256.digest()), hex.formatHex(sha1.digest()), crc.getValue());
  }

  /** CRC-32C of {@code file}. */
  static long crc32c(Path file) throws IOException {
    CRC32C crc = new CRC32C();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
      while (channel.read(buffer) >= 0) {
        buffer.flip();
        crc.update(buffer);
        buffer.clear();
      }
    }
    return crc.getValue();
  }

  /**
   * Why {@code digests} do not match what was published, or null when they do (or nothing was published).
   */
  static String mismatch(Digests digests, Published published) {
    if (published.size() >= 0 && digests.size() != published.size()) {
      return "the file has " + digests.size() + " bytes but the hub published " + published.size();
    }
    if (published.sha256() != null && !published.sha256().equals(digests.sha256())) {
      return "its SHA-256 is " + digests.sha256() + " but the hub published " + published.sha256();
    }
    if (published.sha256() == null && published.gitSha1() != null && !published.gitSha1().equals(digests.gitSha1())) {
      return "its git blob SHA-1 is " + digests.gitSha1() + " but the hub published " + published.gitSha1();
    }
    return null;
  }

  /** A hex digest of {@code length} characters from an ETag-like header value, or null. */
  static String hexDigest(String header, int length) {
    if (header == null) {
      return null;
    }
    String v = header.trim();
    if (v.startsWith("W/")) {
      v = v.substring(2);
    }
    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
      v = v.substring(1, v.length() - 1);
    }
    v = v.toLowerCase(Locale.ROOT);
    return v.length() == length && v.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f') ? v : null;
  }

  static Path recordOf(Path file) {
    return file.resolveSibling(file.getFileName() + SUFFIX);
  }

  /** Writes the record of a verified file. */
  static void write(Path file, Digests digests, Published published, String source) throws IOException {
    ObjectNode record = JSON.createObjectNode();
    record.put("file", file.getFileName().toString());
    record.put("size", digests.size());
    record.put("sha256", digests.sha256());
    record.put("crc32c", String.format("%08x", digests.crc32c()));
    record.put("verified_against", published.basis());
    record.put("source", source);
    AtomicFiles.write(recordOf(file), tmp -> Files.writeString(tmp, record.toPrettyString() + "\n",
        StandardCharsets.UTF_8));
  }

  /**
   * Why the cached {@code file} must not be reused, or null when its size and CRC-32C (SHA-256 for a record
   * without one) still match the record written when it was verified.
   */
  static String problemWithCached(Path file) {
    Path recordFile = recordOf(file);
    if (!Files.isRegularFile(recordFile)) {
      return "no verification record (" + recordFile.getFileName() + "), so it may be a cut or failed download";
    }
    JsonNode record;
    try {
      record = JSON.readTree(recordFile.toFile());
    } catch (IOException e) {
      return "its verification record " + recordFile.getFileName() + " is unreadable";
    }
    long size = record.path("size").asLong(-1);
    String sha256 = hexDigest(record.path("sha256").asText(null), 64);
    String crc = hexDigest(record.path("crc32c").asText(null), 8);
    if (size < 0 || sha256 == null) {
      return "its verification record " + recordFile.getFileName() + " is incomplete";
    }
    try {
      long actual = Files.size(file);
      if (actual != size) {
        return "it has " + actual + " bytes but " + size + " were verified";
      }
      if (crc != null) {
        String now = String.format("%08x", crc32c(file));
        return now.equals(crc) ? null : "its CRC-32C is " + now + " but " + crc + " was verified";
      }
      String now = digest(file).sha256();
      if (!now.equals(sha256)) {
        return "its SHA-256 is " + now + " but " + sha256 + " was verified";
      }
    } catch (IOException e) {
      return "it cannot be read (" + e.getMessage() + ")";
    }
    return null;
  }

  private static MessageDigest algorithm(String name) {
    try {
      return MessageDigest.getInstance(name);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has " + name, e);
    }
  }
}
