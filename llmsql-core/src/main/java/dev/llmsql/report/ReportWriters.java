package dev.llmsql.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of {@link ReportWriter}s: every writer {@link ServiceLoader} finds (through the thread's context
 * class loader, so a plug-in loader's writers count), in the order found: the built-in ones first
 * ({@code json}, {@code csv}, {@code html}, then {@code llmsql-json}, {@code leaderboard-yaml},
 * {@code junit-xml}). The lists users see (help, errors, completion) are made from it.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * for (String format : ReportWriters.listed()) {
 *   ReportWriter writer = ReportWriters.named(format);
 *   writer.write(report, Path.of("reports", writer.fileName("gpt-4o")));
 * }
 * }</pre>
 */
public final class ReportWriters {

  private ReportWriters() {
  }

  /**
   * Every writer, by format name, in the order found.
   *
   * @throws IllegalStateException when two writers give one format name
   */
  public static List<ReportWriter> all() {
    // found afresh each time (a few small classes): a registry cached once would miss a plug-in loader's writers
    Map<String, ReportWriter> writers = new LinkedHashMap<>();
    for (ReportWriter writer : ServiceLoader.load(ReportWriter.class)) {
      ReportWriter before = writers.putIfAbsent(writer.format(), writer);
      if (before != null && before.getClass() != writer.getClass()) {
        throw new IllegalStateException("two report writers give the format '" + writer.format() + "': "
            + before.getClass().getName() + " and " + writer.getClass().getName() + "; remove one");
      }
    }
    return List.copyOf(writers.values());
  }

  /** The names of the {@link ReportWriter#listed() listed} formats, in registry order. */
  public static List<String> listed() {
    List<String> names = new ArrayList<>();
    for (ReportWriter writer : all()) {
      if (writer.listed()) {
        names.add(writer.format());
      }
    }
    return List.copyOf(names);
  }

  /** The writer of {@code format} (case-insensitive), or empty. */
  public static Optional<ReportWriter> find(String format) {
    String name = format.strip().toLowerCase(Locale.ROOT);
    return all().stream().filter(w -> w.format().equals(name)).findFirst();
  }

  /**
   * The writer of {@code format} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the known formats when none writes it
   */
  public static ReportWriter named(String format) {
    return find(format).orElseThrow(() -> new IllegalArgumentException("no report writer for the format '"
        + format + "'; known: " + String.join(", ", all().stream().map(ReportWriter::format).toList())));
  }
}
