package dev.llmsql.cli;

import dev.llmsql.config.Range;
import dev.llmsql.execution.ImportTarget;
import dev.llmsql.jdbc.load.JdbcImport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where {@code llmsql dataset import} writes when the target is not a new SQLite file: an engine's
 * {@link ImportTarget}, found with {@link java.util.ServiceLoader} (DuckDB's file with {@code --engine duckdb --out F},
 * PostgreSQL's new database with {@code --engine postgresql --jdbc-url URL}, or any other module's), and what it
 * copies there ({@code --from-sqlite F}, or the CSV and tables.jsonl files imported through a temporary SQLite
 * file). Passwords are held as the names of the environment variables that hold them, never as values.
 *
 * @param target the engine imported into; null for a plain SQLite import
 * @param fromSqlite the SQLite database to copy, or null to copy the imported CSV / tables.jsonl files
 * @param out the file to create (a {@link ImportTarget.Place#FILE} target, or SQLite)
 * @param server the new server database and its logins (a {@link ImportTarget.Place#SERVER} target), else null
 */
record EngineTarget(ImportTarget target, Path fromSqlite, Path out, Server server) {

  /**
   * A server target's database and logins.
   *
   * @param jdbcUrl the server database to create, e.g. {@code jdbc:postgresql://HOST[:PORT]/NAME}
   * @param jdbcUser the administrator the import logs in as, or null for the driver's default
   * @param jdbcPasswordEnv the variable holding that administrator's password, or null for none
   * @param readerRole the role evaluations log in as, created when missing; it may only read the new database
   * @param readerPasswordEnv the variable holding the reader role's password
   * @param names how table and column names reach a server that folds unquoted names
   */
  record Server(String jdbcUrl, String jdbcUser, String jdbcPasswordEnv, String readerRole, String readerPasswordEnv,
                JdbcImport.Names names) {
  }

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

  /** The engines {@code dataset import --engine} takes: sqlite, then every import target's. */
  static final class Choices implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      List<String> names = new ArrayList<>(List.of("sqlite"));
      targets().forEach(t -> names.add(t.engine()));
      return names.iterator();
    }
  }

  /**
   * {@code --engine}'s help: sqlite, the default, then every import target's engine, the first server engine
   * marked as the one {@code --jdbc-url} implies.
   */
  static String help() {
    List<ImportTarget> targets = targets();
    String server = targets.stream().filter(t -> t.place() == ImportTarget.Place.SERVER).findFirst()
        .map(ImportTarget::engine).orElse(null);
    List<String> names = new ArrayList<>(List.of("sqlite (default)"));
    targets.forEach(t -> names.add(t.engine() + (t.engine().equals(server) ? " (the default with --jdbc-url)" : "")));
    return Options.or(names);
  }

  /** The import targets on the class path, by engine name. */
  static List<ImportTarget> targets() {
    return ImportTarget.all().stream().sorted(Comparator.comparing(ImportTarget::engine)).toList();
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
      List<ImportTarget> targets = targets();
      String e = engine != null ? engine : jdbcUrl != null ? serverFor(targets, jdbcUrl) : null;
      if (e == null && fromSqlite != null) {
        throw new IllegalArgumentException("--from-sqlite copies a SQLite database into another engine: give "
            + engines(targets, null));
      }
      boolean serverOptions = jdbcUrl != null || jdbcUser != null || jdbcPasswordEnv != null
          || readerRole != null || readerPasswordEnv != null || names != null;
      if (e == null || e.equals("sqlite")) {
        if (fromSqlite != null) {
          throw new IllegalArgumentException("--from-sqlite with --engine sqlite copies nothing: give "
              + engines(targets, null));
        }
        if (serverOptions) {
          throw new IllegalArgumentException(firstServerOption() + " is for "
              + engines(targets, ImportTarget.Place.SERVER));
        }
        return new EngineTarget(null, null, out, null);
      }
      ImportTarget target = targets.stream().filter(t -> t.engine().equals(e)).findFirst().orElse(null);
      if (target == null) {
        throw new IllegalArgumentException("--engine " + e + " has no dataset import on the class path: give "
            + engines(targets, null) + ", or import into SQLite (--out F.sqlite) and evaluate that");
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
      if (target.place() == ImportTarget.Place.FILE) {
        if (serverOptions) {
          throw new IllegalArgumentException(firstServerOption() + " is for "
              + engines(targets, ImportTarget.Place.SERVER) + "; " + target.title() + " writes the --out file");
        }
        if (out == null) {
          throw new IllegalArgumentException("--out FILE is required (the new " + target.title() + " file)");
        }
        return new EngineTarget(target, fromSqlite, out, null);
      }
      if (out != null) {
        List<String> files = new ArrayList<>(List.of("sqlite"));
        targets.stream().filter(t -> t.place() == ImportTarget.Place.FILE).forEach(t -> files.add(t.engine()));
        throw new IllegalArgumentException("--out is a file for " + Options.or(files) + "; " + target.title()
            + "'s new database is the one --jdbc-url names");
      }
      if (jdbcUrl == null) {
        String example = target.urlExample();
        throw new IllegalArgumentException("--jdbc-url URL is required (the new database"
            + (example != null ? ", e.g. " + example : "") + ")");
      }
      String problem = target.urlProblem(jdbcUrl);
      if (problem != null) {
        throw new IllegalArgumentException("--jdbc-url " + problem + ", but was " + Range.quote(jdbcUrl));
      }
      if (readerPasswordEnv == null) {
        throw new IllegalArgumentException("--reader-password-env VAR is required (the variable holding the "
            + "password of --reader-role, which evaluations log in as)");
      }
      return new EngineTarget(target, fromSqlite, null, new Server(jdbcUrl, jdbcUser, jdbcPasswordEnv,
          readerRole != null ? readerRole : DEFAULT_READER_ROLE, readerPasswordEnv,
          names != null ? names : JdbcImport.Names.EXACT));
    }

    /** The server target {@code url} is for (the first that takes it, else the first server target), or null. */
    private static String serverFor(List<ImportTarget> targets, String url) {
      List<ImportTarget> servers = targets.stream().filter(t -> t.place() == ImportTarget.Place.SERVER).toList();
      return servers.stream().filter(t -> t.urlProblem(url) == null).findFirst()
          .or(() -> servers.stream().findFirst()).map(ImportTarget::engine).orElse(null);
    }

    /** {@code --engine a or --engine b}: the targets (of {@code place}, or all when null). */
    private static String engines(List<ImportTarget> targets, ImportTarget.Place place) {
      return Options.or(targets.stream().filter(t -> place == null || t.place() == place)
          .map(t -> "--engine " + t.engine()).toList());
    }

    private String firstServerOption() {
      return jdbcUrl != null ? "--jdbc-url" : jdbcUser != null ? "--jdbc-user"
          : jdbcPasswordEnv != null ? "--jdbc-password-env" : readerRole != null ? "--reader-role"
          : readerPasswordEnv != null ? "--reader-password-env" : "--names";
    }
  }
}
