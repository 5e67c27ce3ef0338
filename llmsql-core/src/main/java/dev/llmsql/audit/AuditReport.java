package dev.llmsql.audit;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.execution.Cells;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.csv.CsvCells;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * What {@link dev.llmsql.Audit} found on a benchmark: one {@link QuestionAudit} per question in file order, the
 * groups of questions sharing one gold, and the checks that could not be computed (and why). Written as JSON
 * ({@link #writeJson}, read back by {@link #readJson} and by {@code evaluate --audit}), CSV and a one-screen
 * text summary ({@link #summary}).
 *
 * <pre>{@code
 * AuditReport report = new AuditReport("demo", "llmsql",
 *     new AuditReport.Limits(Duration.ofSeconds(10), Duration.ofSeconds(5)), List.of(new QuestionAudit(1, null, Map.of(), 1_000_000L)), List.of(), Map.of(), Instant.EPOCH,
 *     Duration.ofMillis(40));
 * report.count(AuditFlag.GOLD_ERROR);   // 0
 * report.flaggedIds();                  // []
 * System.out.print(report.summary(5));
 * }</pre>
 *
 * @param benchmark a description of the benchmark audited
 * @param judge the judge {@code not_self_match} used
 * @param limits the timeout each gold ran under and how long one may take before it is {@code gold_slow}
 * @param questions one per question, in the questions file's order
 * @param duplicateGroups the ids of questions sharing one normalised gold on one database, each group in file
 *     order, groups by their first question
 * @param notChecked the flags not computed (for some or all questions), with why
 * @param timestamp when the audit finished
 * @param duration how long it took
 */
public record AuditReport(String benchmark, String judge, Limits limits, List<QuestionAudit> questions, List<List<Integer>> duplicateGroups,
                          Map<AuditFlag, String> notChecked, Instant timestamp, Duration duration) {

  /** The {@code format} field of the JSON. */
  public static final String FORMAT = "llmsql-java-audit";
  /** The {@code version} field of the JSON. */
  public static final int VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * The flags that make a question unfair to score, which {@code evaluate --audit} leaves out by default: every
   * flag but {@code duplicate_gold} (a paraphrase sharing its gold with another question is no defect of
   * either; Spider pairs nearly every gold so).
   */
  public static final Set<AuditFlag> DEFECTS = Collections.unmodifiableSet(
      java.util.EnumSet.complementOf(java.util.EnumSet.of(AuditFlag.DUPLICATE_GOLD)));

  public AuditReport {
    requireNonNull(benchmark, "benchmark");
    requireNonNull(judge, "judge");
    requireNonNull(limits, "limits");
    questions = List.copyOf(questions);
    duplicateGroups = duplicateGroups.stream().map(List::copyOf).toList();
    EnumMap<AuditFlag, String> sorted = new EnumMap<>(AuditFlag.class);
    sorted.putAll(notChecked);
    notChecked = Collections.unmodifiableMap(sorted);
    requireNonNull(timestamp, "timestamp");
    requireNonNull(duration, "duration");
  }

  /**
   * The bounds the golds ran under.
   *
   * @param queryTimeout the timeout each gold ran under
   * @param slowAfter how long a gold may take before it is {@code gold_slow}
   */
  public record Limits(Duration queryTimeout, Duration slowAfter) {

    public Limits {
      requireNonNull(queryTimeout, "queryTimeout");
      requireNonNull(slowAfter, "slowAfter");
    }
  }

  /** The timeout each gold ran under. */
  public Duration queryTimeout() {
    return limits.queryTimeout();
  }

  /** How long a gold may take before it is {@code gold_slow}. */
  public Duration slowAfter() {
    return limits.slowAfter();
  }

  /** How many questions carry {@code flag}. */
  public int count(AuditFlag flag) {
    return (int) questions.stream().filter(q -> q.has(flag)).count();
  }

  /** Every flag with how many questions carry it, in {@link AuditFlag} order (zeros included). */
  public Map<AuditFlag, Integer> counts() {
    Map<AuditFlag, Integer> counts = new EnumMap<>(AuditFlag.class);
    for (AuditFlag flag : AuditFlag.values()) {
      counts.put(flag, count(flag));
    }
    return Collections.unmodifiableMap(counts);
  }

  /** The questions with at least one flag, in file order. */
  public List<QuestionAudit> flagged() {
    return questions.stream().filter(q -> !q.clean()).toList();
  }

  /** The ids of the questions with at least one flag. */
  public Set<Integer> flaggedIds() {
    Set<Integer> ids = new LinkedHashSet<>();
    flagged().forEach(q -> ids.add(q.questionId()));
    return Collections.unmodifiableSet(ids);
  }

  /** The questions carrying any of {@code flags}, in file order. */
  public List<QuestionAudit> withAny(Collection<AuditFlag> flags) {
    return questions.stream().filter(q -> flags.stream().anyMatch(q::has)).toList();
  }

  /**
   * The one-screen summary: counts per flag, the checks not computed, duplicate groups and the {@code worst}
   * questions (most flags first, then file order) with their first detail.
   */
  public String summary(int worst) {
    StringBuilder sb = new StringBuilder();
    sb.append("Audit of ").append(benchmark).append(" (judge ").append(judge).append(", timeout ")
        .append(seconds(queryTimeout())).append(", slow after ").append(seconds(slowAfter())).append(")\n");
    int flaggedCount = flagged().size();
    line(sb, "Questions", Integer.toString(questions.size()));
    line(sb, "Flagged", flaggedCount + " (" + (questions.size() - flaggedCount) + " without flags)");
    int defects = withAny(DEFECTS).size();
    if (defects != flaggedCount) {
      line(sb, "Flagged but duplicates", defects + " (flags other than duplicate_gold)");
    }
    for (AuditFlag flag : AuditFlag.values()) {
      String note = notChecked.containsKey(flag) ? "  (not computed: " + notChecked.get(flag) + ")" : "";
      line(sb, "  " + flag.id(), count(flag) + note);
    }
    if (!duplicateGroups.isEmpty()) {
      line(sb, "Duplicate golds", duplicateGroups.size() + " group(s): " + duplicateGroups.stream().limit(5)
          .map(g -> g.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]")))
          .collect(Collectors.joining(" ")) + (duplicateGroups.size() > 5 ? " ..." : ""));
    }
    List<QuestionAudit> ranked = new ArrayList<>(flagged());
    ranked.sort(Comparator.comparingInt((QuestionAudit q) -> -q.findings().size()));
    if (!ranked.isEmpty() && worst > 0) {
      sb.append("  Worst questions:\n");
      for (QuestionAudit q : ranked.subList(0, Math.min(worst, ranked.size()))) {
        Map.Entry<AuditFlag, String> first = q.findings().entrySet().iterator().next();
        String flags = q.flags().stream().map(AuditFlag::id).collect(Collectors.joining(", "));
        sb.append("    ").append(q.questionId()).append(q.dbId() == null ? "" : " (" + q.dbId() + ")").append(": ")
            .append(flags).append(": ").append(cut(first.getValue(), 100)).append('\n');
      }
    }
    line(sb, "Time", String.format(Locale.ROOT, "%.2f s", duration.toMillis() / 1000.0));
    return Cells.printable(sb.toString());   // ids, tables and details are the benchmark's, for a terminal
  }

  /** Writes the JSON report to {@code file}: the old file or the new one, never half of one. */
  public void writeJson(Path file) throws IOException {
    ReportFiles.write(file, out -> {
      try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
        g.useDefaultPrettyPrinter();
        writeJson(g);
      }
    });
  }

  private void writeJson(JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("format", FORMAT);
    g.writeNumberField("version", VERSION);
    g.writeStringField("benchmark", benchmark);
    g.writeStringField("judge", judge);
    g.writeNumberField("query_timeout_ms", queryTimeout().toMillis());
    g.writeNumberField("slow_after_ms", slowAfter().toMillis());
    g.writeStringField("timestamp", timestamp.toString());
    g.writeNumberField("duration_ms", duration.toMillis());
    g.writeObjectFieldStart("summary");
    g.writeNumberField("questions", questions.size());
    g.writeNumberField("flagged", flagged().size());
    g.writeObjectFieldStart("counts");
    for (Map.Entry<AuditFlag, Integer> c : counts().entrySet()) {
      g.writeNumberField(c.getKey().id(), c.getValue());
    }
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("not_checked");
    for (Map.Entry<AuditFlag, String> n : notChecked.entrySet()) {
      g.writeStringField(n.getKey().id(), n.getValue());
    }
    g.writeEndObject();
    g.writeArrayFieldStart("duplicate_groups");
    for (List<Integer> group : duplicateGroups) {
      g.writeStartArray();
      for (int id : group) {
        g.writeNumber(id);
      }
      g.writeEndArray();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("questions");
    for (QuestionAudit q : questions) {
      g.writeStartObject();
      g.writeNumberField("question_id", q.questionId());
      g.writeStringField("db_id", q.dbId());
      g.writeArrayFieldStart("flags");
      for (AuditFlag flag : q.flags()) {
        g.writeString(flag.id());
      }
      g.writeEndArray();
      g.writeObjectFieldStart("detail");
      for (Map.Entry<AuditFlag, String> f : q.findings().entrySet()) {
        g.writeStringField(f.getKey().id(), f.getValue());
      }
      g.writeEndObject();
      if (q.goldNanos() >= 0) {
        g.writeNumberField("gold_ms", Math.round(q.goldNanos() / 1e4) / 100.0);
      } else {
        g.writeNullField("gold_ms");
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * Reads a report {@link #writeJson} wrote.
   *
   * @throws IOException naming the file and the fix when it cannot be read or is not an audit report
   */
  public static AuditReport readJson(Path file) throws IOException {
    requireNonNull(file, "file");
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      // a FIFO would be waited on for ever, a link to /dev/zero read until memory runs out
      throw new IOException(file + " is not a regular file (a directory, device or pipe); give the JSON that llmsql "
          + "audit --save wrote");
    }
    JsonNode root;
    try (InputStream in = Files.newInputStream(file)) {
      root = MAPPER.readTree(in);
    } catch (java.nio.file.NoSuchFileException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(file + " could not be read as an audit report (" + e.getMessage().lines().findFirst()
          .orElse("") + "); give the JSON that llmsql audit --save wrote", e);
    }
    if (root == null || !FORMAT.equals(root.path("format").asText())) {
      throw new IOException(file + " is not an audit report (no \"format\": \"" + FORMAT + "\"); give the JSON "
          + "that llmsql audit --save wrote");
    }
    try {
      List<QuestionAudit> questions = new ArrayList<>();
      for (JsonNode q : root.path("questions")) {
        Map<AuditFlag, String> findings = new LinkedHashMap<>();
        q.path("detail").properties().forEach(e -> findings.put(AuditFlag.named(e.getKey()),
            e.getValue().asText()));
        for (JsonNode flag : q.path("flags")) {
          findings.putIfAbsent(AuditFlag.named(flag.asText()), "");
        }
        JsonNode ms = q.path("gold_ms");
        questions.add(new QuestionAudit(q.path("question_id").asInt(), q.path("db_id").isTextual()
            ? q.path("db_id").asText() : null, findings, ms.isNumber() ? Math.round(ms.asDouble() * 1e6) : -1));
      }
      List<List<Integer>> groups = new ArrayList<>();
      for (JsonNode group : root.path("duplicate_groups")) {
        List<Integer> ids = new ArrayList<>();
        group.forEach(id -> ids.add(id.asInt()));
        groups.add(ids);
      }
      Map<AuditFlag, String> notChecked = new LinkedHashMap<>();
      root.path("not_checked").properties().forEach(e -> notChecked.put(AuditFlag.named(e.getKey()),
          e.getValue().asText()));
      return new AuditReport(root.path("benchmark").asText(), root.path("judge").asText(),
          new Limits(Duration.ofMillis(root.path("query_timeout_ms").asLong()),
              Duration.ofMillis(root.path("slow_after_ms").asLong())), questions, groups, notChecked, Instant.parse(root.path("timestamp").asText()),
          Duration.ofMillis(root.path("duration_ms").asLong()));
    } catch (IllegalArgumentException | DateTimeParseException e) {
      throw new IOException(file + " is not a valid audit report (" + e.getMessage() + "); give the JSON that "
          + "llmsql audit --save wrote", e);
    }
  }

  /**
   * Writes one CSV row per question ({@code question_id, db_id, flags, detail}; flags joined by {@code ;},
   * details as {@code flag: text} joined by {@code  | }), cells guarded against formula injection.
   */
  public void writeCsv(Path file) throws IOException {
    ReportFiles.write(file, out -> {
      OutputStreamWriter writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
      CSVPrinter csv = CSVFormat.RFC4180.print(writer);
      csv.printRecord("question_id", "db_id", "flags", "detail", "gold_ms");
      for (QuestionAudit q : questions) {
        csv.printRecord(CsvCells.row(q.questionId(), q.dbId(),
            q.flags().stream().map(AuditFlag::id).collect(Collectors.joining(";")),
            q.findings().entrySet().stream().map(e -> e.getKey().id() + ": " + e.getValue())
                .collect(Collectors.joining(" | ")),
            q.goldNanos() < 0 ? null : Math.round(q.goldNanos() / 1e4) / 100.0));
      }
      csv.flush();
    });
  }

  private static void line(StringBuilder sb, String label, String value) {
    sb.append(String.format(Locale.ROOT, "  %-22s %s%n", label + ":", value));
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  private static String cut(String text, int width) {
    String one = text.replaceAll("\\s+", " ");
    return one.length() <= width ? one : one.substring(0, width - 3) + "...";
  }
}
