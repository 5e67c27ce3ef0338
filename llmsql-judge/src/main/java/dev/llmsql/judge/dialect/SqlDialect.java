package dev.llmsql.judge.dialect;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.AbstractJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.feature.Feature;
import net.sf.jsqlparser.parser.feature.FeatureConfiguration;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.util.validation.Validation;
import net.sf.jsqlparser.util.validation.ValidationCapability;
import net.sf.jsqlparser.util.validation.ValidationException;
import net.sf.jsqlparser.util.validation.feature.DatabaseType;
import net.sf.jsqlparser.util.validation.feature.FeatureSetValidation;
import net.sf.jsqlparser.util.validation.feature.FeaturesAllowed;

/**
 * The SQL dialects JSqlParser can check a statement against without a database: the statement must parse
 * with the dialect's lexical rules (SQLite and SQL Server: {@code [name]}; MySQL: backslash escapes) and use
 * only features JSqlParser's feature sets allow for the dialect ({@code LIMIT} is not Oracle or SQL
 * Server, {@code TOP} only SQL Server, {@code MINUS} only Oracle, {@code FULL JOIN} not MySQL...). Function
 * names and types are not checked. SQLite has no JSqlParser feature set; ours is PostgreSQL's without
 * {@code FETCH}, {@code TOP}, {@code CONNECT BY}, {@code MINUS}, {@code FOR UPDATE} and with {@code LIMIT
 * offset, count}.
 *
 * <pre>{@code
 * DialectCheck check = SqlDialect.ORACLE.check("SELECT a FROM t LIMIT 5");
 * check.valid();     // false
 * check.problem();   // "limit not supported."
 * }</pre>
 */
public enum SqlDialect {
  SQLITE("sqlite"),
  MYSQL("mysql"),
  POSTGRESQL("postgresql"),
  ORACLE("oracle"),
  SQL_SERVER("sqlserver");

  /** The longest SQL text parsed; longer predictions are refused rather than risking the parser's time. */
  public static final int MAX_SQL_CHARS = 100_000;
  /** How long one parse may take before it is abandoned. */
  public static final long PARSE_TIMEOUT_MILLIS = 5_000;

  private static final FeaturesAllowed SQLITE_FEATURES = new FeaturesAllowed("SQLITE")
      .add(DatabaseType.POSTGRESQL.getFeatures())
      .remove(Feature.fetch, Feature.fetchFirst, Feature.fetchNext, Feature.top, Feature.oracleHierarchicalExpression,
          Feature.setOperationMinus, Feature.selectForUpdate, Feature.selectForShare, Feature.selectForKeyShare,
          Feature.selectForNoKeyUpdate, Feature.distinctOn, Feature.oracleOldJoinSyntax)
      .add(Feature.limitOffset)
      .unmodifyable();

  private final String id;

  SqlDialect(String id) {
    this.id = id;
  }

  /** The name used on the command line and in judge options, e.g. {@code "sqlserver"}. */
  public String id() {
    return id;
  }

  /**
   * A dialect by its {@link #id()} (case-insensitive; {@code sql-server}, {@code mssql}, {@code postgres}
   * also work).
   *
   * @throws IllegalArgumentException naming the known dialects
   */
  public static SqlDialect named(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    Map<String, SqlDialect> aliases = Map.of("sql-server", SQL_SERVER, "mssql", SQL_SERVER, "postgres",
        POSTGRESQL, "pg", POSTGRESQL);
    if (aliases.containsKey(n)) {
      return aliases.get(n);
    }
    for (SqlDialect d : values()) {
      if (d.id.equals(n)) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown dialect '" + name + "'; known dialects: " + ids());
  }

  /** The ids of every dialect, comma-separated, for messages. */
  static String ids() {
    return Arrays.stream(values()).map(SqlDialect::id).collect(Collectors.joining(", "));
  }

  /** Parses one or more statements with this dialect's lexical rules. */
  public Statements parse(String sql) throws JSQLParserException {
    if (sql.length() > MAX_SQL_CHARS) {
      throw new JSQLParserException("SQL of " + sql.length() + " characters is longer than the "
          + MAX_SQL_CHARS + " this parser accepts");
    }
    return CCJSqlParserUtil.parseStatements(sql, parserOptions());
  }

  /** Parses exactly one statement (a trailing semicolon is fine). */
  public Statement parseOne(String sql) throws JSQLParserException {
    Statements statements = parse(sql);
    if (statements.size() != 1) {
      throw new JSQLParserException("expected one statement but found " + statements.size());
    }
    return statements.get(0);
  }

  /**
   * Whether {@code sql} parses in this dialect and uses only features the dialect has. Never throws for
   * bad SQL: the problem is in the result.
   */
  public DialectCheck check(String sql) {
    Statements statements;
    try {
      statements = parse(sql);
    } catch (JSQLParserException e) {
      return DialectCheck.invalid(this, "does not parse: " + firstLine(e));
    }
    if (statements.isEmpty()) {
      return DialectCheck.invalid(this, "holds no statement");
    }
    List<ValidationCapability> capability = List.of(features());
    for (Statement statement : statements) {
      Map<ValidationCapability, Set<ValidationException>> errors = Validation.validate(statement,
          Validation.createValidationContext(new FeatureConfiguration(), capability));
      Set<String> messages = new TreeSet<>();
      errors.values().forEach(set -> set.forEach(e -> messages.add(e.getMessage())));
      if (!messages.isEmpty()) {
        return DialectCheck.invalid(this, String.join(" ", messages));
      }
    }
    return DialectCheck.valid(this);
  }

  private FeatureSetValidation features() {
    return switch (this) {
      case SQLITE -> SQLITE_FEATURES;
      case MYSQL -> DatabaseType.MYSQL;
      case POSTGRESQL -> DatabaseType.POSTGRESQL;
      case ORACLE -> DatabaseType.ORACLE;
      case SQL_SERVER -> DatabaseType.SQLSERVER;
    };
  }

  private Consumer<CCJSqlParser> parserOptions() {
    return parser -> {
      parser.withTimeOut(PARSE_TIMEOUT_MILLIS);
      switch (this) {
        case SQLITE -> parser.withSquareBracketQuotation(true);
        case SQL_SERVER -> parser.withDialect(AbstractJSqlParser.Dialect.SQLSERVER).withSquareBracketQuotation(true);
        case MYSQL -> parser.withDialect(AbstractJSqlParser.Dialect.MYSQL).withBackslashEscapeCharacter(true);
        case POSTGRESQL -> parser.withDialect(AbstractJSqlParser.Dialect.POSTGRESQL);
        case ORACLE -> parser.withDialect(AbstractJSqlParser.Dialect.ORACLE);
      }
    };
  }

  static String firstLine(Exception e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    int nl = message.indexOf('\n');
    return (nl < 0 ? message : message.substring(0, nl)).trim();
  }
}
