package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --judge llm} with a judge that cannot be reached is no model scoring 0.00%: the run stops with one line
 * naming the judge's server and its variables, and writes no report. Run as a separate process, since the judge
 * reads its {@code LLMSQL_JUDGE_*} settings from the real environment.
 */
class JudgeUnavailableCliTest {

  static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path tmp;

  @Test
  void judgeServerAnswers404_exit1WithOneLine_noReport() throws Exception {
    // given: a server with no chat-completions there (each request answered 404)
    AtomicInteger requests = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      requests.incrementAndGet();
      exchange.getRequestBody().readAllBytes();
      byte[] body = "not here".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(404, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    String baseUrl = "http://127.0.0.1:" + server.getAddress().getPort() + "/down/v1";
    Path report = tmp.resolve("report.json");
    try {
      // when
      Process run = evaluate(Map.of("LLMSQL_JUDGE_MODEL", "j", "LLMSQL_JUDGE_BASE_URL", baseUrl), report);
      // then: was "0.00% accuracy (0 of 50 matched)", exit 0, and a report with no trace of the failure
      assertThat(run.waitFor(2, TimeUnit.MINUTES)).isTrue();
      assertThat(run.exitValue()).isEqualTo(Cli.FAILED);
      assertThat(Files.readString(tmp.resolve("err.txt"))).isEqualTo("llmsql evaluate: the LLM judge cannot be "
          + "reached, so no prediction can be judged: j: HTTP 404 not here from " + baseUrl + "/chat/completions; "
          + "check that the judge's server is up, and LLMSQL_JUDGE_BASE_URL, LLMSQL_JUDGE_MODEL and the API key "
          + "in OPENAI_API_KEY, which is not set (LLMSQL_JUDGE_API_KEY_ENV can name another variable)\n");
      assertThat(tmp.resolve("out.txt")).isEmptyFile();
      assertThat(report).doesNotExist();
      // questions already handed to the two threads (at most 16 each) may have asked too; the other 18 did not
      assertThat(requests.get()).isBetween(1, 32);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void judgeBaseUrlWithoutHost_usageExitWithOneLine_beforeTheRun() throws Exception {
    // was accepted: every question was retried for 155 s, then the run reported 0.00% and exit 0
    Path report = tmp.resolve("report.json");
    Process run = evaluate(Map.of("LLMSQL_JUDGE_MODEL", "j", "LLMSQL_JUDGE_BASE_URL", "http://"), report);
    assertThat(run.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(run.exitValue()).isEqualTo(Cli.USAGE);
    assertThat(Files.readString(tmp.resolve("err.txt"))).isEqualTo("llmsql evaluate: LLMSQL_JUDGE_BASE_URL takes "
        + "an http:// or https:// URL with a host, but was 'http://'\n");
    assertThat(report).doesNotExist();
  }

  private Process evaluate(Map<String, String> environment, Path report) throws Exception {
    List<String> command = OwnJvm.main(List.of(), "evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--judge", "llm", "--save-report", report.toString(),
        "--no-gold-cache", "--threads", "2");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(tmp.resolve("out.txt").toFile())
        .redirectError(tmp.resolve("err.txt").toFile());
    builder.environment().remove("OPENAI_API_KEY");
    builder.environment().remove("LLMSQL_JUDGE_API_KEY_ENV");
    builder.environment().putAll(environment);
    return builder.start();
  }
}
