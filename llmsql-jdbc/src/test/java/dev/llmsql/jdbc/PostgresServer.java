package dev.llmsql.jdbc;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * One real PostgreSQL server per test JVM, from the embedded binaries on Maven Central (io.zonky.test), started on
 * first use on a free loopback port and stopped when the JVM exits. Nothing is skipped: the binaries come with the
 * build, so a server that does not start is a failure, on CI and everywhere else.
 */
public final class PostgresServer {

  private static EmbeddedPostgres server;

  private PostgresServer() {
  }

  /** The superuser's URL to the {@code postgres} database. */
  public static synchronized String adminUrl() {
    if (server == null) {
      try {
        server = EmbeddedPostgres.builder().start();
      } catch (IOException e) {
        throw new UncheckedIOException("the embedded PostgreSQL server did not start", e);
      }
      EmbeddedPostgres started = server;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          started.close();
        } catch (IOException e) {
          // the JVM is going away
        }
      }));
    }
    return "jdbc:postgresql://localhost:" + server.getPort() + "/postgres";
  }

  /** The superuser's driver properties. */
  public static Map<String, String> admin() {
    return Map.of("user", "postgres");
  }
}
