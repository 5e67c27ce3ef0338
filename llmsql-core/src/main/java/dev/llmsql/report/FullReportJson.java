package dev.llmsql.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.stats.Interval;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes and reads a whole {@link EvaluationReport}: summary, per-question results and details, mismatches
 * with both result sets, input problems and scores. Unlike {@link ReportJson} (LLMSQL's keys only, for
 * LLMSQL tooling) it reads back, so a stored report can be a baseline, a leaderboard entry or an HTML page
 * later.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * FullReportJson.write(report, Path.of("baseline.json"));
 * EvaluationReport baseline = FullReportJson.read(Path.of("baseline.json"));
 * }</pre>
 *
 * <p>Round trip: every field comes back equal except {@code savedTo} (empty) and result cells, which come
 * back as {@code Long}, {@code Double}, {@code String} or null (blobs as base64 strings, as in
 * {@link ReportJson}).
 */
public final class FullReportJson {

  /** The value of the {@code format} key that marks this format. */
  public static final String FORMAT = "llmsql-java-report";
  /** The format version written; reading accepts this version only. */
  public static final int VERSION = 1;

  private static final JsonFactory JSON = new JsonFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private FullReportJson() {
  }

  /** Writes {@code report} to {@code file} atomically (a temporary file renamed into place). */
  public static void write(EvaluationReport report, Path file) throws IOException {
    ReportFiles.write(file, out -> write(report, out));
  }

  /** Writes {@code report} to {@code out} (left open). */
  public static void write(EvaluationReport r, OutputStream out) throws IOException {
    r.requireResults("A full JSON report");
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeNumberField("version", VERSION);
      g.writeObjectFieldStart("summary");
      g.writeNumberField("total", r.total());
      g.writeNumberField("matches", r.matches());
      g.writeNumberField("pred_none", r.predNone());
      g.writeNumberField("gold_none", r.goldNone());
      g.writeNumberField("sql_errors", r.sqlErrors());
      g.writeNumberField("accuracy", r.accuracy());
      writeInterval(g, "accuracy_ci", Confidence.accuracy(r));
      g.writeNumberField("unanswered", r.unanswered());
      g.writeStringField("timestamp", DateTimeFormatter.ISO_INSTANT.format(r.timestamp()));
      g.writeStringField("input_mode", r.inputMode().jsonName());
      g.writeStringField("judge", r.judge());
      g.writeStringField("benchmark", r.benchmark());
      g.writeStringField("duration", r.duration().toString());
      if (r.llmsql2().isPresent()) {
        writeLlmsql2(g, r.llmsql2().get());
      }
      if (r.unflagged().isPresent()) {
        writeUnflagged(g, r.unflagged().get());
      }
      if (r.spider().isPresent()) {
        writeSpider(g, r.spider().get());
      }
      if (r.bird().isPresent()) {
        writeBird(g, r.bird().get());
      }
      if (r.breakdowns().isPresent()) {
        writeBreakdowns(g, r.breakdowns().get());
      }
      g.writeEndObject();
      g.writeArrayFieldStart("scores");
      for (Score s : r.scores()) {
        g.writeStartObject();
        g.writeStringField("name", s.name());
        g.writeNumberField("value", s.value());
        g.writeStringField("explanation", s.explanation());
        writeInterval(g, "ci", Confidence.of(r, s.name()));
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("results");
      for (QuestionResult q : r.results()) {
        g.writeStartObject();
        g.writeNumberField("question_id", q.questionId());
        writeVerdict(g, q.verdict());
        g.writeNumberField("candidates", q.candidates());
        g.writeNumberField("executed", q.executed());
        g.writeBooleanField("pred_none", q.predNone());
        g.writeBooleanField("gold_none", q.goldNone());
        g.writeStringField("error", q.error());
        g.writeNumberField("nanos", q.nanos());
        // what the weighted (SCALE) score reads per question: its difficulty weight and its metric tags
        g.writeNumberField("difficulty", q.difficulty());
        g.writeArrayFieldStart("tags");
        for (String t : q.tags()) {
          g.writeString(t);
        }
        g.writeEndArray();
        Optional<String> hardness = SpiderScores.hardness(q.verdict());
        if (hardness.isPresent()) {
          g.writeStringField("hardness", hardness.get());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("details");
      for (QuestionDetail d : r.details()) {
        g.writeStartObject();
        g.writeNumberField("question_id", d.questionId());
        g.writeStringField("question", d.question());
        g.writeStringField("gold_sql", d.goldSql());
        g.writeStringField("predicted_sql", d.predictedSql());
        g.writeArrayFieldStart("tags");
        for (String t : d.tags()) {
          g.writeString(t);
        }
        g.writeEndArray();
        g.writeStringField("difficulty", d.difficulty());
        if (d.category() != null) {
          g.writeStringField("category", d.category());
        }
        if (d.family() != null) {
          g.writeStringField("family", d.family());
        }
        // a multi-database benchmark's question names its database, for breakdowns by database after reading back
        if (d.dbId() != null) {
          g.writeStringField("db_id", d.dbId());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("mismatches");
      for (Mismatch m : r.mismatches()) {
        g.writeStartObject();
        ReportJson.writeMismatchFields(g, m);
        writeVerdict(g, m.verdict());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("input_problems");
      for (InputProblem p : r.inputProblems()) {
        g.writeStartObject();
        g.writeStringField("kind", p.kind().name());
        g.writeStringField("location", p.location());
        if (p.questionId() == null) {
          g.writeNullField("question_id");
        } else {
          g.writeNumberField("question_id", p.questionId());
        }
        g.writeStringField("message", p.message());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  /**
   * Reads a report written by {@link #write}.
   *
   * @throws IOException when the file cannot be read, or is not such a report (the message names the file
   *     and what to do)
   */
  public static EvaluationReport read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "report file not found; check the path");
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, file.toString(), file);
    }
  }

  /**
   * Reads a report written by {@link #write}, or LLMSQL's own report (the JSON upstream's Python
   * {@code evaluate()} saves, and {@link ReportJson} writes), so a Python user's results can sit beside ours on
   * a leaderboard. LLMSQL's report holds counts only: the report read from it has no per-question results, its
   * judge is {@code llmsql}, and its benchmark is {@code LLMSQL <version> (LLMSQL report)} (version 1.0 when the
   * file names none).
   *
   * <pre>{@code
   * EvaluationReport python = FullReportJson.readAnyReport(Path.of("evaluation_results_1b2c.json"));
   * }</pre>
   *
   * @throws IOException when the file cannot be read, or is neither (the message names the file and the fix)
   */
  public static EvaluationReport readAnyReport(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "report file not found; check the path");
    }
    Streamed streamed;
    try (InputStream in = Files.newInputStream(file)) {
      streamed = stream(in, file.toString(), file);
    }
    JsonNode root = streamed.top();
    if (root != null && root.isObject() && !root.has("format") && root.has("total") && root.has("matches")
        && root.has("accuracy")) {
      try {
        return llmsqlReport(root);
      } catch (RuntimeException e) {
        throw new IOException(file + " is a damaged LLMSQL report: " + e.getMessage() + "; give the JSON file "
            + "LLMSQL's evaluate() saved, unchanged", e);
      }
    }
    return fullReport(streamed, file.toString());
  }

  /**
   * A report as read: its top-level fields but the two that grow with the benchmark, {@code details} and
   * {@code results}, which are made records one element at a time (the whole file as one tree took several times
   * its size: a 385 MB report ran {@code report} and {@code compare} out of memory). The first element that
   * cannot be read is kept, to be reported once the file is known to be a report at all.
   */
  private record Streamed(JsonNode top, List<QuestionDetail> details, List<ReadResult> results,
                          RuntimeException damage) { }

  /** The elements of the array the parser is at the start of, each read as a tree as it is reached. */
  private static final class ArrayElements implements java.util.Iterator<JsonNode> {
    private final JsonParser parser;
    private JsonToken next;

    ArrayElements(JsonParser parser) {
      this.parser = parser;
    }

    @Override
    public boolean hasNext() {
      if (next == null) {
        try {
          next = parser.nextToken();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return next != JsonToken.END_ARRAY;
    }

    @Override
    public JsonNode next() {
      if (!hasNext()) {
        throw new java.util.NoSuchElementException();
      }
      next = null;
      try {
        return parser.readValueAsTree();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** A result as read, before it is given its question's detail (the details may come after the results). */
  private record ReadResult(QuestionResult result, int difficulty, List<String> tags) { }

  private static Streamed stream(InputStream in, String name, Path file) throws IOException {
    List<QuestionDetail> details = new ArrayList<>();
    List<ReadResult> results = new ArrayList<>();
    RuntimeException damage = null;
    try (JsonParser parser = MAPPER.createParser(in)) {
      parser.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
      JsonToken token = parser.nextToken();
      if (token != JsonToken.START_OBJECT) {
        return new Streamed(token == null ? null : parser.readValueAsTree(), details, results, null);
      }
      com.fasterxml.jackson.databind.node.ObjectNode top = MAPPER.createObjectNode();
      for (token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        boolean isDetails = field.equals("details");
        if (!isDetails && !field.equals("results")) {
          top.set(field, parser.readValueAsTree());
          continue;
        }
        // as a tree reads them: a field given twice counts the last time, and the elements of anything but an
        // array are its values (an object's) or none (a scalar's)
        if (isDetails) {
          details.clear();
        } else {
          results.clear();
        }
        Iterable<JsonNode> elements = value == JsonToken.START_ARRAY ? () -> new ArrayElements(parser)
            : parser.readValueAsTree();
        for (JsonNode n : elements) {
          if (damage == null) {
            try {
              if (isDetails) {
                details.add(detail(n));
              } else {
                results.add(result(n));
              }
            } catch (RuntimeException e) {
              damage = e;
            }
          }
        }
      }
      return new Streamed(top, details, results, damage);
    } catch (JsonProcessingException e) {
      throw new IOException(notJson(name, file, e), e);
    } catch (java.io.UncheckedIOException e) {
      // from ArrayElements
      if (e.getCause() instanceof JsonProcessingException json) {
        throw new IOException(notJson(name, file, json), json);
      }
      throw e.getCause();
    }
  }

  private static EvaluationReport llmsqlReport(JsonNode n) {
    int total = count(n, "total");
    int matches = matches(n, total);
    double accuracy = n.has("accuracy") ? fraction(n, "accuracy") : total == 0 ? 0 : (double) matches / total;
    String version = n.path("version").isTextual() ? n.path("version").asText() : null;
    String modelName = n.path("model_name").isTextual() ? n.path("model_name").asText() : null;
    Instant timestamp = pythonTimestamp(n.path("timestamp").asText(""));
    InputMode mode = n.path("input_mode").isTextual() ? inputMode(n.path("input_mode").asText())
        : InputMode.JSONL_PATH;
    int missing = n.has("missing") ? count(n, "missing") : 0;
    Optional<Llmsql2Figures> v2 = Optional.empty();
    if (version != null || modelName != null || n.has("expected")) {
      Map<String, Breakdown> categories = new java.util.TreeMap<>();
      for (Map.Entry<String, JsonNode> c : n.path("category_accuracy").properties()) {
        categories.put(c.getKey(), new Breakdown(c.getKey(), count(c.getValue(), "total"),
            count(c.getValue(), "matches")));
      }
      int expected = n.has("expected") ? count(n, "expected") : total + missing;
      v2 = Optional.of(new Llmsql2Figures(modelName, version, n.has("exact_string_matches")
          ? count(n, "exact_string_matches") : 0, categories, expected,
          n.has("answered") ? count(n, "answered") : expected - missing, missing,
          n.has("duplicates") ? count(n, "duplicates") : 0));
    }
    List<Score> scores = List.of(new Score("accuracy", accuracy, "matches / total = " + matches + " / " + total));
    EvaluationReport.Builder report = EvaluationReport.builder().total(total).matches(matches)
        .predNone(count(n, "pred_none")).goldNone(count(n, "gold_none")).sqlErrors(count(n, "sql_errors"))
        .accuracy(accuracy).timestamp(timestamp).inputMode(mode).unanswered(missing).judge("llmsql").scores(scores)
        .benchmark("LLMSQL " + (version == null ? "1.0" : version) + " (LLMSQL report)");
    v2.ifPresent(report::llmsql2);
    return report.build();
  }

  /** A count field: a whole number from 0 (absent counts as 0). */
  private static int count(JsonNode n, String field) {
    JsonNode v = n.path(field);
    if (v.isMissingNode() || v.isNull()) {
      return 0;
    }
    if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 0) {
      throw new IllegalArgumentException("\"" + field + "\" must be a whole number from 0, but was " + abbreviate(v));
    }
    return v.asInt();
  }

  /** The {@code matches} count, which cannot exceed {@code total}. */
  private static int matches(JsonNode n, int total) {
    int matches = count(n, "matches");
    if (matches > total) {
      throw new IllegalArgumentException("\"matches\" (" + matches + ") exceeds \"total\" (" + total + ")");
    }
    return matches;
  }

  /** A rate: a number from 0 to 1. */
  private static double fraction(JsonNode n, String field) {
    JsonNode v = n.path(field);
    if (v.isMissingNode() || v.isNull()) {
      throw new IllegalArgumentException("\"" + field + "\" is missing in " + abbreviate(n));
    }
    if (!v.isNumber() || !(v.asDouble() >= 0 && v.asDouble() <= 1)) {
      throw new IllegalArgumentException("\"" + field + "\" must be a number from 0 to 1, but was " + abbreviate(v));
    }
    return v.asDouble();
  }

  /** A question's {@code question_id}: a whole number (Jackson would read text or 2^32 + 1 as 0 or 1). */
  private static int questionId(JsonNode n) {
    JsonNode v = n.path("question_id");
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new IllegalArgumentException("\"question_id\" must be a whole number, but was " + abbreviate(v));
    }
    return v.asInt();
  }

  /** Python's {@code datetime.isoformat()}: an instant, or a local date-time (read as UTC). */
  private static Instant pythonTimestamp(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      try {
        return java.time.OffsetDateTime.parse(text).toInstant();
      } catch (DateTimeParseException e2) {
        try {
          return java.time.LocalDateTime.parse(text).toInstant(java.time.ZoneOffset.UTC);
        } catch (DateTimeParseException e3) {
          throw new IllegalArgumentException("timestamp '" + text + "' is not an ISO-8601 date and time", e3);
        }
      }
    }
  }

  /**
   * Where and how a report is not JSON, worded by {@link dev.llmsql.files.JsonSyntax} from Jackson's location and
   * the file's text (read again only on this path, and only when it is small enough to hold); Jackson's own
   * message names its internals ({@code [Source: REDACTED ...]}).
   */
  private static final long MAX_TEXT_FOR_WHERE = 16L << 20;

  private static String notJson(String name, Path file, JsonProcessingException e) {
    if (file != null) {
      try {
        // bytes that are not UTF-8 stop Jackson too, and "not valid JSON" would send the user looking for a typo
        Optional<String> notUtf8 = dev.llmsql.files.Utf8Text.check(file);
        if (notUtf8.isPresent()) {
          return name + ": " + notUtf8.get();
        }
        if (Files.size(file) <= MAX_TEXT_FOR_WHERE) {
          String text = Files.readString(file);
          return name + ": not valid JSON " + dev.llmsql.files.JsonSyntax.describe(e, text);
        }
      } catch (IOException | RuntimeException notText) {
        // the position alone still helps
      }
    }
    com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
    return at == null ? name + ": not valid JSON"
        : name + ": not valid JSON at line " + at.getLineNr() + ", column " + at.getColumnNr();
  }

  /** Reads a report written by {@link #write} from {@code in} (left open). */
  public static EvaluationReport read(InputStream in) throws IOException {
    return read(in, "input", null);
  }

  private static EvaluationReport read(InputStream in, String name, Path file) throws IOException {
    return fullReport(stream(in, name, file), name);
  }

  private static EvaluationReport fullReport(Streamed streamed, String name) throws IOException {
    JsonNode root = streamed.top();
    if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())) {
      String hint = root != null && root.has("accuracy") && root.has("mismatches")
          ? " it looks like LLMSQL's report (what --save-report writes), which lacks per-question results;" : "";
      // the command line's way to make one: its users read these messages, and a Java caller has the Javadoc
      throw new IOException(name + " is not an llmsql-java full report (no \"format\": \"" + FORMAT
          + "\");" + hint + " make one with 'llmsql evaluate --format json'");
    }
    int version = root.path("version").asInt(-1);
    if (version != VERSION) {
      throw new IOException(name + " has report format version " + version + ", but this library reads "
          + "version " + VERSION + "; use the llmsql-java version that wrote it");
    }
    try {
      if (streamed.damage() != null) {
        throw streamed.damage();
      }
      return parse(root, streamed.details(), streamed.results());
    } catch (RuntimeException e) {
      throw new IOException(name + " is a damaged llmsql-java report: " + e.getMessage(), e);
    }
  }

  private static QuestionDetail detail(JsonNode n) {
    List<String> tags = new ArrayList<>();
    n.path("tags").forEach(t -> tags.add(t.asText()));
    return new QuestionDetail(questionId(n), text(n, "question"), text(n, "gold_sql"),
        nullableText(n, "predicted_sql"), new QuestionDetail.Labels(tags, nullableText(n, "difficulty"),
            nullableText(n, "category"), nullableText(n, "family")), nullableText(n, "db_id"));
  }

  private static ReadResult result(JsonNode n) {
    List<String> tags = new ArrayList<>();
    n.path("tags").forEach(t -> tags.add(t.asText()));
    return new ReadResult(new QuestionResult(questionId(n), verdict(n), n.path("candidates").asInt(),
        n.path("executed").asInt(), n.path("pred_none").asBoolean(), n.path("gold_none").asBoolean(),
        nullableText(n, "error"), n.path("nanos").asLong()), n.path("difficulty").asInt(), tags);
  }

  private static EvaluationReport parse(JsonNode root, List<QuestionDetail> details, List<ReadResult> read) {
    JsonNode s = root.path("summary");
    List<Score> scores = new ArrayList<>();
    for (JsonNode n : root.path("scores")) {
      double value = n.path("value").asDouble();
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException("score \"" + text(n, "name") + "\" must be a finite number, but was "
            + abbreviate(n.path("value")));
      }
      scores.add(new Score(text(n, "name"), value, text(n, "explanation")));
    }
    DetailsInOrder detailById = new DetailsInOrder(details);
    List<QuestionResult> results = new ArrayList<>(read.size());
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    // LLMSQL 2.0 scores every prediction line (Protocol.scoresRepeats), so its report may name a question
    // again; the report itself says how many such lines it scored (summary.llmsql2.duplicates, which only that
    // protocol counts). Repeats beyond that count are no report the engine wrote: a changed or joined file.
    int repeatsAllowed = llmsql2(s).map(Llmsql2Figures::duplicates).orElse(0);
    int repeats = 0;
    for (ReadResult r : read) {
      int id = r.result().questionId();
      if (!seen.add(id) && ++repeats > repeatsAllowed) {
        throw new IllegalArgumentException("question " + id + " is in \"results\" twice" + (repeatsAllowed == 0
            ? "" : ", but the report scored " + repeatsAllowed + " repeated prediction(s) in all"));
      }
      results.add(r.result().withQuestion(r.difficulty(), r.tags(), detailById.next(id)));
    }
    List<Mismatch> mismatches = new ArrayList<>();
    for (JsonNode n : root.path("mismatches")) {
      mismatches.add(new Mismatch(questionId(n), text(n, "question"), text(n, "gold_sql"),
          nullableText(n, "model_output"), rows(n.get("gold_results")), rows(n.get("prediction_results")),
          verdict(n)));
    }
    List<QuestionResult> carrying = carryingRows(results, mismatches);
    List<InputProblem> problems = new ArrayList<>();
    for (JsonNode n : root.path("input_problems")) {
      JsonNode id = n.get("question_id");
      problems.add(new InputProblem(InputProblem.Kind.valueOf(text(n, "kind")), text(n, "location"),
          id == null || id.isNull() ? null : id.asInt(), text(n, "message")));
    }
    // a report is also a baseline and a leaderboard entry: impossible figures must not pass a gate or rank first
    int total = count(s, "total");
    int matches = matches(s, total);
    if (results.size() != total) {
      // the writer refuses a report without every result, so this one was changed since
      throw new IllegalArgumentException("\"results\" holds " + results.size() + " question(s), but \"total\" is "
          + total);
    }
    EvaluationReport.Builder report = EvaluationReport.builder().total(total)
        .matches(matches).predNone(count(s, "pred_none"))
        .goldNone(count(s, "gold_none")).sqlErrors(count(s, "sql_errors"))
        .accuracy(fraction(s, "accuracy")).timestamp(instant(text(s, "timestamp")))
        .inputMode(inputMode(text(s, "input_mode"))).results(carrying != null ? carrying : results)
        .inputProblems(problems)
        .unanswered(count(s, "unanswered")).judge(text(s, "judge")).scores(scores)
        .benchmark(text(s, "benchmark")).duration(Duration.parse(text(s, "duration"))).details(details);
    if (carrying == null) {
      report.mismatches(mismatches);
    }
    llmsql2(s).ifPresent(report::llmsql2);
    unflagged(s).ifPresent(report::unflagged);
    spider(s).ifPresent(report::spider);
    bird(s).ifPresent(report::bird);
    breakdowns(s).ifPresent(report::breakdowns);
    return report.build();
  }

  /**
   * The results carrying the rows of the mismatches, when each mismatch is exactly the view of one result (a
   * report written with its results); else null, and the mismatches are held alone (a report without results,
   * or one edited by hand).
   */
  private static List<QuestionResult> carryingRows(List<QuestionResult> results, List<Mismatch> mismatches) {
    if (mismatches.isEmpty() || results.isEmpty()) {
      return null;
    }
    // paired in order, not by id: an LLMSQL 2.0 report may hold two mismatches of one question (scored repeats)
    List<QuestionResult> carrying = new ArrayList<>(results.size());
    List<Mismatch> views = new ArrayList<>(mismatches.size());
    int next = 0;
    for (QuestionResult r : results) {
      Mismatch m = !r.outcome().isMatch() && next < mismatches.size()
          && mismatches.get(next).questionId() == r.questionId() ? mismatches.get(next++) : null;
      QuestionResult c = m == null ? r : r.withKept(m.kept());
      if (m != null) {
        views.add(Mismatch.of(c));
      }
      carrying.add(c);
    }
    return views.equals(mismatches) ? carrying : null;
  }

  /** {@code summary.unflagged}: the scores on the questions an audit did not flag. */
  private static void writeUnflagged(JsonGenerator g, Unflagged u) throws IOException {
    g.writeObjectFieldStart("unflagged");
    g.writeNumberField("total", u.total());
    g.writeNumberField("matches", u.matches());
    g.writeNumberField("accuracy", u.accuracy());
    g.writeNumberField("left_out", u.leftOut());
    g.writeArrayFieldStart("scores");
    for (Score s : u.scores()) {
      g.writeStartObject();
      g.writeStringField("name", s.name());
      g.writeNumberField("value", s.value());
      g.writeStringField("explanation", s.explanation());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static Optional<Unflagged> unflagged(JsonNode s) {
    JsonNode u = s.path("unflagged");
    if (!u.isObject()) {
      return Optional.empty();
    }
    List<Score> scores = new ArrayList<>();
    for (JsonNode score : u.path("scores")) {
      scores.add(new Score(score.path("name").asText(), score.path("value").asDouble(),
          score.path("explanation").asText()));
    }
    return Optional.of(new Unflagged(u.path("total").asInt(), u.path("matches").asInt(), u.path("accuracy")
        .asDouble(), u.path("left_out").asInt(), scores));
  }

  private static void writeLlmsql2(JsonGenerator g, Llmsql2Figures f) throws IOException {
    g.writeObjectFieldStart("llmsql2");
    g.writeStringField("model_name", f.modelName());
    g.writeStringField("version", f.version());
    g.writeNumberField("exact_string_matches", f.exactStringMatches());
    g.writeObjectFieldStart("category_accuracy");
    for (Breakdown b : f.categoryAccuracy().values()) {
      g.writeObjectFieldStart(b.key());
      g.writeNumberField("total", b.total());
      g.writeNumberField("matches", b.matches());
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeNumberField("expected", f.expected());
    g.writeNumberField("answered", f.answered());
    g.writeNumberField("missing", f.missing());
    g.writeNumberField("duplicates", f.duplicates());
    g.writeEndObject();
  }

  /** evaluation.py's scores dict, with its keys. */
  private static void writeSpider(JsonGenerator g, SpiderScores spider) throws IOException {
    g.writeObjectFieldStart("spider");
    for (Map.Entry<String, SpiderScores.Level> e : spider.levels().entrySet()) {
      SpiderScores.Level level = e.getValue();
      g.writeObjectFieldStart(e.getKey());
      g.writeNumberField("count", level.count());
      g.writeNumberField("exec", level.exec());
      g.writeNumberField("exact", level.exact());
      if (!level.partial().isEmpty()) {
        g.writeObjectFieldStart("partial");
        for (Map.Entry<String, SpiderScores.Partial> p : level.partial().entrySet()) {
          g.writeObjectFieldStart(p.getKey());
          g.writeNumberField("acc", p.getValue().acc());
          g.writeNumberField("rec", p.getValue().rec());
          g.writeNumberField("f1", p.getValue().f1());
          g.writeNumberField("acc_count", p.getValue().accCount());
          g.writeNumberField("rec_count", p.getValue().recCount());
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  /** BIRD's table: count, ex, soft_f1 and (when timed) r_ves per level, in points. */
  private static void writeBird(JsonGenerator g, BirdScores bird) throws IOException {
    g.writeObjectFieldStart("bird");
    for (Map.Entry<String, BirdScores.Level> e : bird.levels().entrySet()) {
      g.writeObjectFieldStart(e.getKey());
      g.writeNumberField("count", e.getValue().count());
      g.writeNumberField("ex", e.getValue().ex());
      g.writeNumberField("soft_f1", e.getValue().softF1());
      if (bird.timed()) {
        g.writeNumberField("r_ves", e.getValue().rves());
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void writeBreakdowns(JsonGenerator g, Breakdowns b) throws IOException {
    g.writeObjectFieldStart("breakdowns");
    writeSlices(g, "by_characteristic", b.byCharacteristic());
    writeSlices(g, "by_database", b.byDatabase());
    writeSlices(g, "by_table", b.byTable());
    g.writeNumberField("qvt", b.qvt());
    g.writeNumberField("qvt_groups", b.qvtGroups());
    g.writeEndObject();
  }

  private static void writeSlices(JsonGenerator g, String field, Map<String, Breakdown> slices) throws IOException {
    g.writeObjectFieldStart(field);
    for (Breakdown slice : slices.values()) {
      g.writeObjectFieldStart(slice.key());
      g.writeNumberField("total", slice.total());
      g.writeNumberField("matches", slice.matches());
      g.writeNumberField("accuracy", slice.accuracy());
      writeInterval(g, "accuracy_ci", Breakdowns.interval(slice));
      if (!slice.scores().isEmpty()) {
        g.writeObjectFieldStart("scores");
        for (Score score : slice.scores().values()) {
          g.writeObjectFieldStart(score.name());
          g.writeNumberField("value", score.value());
          g.writeStringField("explanation", score.explanation());
          writeInterval(g, "ci", Optional.ofNullable(slice.intervals().get(score.name())));
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static Optional<Breakdowns> breakdowns(JsonNode s) {
    JsonNode f = s.get("breakdowns");
    if (f == null || !f.isObject()) {
      return Optional.empty();
    }
    return Optional.of(new Breakdowns(slices(f.path("by_characteristic")), slices(f.path("by_database")),
        slices(f.path("by_table")), f.path("qvt").asDouble(), f.path("qvt_groups").asInt()));
  }

  private static Map<String, Breakdown> slices(JsonNode n) {
    Map<String, Breakdown> out = new java.util.LinkedHashMap<>();
    n.properties().forEach(e -> {
      Map<String, Score> scores = new java.util.LinkedHashMap<>();
      Map<String, Interval> intervals = new java.util.LinkedHashMap<>();
      e.getValue().path("scores").properties().forEach(sc -> {
        JsonNode v = sc.getValue();
        scores.put(sc.getKey(), new Score(sc.getKey(), v.path("value").asDouble(), v.path("explanation").asText()));
        JsonNode ci = v.path("ci");
        if (ci.isObject()) {
          intervals.put(sc.getKey(), new Interval(ci.path("low").asDouble(), ci.path("high").asDouble(),
              ci.path("method").asText()));
        }
      });
      out.put(e.getKey(), new Breakdown(e.getKey(), e.getValue().path("total").asInt(),
          e.getValue().path("matches").asInt(), scores, intervals));
    });
    return out;
  }

  private static Optional<BirdScores> bird(JsonNode s) {
    JsonNode f = s.get("bird");
    if (f == null || !f.isObject()) {
      return Optional.empty();
    }
    Map<String, BirdScores.Level> levels = new java.util.LinkedHashMap<>();
    boolean timed = false;
    for (Map.Entry<String, JsonNode> e : f.properties()) {
      JsonNode l = e.getValue();
      timed |= l.has("r_ves");
      levels.put(e.getKey(), new BirdScores.Level(l.path("count").asInt(), l.path("ex").asDouble(),
          l.path("soft_f1").asDouble(), l.path("r_ves").asDouble()));
    }
    return Optional.of(new BirdScores(levels, timed));
  }

  private static Optional<SpiderScores> spider(JsonNode s) {
    JsonNode f = s.get("spider");
    if (f == null || !f.isObject()) {
      return Optional.empty();
    }
    Map<String, SpiderScores.Level> levels = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : f.properties()) {
      JsonNode l = e.getValue();
      Map<String, SpiderScores.Partial> partial = new java.util.LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> p : l.path("partial").properties()) {
        JsonNode v = p.getValue();
        partial.put(p.getKey(), new SpiderScores.Partial(v.path("acc").asDouble(), v.path("rec").asDouble(),
            v.path("f1").asDouble(), v.path("acc_count").asInt(), v.path("rec_count").asInt()));
      }
      levels.put(e.getKey(), new SpiderScores.Level(l.path("count").asInt(), l.path("exec").asDouble(),
          l.path("exact").asDouble(), partial));
    }
    return Optional.of(new SpiderScores(levels));
  }

  private static Optional<Llmsql2Figures> llmsql2(JsonNode s) {
    JsonNode f = s.get("llmsql2");
    if (f == null || f.isNull()) {
      return Optional.empty();
    }
    Map<String, Breakdown> categories = new java.util.TreeMap<>();
    f.path("category_accuracy").properties().forEach(e -> categories.put(e.getKey(),
        new Breakdown(e.getKey(), e.getValue().path("total").asInt(), e.getValue().path("matches").asInt())));
    return Optional.of(new Llmsql2Figures(nullableText(f, "model_name"), nullableText(f, "version"),
        f.path("exact_string_matches").asInt(), categories, f.path("expected").asInt(), f.path("answered").asInt(),
        f.path("missing").asInt(), f.path("duplicates").asInt()));
  }

  /** The interval as {low, high, method}, or null when unavailable; readers recompute it from the results. */
  private static void writeInterval(JsonGenerator g, String field, Optional<Interval> interval) throws IOException {
    if (interval.isEmpty()) {
      g.writeNullField(field);
      return;
    }
    g.writeObjectFieldStart(field);
    g.writeNumberField("low", interval.get().low());
    g.writeNumberField("high", interval.get().high());
    g.writeStringField("method", interval.get().method());
    g.writeEndObject();
  }

  private static void writeVerdict(JsonGenerator g, Verdict v) throws IOException {
    g.writeStringField("outcome", v.outcome().name());
    g.writeStringField("reason", v.reason().name());
    g.writeStringField("detail", v.detail());
    // each score's per-question value (soft_f1, time_ratio, ves_reward, rule:<id>, ...), so aggregates can be
    // audited; JSON has no NaN or infinity, so such a value is left out
    g.writeObjectFieldStart("measures");
    for (Map.Entry<String, Double> m : v.measuresAndFlags().entrySet()) {
      if (Double.isFinite(m.getValue())) {
        g.writeNumberField(m.getKey(), m.getValue());
      }
    }
    g.writeEndObject();
  }

  private static Verdict verdict(JsonNode n) {
    Map<String, Double> measures = new TreeMap<>();
    n.path("measures").properties().forEach(e -> measures.put(e.getKey(), e.getValue().asDouble()));
    return Verdict.read(Outcome.valueOf(text(n, "outcome")), Reason.valueOf(text(n, "reason")), text(n, "detail"),
        measures);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("\"" + field + "\" is missing in " + abbreviate(n));
    }
    return v.asText();
  }

  private static String nullableText(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static String abbreviate(JsonNode n) {
    String s = n.toString();
    return s.length() > 120 ? s.substring(0, 117) + "..." : s;
  }

  private static Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("timestamp '" + text + "' is not an ISO-8601 instant", e);
    }
  }

  private static InputMode inputMode(String text) {
    for (InputMode m : InputMode.values()) {
      if (m.jsonName().equals(text)) {
        return m;
      }
    }
    throw new IllegalArgumentException("input_mode '" + text + "' is neither jsonl_path nor dict_list");
  }

  private static List<List<Object>> rows(JsonNode rows) {
    if (rows == null || rows.isNull()) {
      return null;
    }
    List<List<Object>> out = new ArrayList<>();
    for (JsonNode row : rows) {
      List<Object> cells = new ArrayList<>();
      for (JsonNode cell : row) {
        // an integer past Long (an LLMSQL 2.0 answer's) comes back whole: asLong cut it to 64 bits
        cells.add(cell.isNull() ? null : cell.isIntegralNumber() ? (cell.canConvertToLong() ? (Object) cell.asLong()
            : cell.bigIntegerValue()) : cell.isNumber() ? (Object) cell.asDouble() : cell.asText());
      }
      out.add(java.util.Collections.unmodifiableList(cells));
    }
    return java.util.Collections.unmodifiableList(out);
  }
}
