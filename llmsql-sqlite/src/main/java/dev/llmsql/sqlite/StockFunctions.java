package dev.llmsql.sqlite;

import dev.llmsql.guard.FunctionCalls;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sqlite.Function;

/**
 * The SQL functions a prediction or gold query may call: exactly those of a stock SQLite build (core,
 * date/time, JSON, window, math, FTS3/FTS5/R*Tree), as Python's {@code sqlite3} offers them to the peers.
 * sqlite-jdbc adds its own (replicate, padl, charindex, ...) whose native code overflows on huge arguments
 * and kills the JVM; on every connection we open they are replaced by a function that fails exactly like an
 * unknown one ({@code no such function: replicate}).
 *
 * <p>sqlite-jdbc cannot delete a UTF-8 function (its destroy call registers a UTF-16 placeholder only), so the
 * replacement is a function that raises the error when called; a statement that names one but never calls it
 * (no rows) would run, so {@link #misuse(Connection, Removed, String, List)} checks the plan of such a
 * statement.
 *
 * <pre>{@code
 * StockFunctions.restrict(connection);  // at open
 * }</pre>
 */
final class StockFunctions {

  /**
   * Every function name a stock build of the linked SQLite version lists in {@code PRAGMA function_list}.
   * Left out on purpose: the percentile family (median, percentile, ...; only with SQLITE_ENABLE_PERCENTILE,
   * which stock builds and Python's do not set).
   */
  static final Set<String> ALLOWED = Set.of(
      "->", "->>", "abs", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "avg", "ceil", "ceiling",
      "changes", "char", "coalesce", "concat", "concat_ws", "cos", "cosh", "count", "cume_dist", "current_date",
      "current_time", "current_timestamp", "date", "datetime", "degrees", "dense_rank", "exp", "first_value",
      "floor", "format", "glob", "group_concat", "hex", "if", "ifnull", "iif", "instr", "json", "json_array",
      "json_array_insert", "json_array_length", "json_error_position", "json_extract", "json_group_array",
      "json_group_object", "json_insert", "json_object", "json_patch", "json_pretty", "json_quote", "json_remove",
      "json_replace", "json_set", "json_type", "json_valid", "jsonb", "jsonb_array", "jsonb_array_insert",
      "jsonb_extract", "jsonb_group_array", "jsonb_group_object", "jsonb_insert", "jsonb_object", "jsonb_patch",
      "jsonb_remove", "jsonb_replace", "jsonb_set", "julianday", "lag", "last_insert_rowid", "last_value",
      "lead", "length", "like", "likelihood", "likely", "ln", "load_extension", "log", "log10", "log2", "lower",
      "ltrim", "max", "min", "mod", "nth_value", "ntile", "nullif", "octet_length", "percent_rank", "pi", "pow",
      "power", "printf", "quote", "radians", "random", "randomblob", "rank", "replace", "round", "row_number",
      "rtrim", "sign", "sin", "sinh", "sqlite_compileoption_get", "sqlite_compileoption_used", "sqlite_log",
      "sqlite_source_id", "sqlite_version", "sqrt", "strftime", "string_agg", "substr", "substring", "subtype",
      "sum", "tan", "tanh", "time", "timediff", "total", "total_changes", "trim", "trunc", "typeof", "unhex",
      "unicode", "unistr", "unistr_quote", "unixepoch", "unlikely", "upper", "zeroblob",
      // FTS3/FTS4, FTS5 and R*Tree, compiled into the stock amalgamation builds Python links against
      "bm25", "fts3_tokenizer", "fts5", "fts5_source_id", "highlight", "match", "matchinfo", "offsets",
      "optimize", "rtreecheck", "rtreedepth", "rtreenode", "snippet");

  private StockFunctions() {
  }

  /** The non-stock functions of one connection, by lower-case name, with the argument counts they take. */
  record Removed(Map<String, List<Integer>> functions) {

    /** Which of {@code calls} ({@link FunctionCalls#of}) name one of them: a cheap check before asking SQLite. */
    List<String> among(List<String> calls) {
      List<String> found = List.of();
      for (String name : calls) {
        if (functions.containsKey(name)) {
          if (found.isEmpty()) {
            found = new ArrayList<>(2);
          }
          found.add(name);
        }
      }
      return found;
    }
  }

  /** Replaces every function of {@code connection} outside {@link #ALLOWED}; call once, right after opening. */
  static Removed restrict(Connection connection) throws SQLException {
    Map<String, List<Integer>> removed = new LinkedHashMap<>();
    Map<String, String> types = new LinkedHashMap<>();
    // The pragma, not the pragma_function_list table: a SELECT names a table, which makes SQLite parse the whole
    // schema here (half a second for 24,000 tables) on the pool's one connection-adding thread; the pragma
    // leaves the parse to the first statement, so connections warm up in parallel.
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("PRAGMA function_list")) {
      while (rs.next()) {
        String name = rs.getString("name").toLowerCase(Locale.ROOT);
        int narg = rs.getInt("narg");
        if (!ALLOWED.contains(name)) {
          List<Integer> counts = removed.computeIfAbsent(name, n -> new ArrayList<>());
          if (!counts.contains(narg)) {
            counts.add(narg);
          }
          // "s" scalar, "a" aggregate, "w" window (also usable as an aggregate): the widest wins
          types.merge(name, rs.getString("type"), (a, b) -> a.compareTo(b) >= 0 ? a : b);
        }
      }
    }
    for (Map.Entry<String, List<Integer>> e : removed.entrySet()) {
      for (int nArgs : e.getValue()) {
        Function replacement = switch (types.get(e.getKey())) {
          case "w" -> new UnknownWindow(e.getKey());
          case "a" -> new UnknownAggregate(e.getKey());
          default -> new Unknown(e.getKey());
        };
        // Flag 1 (SQLITE_UTF8) on top of the driver's own encoding bits yields SQLITE_ANY, so the replacement
        // covers the UTF-8 entry the driver's extension registered, whatever encoding the driver passes.
        Function.create(connection, e.getKey(), replacement, nArgs, 1);
      }
    }
    return new Removed(Map.copyOf(removed));
  }

  /**
   * The error SQLite would give for a statement that names a removed function it never called (no input
   * rows), or null. Asks SQLite for the plan: a call shows as an opcode whose P4 reads {@code name(n)}.
   */
  static String misuse(Connection connection, Removed removed, String sql, List<String> calls) {
    List<String> candidates = removed.among(calls);
    if (candidates.isEmpty()) {
      return null;
    }
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
      while (rs.next()) {
        String p4 = rs.getString("p4");
        if (p4 == null) {
          continue;
        }
        String lower = p4.toLowerCase(Locale.ROOT);
        for (String name : candidates) {
          if (lower.startsWith(name + "(")) {
            return "no such function: " + name;
          }
        }
      }
    } catch (SQLException e) {
      // The statement itself ran; a plan that cannot be shown (past the deadline, 8 bytes over the SQL length
      // limit) is no reason to fail it.
      return null;
    }
    return null;
  }

  /** Fails like an unknown function; sqlite-jdbc calls {@code xFunc} on the connection's own thread. */
  private static final class Unknown extends Function {
    private final String name;

    Unknown(String name) {
      this.name = name;
    }

    @Override
    protected void xFunc() throws SQLException {
      throw new NoSuchFunction(name);
    }
  }

  /** The driver reports a function's exception by its {@code toString()}: just SQLite's own wording. */
  private static final class NoSuchFunction extends SQLException {
    private static final long serialVersionUID = 1L;

    NoSuchFunction(String name) {
      super("no such function: " + name);
    }

    @Override
    public String toString() {
      return getMessage();
    }
  }

  private static final class UnknownAggregate extends Function.Aggregate {
    private final String name;

    UnknownAggregate(String name) {
      this.name = name;
    }

    @Override
    protected void xStep() throws SQLException {
      throw new NoSuchFunction(name);
    }

    @Override
    protected void xFinal() throws SQLException {
      throw new NoSuchFunction(name);
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
      return super.clone();
    }
  }

  private static final class UnknownWindow extends Function.Window {
    private final String name;

    UnknownWindow(String name) {
      this.name = name;
    }

    @Override
    protected void xStep() throws SQLException {
      throw new NoSuchFunction(name);
    }

    @Override
    protected void xInverse() throws SQLException {
      throw new NoSuchFunction(name);
    }

    @Override
    protected void xValue() throws SQLException {
      throw new NoSuchFunction(name);
    }

    @Override
    protected void xFinal() throws SQLException {
      throw new NoSuchFunction(name);
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
      return super.clone();
    }
  }
}
