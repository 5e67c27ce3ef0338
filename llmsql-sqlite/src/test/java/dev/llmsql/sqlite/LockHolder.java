package dev.llmsql.sqlite;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * Another process that holds a writer's lock: {@code LockHolder DB} runs {@code BEGIN EXCLUSIVE} on the
 * database, prints {@code locked}, and keeps the lock until its standard input closes.
 */
public final class LockHolder {

  private LockHolder() {
  }

  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + args[0]); Statement s = c.createStatement()) {
      s.execute("BEGIN EXCLUSIVE");
      System.out.println("locked");
      System.out.flush();
      while (System.in.read() >= 0) {
        // hold the lock until the parent closes our input
      }
      s.execute("ROLLBACK");
    }
  }
}
