package dev.llmsql.sqlite.dataset;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.benchmark.BoundedLineReader;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.files.AtomicFiles;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.RunInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Spider 2.0 (lite or snow) as a benchmark of this library: its tasks ({@code spider2-lite.jsonl} or
 * {@code spider2-snow.jsonl}), its evaluation metadata ({@code evaluation_suite/gold/spider2lite_eval.jsonl} or
 * {@code spider2snow_eval.jsonl}: {@code condition_cols}, {@code ignore_order}) and its gold results
 * ({@code evaluation_suite/gold/exec_result/<id>.csv}, with alternatives {@code <id>_a.csv}, {@code <id>_b.csv},
 * ... as {@code evaluate.py} finds them) become one questions JSONL whose lines carry the gold results
 * themselves ({@code gold_results}, no gold SQL to run), the metadata and the task's {@code instance_id}; the
 * local SQLite databases ({@code resource/databases/spider2-localdb/<db>.sqlite}) the questions use are laid
 * out one folder per {@code db_id} (hard-linked when the file system allows, else copied). Tasks without
 * metadata or without a gold result are left out, each named in {@link Summary#skipped()}, as
 * {@code evaluate.py} evaluates only the tasks of its eval file.
 *
 * <pre>{@code
 * Spider2Import.Summary s = Spider2Import.run(Path.of("Spider2/spider2-lite"), Path.of("spider2-lite-llmsql"),
 *     false);
 * System.out.println(s.questionCount() + " questions in " + s.questions());
 * }</pre>
 */
public final class Spider2Import {

  /** What an import wrote. */
  public record Summary(Path questions, Path databasesDir, int questionCount, int databaseCount,
                        List<String> skipped) {
    public Summary {
      skipped = List.copyOf(skipped);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The gold file names {@code evaluate.py} takes for task {@code id}: {@code id.csv} and {@code id_[a-z].csv}. */
  private static Pattern goldFiles(String id) {
    return Pattern.compile(Pattern.quote(id) + "(_[a-z])?\\.csv");
  }

  private Spider2Import() {
  }

  /**
   * Imports the Spider 2.0 folder {@code spider2Dir} (the one holding {@code spider2-lite.jsonl} or
   * {@code spider2-snow.jsonl}) into {@code outDir}: {@code questions.jsonl} and {@code databases/}.
   *
   * @param overwrite whether an existing {@code questions.jsonl} and database copies may be replaced
   * @throws DatasetImportException naming the file, line and fix when the folder is not Spider 2.0's shape
   * @throws dev.llmsql.report.OutputTargetException when {@code questions.jsonl} in {@code outDir} exists and is
   *     not a regular file, or is one of the folder's own files; nothing is written then
   */
  public static Summary run(Path spider2Dir, Path outDir, boolean overwrite) {
    requireNonNull(spider2Dir, "spider2Dir");
    requireNonNull(outDir, "outDir");
    String flavour = Files.isRegularFile(spider2Dir.resolve("spider2-lite.jsonl")) ? "lite"
        : Files.isRegularFile(spider2Dir.resolve("spider2-snow.jsonl")) ? "snow" : null;
    if (flavour == null) {
      throw new DatasetImportException(spider2Dir + ": neither spider2-lite.jsonl nor spider2-snow.jsonl is there; "
          + "give --spider2 the spider2-lite (or spider2-snow) folder of the Spider 2.0 repository");
    }
    Path tasksFile = spider2Dir.resolve("spider2-" + flavour + ".jsonl");
    Path gold = spider2Dir.resolve("evaluation_suite").resolve("gold");
    Path evalFile = gold.resolve("spider2" + flavour + "_eval.jsonl");
    Path goldResults = gold.resolve("exec_result");
    if (!Files.isRegularFile(evalFile)) {
      throw new DatasetImportException(evalFile + ": not found; Spider 2.0's evaluation metadata lives in "
          + "evaluation_suite/gold/spider2" + flavour + "_eval.jsonl");
    }
    if (!Files.isDirectory(goldResults)) {
      throw new DatasetImportException(goldResults + ": not found; Spider 2.0's gold results live in "
          + "evaluation_suite/gold/exec_result/<instance_id>.csv");
    }
    Path questionsFile = outDir.resolve("questions.jsonl");
    // checked before reading anything, so a refused target costs nothing and is left as it was
    ReportFiles.requireWritableTarget(questionsFile, RunInputs.none().with("Spider 2.0 tasks file", tasksFile)
        .with("Spider 2.0 evaluation metadata", evalFile));
    if (Files.exists(questionsFile) && !overwrite) {
      throw new DatasetImportException(questionsFile + " exists; pass --overwrite to replace it, or choose "
          + "another --out");
    }
    Map<String, JsonNode> metadata = new LinkedHashMap<>();
    readJsonl(evalFile, (location, node) -> metadata.put(instanceId(location, node), node));
    Map<String, List<String>> goldNames = goldNames(goldResults);
    Path localDbs = spider2Dir.resolve("resource").resolve("databases").resolve("spider2-localdb");
    Path databasesDir = outDir.resolve("databases");
    List<String> skipped = new ArrayList<>();
    Map<String, Path> databases = new TreeMap<>();
    int[] count = {0};
    // The questions go to a file beside their target as they are made, renamed into place at the end: held in
    // memory, 40 gold results of 14 MB each ran the import out of memory.
    // the first folder of --out's path the import makes, removed again (when left empty) if the import fails
    Path made = null;
    for (Path p = outDir.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) {
      made = p;
    }
    Path temp;
    try {
      Files.createDirectories(outDir);
      temp = AtomicFiles.createTemp(questionsFile);
    } catch (IOException e) {
      throw new DatasetImportException("cannot write " + outDir + " (" + e + "); check the --out directory and "
          + "its permissions", e);
    }
    boolean written = false;
    try (java.io.Writer lines = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
      importTasks(tasksFile, metadata, goldNames, goldResults, evalFile, flavour, localDbs, skipped, databases, count,
          lines);
      written = true;
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new DatasetImportException("cannot write " + outDir + " (" + e + "); check the --out directory and "
          + "its permissions", e);
    } finally {
      if (!written) {
        deleteQuietly(temp);
        for (Path p = outDir.toAbsolutePath(); made != null && p != null && p.startsWith(made); p = p.getParent()) {
          deleteQuietly(p);   // only when the import left it empty
        }
      }
    }
    try {
      // created even when empty (Spider 2.0 snow has no local database), so --databases-dir always names it
      Files.createDirectories(databasesDir);
      for (Map.Entry<String, Path> db : databases.entrySet()) {
        Path target = databasesDir.resolve(db.getKey()).resolve(db.getKey() + ".sqlite");
        Files.createDirectories(target.getParent());
        if (Files.exists(target)) {
          if (!overwrite) {
            throw new DatasetImportException(target + " exists; pass --overwrite to replace it, or choose another "
                + "--out");
          }
          Files.delete(target);
        }
        try {
          Files.createLink(target, db.getValue());
        } catch (IOException | UnsupportedOperationException e) {
          if (e instanceof FileAlreadyExistsException) {
            throw (IOException) e;
          }
          Files.copy(db.getValue(), target);
        }
      }
      AtomicFiles.moveIntoPlace(temp, questionsFile);
    } catch (IOException e) {
      throw new DatasetImportException("cannot write " + outDir + " (" + e + "); check the --out directory and "
          + "its permissions", e);
    } finally {
      deleteQuietly(temp);
    }
    return new Summary(questionsFile, databasesDir, count[0], databases.size(), skipped);
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // a folder that is not empty stays, as it should; a temp file that cannot go is left to the user
    }
  }

  /** Reads every task, writing one questions line per task it can judge to {@code lines}. */
  private static void importTasks(Path tasksFile, Map<String, JsonNode> metadata, Map<String, List<String>> goldNames,
                                  Path goldResults, Path evalFile, String flavour, Path localDbs,
                                  List<String> skipped, Map<String, Path> databases, int[] count,
                                  java.io.Writer lines) {
    readJsonl(tasksFile, (location, task) -> {
      String id = instanceId(location, task);
      JsonNode meta = metadata.get(id);
      if (meta == null) {
        skipped.add(id + ": not in " + evalFile.getFileName() + " (evaluate.py does not evaluate it)");
        return;
      }
      List<String> files = goldNames.getOrDefault(id, List.of());
      if (files.isEmpty()) {
        skipped.add(id + ": no gold result " + id + ".csv in " + goldResults);
        return;
      }
      ArrayNode results = JSON.createArrayNode();
      for (String name : files) {
        QueryResult result;
        try {
          result = QueryResult.readCsv(goldResults.resolve(name), QueryResult.MAX_CSV_BYTES);
        } catch (IOException | IllegalArgumentException e) {
          skipped.add(id + ": gold " + name + " cannot be read (" + e.getMessage() + ")");
          return;
        }
        ObjectNode r = results.addObject();
        ArrayNode columns = r.putArray("columns");
        result.columns().forEach(columns::add);
        ArrayNode rows = r.putArray("rows");
        for (List<Object> row : result.rows()) {
          ArrayNode cells = rows.addArray();
          row.forEach(cell -> cells.add((String) cell));
        }
      }
      String db = text(task, "db", "db_id");
      String question = text(task, "question", "instruction");
      if (db == null || question == null) {
        throw new DatasetImportException(location + ": a task needs \"db\" (or \"db_id\") and \"question\" (or "
            + "\"instruction\"), as spider2-" + flavour + ".jsonl gives them");
      }
      ObjectNode line = JSON.createObjectNode();
      line.put("question_id", ++count[0]);
      line.put("instance_id", id);
      line.put("question", question);
      line.put("db_id", db);
      line.set("gold_results", results);
      JsonNode conditionCols = meta.get("condition_cols");
      line.set("condition_cols", conditionCols == null ? JSON.createArrayNode() : conditionCols);
      boolean ignoreOrder = meta.path("ignore_order").asBoolean(false);
      line.put("ignore_order", ignoreOrder);
      line.put("ordered", !ignoreOrder);
      if (meta.has("temporal")) {
        line.set("temporal", meta.get("temporal"));
      }
      if (task.hasNonNull("external_knowledge")) {
        line.set("external_knowledge", task.get("external_knowledge"));
      }
      String text = line.toString();
      int bytes = text.getBytes(StandardCharsets.UTF_8).length;
      if (bytes >= BoundedLineReader.MAX_LINE_BYTES) {
        count[0]--;
        skipped.add(id + ": its gold results are too large for one questions line (" + bytes + " bytes, the "
            + "bound is " + BoundedLineReader.MAX_LINE_BYTES + ")");
        return;
      }
      try {
        lines.write(text);
        lines.write('\n');
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      Path local = localDbs.resolve(db + ".sqlite");
      if (db.matches("[A-Za-z0-9_.-]+") && !db.startsWith(".") && Files.isRegularFile(local)) {
        databases.put(db, local);
      }
    });
  }

  private interface LineHandler {
    void line(String location, JsonNode node);
  }

  private static void readJsonl(Path file, LineHandler handler) {
    try (BoundedLineReader lines = BoundedLineReader.open(file)) {
      String line;
      while ((line = lines.readLine()) != null) {
        long n = lines.lineNumber();
        if (line.isBlank()) {
          continue;
        }
        String location = file + ":" + n;
        JsonNode node;
        try {
          node = JSON.readTree(line);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          throw new DatasetImportException(location + ": not valid JSON " + dev.llmsql.files.JsonSyntax.describe(e,
              line) + "; each line is one JSON object");
        }
        if (!node.isObject()) {
          throw new DatasetImportException(location + ": each line must be a JSON object");
        }
        handler.line(location, node);
      }
    } catch (IOException e) {
      throw new DatasetImportException("cannot read " + file + " (" + e + ")", e);
    }
  }

  private static String instanceId(String location, JsonNode node) {
    JsonNode id = node.get("instance_id");
    if (id == null || !id.isTextual() || id.textValue().isBlank()) {
      throw new DatasetImportException(location + ": \"instance_id\" must be a non-empty string such as "
          + "\"local001\"");
    }
    return id.textValue();
  }

  private static String text(JsonNode node, String field, String alternative) {
    JsonNode v = node.hasNonNull(field) ? node.get(field) : node.get(alternative);
    return v != null && v.isTextual() ? v.textValue() : null;
  }

  /**
   * Each task's gold files in name order ({@code id.csv} before {@code id_a.csv}), as the latest
   * {@code evaluate.py} sorts them, so a per-gold {@code condition_cols} list applies in that order.
   */
  private static Map<String, List<String>> goldNames(Path dir) {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.csv")) {
      for (Path f : files) {
        if (Files.isRegularFile(f)) {
          names.add(f.getFileName().toString());
        }
      }
    } catch (IOException e) {
      throw new DatasetImportException("cannot list " + dir + " (" + e + ")", e);
    }
    names.sort(null);
    Map<String, List<String>> byId = new LinkedHashMap<>();
    for (String name : names) {
      String stem = name.substring(0, name.length() - 4);
      String id = stem.matches(".*_[a-z]") ? stem.substring(0, stem.length() - 2) : stem;
      // both readings: "bq019_a.csv" is an alternative of bq019, but also a task named bq019_a if one exists
      byId.computeIfAbsent(stem, k -> new ArrayList<>()).add(name);
      if (!id.equals(stem)) {
        byId.computeIfAbsent(id, k -> new ArrayList<>()).add(name);
      }
    }
    byId.replaceAll((id, files) -> files.stream().filter(n -> goldFiles(id).matcher(n).matches()).toList());
    return byId;
  }
}
