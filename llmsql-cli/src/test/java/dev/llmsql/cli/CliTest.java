package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

  static final Path DEMO = Path.of("..", "llmsql-examples", "demo");

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void run_noArguments_printsUsageAndFails() {
    assertThat(run()).isEqualTo(Cli.USAGE);
    assertThat(out()).startsWith("llmsql: evaluate LLM-generated SQL");
  }

  @Test
  void run_version_printsVersion() {
    assertThat(run("--version")).isZero();
    assertThat(out()).isEqualTo("llmsql 0.1.0-SNAPSHOT\n");
  }

  @Test
  void evaluate_help_listsOptionsWithExamples() {
    assertThat(run("evaluate", "--help")).isZero();
    assertThat(out()).contains("--outputs FILE", "--questions-path FILE", "--databases-dir DIR",
        "--query-timeout SECONDS", "--threads N", "--no-show-mismatches", "Examples:");
  }

  @Test
  void run_unknownCommand_namesKnownOnes() {
    assertThat(run("frobnicate")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql: unknown command 'frobnicate'; known: evaluate, report, leaderboard, "
        + "compare, audit, dataset, inference, falcon, suite, completion (see llmsql --help)\n");
  }

  @Test
  void libraryMessages_inCliTerms_callsBecomeOptions_usersWordsStay() {
    picocli.CommandLine.Model.CommandSpec spec = new Cli(System.out, System.err).commands().getSubcommands()
        .get("evaluate").getCommandSpec();

    assertThat(CliTerms.inCliTerms("choose another path with saveReport(...) / --save-report; threads(4) and "
        + "goldCache(/tmp/g) conflict", spec))
        .isEqualTo("choose another path with --save-report; --threads 4 and --gold-cache /tmp/g conflict");
    assertThat(CliTerms.inCliTerms("check the endpoint (builder endpoint(...) or HF_ENDPOINT)", spec))
        .isEqualTo("check the endpoint (--hub-endpoint or HF_ENDPOINT)");
    assertThat(CliTerms.inCliTerms("o.jsonl:3: no such column: maxRows in /data/dbPath/x.sqlite", spec))
        .isEqualTo("o.jsonl:3: no such column: maxRows in /data/dbPath/x.sqlite");
    assertThat(CliTerms.inCliTerms("but maxRowBytes=10", spec, true)).isEqualTo("but --max-row-bytes=10");
    // a setting to raise that this command has no option for is no way out here: the hint goes (evaluate, whose
    // llm judge is set by LLMSQL_JUDGE_*); inference has the option
    picocli.CommandLine.Model.CommandSpec inference = new Cli(System.out, System.err).commands().getSubcommands()
        .get("inference").getSubcommands().get("api").getCommandSpec();
    String cap = "answer larger than 4194304 bytes (the cap) from http://h/v1/chat/completions; raise "
        + "maxResponseBytes(...) if the model really answers at such length";
    assertThat(CliTerms.inCliTerms(cap, spec))
        .isEqualTo("answer larger than 4194304 bytes (the cap) from http://h/v1/chat/completions");
    assertThat(CliTerms.inCliTerms(cap, inference)).isEqualTo("answer larger than 4194304 bytes (the cap) from "
        + "http://h/v1/chat/completions; raise --max-response-bytes if the model really answers at such length");
    assertThat(CliTerms.inCliTerms("no answer within 300 ms after 2 attempt(s); raise maxAttempts(...) or "
        + "readTimeout(...) if the server is just slow", inference))
        .isEqualTo("no answer within 300 ms after 2 attempt(s); raise --timeout if the server is just slow");
  }

  @Test
  void terminalControlsInTheInput_areShownWrittenOut_notSentToTheTerminal() throws Exception {
    // a model's output and a question holding escape sequences: a title change, a screen clear, red text
    Path predictions = dir.resolve("p.jsonl");
    Path questions = dir.resolve("q.jsonl");
    Files.writeString(predictions, "{\"question_id\": 1, \"completion\": \"SELECT 2 -- \\u001b]0;PWNED\\u0007"
        + "\\u001b[2J\"}\n");
    Files.writeString(questions, "{\"question_id\": 1, \"question\": \"q \\u001b[31mred\", \"sql\": \"SELECT 1\", "
        + "\"table_id\": \"employees\"}\n");

    assertThat(run("evaluate", "--outputs", predictions.toString(), "--questions-path", questions.toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--no-gold-cache")).isZero();

    assertThat(out()).startsWith("Mismatch #1: question 1 [MISMATCH VALUE_MISMATCH]\n"
        + "  Question:   q \\x1b[31mred\n  Gold SQL:   SELECT 1\n  Model:      SELECT 2 -- \\x1b]0;PWNED\\x07\\x1b[2J\n")
        .doesNotContain("\u001b");
    assertThat(CliTerms.oneLine("x".repeat(5000))).isEqualTo("x".repeat(2000) + "\u2026 (5000 characters)");
  }

  @Test
  void asksVerbose_everySpellingPicocliTakes() {
    for (String on : List.of("--verbose", "-v", "--verbose=true", "-v=True", "-vv", "-qv", "-vq", "\"--verbose\"",
        "'-v'")) {
      assertThat(Cli.asksVerbose(List.of("evaluate", on))).as(on).isTrue();
    }
    for (String off : List.of("--verbose=false", "-v=FALSE", "-q", "--verb", "--verbosely", "-", "-0.5", "v")) {
      assertThat(Cli.asksVerbose(List.of("evaluate", off))).as(off).isFalse();
    }
  }

  @Test
  void libraryMessageEchoingALongValue_isTheOneLineItSays_notAStackOverflow() throws Exception {
    // the message names the user's value, and turning it into the command line's words once recursed per character
    for (String value : List.of("(builder: " + "a".repeat(5000), "(builder: " + "a()".repeat(5000),
        "a" + "B".repeat(20_000))) {
      Path questions = dir.resolve("q.jsonl");
      Files.writeString(questions, "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", "
          + "\"table_id\": \"employees\", \"ordered\": \"" + value + "\"}\n");
      err.reset();
      assertThat(run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
          questions.toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report",
          "--no-gold-cache")).isEqualTo(Cli.BAD_INPUT);
      String message = questions + ":1: \"ordered\" must be true or false, but was \"" + value + "\"";
      // the line is cut at 2,000 characters, with the message's length
      assertThat(err()).isEqualTo("llmsql evaluate: " + message.substring(0, 2000) + "\u2026 (" + message.length()
          + " characters)\n");
    }
  }

  @Test
  void run_mistypedCommandOrSubcommand_suggestsTheNearest() {
    assertThat(run("evaluat")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql: unknown command 'evaluat'; did you mean evaluate?\n");
    err.reset();
    assertThat(run("leaderbord", "r.json")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql: unknown command 'leaderbord'; did you mean leaderboard?\n");
    err.reset();
    assertThat(run("dataset", "improt")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset: unknown subcommand 'improt'; did you mean import?\n");
  }

  @Test
  void evaluate_mistypedOption_suggestsTheNearest() {
    assertThat(run("evaluate", "--output", "x.jsonl")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: unknown option '--output'; did you mean --outputs?\n");
    err.reset();
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--questions", "q.jsonl")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: unknown option '--questions'; did you mean --questions-path?\n");
    err.reset();
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--thread=2")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: unknown option '--thread'; did you mean --threads?\n");
  }

  @Test
  void evaluate_withoutOutputs_isUsageError() {
    assertThat(run("evaluate", "--threads", "2")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --outputs FILE is required (the predictions JSONL) "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_badNumber_isUsageErrorNamingOption() {
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--threads", "0")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --threads takes a whole number between 1 and 256, but was '0' "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_unknownOption_isUsageError() {
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--colour", "red")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: unknown option '--colour' (see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_questionsWithoutDatabase_namesFix() {
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--questions-path", "q.jsonl")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --questions-path needs --db-path, --databases-dir or --jdbc-url "
        + "too; give both, or neither to download LLMSQL 2.0\n");
    err.reset();
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--db-path", "db.sqlite")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --db-path needs --questions-path too; give both, or neither to "
        + "download LLMSQL 2.0\n");
    err.reset();
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--questions-path", "q.jsonl", "--db-path", "db.sqlite",
        "--databases-dir", "dbs")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --db-path and --databases-dir exclude each other: use --db-path "
        + "for one database file, --databases-dir for DIR/{db_id}/{db_id}.sqlite, --jdbc-url for a database server "
        + "(see llmsql evaluate --help)\n");
    err.reset();
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--questions-path", "q.jsonl", "--db-path", "db.sqlite",
        "--hub-endpoint", "http://127.0.0.1:9")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --questions-path and --hub-endpoint exclude each other: "
        + "--hub-endpoint applies to the LLMSQL benchmark downloaded when no benchmark is given\n");
    err.reset();
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--max-value-bytes", "1000", "--max-row-bytes", "10"))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: size bounds must grow from value to row to result, but "
        + "--max-value-bytes=1000, --max-row-bytes=10, --max-result-bytes=134217728\n");
  }

  @Test
  void evaluate_malformedPredictions_exitsWithOneLineReasonNamingLine() throws Exception {
    Path outputs = dir.resolve("outputs.jsonl");
    Files.write(outputs, List.of("{\"question_id\": 1, \"completion\": \"SELECT 1\"}", "{oops"));

    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + outputs + ":2: not valid JSON at column 2: unexpected 'oops'; "
        + "expected a field name in double quotes or '}'\n");
    assertThat(out()).isEmpty();
  }

  @Test
  void evaluate_truncatedPredictionOrQuestionLine_saysWhereAndWhatInPlainWords() throws Exception {
    Path outputs = dir.resolve("preds.jsonl");
    Files.write(outputs, List.of("{\"question_id\": 1, \"completion\": \"SELECT 1\"}", "{\"question_id\": 2, "
        + "\"completion\":"));

    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + outputs + ":2: not valid JSON at column 33: expected a value "
        + "after ':' (the line ends early)\n");
    Path questions = dir.resolve("questions.jsonl");
    Files.write(questions, List.of("{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", "
        + "\"table_id\": \"t\"} x"));
    Files.write(outputs, List.of("{\"question_id\": 1, \"completion\": \"SELECT 1\"}"));
    err.reset();

    status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--no-save-report");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + questions + ":1: not valid JSON at column 73: unexpected 'x' "
        + "after the object's closing '}'; a line holds one JSON object\n");
  }

  @Test
  void evaluate_missingDatabase_exitsNoBenchmarkNamingOption() {
    Path missing = dir.resolve("none.sqlite");

    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", missing.toString());

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql evaluate: database file not found: " + missing.toAbsolutePath()
        + "; check the path given to --db-path\n");
  }

  @Test
  void evaluate_downloadFails_exitsNoBenchmarkNamingUrlAndLocalFiles() throws Exception {
    com.sun.net.httpserver.HttpServer hub =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    hub.createContext("/", exchange -> {
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
    });
    hub.start();
    try {
      String endpoint = "http://127.0.0.1:" + hub.getAddress().getPort();

      int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--version", "1.0",
          "--hub-endpoint", endpoint, "--workdir-path", dir.resolve("work").toString());

      assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
      assertThat(err()).startsWith("llmsql evaluate: Could not download " + endpoint
          + "/datasets/llmsql-bench/llmsql-benchmark/resolve/main/questions.jsonl: HTTP 404")
          .contains("--questions-path questions.jsonl --db-path sqlite_tables.db").endsWith("\n");
      assertThat(err().lines()).hasSize(1);
    } finally {
      hub.stop(0);
    }
  }

  @Test
  void evaluate_hubBelowTheMinimumRate_exitsNoBenchmarkWithOneLine_keepingThePart() throws Exception {
    // a hub that sends 10,000 bytes, then 10 bytes a second (issue 22.6)
    com.sun.net.httpserver.HttpServer hub =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    hub.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    hub.createContext("/", exchange -> {
      exchange.sendResponseHeaders(200, 200_000);
      try (java.io.OutputStream body = exchange.getResponseBody()) {
        body.write(new byte[10_000]);
        body.flush();
        for (int i = 0; i < 190_000; i++) {
          body.write('x');
          body.flush();
          Thread.sleep(100);
        }
      } catch (InterruptedException | java.io.IOException stopped) {
        // the client gave up
      }
    });
    hub.start();
    try {
      String endpoint = "http://127.0.0.1:" + hub.getAddress().getPort();
      Path work = dir.resolve("work");

      int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--version", "1.0",
          "--hub-endpoint", endpoint, "--workdir-path", work.toString(), "--download-min-rate", "1024",
          "--download-rate-window", "1");

      assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
      long kept = Files.size(work.resolve("llmsql-1.0").resolve("questions.jsonl.part"));
      List<String> lines = err().lines().toList();   // the download's progress lines, then the error
      assertThat(lines.get(0)).isEqualTo("Downloading " + endpoint
          + "/datasets/llmsql-bench/llmsql-benchmark/resolve/main/questions.jsonl");
      assertThat(lines.get(lines.size() - 1)).matches(java.util.regex.Pattern.quote("llmsql evaluate: Could not download " + endpoint
          + "/datasets/llmsql-bench/llmsql-benchmark/resolve/main/questions.jsonl: too slow from 127.0.0.1:"
          + hub.getAddress().getPort() + ": ") + "\\d{1,2}" + java.util.regex.Pattern.quote(" bytes/s over the "
          + "last 1 s, below the minimum of 1024 bytes/s, at byte " + kept + " of 200000; the part is kept: run "
          + "again to resume from byte " + kept + "; lower the minimum rate (--download-min-rate; 0 turns it off) "
          + "for a slow link, or pass local files: --questions-path questions.jsonl --db-path sqlite_tables.db"));
      assertThat(out()).isEmpty();
    } finally {
      hub.stop(0);
    }
  }

  @Test
  void evaluate_demo_printsMismatchesThenSummary() {
    Path report = dir.resolve("r.json");

    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--save-report", report.toString(), "--threads", "1", "--query-timeout", "2.5", "--gold-cache",
        dir.resolve("gold").toString());

    assertThat(status).isZero();
    assertThat(out()).contains("Mismatch #5: ").doesNotContain("Mismatch #6: ")
        .contains("  Matches:        27\n", "  Report:         " + report + "\n");
    assertThat(out().indexOf("Mismatch #1")).isLessThan(out().indexOf("Evaluation summary"));
    assertThat(report).exists();
  }

  static int csvRecords(Path file) throws Exception {
    try (var parser = org.apache.commons.csv.CSVFormat.RFC4180.parse(Files.newBufferedReader(file))) {
      return parser.getRecords().size();
    }
  }

  String[] demo(String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--threads", "1"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void evaluate_formatsAndOut_writesFullJsonCsvAndHtmlNamedAfterPredictions() throws Exception {
    int status = run(demo("--format", "json,csv,html", "--out", dir.toString(), "--no-show-mismatches"));

    assertThat(status).isZero();
    assertThat(out()).contains("  JSON:           " + dir.resolve("predictions.json") + "\n",
        "  CSV:            " + dir.resolve("predictions.csv") + "\n",
        "  HTML:           " + dir.resolve("predictions.html") + "\n");
    assertThat(dev.llmsql.report.FullReportJson.read(dir.resolve("predictions.json")).matches()).isEqualTo(27);
    assertThat(csvRecords(dir.resolve("predictions.csv"))).isEqualTo(51);
    assertThat(Files.readAllLines(dir.resolve("predictions.csv"))).first().isEqualTo(
        "\uFEFFserialNo,question,selfDefineTags,difficulty,standardAnswerSql,llmOutput,compareResult,reason,detail,"
            + "errorMsg,timeSeconds");
    assertThat(Files.readString(dir.resolve("predictions.html"))).contains("54.00% accuracy");
  }

  @Test
  void evaluate_outWithoutFormat_writesAllThreeUnderName() {
    int status = run(demo("--out", dir.toString(), "--name", "model-a", "--quiet"));

    assertThat(status).isZero();
    assertThat(out()).isEqualTo("54.00% accuracy (27 of 50 matched)\n");
    assertThat(err()).isEmpty();
    assertThat(dir.resolve("model-a.json")).exists();
    assertThat(dir.resolve("model-a.csv")).exists();
    assertThat(dir.resolve("model-a.html")).exists();
  }

  @Test
  void evaluate_unknownFormat_isUsageErrorNamingFormats() {
    assertThat(run(demo("--format", "json,pdf"))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --format takes a comma-separated list of json, csv, html, but got "
        + "'pdf' (see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_quietWithInputProblems_keepsOneLineCountingThem() throws Exception {
    Path outputs = dir.resolve("outputs.jsonl");
    Files.write(outputs, List.of("{\"question_id\": 1, \"completion\": \"SELECT 1\"}",
        "{\"question_id\": 999, \"completion\": \"SELECT 1\"}", "{\"question_id\": 1, \"completion\": \"SELECT 2\"}",
        "{\"question_id\": 998, \"completion\": \"SELECT 1\"}"));

    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--threads", "1", "--quiet");

    assertThat(status).isEqualTo(Cli.OK);
    assertThat(out()).isEqualTo("0.00% accuracy (0 of 1 matched)\n");
    assertThat(err()).isEqualTo("input problems: 3 (2 unknown question ids, 1 duplicate question id); run without "
        + "--quiet to list them\n");
  }

  @Test
  void evaluate_quietAndVerbose_isUsageError() {
    assertThat(run(demo("--quiet", "--verbose"))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --quiet and --verbose exclude each other; choose one "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_saveReportAndNoSaveReport_isUsageErrorInEitherOrder() {
    assertThat(run(demo("--save-report", "r.json", "--no-save-report"))).isEqualTo(Cli.USAGE);
    assertThat(run(demo("--no-save-report", "--save-report", "r.json"))).isEqualTo(Cli.USAGE);
    String line = "llmsql evaluate: --save-report r.json and --no-save-report exclude each other; choose one "
        + "(see llmsql evaluate --help)\n";
    assertThat(err()).isEqualTo(line + line);
    assertThat(Path.of("r.json")).doesNotExist();
  }

  @Test
  void evaluate_verbose_printsConfigurationToStandardError() {
    assertThat(run(demo("--verbose", "--no-show-mismatches"))).isZero();
    assertThat(err()).startsWith("llmsql evaluate: Evaluator{questionsPath=");
  }

  @Test
  void report_fullJson_writesHtmlAndCsv() throws Exception {
    run(demo("--format", "json", "--out", dir.toString(), "--quiet"));
    Path json = dir.resolve("predictions.json");
    out.reset();

    assertThat(run("report", json.toString())).isZero();
    assertThat(run("report", json.toString(), "--format", "csv", "--out", dir.resolve("r.csv").toString())).isZero();

    assertThat(out()).isEqualTo(dir.resolve("predictions.html") + "\n" + dir.resolve("r.csv") + "\n");
    assertThat(Files.readString(dir.resolve("predictions.html"))).contains("Mismatches (23)");
    assertThat(csvRecords(dir.resolve("r.csv"))).isEqualTo(51);
  }

  @Test
  void report_llmsqlReport_isBadInputNamingFix() throws Exception {
    Path llmsql = dir.resolve("llmsql.json");
    run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--save-report", llmsql.toString(), "--quiet");

    assertThat(run("report", llmsql.toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql report: " + llmsql + " is not an llmsql-java full report (no \"format\": "
        + "\"llmsql-java-report\"); it looks like LLMSQL's report (what --save-report writes), which lacks "
        + "per-question results; make one with 'llmsql evaluate --format json'\n");
  }

  @Test
  void evaluate_dbPathNotSqliteOrADirectory_exitsWithInputErrorAndOneLineBeforeAnyWork() throws Exception {
    Path notSqlite = Files.writeString(dir.resolve("bench.sqlite"), "id,name\n1,a\n");
    Path directory = Files.createDirectories(dir.resolve("bench.db"));
    String[] common = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--no-save-report", "--quiet", "--db-path"};

    int csv = run(concat(common, notSqlite.toString()));
    String csvErr = err();
    err.reset();
    int dirStatus = run(concat(common, directory.toString()));

    assertThat(csv).isEqualTo(Cli.BAD_INPUT);
    assertThat(csvErr).isEqualTo("llmsql evaluate: " + notSqlite + ": is not a SQLite database (it does not start "
        + "with \"SQLite format 3\"); pass the benchmark's .sqlite/.db file\n");
    assertThat(dirStatus).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + directory + ": is a directory, not a database file; pass the "
        + "benchmark's .sqlite/.db file\n");
    assertThat(out()).isEmpty();
  }

  @Test
  void evaluate_sizeBoundOptions_areCheckedWithOneLine() throws Exception {
    String[] common = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--quiet"};

    int zero = run(concat(concat(common, "--max-value-bytes"), "0"));
    String zeroErr = err();
    err.reset();
    int shrinking = run(concat(concat(concat(concat(common, "--max-value-bytes"), "1000"), "--max-row-bytes"), "500"));

    assertThat(zero).isEqualTo(Cli.USAGE);
    assertThat(zeroErr).isEqualTo("llmsql evaluate: --max-value-bytes takes a whole number between 1 and "
        + "1000000000, but was '0' (see llmsql evaluate --help)\n");
    assertThat(shrinking).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: size bounds must grow from value to row to result, but "
        + "--max-value-bytes=1000, --max-row-bytes=500, --max-result-bytes=134217728\n");
  }

  @Test
  void evaluate_smallRowBound_turnsWideAnswersIntoSizeLimitErrors() throws Exception {
    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--max-mismatches", "0", "--max-value-bytes", "50", "--max-row-bytes", "50");

    assertThat(status).isZero();
    assertThat(out()).contains("SIZE_LIMIT=");
  }

  private static String[] concat(String[] head, String last) {
    String[] all = java.util.Arrays.copyOf(head, head.length + 1);
    all[head.length] = last;
    return all;
  }

  @Test
  void report_missingFile_isBadInput() {
    assertThat(run("report", dir.resolve("none.json").toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql report: " + dir.resolve("none.json") + ": file not found; check the path\n");
  }

  @Test
  void report_badFormat_isUsageError() {
    assertThat(run("report", "r.json", "--format", "pdf")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql report: --format takes html or csv, but was 'pdf' "
        + "(see llmsql report --help)\n");
  }

  @Test
  void leaderboard_twoReports_writesPageRankingBoth() throws Exception {
    run(demo("--format", "json", "--out", dir.toString(), "--name", "model-a", "--quiet"));
    Path other = dir.resolve("model-b.jsonl");
    Files.write(other, List.of("{\"question_id\": 1, \"completion\": \"SELECT 1\"}"));
    run("evaluate", "--outputs", other.toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--format", "json", "--out",
        dir.toString(), "--quiet");
    out.reset();
    Path board = dir.resolve("board.html");

    int status = run("leaderboard", dir.resolve("model-b.json").toString(), dir.resolve("model-a.json").toString(),
        "--out", board.toString());

    assertThat(status).isZero();
    assertThat(out()).isEqualTo(board + "\n");
    // model-b answered one question of the demo: flagged partial
    assertThat(Files.readString(board)).containsSubsequence("<td data-sort=\"model-a\">model-a</td>",
        "<td data-sort=\"model-b\">model-b <span class=\"partial\"", ">partial: 1 of 50 questions</span></td>");
  }

  @Test
  void leaderboard_noReports_isUsageError() {
    assertThat(run("leaderboard", "--out", "b.html")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql leaderboard: give one or more REPORT.json files (written by llmsql "
        + "evaluate --format json) (see llmsql leaderboard --help)\n");
  }

  @Test
  void help_everyCommand_hasExamples() {
    for (String[] args : new String[][] {{"--help"}, {"evaluate", "--help"}, {"report", "--help"},
        {"leaderboard", "--help"}}) {
      out.reset();
      assertThat(run(args)).as(String.join(" ", args)).isZero();
      assertThat(out()).as(String.join(" ", args)).contains("Usage", "Examples:\n", "java -jar llmsql.jar");
    }
  }
}
