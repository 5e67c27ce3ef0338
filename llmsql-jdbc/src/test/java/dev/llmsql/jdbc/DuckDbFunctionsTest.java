package dev.llmsql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.jdbc.load.JdbcImport;
import dev.llmsql.testsupport.SqliteFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB functions a prediction may not call (a review: one plain SELECT crashed the JVM through arrow_scan, one
 * aborted it through enable_logging to a file, one turned on logging of every later statement's text despite the
 * locked configuration), refused before anything of the statement reaches DuckDB, while ordinary functions run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DuckDbFunctionsTest {

  // concurrency 1: every statement reuses the one pooled connection, as a long run does
  private static final ExecutionLimits LIMITS = new ExecutionLimits(Duration.ofSeconds(5), 1_000, 1);

  @TempDir
  static Path dir;

  private QueryExecutor db;

  @BeforeAll
  void load() throws Exception {
    Path sqlite = SqliteFiles.create(dir.resolve("small.sqlite"),
        "CREATE TABLE \"people\" (\"Id\" INTEGER, \"Full Name\" TEXT, \"Score\" REAL)",
        "INSERT INTO \"people\" VALUES (1, 'Ann', 9.5), (2, 'Bo', NULL), (3, 'Cy', 7.25)");
    Database duck = JdbcImport.toDuckDb(sqlite, dir.resolve("small.duckdb"));
    db = QueryEngines.forDatabase(duck).open(duck, LIMITS);
  }

  @AfterAll
  void close() {
    db.close();
  }

  private static String refusal(String function, String why) {
    return "refused: " + function + "() may not run on DuckDB (" + why + ")";
  }

  private List<List<Object>> rows(String sql) {
    QueryOutcome outcome = db.execute(sql);
    assertThat(outcome).as(sql).isInstanceOf(QueryOutcome.Success.class);
    return ((QueryOutcome.Success) outcome).result().rows();
  }

  /** Runs each text and returns its refusal (or what happened instead), asserting each is a REJECTED failure. */
  private Map<String, String> refusals(List<String> texts) {
    Map<String, String> actual = new LinkedHashMap<>();
    for (String sql : texts) {
      QueryOutcome outcome = db.execute(sql);
      actual.put(sql, outcome instanceof QueryOutcome.Failure f && f.kind() == FailureKind.REJECTED ? f.message()
          : outcome.toString());
    }
    return actual;
  }

  @Test
  void theReviewsCrashingTexts_areRefused_andTheJvmAndConnectionLiveOn() {
    // run in this JVM: before the fix the first was a SIGSEGV (arrow_scan called address 1, forged through a
    // serialized plan), the second a C++ terminate at the next statement (a log file without file access)
    String forged = "SELECT * FROM json_execute_serialized_sql(replace(json_serialize_sql("
        + "'SELECT * FROM arrow_scan(1, 2, 3)'), '\"id\":\"INTEGER\"', '\"id\":\"POINTER\"'))";
    String logToFile = "SELECT * FROM enable_logging(storage='file', storage_path='" + dir.resolve("log") + "')";

    Map<String, String> expected = new LinkedHashMap<>();
    expected.put(forged, refusal("json_execute_serialized_sql", "it runs SQL from a serialized plan"));
    expected.put(logToFile, refusal("enable_logging", "it turns on logging for every connection"));

    assertThat(refusals(List.of(forged, logToFile))).containsExactlyEntriesOf(expected);
    assertThat(rows("SELECT 'after'")).containsExactly(List.of("after"));
    assertThat(Files.exists(dir.resolve("log"))).isFalse();
  }

  @Test
  void stateChangingFunctions_areRefused_however_theyAreCalled_andLoggingStaysOff() {
    String logging = refusal("enable_logging", "it turns on logging for every connection");
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("SELECT * FROM enable_logging()", logging);
    expected.put("SELECT * FROM enable_logging(storage='stdout')", logging);
    expected.put("SELECT * FROM system.main.enable_logging()", logging);
    expected.put("SELECT * FROM \"ENABLE_LOGGING\" ()", logging);
    expected.put("SELECT (SELECT count(*) FROM (FROM enable_logging())) AS n", logging);
    expected.put("SELECT * FROM disable_logging()", refusal("disable_logging",
        "it turns off logging for every connection"));
    expected.put("SELECT * FROM truncate_duckdb_logs()", refusal("truncate_duckdb_logs",
        "it clears the log of every connection"));
    expected.put("SELECT write_log('x')", refusal("write_log", "it writes to the log of every connection"));
    expected.put("SELECT list_transform([1], lambda v: write_log(v::VARCHAR))", refusal("write_log",
        "it writes to the log of every connection"));
    expected.put("SELECT * FROM checkpoint()", refusal("checkpoint", "it writes the database file"));
    expected.put("SELECT * FROM force_checkpoint()", refusal("force_checkpoint", "it writes the database file"));
    expected.put("SELECT setseed(0.5)", refusal("setseed", "it changes the random numbers of later statements"));
    expected.put("SELECT \"Score\".setseed() FROM people", refusal("setseed",
        "it changes the random numbers of later statements"));
    expected.put("SELECT * FROM query('SELECT 1')", refusal("query", "it runs SQL from a string"));
    expected.put("SELECT * FROM query_table('people')", refusal("query_table", "it reads tables named by a string"));
    expected.put("SELECT json_deserialize_sql(json_serialize_sql('SELECT 1'))", refusal("json_deserialize_sql",
        "it rebuilds SQL from a serialized plan it trusts"));
    expected.put("SELECT json_serialize_plan('SELECT 1')", refusal("json_serialize_plan",
        "it plans SQL from a string"));
    expected.put("SELECT * FROM arrow_scan_dumb(NULL, NULL, NULL)", refusal("arrow_scan_dumb",
        "it reads memory at the addresses it is given"));
    expected.put("SELECT count(*) FROM read_blob('" + dir.resolve("small.duckdb") + "')", refusal("read_blob",
        "it reads files"));
    // a PIVOT without an IN list is no statement json_serialize_sql writes out: the calls in the text decide
    expected.put("SELECT * FROM (PIVOT (SELECT \"Id\" % 2 AS k, setseed(0.5) AS s FROM people) ON k USING count(*))",
        refusal("setseed", "it changes the random numbers of later statements"));

    assertThat(refusals(new ArrayList<>(expected.keySet()))).containsExactlyEntriesOf(expected);
    // a later statement's text (a gold's) is nowhere to read, and the logger is off
    rows("SELECT 'secret gold' AS g FROM people");
    assertThat(rows("SELECT value FROM duckdb_settings() WHERE name = 'enable_logging'"))
        .containsExactly(List.of("0"));
    assertThat(rows("SELECT count(*) FROM duckdb_logs()")).containsExactly(List.of(0L));
  }

  @Test
  void leadLagWithAnOffsetThatCouldFoldToMinusTwoToThe63_andDeepJsonRecursion_areRefused_plainOffsetsRun() {
    // a fuzz run: lead(1, -9223372036854775808) OVER () aborted the JVM (glibc: malloc assertion failure)
    String offset = "its offset is no column or integer literal, and DuckDB crashed on an offset of -2^63";
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("SELECT lead(1, -9223372036854775808) OVER ()", refusal("lead", offset));
    expected.put("SELECT lead(1, -9223372036854775807 - 1) OVER ()", refusal("lead", offset));
    expected.put("SELECT \"Id\", lag(\"Id\", '-9223372036854775808'::BIGINT, 0) OVER () FROM people",
        refusal("lag", offset));
    expected.put("SELECT (SELECT lag(1, (SELECT -9223372036854775808)) OVER ())", refusal("lag", offset));

    // a fuzz run: SIGSEGV, the native stack overflowed at one frame per level
    String deep = "it recurses once per level of a JSON value, past the stack's end";
    expected.put("SELECT json_structure(repeat('[', 100000) || repeat(']', 100000))", refusal("json_structure", deep));
    expected.put("SELECT json_group_structure(j) FROM (SELECT (repeat('[', 100000) || repeat(']', 100000))::JSON j)",
        refusal("json_group_structure", deep));

    assertThat(refusals(new ArrayList<>(expected.keySet()))).containsExactlyEntriesOf(expected);
    assertThat(rows("SELECT \"Id\", lag(\"Id\") OVER (ORDER BY \"Id\"), lead(\"Id\", 2, -1) OVER (ORDER BY \"Id\"), "
        + "lag(\"Id\", -1) OVER (ORDER BY \"Id\"), lead(\"Id\", \"Id\") OVER (ORDER BY \"Id\") FROM people "
        + "ORDER BY 1"))
        .containsExactly(Arrays.asList(1L, null, 3L, 2L, 2L), Arrays.asList(2L, 1L, -1L, 3L, null),
            Arrays.asList(3L, 2L, -1L, null, null));
    assertThat(rows("SELECT lead(1, 9223372036854775807) OVER ()")).containsExactly(Arrays.asList((Object) null));
  }

  @Test
  void aUnicodeSpaceDuckDbStrips_outsideQuotes_isRefusedByTheGuard_insideQuotesItRuns() {
    String hidden = "SELECT\u00A0$$'$$; CREATE TEMP TABLE people AS SELECT 0 AS n WHERE false; --'";

    assertThat(refusals(List.of(hidden))).containsExactly(Map.entry(hidden, "refused: a Unicode space (U+00A0) "
        + "at offset 6, outside quotes and comments, which DuckDB reads as a plain space; write an ordinary space"));
    assertThat(rows("SELECT count(*) FROM people")).containsExactly(List.of(3L));
    assertThat(rows("SELECT 'a\u00A0b' AS \"c\u3000d\" -- \u00A0")).containsExactly(List.of("a\u00A0b"));
  }

  @Test
  void duckDb_turnsExactlyTheseUnicodeSpacesIntoSpaces() throws Exception {
    // pins StatementGuard.Quoting.DUCKDB's list to the bundled DuckDB: a space it strips ends a keyword, any
    // other character from U+0080 up is part of a name, as in PostgreSQL
    List<Character> stripped = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      for (char ch : new char[] {'\u00A0', '\u1680', '\u2000', '\u2005', '\u200A', '\u200B', '\u200C', '\u2028',
          '\u202F', '\u205F', '\u2060', '\u3000', '\uFEFF', '\u0085', '\u00AD'}) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT" + ch + "42")) {
          assertThat(rs.next()).isTrue();
          stripped.add(ch);
        } catch (java.sql.SQLException e) {
          assertThat(e.getMessage()).contains("syntax error");
        }
      }
    }
    assertThat(stripped).containsExactly('\u00A0', '\u2000', '\u2005', '\u200A', '\u200B', '\u202F', '\u205F',
        '\u2060', '\u3000', '\uFEFF');
  }

  @Test
  void valuesNestedAsDeepAsDuckDbParses_failCleanly_andTheJvmLivesOn() {
    // a fuzz run: a list nested 300 deep, unnested recursively, overflowed the native stack of the thread running
    // it (SIGSEGV, exit 139), as a cast to a type nested 300 deep did; statements run on threads with a stack
    // deep enough for DuckDB's own limit of 1000 levels now, and this test runs them in this JVM
    Map<String, String> outcomes = new LinkedHashMap<>();
    for (int depth : new int[] {300, 900}) {
      String list = "[".repeat(depth) + "1" + "]".repeat(depth);
      for (String sql : List.of("SELECT unnest(" + list + ", recursive := true)",
          "SELECT unnest('" + list + "'::INTEGER" + "[]".repeat(depth) + ", recursive := true)")) {
        QueryOutcome outcome = db.execute(sql);
        outcomes.put(depth + (sql.contains("::") ? " cast" : " literal"), outcome instanceof QueryOutcome.Failure f
            ? f.kind() + " " + f.message().lines().findFirst().orElse("") : outcome.toString());
      }
    }
    // DuckDB's memory bound stops each: a size verdict, as any result past the bound gets; or, where the machine
    // is too slow to reach the bound within the statement's 5 s (a loaded 2-core one took 7 s for "900 literal"),
    // the timeout that abandons it: either way a verdict, and the JVM lives on
    String size = "SIZE_LIMIT size cap: the result takes more than 134217728 bytes or the engine's memory bound; "
        + "raise maxResultBytes (--max-result-bytes) if such results are expected (Out of Memory Error: failed to "
        + "allocate data of size 32.0 KiB (953.6 MiB/953.6 MiB used))";
    String timeout = "TIMEOUT timeout: the query ran longer than 5 s and did not stop when cancelled; it was "
        + "abandoned and its connection is discarded";
    assertThat(outcomes).containsOnlyKeys("300 literal", "300 cast", "900 literal", "900 cast");
    assertThat(outcomes.values()).allSatisfy(outcome -> assertThat(outcome).isIn(size, timeout));
    assertThat(rows("SELECT 2")).containsExactly(List.of(2L));
  }

  @Test
  void ordinaryFunctions_stillRun_withTheirRows() {
    assertThat(rows("SELECT count(*), sum(\"Id\"), avg(\"Score\"), max(\"Full Name\"), string_agg(\"Full Name\", ',' "
        + "ORDER BY \"Id\") FROM people")).containsExactly(List.of(3L, 6L, 8.375, "Cy", "Ann,Bo,Cy"));
    assertThat(rows("SELECT upper(\"Full Name\"), length(\"Full Name\"), replace(\"Full Name\", 'n', 'N'), "
        + "\"Full Name\".lower(), concat_ws('-', \"Id\", \"Full Name\") FROM people WHERE \"Id\" = 1"))
        .containsExactly(List.of("ANN", 3L, "ANN", "ann", "1-Ann"));
    assertThat(rows("SELECT strftime(DATE '2024-03-05', '%Y/%m/%d'), date_part('year', DATE '2024-03-05')"))
        .containsExactly(List.of("2024/03/05", 2024L));
    assertThat(rows("SELECT list_sort([3, 1, 2]), list_transform([1, 2], lambda x: x * 10), "
        + "list_aggregate([1, 2, 3], 'sum'), len([1, 2])"))
        .containsExactly(List.of("[1, 2, 3]", "[10, 20]", 6L, 2L));
    assertThat(rows("SELECT * FROM range(3)")).containsExactly(List.of(0L), List.of(1L), List.of(2L));
    assertThat(rows("SELECT * FROM generate_series(1, 3)")).containsExactly(List.of(1L), List.of(2L), List.of(3L));
    assertThat(rows("SELECT unnest([7, 8])")).containsExactly(List.of(7L), List.of(8L));
    assertThat(rows("SELECT column_name, count, null_percentage FROM (SUMMARIZE people) ORDER BY column_name"))
        .containsExactly(List.of("Full Name", 3L, 0.0), List.of("Id", 3L, 0.0), List.of("Score", 3L, 33.33));
    assertThat(rows("SELECT \"Id\" FROM people WHERE \"Score\" > (SELECT avg(\"Score\") FROM people) ORDER BY 1"))
        .containsExactly(List.of(1L));
  }
}
