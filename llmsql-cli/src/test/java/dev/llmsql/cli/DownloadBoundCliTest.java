package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --download-max-file-bytes}: the bound on one downloaded file, against a loopback HTTP server standing in
 * for the hub (as {@code CliTest}'s download tests). A file over the bound fails naming the option, and the same
 * file passes with the option raised.
 */
class DownloadBoundCliTest {

  private static final Path DEMO = CliTest.DEMO;
  private static final String REPO_1 = "/datasets/llmsql-bench/llmsql-benchmark/resolve/main/";
  private static final String REPO_2 = "/datasets/llmsql-bench/llmsql-2.0/resolve/main/";

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private HttpServer hub;

  @AfterEach
  void stopHub() {
    if (hub != null) {
      hub.stop(0);
    }
  }

  @Test
  void evaluate_fileOverTheGivenBound_exitsNoBenchmarkNamingTheOption_andPassesWithTheBoundRaised()
      throws Exception {
    // GIVEN: a hub serving the demo's questions and database (28,672 bytes) as LLMSQL 1.0
    long dbBytes = Files.size(DEMO.resolve("demo.sqlite"));
    String endpoint = serve(Map.of(REPO_1 + "questions.jsonl", Files.readAllBytes(DEMO.resolve("questions.jsonl")),
        REPO_1 + "sqlite_tables.db", Files.readAllBytes(DEMO.resolve("demo.sqlite"))));
    Path work = dir.resolve("work");

    // WHEN: the bound is one byte below the database's size
    int status = evaluate(endpoint, work, "--download-max-file-bytes", Long.toString(dbBytes - 1));

    // THEN: one line naming the option, exit 4, no part left
    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql evaluate: Could not download " + endpoint + REPO_1 + "sqlite_tables.db: the "
        + "server announces 28672 bytes, over the bound of 28671 bytes for one file; raise it with "
        + "--download-max-file-bytes if the file really is that large (the part is deleted), check the endpoint "
        + "(--hub-endpoint or HF_ENDPOINT), or pass local files: --questions-path questions.jsonl --db-path "
        + "sqlite_tables.db\n");
    assertThat(out()).isEmpty();
    assertThat(work.resolve("llmsql-1.0").resolve("sqlite_tables.db.part")).doesNotExist();

    // WHEN: the same file, the bound raised to its size
    err.reset();
    status = evaluate(endpoint, work, "--download-max-file-bytes", Long.toString(dbBytes));

    // THEN: downloaded and evaluated
    assertThat(err()).isEmpty();
    assertThat(status).isEqualTo(Cli.OK);
    assertThat(work.resolve("llmsql-1.0").resolve("sqlite_tables.db")).hasSize(dbBytes);
    assertThat(out()).contains("accuracy");
  }

  @Test
  void evaluate_fileOverTheDefaultBound_namesTheOption() throws Exception {
    // GIVEN: a hub publishing one byte more than 1 GiB for the questions, on its redirect to storage (as the
    // Hugging Face hub does for a large file)
    hub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    hub.createContext("/", exchange -> {
      exchange.getResponseHeaders().add("X-Linked-Size", Long.toString((1L << 30) + 1));
      exchange.getResponseHeaders().add("Location", "/storage/questions.jsonl");
      exchange.sendResponseHeaders(302, -1);
      exchange.close();
    });
    hub.start();
    String endpoint = "http://127.0.0.1:" + hub.getAddress().getPort();

    int status = evaluate(endpoint, dir.resolve("work"));

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql evaluate: Could not download " + endpoint + REPO_1 + "questions.jsonl: the "
        + "hub publishes 1073741825 bytes, over the bound of 1073741824 bytes for one file; raise it with "
        + "--download-max-file-bytes if the file really is that large (the part is deleted), check the endpoint "
        + "(--hub-endpoint or HF_ENDPOINT), or pass local files: --questions-path questions.jsonl --db-path "
        + "sqlite_tables.db\n");
  }

  @Test
  void inferenceApi_fileOverTheGivenBound_namesTheOptionAndItsOwnLocalFiles() throws Exception {
    long questionsBytes = Files.size(DEMO.resolve("questions.jsonl"));
    String endpoint = serve(Map.of(REPO_2 + "questions.jsonl", Files.readAllBytes(DEMO.resolve("questions.jsonl"))));

    int status = run("inference", "api", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--output-file",
        dir.resolve("p.jsonl").toString(), "--hub-endpoint", endpoint, "--workdir-path", dir.toString(), "--quiet",
        "--download-max-file-bytes", "100");

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql inference api: Could not download " + endpoint + REPO_2 + "questions.jsonl: "
        + "the server announces " + questionsBytes + " bytes, over the bound of 100 bytes for one file; raise it "
        + "with --download-max-file-bytes if the file really is that large (the part is deleted), check the "
        + "endpoint (--hub-endpoint or HF_ENDPOINT), or pass local files: --questions-path questions.jsonl "
        + "--tables-path tables.jsonl\n");
    assertThat(dir.resolve("p.jsonl")).doesNotExist();
  }

  @Test
  void theOption_isInTheHelpOfEveryCommandThatDownloads() {
    for (String[] command : new String[][] {{"evaluate"}, {"inference", "api"}, {"falcon", "run"}}) {
      out.reset();
      String[] help = java.util.Arrays.copyOf(command, command.length + 1);
      help[command.length] = "--help";
      assertThat(run(help)).isEqualTo(Cli.OK);
      assertThat(out().replaceAll("\\s+", " ")).as(String.join(" ", command)).contains("--download-max-file-bytes "
          + "BYTES the largest file downloaded, in bytes; a larger one fails before its first byte, naming this "
          + "option (default 1073741824; 1 to 1099511627776)");
    }
  }

  /** Serves each path's bytes with its length, and 404 for any other path; returns the endpoint. */
  private String serve(Map<String, byte[]> files) throws IOException {
    hub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    hub.createContext("/", exchange -> {
      byte[] body = files.get(exchange.getRequestURI().getPath());
      if (body == null) {
        exchange.sendResponseHeaders(404, -1);
      } else {
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream o = exchange.getResponseBody()) {
          o.write(body);
        } catch (IOException gone) {
          // the client refused the body (over the bound) and hung up
        }
      }
      exchange.close();
    });
    hub.start();
    return "http://127.0.0.1:" + hub.getAddress().getPort();
  }

  private int evaluate(String endpoint, Path work, String... more) {
    String[] args = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--version", "1.0",
        "--hub-endpoint", endpoint, "--workdir-path", work.toString(), "--quiet", "--no-save-report",
        "--no-gold-cache", "--no-show-mismatches"};
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return run(all);
  }

  private int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, name -> null).run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
