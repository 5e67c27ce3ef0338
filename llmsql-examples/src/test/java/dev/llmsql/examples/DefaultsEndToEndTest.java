package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Evaluator.evaluate(path)} with every LLMSQL default, in a fresh JVM whose working directory is empty
 * and whose {@code HF_ENDPOINT} points at a loopback server holding the demo benchmark as LLMSQL 2.0.
 */
class DefaultsEndToEndTest {

  @TempDir
  Path cwd;

  HttpServer hub;
  final Map<String, Integer> requests = new ConcurrentHashMap<>();

  @BeforeEach
  void startHub() throws IOException {
    hub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    serve("/datasets/llmsql-bench/llmsql-2.0/resolve/main/questions.jsonl", DemoBenchmarkTest.DEMO.resolve("questions.jsonl"));
    serve("/datasets/llmsql-bench/llmsql-2.0/resolve/main/sqlite_tables.db", DemoBenchmarkTest.DEMO.resolve("demo.sqlite"));
    hub.start();
  }

  @AfterEach
  void stopHub() {
    hub.stop(0);
  }

  @Test
  void evaluate_oneLiner_downloadsIntoWorkdirAndSavesReportInWorkingDirectory() throws Exception {
    Path outputs = Files.copy(DemoBenchmarkTest.DEMO.resolve("predictions.jsonl"), cwd.resolve("outputs.jsonl"));

    Result first = runJava(outputs);
    Result second = runJava(outputs);

    assertThat(first.status).as(first.output).isZero();
    assertThat(first.output).contains("Mismatch #5: ").doesNotContain("Mismatch #6: ")
        .contains("  Matches:        27\n", "LLMSQL 2.0");
    assertThat(cwd.resolve("llmsql_workdir/llmsql-2.0/questions.jsonl")).exists();
    assertThat(cwd.resolve("llmsql_workdir/llmsql-2.0/sqlite_tables.db")).exists();
    // gold results go to the user's cache (LLMSQL_CACHE_DIR here), not into the working directory
    assertThat(cwd.resolve("llmsql_workdir/gold-cache")).doesNotExist();
    assertThat(cwd.resolve("user-cache/gold-cache")).isDirectory();
    assertThat(second.status).isZero();
    assertThat(requests).containsOnlyKeys("/datasets/llmsql-bench/llmsql-2.0/resolve/main/questions.jsonl",
        "/datasets/llmsql-bench/llmsql-2.0/resolve/main/sqlite_tables.db").allSatisfy((path, n) -> assertThat(n).isEqualTo(1));
    try (Stream<Path> files = Files.list(cwd)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("evaluation_results_")))
          .hasSize(2).allMatch(n -> n.matches("evaluation_results_[0-9a-f-]{36}\\.json"));
    }
  }

  private void serve(String path, Path file) {
    hub.createContext(path, exchange -> {
      requests.merge(path, 1, Integer::sum);
      byte[] body = Files.readAllBytes(file);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
  }

  private record Result(int status, String output) { }

  private Result runJava(Path outputs) throws Exception {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", classPath, EvaluateWithDefaults.class.getName(), outputs.getFileName().toString())
        .directory(cwd.toFile()).redirectErrorStream(true);
    builder.environment().put("HF_ENDPOINT", "http://127.0.0.1:" + hub.getAddress().getPort());
    builder.environment().remove("HF_TOKEN");
    builder.environment().put("LLMSQL_CACHE_DIR", cwd.resolve("user-cache").toString());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    return new Result(process.exitValue(), output);
  }

}
