package dev.llmsql.cli;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The database of {@code --jdbc-url}, {@code --jdbc-user} and {@code --jdbc-password-env}, for every command that
 * takes them; the password comes from the environment variable {@code --jdbc-password-env} names, so it is in no
 * command line, history or process list.
 */
final class JdbcLogin {
  private final java.util.function.Function<String, String> environment;

  JdbcLogin(java.util.function.Function<String, String> environment) {
    this.environment = requireNonNull(environment, "environment");
  }

  /** The database of {@code --jdbc-url}, {@code --jdbc-user} and {@code --jdbc-password-env}. */
  dev.llmsql.execution.Database jdbcDatabase(String url, String user, String passwordEnv) {
    Map<String, String> properties = new java.util.LinkedHashMap<>();
    if (user != null) {
      properties.put("user", user);
    }
    if (passwordEnv != null) {
      String password = environment.apply(passwordEnv);
      if (password == null || password.isEmpty()) {
        throw new IllegalArgumentException("--jdbc-password-env " + passwordEnv + ": the environment "
            + "variable is not set; export it with the database password");
      }
      properties.put("password", password);
    }
    for (String engine : Options.engines()) {
      if (url.startsWith("jdbc:" + engine + ":")) {
        Options.requireDriver("--jdbc-url", engine, Cli.class.getClassLoader());
      }
    }
    return dev.llmsql.execution.Database.jdbc(url, properties);
  }
}
