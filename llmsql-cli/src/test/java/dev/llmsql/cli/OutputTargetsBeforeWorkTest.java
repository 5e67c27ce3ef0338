package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command checks its output targets before any work, as {@code evaluate} does: a parent that is a file, an
 * {@code --out} that is a file where a directory goes, two outputs naming one file, a device. The run is refused
 * with the usage exit code and one line naming the option; before, the work was done (a comparison printed, an
 * audit run, models asked), then the file could not be written (exit 5, 4 or 3, naming no option).
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class OutputTargetsBeforeWorkTest {

  static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path dir;

  Path db;
  Path questions;
  Path predictions;
  Path tables;
  /** A regular file, named where a directory is wanted. */
  Path afile;
  /** Requests to the model server and the hub: none may come. */
  final AtomicInteger requests = new AtomicInteger();
  HttpServer server;
  String baseUrl;
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void copyDemoAndStartTheServer() throws Exception {
    db = Files.copy(DEMO.resolve("demo.sqlite"), dir.resolve("demo.sqlite"));
    questions = Files.copy(DEMO.resolve("questions.jsonl"), dir.resolve("questions.jsonl"));
    predictions = Files.copy(DEMO.resolve("predictions.jsonl"), dir.resolve("predictions.jsonl"));
    tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"employees\", \"header\": "
        + "[\"Name\"], \"types\": [\"text\"], \"rows\": []}\n");
    afile = Files.writeString(dir.resolve("afile"), "keep");
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      requests.incrementAndGet();
      exchange.sendResponseHeaders(500, -1);
      exchange.close();
    });
    server.start();
    baseUrl = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  @AfterEach
  void stopTheServer() {
    server.stop(0);
  }

  int run(String... args) {
    return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new Cli(new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, name -> null)
        .run(args));
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  List<String> files() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.map(f -> dir.relativize(f).toString()).sorted().toList();
    }
  }

  /** Two full reports of the demo (its baseline), for report, leaderboard and compare. */
  List<Path> reports() throws Exception {
    return List.of(Files.copy(DEMO.resolve("baseline-report.json"), dir.resolve("a.json")),
        Files.copy(DEMO.resolve("baseline-report.json"), dir.resolve("b.json")));
  }

  /** "OPTION PATH: DIR is a file, not a directory; choose another path", the line of a parent that is a file. */
  String underAFile(String option, Path target) {
    return option + " " + target + ": " + afile + " is a file, not a directory; choose another path";
  }

  void assertNothingDone(List<String> filesBefore) throws Exception {
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(files()).isEqualTo(filesBefore);
    assertThat(Files.readString(afile)).isEqualTo("keep");
    assertThat(requests).hasValue(0);
  }

  @Test
  void reportLeaderboardCompare_targetUnderAFile_areRefusedBeforeTheReportsAreRead() throws Exception {
    List<Path> reports = reports();
    List<String> before = files();
    Path page = afile.resolve("x.html");

    assertThat(run("report", reports.get(0).toString(), "--out", page.toString())).isEqualTo(Cli.USAGE);
    assertThat(run("leaderboard", reports.get(0).toString(), reports.get(1).toString(), "--out", page.toString()))
        .isEqualTo(Cli.USAGE);
    assertThat(run("compare", reports.get(0).toString(), reports.get(1).toString(), "--html", page.toString()))
        .isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql report: " + underAFile("--out", page) + "\n"
        + "llmsql leaderboard: " + underAFile("--out", page) + "\n"
        + "llmsql compare: " + underAFile("--html", page) + "\n");
    assertNothingDone(before);   // compare printed the whole comparison before
  }

  @Test
  void reportLeaderboardCompare_onADevice_nameTheOption() throws Exception {
    List<Path> reports = reports();
    String full = "/dev/full: exists and is not a regular file (a device, FIFO or socket); choose another path";

    assertThat(run("report", reports.get(0).toString(), "--out", "/dev/full")).isEqualTo(Cli.USAGE);
    assertThat(run("leaderboard", reports.get(0).toString(), "--out", "/dev/full")).isEqualTo(Cli.USAGE);
    assertThat(run("compare", reports.get(0).toString(), reports.get(1).toString(), "--html", "/dev/full"))
        .isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql report: --out " + full + "\nllmsql leaderboard: --out " + full + "\n"
        + "llmsql compare: --html " + full + "\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void reportAndLeaderboard_theirDefaultTargetADirectory_sayItIsTheDefaultOfOut() throws Exception {
    // without --out the page goes beside the report (report) or to leaderboard.html (leaderboard)
    Path report = reports().get(0);
    Path page = Files.createDirectory(dir.resolve("a.html"));
    List<String> before = files();

    assertThat(run("report", report.toString())).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql report: the default --out " + page + ": exists and is not a regular file "
        + "(a directory); choose another path\n");
    assertNothingDone(before);
  }

  @Test
  void audit_targetUnderAFile_isRefusedBeforeAnyGoldRuns() throws Exception {
    List<String> before = files();
    Path csv = afile.resolve("x.csv");

    assertThat(run("audit", "--questions-path", questions.toString(), "--db-path", db.toString(), "-q", "--csv",
        csv.toString())).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql audit: " + underAFile("--csv", csv) + "\n");
    assertNothingDone(before);   // the audit ran and printed its summary before
  }

  @Test
  void audit_twoOutputsNamingOneFile_areRefused() throws Exception {
    // the CSV (or page) replaced the JSON report written first: only one file survived
    Path same = dir.resolve("audit.out");
    List<String> before = files();

    assertThat(run("audit", "--questions-path", questions.toString(), "--db-path", db.toString(), "-q", "--save",
        same.toString(), "--csv", same.toString())).isEqualTo(Cli.USAGE);
    assertThat(run("audit", "--questions-path", questions.toString(), "--db-path", db.toString(), "-q", "--save",
        same.toString(), "--html", dir.resolve("x/../audit.out").toString())).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql audit: --csv " + same + ": is also the --save file of this run, which it "
        + "would replace; give each output its own path\n"
        + "llmsql audit: --html " + dir.resolve("x/../audit.out") + ": is also the --save file of this run, which "
        + "it would replace; give each output its own path\n");
    assertNothingDone(before);
  }

  @Test
  void datasetImport_outUnderAFile_isRefusedBeforeAnyTableIsRead() throws Exception {
    Path csv = Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");
    Path dev = Files.writeString(dir.resolve("dev.json"), "[]");
    List<String> before = files();
    Path sqlite = afile.resolve("x.sqlite");
    Path duckdb = afile.resolve("x.duckdb");
    Path converted = afile.resolve("q.jsonl");

    assertThat(run("dataset", "import", "--csv", csv.toString(), "--out", sqlite.toString())).isEqualTo(Cli.USAGE);
    assertThat(run("dataset", "import", "--from-sqlite", db.toString(), "--engine", "duckdb", "--out",
        duckdb.toString())).isEqualTo(Cli.USAGE);
    assertThat(run("dataset", "import", "--multi-turn", dev.toString(), "--out", converted.toString()))
        .isEqualTo(Cli.USAGE);
    assertThat(run("dataset", "import", "--spider2", dir.toString(), "--out", afile.resolve("spider2").toString()))
        .isEqualTo(Cli.USAGE);
    assertThat(run("dataset", "import", "--spider2", dir.toString(), "--out", afile.toString()))
        .isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql dataset import: " + underAFile("--out", sqlite) + "\n"
        + "llmsql dataset import: " + underAFile("--out", duckdb) + "\n"
        + "llmsql dataset import: " + underAFile("--out", converted) + "\n"
        + "llmsql dataset import: " + underAFile("--out", afile.resolve("spider2")) + "\n"
        + "llmsql dataset import: --out " + afile + ": exists and is not a directory; --out takes the directory "
        + "questions.jsonl and databases/ go into\n");
    assertNothingDone(before);
  }

  @Test
  void falconInferenceSuite_outAFile_areRefusedBeforeAnyModelIsAsked() throws Exception {
    List<String> before = files();
    Path predictionsFile = afile.resolve("x.jsonl");

    assertThat(run("falcon", "run", "--model", "m", "--base-url", baseUrl, "--out", afile.toString(),
        "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path", db.toString(),
        "--limit", "1", "-q")).isEqualTo(Cli.USAGE);
    assertThat(run("inference", "api", "--model", "m", "--base-url", baseUrl, "--questions-path",
        questions.toString(), "--tables-path", tables.toString(), "--output-file", predictionsFile.toString(),
        "--limit", "1", "-q")).isEqualTo(Cli.USAGE);
    assertThat(run("suite", "run", "--suite", DEMO.resolve("suite").toString(), "--config",
        DEMO.resolve("suite.json").toString(), "--model", "m", "--base-url", baseUrl, "--out", afile.toString(),
        "-q")).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql falcon run: --out " + afile + ": exists and is not a directory; --out takes "
        + "the directory the predictions, logs and CSV tables go into\n"
        + "llmsql inference api: " + underAFile("--output-file", predictionsFile) + "\n"
        + "llmsql suite run: --out " + afile + ": exists and is not a directory; --out takes the directory the "
        + "reports and logs go into\n");
    assertNothingDone(before);
  }

  @Test
  void falconAndInference_outUnderAFile_orProcessLogUnderAFile_nameTheirOption() throws Exception {
    List<String> before = files();
    Path out = afile.resolve("falcon");
    Path log = afile.resolve("log.jsonl");

    assertThat(run("falcon", "run", "--model", "m", "--base-url", baseUrl, "--out", out.toString(),
        "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path", db.toString(),
        "-q")).isEqualTo(Cli.USAGE);
    assertThat(run("inference", "api", "--model", "m", "--base-url", baseUrl, "--questions-path",
        questions.toString(), "--tables-path", tables.toString(), "--output-file",
        dir.resolve("p.jsonl").toString(), "--process-log", log.toString(), "-q")).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql falcon run: " + underAFile("--out", out) + "\n"
        + "llmsql inference api: " + underAFile("--process-log", log) + "\n");
    assertNothingDone(before);
  }

  @Test
  void evaluate_goldCacheOrWorkdirAFile_isRefusedBeforeTheRun() throws Exception {
    List<String> before = files();
    List<String> local = List.of("evaluate", "--outputs", predictions.toString(), "--questions-path",
        questions.toString(), "--db-path", db.toString(), "--no-save-report", "--threads", "1", "-q");

    // the cache was a logged warning and the run went on without it
    assertThat(run(with(local, "--gold-cache", afile.toString()))).isEqualTo(Cli.USAGE);
    assertThat(run(with(local, "--gold-cache", afile.resolve("cache").toString()))).isEqualTo(Cli.USAGE);
    // the download ended with "afile/llmsql-2.0: Not a directory", exit 4
    assertThat(run("evaluate", "--outputs", predictions.toString(), "--hub-endpoint", baseUrl.replace("/v1", ""),
        "--workdir-path", afile.toString(), "-q")).isEqualTo(Cli.USAGE);
    assertThat(run(with(local, "--workdir-path", afile.resolve("w").toString()))).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql evaluate: --gold-cache " + afile + ": exists and is not a directory; "
        + "--gold-cache takes the directory the cache files are kept in\n"
        + "llmsql evaluate: " + underAFile("--gold-cache", afile.resolve("cache")) + "\n"
        + "llmsql evaluate: --workdir-path " + afile + ": exists and is not a directory; --workdir-path takes the "
        + "directory the benchmark is downloaded into\n"
        + "llmsql evaluate: " + underAFile("--workdir-path", afile.resolve("w")) + "\n");
    assertNothingDone(before);
  }

  @Test
  void evaluate_goldCacheThatCannotBeWritten_isStillUsedToRead() throws Exception {
    // a shared read-only cache is read and left as it is: only a file where the folder goes is refused
    Path cache = Files.createDirectory(dir.resolve("cache"));
    assertThat(cache.toFile().setWritable(false)).isTrue();
    try {
      assertThat(run("evaluate", "--outputs", predictions.toString(), "--questions-path", questions.toString(),
          "--db-path", db.toString(), "--no-save-report", "--threads", "1", "-q", "--gold-cache", cache.toString()))
          .as(err()).isEqualTo(Cli.OK);
    } finally {
      assertThat(cache.toFile().setWritable(true)).isTrue();
    }
  }

  static String[] with(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
