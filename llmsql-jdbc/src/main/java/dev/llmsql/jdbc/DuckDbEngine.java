package dev.llmsql.jdbc;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.Fingerprints;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.guard.FunctionCalls;
import dev.llmsql.guard.StatementGuard;
import dev.llmsql.threads.DaemonThreads;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.duckdb.DuckDBConnection;

/**
 * The DuckDB engine: {@code .duckdb}/{@code .ddb} files and {@code jdbc:duckdb:FILE} URLs. The database is opened
 * read-only with external access off (no file, HTTP or extension access: {@code read_csv}, {@code COPY},
 * {@code ATTACH}, {@code INSTALL} all fail), extension auto-install and auto-load off, a memory limit set, one thread
 * per statement (so row order, and with it a verdict, is the same in every run), and the configuration locked so
 * no statement can change it; statements are cancelled at the timeout. A statement calling a function that runs
 * SQL from a string or a serialized plan, reads raw memory, reads files or changes state every later statement
 * sees ({@code query}, {@code json_execute_serialized_sql}, {@code arrow_scan}, {@code enable_logging},
 * {@code setseed}, ...) is refused before it runs, by the names DuckDB's own parser finds in it.
 *
 * <pre>{@code
 * Database spider = Database.jdbc("jdbc:duckdb:/data/spider/{db_id}.duckdb");
 * Evaluator.builder().questionsPath(Path.of("dev.jsonl")).database(spider).build();
 * }</pre>
 */
public final class DuckDbEngine implements QueryEngine {

  static final String NAME = "duckdb";
  private static final String URL_PREFIX = "jdbc:duckdb:";
  /** DuckDB's memory bound per database: a hostile statement fails with "out of memory" before the JVM does. */
  static final String MEMORY_LIMIT = "1GB";


  private static final String RUNS_SQL = "it runs SQL from a string";
  private static final String READS_FILES = "it reads files";
  private static final String DEEP_JSON = "it recurses once per level of a JSON value, past the stack's end";
  private static final String UNSAFE_OFFSET = "its offset is no column or integer literal, and DuckDB crashed on "
      + "an offset of -2^63";
  /**
   * DuckDB functions no statement may call, by the name it calls them (any schema), with what each would do.
   * Checked against DuckDB 1.4's {@code duckdb_functions()}: every other function only computes, reads the
   * database or its catalog, or fails where the locked configuration forbids it. DuckDB has no setting that turns
   * a function off, and its {@code lock_configuration} does not cover the logging functions, so the check is
   * by name, before anything of the statement runs. Left out, and why:
   * <ul>
   *   <li>{@code json_serialize_sql}: parses only and returns text (the engine's own statement count uses it);
   *   <li>{@code duckdb_logs}, {@code duckdb_logs_parsed}, {@code duckdb_log_contexts}: read a log that stays
   *       off, as nothing here can turn it on;
   *   <li>{@code histogram}, {@code histogram_values}: built-in macros whose {@code query_table} only reads a
   *       table by its name, as {@code FROM name} would;
   *   <li>{@code random}, {@code uuid}, {@code gen_random_uuid}: read a random state only {@code setseed} sets;
   *   <li>{@code nextval}: a read-only database refuses it; {@code getvariable}: variables only
   *       {@code SET VARIABLE} sets, which the statement guard refuses;
   *   <li>{@code finalize}, {@code combine}: the binder takes only states a real aggregate exported;
   *       {@code __internal_compress_*}/{@code __internal_decompress_*}: the binder refuses them;
   *   <li>{@code duckdb_extensions}, {@code duckdb_secrets}, {@code which_secret}: the first fails without
   *       external access, secrets are redacted and none can be made;
   *   <li>pragma-only functions ({@code enable_profiling}, ...): only {@code PRAGMA} and {@code CALL} reach
   *       them, which the statement guard refuses.
   * </ul>
   */
  static final Map<String, String> DENIED = Map.ofEntries(
      // SQL from a string or a serialized plan: the statement count and this check see the text, not that SQL,
      // and a plan forged in JSON (a POINTER where an INTEGER was) made arrow_scan call an address: SIGSEGV
      Map.entry("query", RUNS_SQL),
      Map.entry("query_table", "it reads tables named by a string"),
      Map.entry("json_execute_serialized_sql", "it runs SQL from a serialized plan"),
      Map.entry("json_deserialize_sql", "it rebuilds SQL from a serialized plan it trusts"),
      Map.entry("json_serialize_plan", "it plans SQL from a string"),
      // native pointers: arrow_scan calls the addresses it is given
      Map.entry("arrow_scan", "it reads memory at the addresses it is given"),
      Map.entry("arrow_scan_dumb", "it reads memory at the addresses it is given"),
      // the instance's state, which lock_configuration does not cover: enable_logging turned on logging of
      // every later statement's text (golds included, readable with duckdb_logs()), printed each to stdout, or
      // (storage 'file' without file access) aborted the JVM at the next statement
      Map.entry("enable_logging", "it turns on logging for every connection"),
      Map.entry("disable_logging", "it turns off logging for every connection"),
      Map.entry("truncate_duckdb_logs", "it clears the log of every connection"),
      Map.entry("write_log", "it writes to the log of every connection"),
      Map.entry("checkpoint", "it writes the database file"),
      Map.entry("force_checkpoint", "it writes the database file"),
      Map.entry("setseed", "it changes the random numbers of later statements"),
      // native recursion: a fuzz run's 100,000-deep JSON array ('[' repeated) overflowed the thread's stack, SIGSEGV
      Map.entry("json_structure", DEEP_JSON), Map.entry("json_group_structure", DEEP_JSON),
      // files: without external access DuckDB still reads its allowed paths, the database file and its WAL
      // (read_blob returned the benchmark file's bytes); no benchmark query reads a file
      Map.entry("read_blob", READS_FILES), Map.entry("read_text", READS_FILES),
      Map.entry("read_csv", READS_FILES), Map.entry("read_csv_auto", READS_FILES),
      Map.entry("sniff_csv", READS_FILES), Map.entry("glob", READS_FILES),
      Map.entry("read_json", READS_FILES), Map.entry("read_json_auto", READS_FILES),
      Map.entry("read_json_objects", READS_FILES), Map.entry("read_json_objects_auto", READS_FILES),
      Map.entry("read_ndjson", READS_FILES), Map.entry("read_ndjson_auto", READS_FILES),
      Map.entry("read_ndjson_objects", READS_FILES), Map.entry("read_parquet", READS_FILES),
      Map.entry("parquet_scan", READS_FILES), Map.entry("parquet_metadata", READS_FILES),
      Map.entry("parquet_schema", READS_FILES), Map.entry("parquet_file_metadata", READS_FILES),
      Map.entry("parquet_kv_metadata", READS_FILES), Map.entry("parquet_bloom_probe", READS_FILES));

  /** The engine; {@link java.util.ServiceLoader} makes one, and so may a caller. */
  public DuckDbEngine() {
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String missing(ClassLoader loader) {
    try {
      Class.forName("org.duckdb.DuckDBDriver", false, loader);
      return null;
    } catch (ClassNotFoundException e) {
      return "DuckDB JDBC driver";
    }
  }

  @Override
  public boolean accepts(Database database) {
    if (database instanceof Database.File f) {
      String name = String.valueOf(f.path().getFileName()).toLowerCase(Locale.ROOT);
      return name.endsWith(".duckdb") || name.endsWith(".ddb");
    }
    return database instanceof Database.Jdbc j && file(j) != null
        || database instanceof Database.Pooled p && p.engine().equalsIgnoreCase(NAME);
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    requireNonNull(database, "database");
    requireNonNull(limits, "limits");
    Path file = database instanceof Database.File f ? f.path()
        : database instanceof Database.Jdbc j ? file(j) : null;
    if (file == null) {
      throw new IllegalArgumentException("the duckdb engine runs DuckDB files and jdbc:duckdb:FILE URLs, not "
          + database.describe() + " (a caller's DataSource cannot be locked down as a file can)");
    }
    String problem = problem(file);
    if (problem != null) {
      throw new DatabaseUnavailableException(problem, !Files.exists(file));
    }
    DuckDBConnection root;
    try {
      root = (DuckDBConnection) DriverManager.getConnection(URL_PREFIX + file.toAbsolutePath(),
          settings(limits));
    } catch (SQLException e) {
      throw new DatabaseUnavailableException("cannot open " + file + " as a DuckDB database: "
          + JdbcQueryExecutor.message(e) + "; pass a DuckDB file no other process writes to", false, e);
    }
    Connections connections = new Connections(root, limits.concurrency());
    // DuckDB's parser grew from PostgreSQL's and lexes as it does: dollar quotes, E'...' strings, nested comments;
    // it first turns some Unicode spaces into spaces, which the DUCKDB reading refuses outside quotes
    return new JdbcQueryExecutor(NAME, StatementGuard.Quoting.DUCKDB, database, connections, limits,
        () -> Fingerprints.ofFile(file));
  }

  /** The configuration every DuckDB database is opened with; locked, so statements cannot change it. */
  static Properties settings(ExecutionLimits limits) {
    Properties p = new Properties();
    p.setProperty("duckdb.read_only", "true");
    p.setProperty("access_mode", "READ_ONLY");
    p.setProperty("enable_external_access", "false");
    p.setProperty("autoinstall_known_extensions", "false");
    p.setProperty("autoload_known_extensions", "false");
    p.setProperty("allow_community_extensions", "false");
    p.setProperty("allow_unsigned_extensions", "false");
    p.setProperty("memory_limit", MEMORY_LIMIT);
    // no spilling: DuckDB's default spill folder is beside the benchmark (<file>.tmp), where a statement over the
    // memory limit wrote gigabytes, left behind when the process was killed; over the limit is a size verdict
    p.setProperty("temp_directory", "");
    // one thread per statement: DuckDB's parallel plans return ties and unordered rows in a different order from
    // run to run, and a verdict must not depend on the run; statements still run side by side on their connections
    p.setProperty("threads", "1");
    p.setProperty("lock_configuration", "true");
    return p;
  }

  /** Why {@code file} is no usable DuckDB database, naming the fix, or null. */
  static String problem(Path file) {
    if (!Files.exists(file)) {
      return "database not found: " + file + "; check the path";
    }
    if (!Files.isRegularFile(file)) {
      return file + " is not a file; pass a DuckDB database file";
    }
    byte[] header = new byte[12];
    try (InputStream in = Files.newInputStream(file)) {
      if (in.readNBytes(header, 0, header.length) < header.length
          || !new String(header, 8, 4, StandardCharsets.US_ASCII).equals("DUCK")) {
        return file + " is not a DuckDB database (no DUCK magic at byte 8); pass a .duckdb file, or import the "
            + "benchmark with `llmsql dataset import --engine duckdb`";
      }
    } catch (IOException e) {
      return "cannot read " + file + ": " + e.getMessage();
    }
    return null;
  }

  /** The file a {@code jdbc:duckdb:} URL names, or null for in-memory databases and URLs with parameters. */
  private static Path file(Database.Jdbc url) {
    if (!url.url().startsWith(URL_PREFIX)) {
      return null;
    }
    String rest = url.url().substring(URL_PREFIX.length());
    if (rest.isEmpty() || rest.startsWith(":memory:") || rest.contains("?") || rest.startsWith("md:")) {
      return null;
    }
    return Path.of(rest);
  }

  @Override
  public String toString() {
    return "DuckDbEngine";
  }

  /**
   * Connections to one opened database: the first, and duplicates of it (DuckDB's way to share one database
   * between threads), handed out one statement at a time.
   */
  /**
   * Jackson's mapper, made at the first DuckDB statement: building one loads databind (about 0.15 s in a fresh
   * JVM), and every evaluation discovers this engine, SQLite ones too.
   */
  private static final class PlanJson {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private static final class Connections implements ConnectionSource {
    private final DuckDBConnection root;
    private final BlockingQueue<Connection> idle;
    private final List<Connection> all = new ArrayList<>();
    private final int size;
    private volatile boolean closed;

    Connections(DuckDBConnection root, int size) {
      this.root = root;
      this.size = size;
      this.idle = new ArrayBlockingQueue<>(size);
    }

    @Override
    public Connection borrow() throws SQLException {
      if (closed) {
        throw new SQLException("the executor is closed");
      }
      Connection c = idle.poll();
      if (c != null) {
        return c;
      }
      synchronized (this) {
        if (all.size() < size) {
          Connection fresh = root.duplicate();
          all.add(fresh);
          return fresh;
        }
      }
      try {
        c = idle.poll(5, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while waiting for a connection", e);
      }
      if (c == null) {
        throw new SQLException("no connection within 5 minutes");
      }
      return c;
    }

    @Override
    public void release(Connection connection) {
      if (closed || !idle.offer(connection)) {
        discard(connection);
      }
    }

    @Override
    public OneStatement oneStatement(Connection connection, String sql) throws SQLException {
      String refusal = refusal(connection, sql);
      return refusal == null ? OneStatement.runs(sql) : OneStatement.refused(refusal);
    }

    private static String refusal(Connection connection, String sql) throws SQLException {
      // DuckDB's own parser, through its json_serialize_sql: the statements it would run, or "not implemented"
      // when one of them is no query; a syntax error runs nothing, and the statement itself then reports it.
      // Parsing only: nothing in the text runs here.
      try (PreparedStatement parse = connection.prepareStatement("SELECT s->>'error', s->>'error_type', "
          + "json_array_length(s->'statements'), s FROM (SELECT json_serialize_sql(?::VARCHAR) AS s)")) {
        parse.setString(1, sql);
        try (ResultSet rs = parse.executeQuery()) {
          rs.next();
          if ("true".equals(rs.getString(1))) {
            // "not implemented": a statement that is no query, or a query the serializer does not know (a PIVOT
            // without an IN list); only a text with a ';' before its end can hold a second statement
            String second = "parser".equals(rs.getString(2)) || !semicolonBeforeTheEnd(sql) ? null
                : StatementGuard.refusalOfEngine("DuckDB", 0);
            return second != null ? second : deniedCall(FunctionCalls.of(sql, StatementGuard.Quoting.DUCKDB));
          }
          long statements = rs.getLong(3);
          if (statements > 1) {
            return StatementGuard.refusalOfEngine("DuckDB", statements);
          }
          JsonNode tree = tree(rs.getString(4));
          List<String> called = tree == null ? FunctionCalls.of(sql, StatementGuard.Quoting.DUCKDB)
              : calledFunctions(tree);
          String denied = deniedCall(called);
          return denied != null ? denied : offsetRefusal(tree, called);
        }
      }
    }

    /** The serialized statement read as a tree, once for both checks; null when Jackson cannot read it. */
    private static JsonNode tree(String json) {
      try {
        return PlanJson.MAPPER.readTree(json);
      } catch (JsonProcessingException | RuntimeException e) {
        return null;   // nested deeper than Jackson reads: the checks fall back on the text
      }
    }

    /**
     * Every function and table function the serialized statement {@code tree} names, schema-qualified or not,
     * in lambdas, subqueries and {@code SUMMARIZE}/{@code DESCRIBE} alike (each a node with a
     * {@code function_name}); when the tree cannot be read, the caller takes the calls in the text, which lists
     * at least as many.
     */
    private static List<String> calledFunctions(JsonNode tree) {
      List<String> names = new ArrayList<>();
      Deque<JsonNode> todo = new ArrayDeque<>();
      todo.push(tree);
      while (!todo.isEmpty()) {
        JsonNode node = todo.pop();
        JsonNode name = node.get("function_name");
        if (name != null && name.isTextual()) {
          names.add(name.asText().toLowerCase(Locale.ROOT));
        }
        // children pushed last first, so names come in the order the tree holds them
        List<JsonNode> children = new ArrayList<>();
        node.forEach(children::add);
        for (int i = children.size() - 1; i >= 0; i--) {
          todo.push(children.get(i));
        }
      }
      return names;
    }

    /**
     * The refusal of a {@code lead}/{@code lag} whose offset is neither a column nor an integer literal, or null.
     * A fuzz run: DuckDB 1.4 negates a constant offset, and -2^63 ({@code lead(1, -9223372036854775808) OVER ()},
     * or {@code -9223372036854775807 - 1}) overflowed and wrote outside its buffer, and glibc aborted the JVM. A
     * column's value takes another path, which checks it; an integer literal other than -2^63 is safe; any other
     * offset (a sum, a cast) may fold to -2^63. When the tree cannot be read (null), every {@code lead}/{@code lag}.
     */
    private static String offsetRefusal(JsonNode tree, List<String> called) {
      if (tree == null) {
        return called.stream().filter(n -> n.equals("lead") || n.equals("lag")).findFirst()
            .map(n -> StatementGuard.refusalOfFunction("DuckDB", n, UNSAFE_OFFSET)).orElse(null);
      }
      Deque<JsonNode> todo = new ArrayDeque<>();
      todo.push(tree);
      while (!todo.isEmpty()) {
        JsonNode node = todo.pop();
        String type = node.path("type").asText("");
        if ((type.equals("WINDOW_LEAD") || type.equals("WINDOW_LAG")) && !safeOffset(node.get("offset_expr"))) {
          return StatementGuard.refusalOfFunction("DuckDB", type.equals("WINDOW_LEAD") ? "lead" : "lag",
              UNSAFE_OFFSET);
        }
        node.forEach(todo::push);
      }
      return null;
    }

    private static boolean safeOffset(JsonNode offset) {
      if (offset == null || offset.isNull() || "COLUMN_REF".equals(offset.path("class").asText())) {
        return true;
      }
      JsonNode value = offset.path("value");
      return "CONSTANT".equals(offset.path("class").asText()) && (value.path("is_null").asBoolean()
          || value.path("value").canConvertToLong() && value.path("value").asLong() != Long.MIN_VALUE);
    }

    /** The refusal of the first of {@code names} that is in {@link #DENIED}, or null. */
    private static String deniedCall(List<String> names) {
      for (String name : names) {
        String why = DENIED.get(name);
        if (why != null) {
          return StatementGuard.refusalOfFunction("DuckDB", name, why);
        }
      }
      return null;
    }

    /** Whether {@code sql} holds a ';' anywhere but in the blanks and ';'s that end it. */
    private static boolean semicolonBeforeTheEnd(String sql) {
      int end = sql.length();
      while (end > 0 && (Character.isWhitespace(sql.charAt(end - 1)) || sql.charAt(end - 1) == ';')) {
        end--;
      }
      return sql.lastIndexOf(';', end - 1) >= 0;
    }

    @Override
    public void discard(Connection connection) {
      synchronized (this) {
        all.remove(connection);
      }
      // on a thread of its own: the driver's close waits for the statement still running on the connection, and
      // one DuckDB cannot interrupt (a constant folded while it plans) ran for minutes
      DaemonThreads.start("llmsql-duckdb-discard", () -> {
        try {
          connection.close();
        } catch (SQLException e) {
          // gone either way
        }
      });
    }

    @Override
    public void close() {
      closed = true;
      List<Connection> open;
      synchronized (this) {
        open = new ArrayList<>(all);
        all.clear();
      }
      for (Connection c : open) {
        try {
          c.close();
        } catch (SQLException e) {
          // closing
        }
      }
      try {
        root.close();
      } catch (SQLException e) {
        // closing
      }
    }
  }
}
