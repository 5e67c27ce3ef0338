package dev.llmsql.cli;

import dev.llmsql.config.Range;
import dev.llmsql.jdbc.load.JdbcImport;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where {@code llmsql dataset import} writes when the target is not a new SQLite file: a DuckDB file
 * ({@code --engine duckdb --out F}) or a new PostgreSQL database ({@code --engine postgresql --jdbc-url URL}), and
 * what it copies there ({@code --from-sqlite F}, or the CSV and tables.jsonl files imported through a temporary
 * SQLite file). Passwords are held as the names of the environment variables that hold them, never as values.
 *
 * @param engine sqlite, duckdb or postgresql; null when none was given and nothing asks for another engine
 * @param fromSqlite the SQLite database to copy, or null to copy the imported CSV / tables.jsonl files
 * @param out the DuckDB file to create (duckdb only)
 * @param jdbcUrl the PostgreSQL database to create, {@code jdbc:postgresql://HOST[:PORT]/NAME} (postgresql only)
 * @param jdbcUser the administrator the import logs in as, or null for the driver's default
 * @param jdbcPasswordEnv the variable holding that administrator's password, or null for none
 * @param readerRole the role evaluations log in as, created when missing; it may only read the new database
 * @param readerPasswordEnv the variable holding the reader role's password
 * @param names how table and column names reach PostgreSQL
 */
record EngineTarget(String engine, Path fromSqlite, Path out, String jdbcUrl, String jdbcUser,
                    String jdbcPasswordEnv, String readerRole, String readerPasswordEnv, JdbcImport.Names names) {

  /** The role {@code --reader-role} names unless told otherwise. */
  static final String DEFAULT_READER_ROLE = "llmsql_reader";

  static Builder builder() {
    return new Builder();
  }

  /** {@code --names exact|lower-case}. */
  static JdbcImport.Names names(String option, String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "exact" -> JdbcImport.Names.EXACT;
      case "lower-case" -> JdbcImport.Names.LOWER_CASE;
      default -> throw new IllegalArgumentException(option + " takes exact or lower-case, but was "
          + Range.quote(value));
    };
  }

  /** The new PostgreSQL database's name: the last path segment of {@link #jdbcUrl}. */
  String database() {
    return split()[1];
  }

  /** {@link #jdbcUrl} with its database replaced by {@code postgres}, which every server has. */
  String adminUrl() {
    String[] parts = split();
    return parts[0] + "postgres" + parts[2];
  }

  /** {@code jdbc:postgresql://host:port/}, the database, {@code ?params} (or empty). */
  private String[] split() {
    String prefix = "jdbc:postgresql://";
    int query = jdbcUrl.indexOf('?');
    String base = query < 0 ? jdbcUrl : jdbcUrl.substring(0, query);
    String params = query < 0 ? "" : jdbcUrl.substring(query);
    int slash = base.indexOf('/', prefix.length());
    return new String[] {base.substring(0, slash + 1), base.substring(slash + 1), params};
  }

  /** Collects the options; {@link #build()} refuses missing and conflicting ones with the fix. */
  static final class Builder {
    private String engine;
    private Path fromSqlite;
    private Path out;
    private String jdbcUrl;
    private String jdbcUser;
    private String jdbcPasswordEnv;
    private String readerRole;
    private String readerPasswordEnv;
    private JdbcImport.Names names;
    private boolean csvOrTables;
    private boolean questions;
    private boolean overwrite;

    private Builder() {
    }

    Builder engine(String engine) {
      this.engine = engine;
      return this;
    }

    Builder fromSqlite(Path fromSqlite) {
      this.fromSqlite = fromSqlite;
      return this;
    }

    Builder out(Path out) {
      this.out = out;
      return this;
    }

    Builder jdbcUrl(String jdbcUrl) {
      this.jdbcUrl = jdbcUrl;
      return this;
    }

    Builder jdbcUser(String jdbcUser) {
      this.jdbcUser = jdbcUser;
      return this;
    }

    Builder jdbcPasswordEnv(String jdbcPasswordEnv) {
      this.jdbcPasswordEnv = jdbcPasswordEnv;
      return this;
    }

    Builder readerRole(String readerRole) {
      this.readerRole = readerRole;
      return this;
    }

    Builder readerPasswordEnv(String readerPasswordEnv) {
      this.readerPasswordEnv = readerPasswordEnv;
      return this;
    }

    Builder names(JdbcImport.Names names) {
      this.names = names;
      return this;
    }

    /** Whether {@code --csv} or {@code --tables-jsonl} was given. */
    Builder csvOrTables(boolean csvOrTables) {
      this.csvOrTables = csvOrTables;
      return this;
    }

    /** Whether {@code --questions} was given. */
    Builder questions(boolean questions) {
      this.questions = questions;
      return this;
    }

    /** Whether {@code --overwrite} was given. */
    Builder overwrite(boolean overwrite) {
      this.overwrite = overwrite;
      return this;
    }

    /**
     * The target; for plain SQLite imports one with a null or {@code sqlite} engine and no other setting.
     *
     * @throws IllegalArgumentException naming the option and the fix when options are missing or conflict
     */
    EngineTarget build() {
      String e = engine != null ? engine : jdbcUrl != null ? "postgresql" : null;
      if (e == null && fromSqlite != null) {
        throw new IllegalArgumentException("--from-sqlite copies a SQLite database into another engine: give "
            + "--engine duckdb or --engine postgresql");
      }
      boolean postgresOptions = jdbcUrl != null || jdbcUser != null || jdbcPasswordEnv != null
          || readerRole != null || readerPasswordEnv != null || names != null;
      if (e == null || e.equals("sqlite")) {
        if (fromSqlite != null) {
          throw new IllegalArgumentException("--from-sqlite with --engine sqlite copies nothing: give --engine "
              + "duckdb or --engine postgresql");
        }
        if (postgresOptions) {
          throw new IllegalArgumentException(firstPostgresOption() + " is for --engine postgresql");
        }
        return new EngineTarget(e, null, out, null, null, null, null, null, null);
      }
      if (fromSqlite != null && csvOrTables) {
        throw new IllegalArgumentException("--from-sqlite excludes --csv and --tables-jsonl: import one source");
      }
      if (fromSqlite == null && !csvOrTables) {
        throw new IllegalArgumentException("give --from-sqlite FILE, or --csv DIR (or FILE) and/or --tables-jsonl "
            + "FILE");
      }
      if (questions) {
        throw new IllegalArgumentException("--questions is checked on a SQLite import: import into SQLite first "
            + "(--out F.sqlite), then copy that with --from-sqlite F.sqlite");
      }
      if (overwrite) {
        throw new IllegalArgumentException("--overwrite replaces SQLite files only: delete the DuckDB file, or "
            + "drop the PostgreSQL database, first");
      }
      if (e.equals("duckdb")) {
        if (postgresOptions) {
          throw new IllegalArgumentException(firstPostgresOption() + " is for --engine postgresql; DuckDB writes "
              + "the --out file");
        }
        if (out == null) {
          throw new IllegalArgumentException("--out FILE is required (the new DuckDB file)");
        }
        return new EngineTarget(e, fromSqlite, out, null, null, null, null, null, null);
      }
      if (out != null) {
        throw new IllegalArgumentException("--out is a file for sqlite or duckdb; PostgreSQL's new database is the "
            + "one --jdbc-url names");
      }
      if (jdbcUrl == null) {
        throw new IllegalArgumentException("--jdbc-url URL is required (the new database, e.g. "
            + "jdbc:postgresql://localhost:5432/my_data)");
      }
      String prefix = "jdbc:postgresql://";
      String base = jdbcUrl.contains("?") ? jdbcUrl.substring(0, jdbcUrl.indexOf('?')) : jdbcUrl;
      int slash = base.indexOf('/', Math.min(base.length(), prefix.length()));
      if (!jdbcUrl.startsWith(prefix) || slash < 0 || slash == base.length() - 1) {
        throw new IllegalArgumentException("--jdbc-url takes jdbc:postgresql://HOST[:PORT]/DATABASE (the database "
            + "to create), but was " + Range.quote(jdbcUrl));
      }
      if (readerPasswordEnv == null) {
        throw new IllegalArgumentException("--reader-password-env VAR is required (the variable holding the "
            + "password of --reader-role, which evaluations log in as)");
      }
      return new EngineTarget(e, fromSqlite, null, jdbcUrl, jdbcUser, jdbcPasswordEnv,
          readerRole != null ? readerRole : DEFAULT_READER_ROLE, readerPasswordEnv,
          names != null ? names : JdbcImport.Names.EXACT);
    }

    private String firstPostgresOption() {
      return jdbcUrl != null ? "--jdbc-url" : jdbcUser != null ? "--jdbc-user"
          : jdbcPasswordEnv != null ? "--jdbc-password-env" : readerRole != null ? "--reader-role"
          : readerPasswordEnv != null ? "--reader-password-env" : "--names";
    }
  }
}
