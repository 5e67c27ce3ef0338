package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```sh} block of the README runs as pasted, from the repository root, with the jar the README's
 * first set-up command builds ({@code llmsql-cli/target/llmsql.jar}, made by llmsql-cli's package phase before
 * this module's tests): each block goes to {@code bash -e} as it is, and what it prints must be the output
 * block pasted right after it (when there is one), with only the time and date lines masked. The blocks write
 * under {@code target/} and leave the work tree as it was.
 *
 * <p>What needs the outside world runs against stand-ins on loopback, the commands unchanged: the Hugging Face
 * download through {@code HF_ENDPOINT} (the environment variable the README names), and the model server:
 * only its URL, {@value #MODEL_URL}, is replaced with the stand-in's. The set-up block (it builds the jar) is
 * not run, nor the {@code dependency:get} block until {@code ./mvnw install} has put the jar in {@code ~/.m2}.
 */
class ReadmeCommandsTest {

  static final String MODEL_URL = "http://localhost:11434/v1";
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Path README = ROOT.resolve("README.md");
  private static final Path JAR = ROOT.resolve("llmsql-cli/target/llmsql.jar");
  private static final Path INSTALLED_JAR = Path.of(System.getProperty("user.home"), ".m2", "repository", "dev",
      "llmsql", "llmsql-cli", "0.1.0-SNAPSHOT", "llmsql-cli-0.1.0-SNAPSHOT-all.jar");
  /** A {@code ```sh} block, and the plain block right after it (the pasted output), if any. */
  private static final Pattern SH_BLOCK = Pattern.compile("(?ms)^```sh\\n(.*?)^```\\n(```\\n(.*?)^```\\n)?");
  private static final Pattern TIME_LINE = Pattern.compile("(?m)^  Time: +[0-9.]+ m?s$");
  private static final Pattern DATE_LINE = Pattern.compile("(?m)^date: \\d{4}-\\d{2}-\\d{2}$");
  /** What the README's commands write, removed first so each run starts as a fresh clone would. */
  private static final List<String> OUTPUTS = List.of("target/reports", "target/llmsql2", "target/inference",
      "target/falcon", "target/llmsql_workdir", "target/demo.duckdb", "target/audit");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;

  record Block(int line, String commands, String pasted) {
  }

  static List<Block> shBlocks(String markdown) {
    List<Block> blocks = new ArrayList<>();
    Matcher m = SH_BLOCK.matcher(markdown);
    while (m.find()) {
      int line = (int) markdown.substring(0, m.start()).lines().count() + 1;
      blocks.add(new Block(line, m.group(1), m.group(3)));
    }
    return blocks;
  }

  @Test
  void shBlocks_areFoundWithTheirPastedOutputs() {
    assertThat(shBlocks("```sh\na\n```\n```\nout\n```\ntext\n```sh\nb\n```\n\n```\nnot output\n```\n"))
        .containsExactly(new Block(1, "a\n", "out\n"), new Block(8, "b\n", null));
  }

  @Test
  void everyCommand_usesTheBuiltJarAndNoPlaceholderOrSharedData() throws IOException {
    for (Block b : shBlocks(Files.readString(README))) {
      assertThat(b.commands()).as("README block at line %d", b.line())
          .doesNotContain("../shared", " ... ", "...\n", "java -jar llmsql.jar")
          .doesNotContainPattern("https?://(?!localhost:11434/)");
    }
  }

  @Test
  void everyShBlock_runsAsPastedFromTheRoot() throws Exception {
    assertThat(JAR).as("the runnable jar, built by llmsql-cli's package phase before this module (the README's "
        + "first set-up command)").isRegularFile();
    List<Block> blocks = shBlocks(Files.readString(README));
    assertThat(blocks.get(0).commands()).as("the set-up block, which builds the jar").contains("./mvnw install");
    for (String output : OUTPUTS) {
      deleteTree(ROOT.resolve(output));
    }
    String treeBefore = gitStatus();
    List<String> failures = new ArrayList<>();
    HttpServer hub = hub();
    HttpServer model = model(ROOT.resolve("llmsql-examples/llmsql2/questions.jsonl"));
    try {
      for (Block block : blocks.subList(1, blocks.size())) {
        if (block.commands().contains("dependency:get") && !Files.isRegularFile(INSTALLED_JAR)) {
          System.out.println("README block at line " + block.line() + " not run: it needs ./mvnw install first");
          continue;
        }
        String script = block.commands().replace(MODEL_URL,
            "http://127.0.0.1:" + model.getAddress().getPort() + "/v1");
        Run run = bash(script, "http://127.0.0.1:" + hub.getAddress().getPort());
        if (run.status() != 0) {
          failures.add("README block at line " + block.line() + " exited " + run.status() + ":\n"
              + block.commands() + "standard error:\n" + run.err());
        } else if (block.pasted() != null && !masked(run.out()).equals(masked(block.pasted()))) {
          failures.add("README block at line " + block.line() + " printed other than pasted:\n" + block.commands()
              + "pasted:\n" + block.pasted() + "printed:\n" + run.out());
        }
      }
    } finally {
      hub.stop(0);
      model.stop(0);
    }
    assertThat(failures).as("README command blocks that do not run as pasted").isEmpty();
    String readme = Files.readString(README);
    int yamlAt = readme.indexOf("```yaml\ndate: ") + "```yaml\n".length();
    assertThat(machineless(readme.substring(yamlAt, readme.indexOf("```\n", yamlAt))))
        .as("README's pasted run.yaml of the LLMSQL 2.0 section")
        .isEqualTo(machineless(Files.readString(ROOT.resolve("target/llmsql2/run.yaml"))));
    assertThat(gitStatus()).as("the work tree after the README's commands (they write under target/)")
        .isEqualTo(treeBefore);
  }

  private record Run(int status, String out, String err) {
  }

  private Run bash(String script, String hubUrl) throws Exception {
    Path err = Files.createTempFile(temp, "stderr", ".txt");
    ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", script)
        .directory(ROOT.toFile()).redirectError(err.toFile());
    Map<String, String> env = builder.environment();
    env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + java.io.File.pathSeparator
        + env.getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("HF_ENDPOINT", hubUrl);
    env.remove("HF_TOKEN");
    env.put("NO_COLOR", "1");
    env.put("XDG_CACHE_HOME", Files.createDirectories(temp.resolve("cache")).toString());
    env.put("LLMSQL_CDS", "off");
    Process process = builder.start();
    process.getOutputStream().close();   // jshell leaves after its script at the end of input
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      return new Run(-1, out, "timed out after 5 minutes");
    }
    int welcome = out.indexOf("|  Welcome to JShell");
    return new Run(process.exitValue(), welcome < 0 ? out : out.substring(0, welcome).stripTrailing() + "\n",
        Files.readString(err));
  }

  private static String masked(String output) {
    return DATE_LINE.matcher(TIME_LINE.matcher(output.replace("\r\n", "\n")).replaceAll("  Time: (varies)"))
        .replaceAll("date: (today)");
  }

  /** A leaderboard entry without what depends on the day and the machine. */
  private static String machineless(String yaml) {
    return masked(yaml).replaceFirst("(?m)^os_name: .*$", "os_name: (this machine)");
  }

  /** The work tree's changes and untracked files (git's view; ignored files such as target/ do not count). */
  private static String gitStatus() throws Exception {
    Process git = new ProcessBuilder("git", "status", "--porcelain", "--untracked-files=all")
        .directory(ROOT.toFile()).redirectErrorStream(true).start();
    String status = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return git.waitFor(1, TimeUnit.MINUTES) && git.exitValue() == 0 ? status : "(no git)";
  }

  /** Hugging Face as the download sees it: the demo benchmark under both LLMSQL versions' paths. */
  private static HttpServer hub() throws IOException {
    HttpServer hub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    for (String repo : List.of("llmsql-bench/llmsql-2.0", "llmsql-bench/llmsql-benchmark")) {
      serve(hub, "/datasets/" + repo + "/resolve/main/questions.jsonl",
          ROOT.resolve("llmsql-examples/demo/questions.jsonl"));
      serve(hub, "/datasets/" + repo + "/resolve/main/sqlite_tables.db",
          ROOT.resolve("llmsql-examples/demo/demo.sqlite"));
    }
    hub.start();
    return hub;
  }

  private static void serve(HttpServer server, String path, Path file) {
    server.createContext(path, exchange -> {
      try {
        byte[] body = Files.readAllBytes(file);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      } finally {
        exchange.close();
      }
    });
  }

  /**
   * An OpenAI-compatible model that answers each prompt's question (the text after its last
   * {@code Question: }) with that question's reference SQL in a fenced block.
   */
  private static HttpServer model(Path questionsJsonl) throws IOException {
    Map<String, String> gold = new HashMap<>();
    for (String line : Files.readAllLines(questionsJsonl)) {
      JsonNode q = JSON.readTree(line);
      gold.put(q.path("question").asText(), q.path("sql").asText());
    }
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/chat/completions", exchange -> answer(exchange, gold));
    server.start();
    return server;
  }

  private static void answer(HttpExchange exchange, Map<String, String> gold) throws IOException {
    try {
      JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
      JsonNode messages = request.path("messages");
      String prompt = messages.path(messages.size() - 1).path("content").asText();
      int at = prompt.lastIndexOf("Question: ");
      String question = at < 0 ? "" : prompt.substring(at + "Question: ".length()).lines().findFirst().orElse("")
          .strip();
      ObjectNode root = JSON.createObjectNode();
      root.put("id", "chatcmpl-readme").put("object", "chat.completion").put("model", request.path("model").asText());
      ObjectNode choice = root.putArray("choices").addObject();
      choice.put("index", 0).put("finish_reason", "stop");
      choice.putObject("message").put("role", "assistant")
          .put("content", "```sql\n" + gold.getOrDefault(question, "SELECT 'unknown question'") + "\n```");
      root.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 20).put("total_tokens", 120);
      byte[] body = root.toString().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } finally {
      exchange.close();
    }
  }

  private static void deleteTree(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> files = Files.walk(path)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
