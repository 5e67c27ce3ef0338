package dev.llmsql.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes the {@code --heavy} benchmark flavour: a BIRD-like database with tables of 200,000+ rows, where gold
 * queries with joins and GROUP BY take tens to hundreds of milliseconds, plus questions and predictions in
 * LLMSQL's layout (one table id per question for the {@code Table} placeholder). Deterministic for a seed.
 *
 * <pre>{@code
 * HeavyWorkload.write(Path.of("target/heavy"), 7);
 * }</pre>
 */
public final class HeavyWorkload {

  static final int CUSTOMERS = 50_000;
  static final int PRODUCTS = 5_000;
  static final int ORDERS = 300_000;
  static final int EVENTS = 250_000;

  private HeavyWorkload() {
  }

  /** Creates {@code dir} with sqlite_tables.db, questions.jsonl and outputs.jsonl; reuses them if present. */
  public static Path write(Path dir, long seed) throws IOException, SQLException {
    Path db = dir.resolve("sqlite_tables.db");
    if (Files.exists(dir.resolve("outputs.jsonl")) && Files.exists(db)) {
      return dir;
    }
    Files.createDirectories(dir);
    Files.deleteIfExists(db);
    Random random = new Random(seed);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT, segment TEXT)");
        s.execute("CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL)");
        s.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, product_id INTEGER, "
            + "quantity INTEGER, discount REAL, year INTEGER, status TEXT)");
        s.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, customer_id INTEGER, kind TEXT, score REAL)");
      }
      String[] countries = {"France", "Germany", "Spain", "Italy", "Poland", "Norway", "Japan", "Brazil", "Kenya",
          "Canada"};
      String[] segments = {"consumer", "corporate", "home office", "small business"};
      String[] categories = {"Furniture", "Office Supplies", "Technology", "Books", "Garden", "Toys", "Food"};
      String[] statuses = {"shipped", "returned", "cancelled", "pending"};
      String[] kinds = {"click", "view", "purchase", "refund", "review"};
      insert(c, "INSERT INTO customers VALUES (?, ?, ?, ?)", CUSTOMERS, (p, i) -> {
        p.setInt(1, i);
        p.setString(2, "Customer " + i);
        p.setString(3, countries[random.nextInt(countries.length)]);
        p.setString(4, segments[random.nextInt(segments.length)]);
      });
      insert(c, "INSERT INTO products VALUES (?, ?, ?, ?)", PRODUCTS, (p, i) -> {
        p.setInt(1, i);
        p.setString(2, "Product " + i);
        p.setString(3, categories[random.nextInt(categories.length)]);
        p.setDouble(4, Math.round(random.nextDouble() * 50_000) / 100.0);
      });
      insert(c, "INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?)", ORDERS, (p, i) -> {
        p.setInt(1, i);
        p.setInt(2, 1 + random.nextInt(CUSTOMERS));
        p.setInt(3, 1 + random.nextInt(PRODUCTS));
        p.setInt(4, 1 + random.nextInt(9));
        p.setDouble(5, random.nextInt(4) * 0.05);
        p.setInt(6, 2015 + random.nextInt(10));
        p.setString(7, statuses[random.nextInt(statuses.length)]);
      });
      insert(c, "INSERT INTO events VALUES (?, ?, ?, ?)", EVENTS, (p, i) -> {
        p.setInt(1, i);
        p.setInt(2, 1 + random.nextInt(CUSTOMERS));
        p.setString(3, kinds[random.nextInt(kinds.length)]);
        p.setDouble(4, Math.round(random.nextDouble() * 1000) / 10.0);
      });
      c.commit();
    }
    List<String[]> cases = cases();
    List<String> questions = new ArrayList<>();
    List<String> outputs = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      String[] c = cases.get(i);
      int id = i + 1;
      questions.add("{\"question_id\": " + id + ", \"question\": \"" + c[0] + "\", \"sql\": \"" + json(c[1])
          + "\", \"table_id\": \"orders\"}");
      outputs.add("{\"question_id\": " + id + ", \"completion\": \"```sql\\n" + json(c[2]) + "\\n```\"}");
    }
    Files.write(dir.resolve("questions.jsonl"), questions, StandardCharsets.UTF_8);
    Files.write(dir.resolve("outputs.jsonl"), outputs, StandardCharsets.UTF_8);
    return dir;
  }

  /** {question, gold, prediction}: equivalent rewrites, wrong answers and errors over joins and GROUP BY. */
  private static List<String[]> cases() {
    List<String[]> cases = new ArrayList<>();
    String[] countries = {"France", "Germany", "Spain", "Italy", "Poland", "Norway", "Japan", "Brazil"};
    String[] categories = {"Furniture", "Office Supplies", "Technology", "Books", "Garden", "Toys"};
    for (int i = 0; i < 8; i++) {
      String country = countries[i];
      String category = categories[i % categories.length];
      int year = 2016 + i;
      cases.add(new String[] {"Revenue per category in " + country,
          "SELECT p.category, ROUND(SUM(o.quantity * p.price * (1 - o.discount)), 2) FROM orders o JOIN products p "
              + "ON p.id = o.product_id JOIN customers c ON c.id = o.customer_id WHERE c.country = '" + country
              + "' GROUP BY p.category",
          "SELECT p.category, ROUND(SUM(o.quantity * p.price * (1 - o.discount)), 2) FROM customers c JOIN Table o "
              + "ON c.id = o.customer_id JOIN products p ON o.product_id = p.id WHERE c.country = '" + country
              + "' GROUP BY 1 ORDER BY 2 DESC"});
      cases.add(new String[] {"Orders per status in " + year,
          "SELECT status, COUNT(*) FROM orders WHERE year = " + year + " GROUP BY status",
          "SELECT status, COUNT(id) FROM Table WHERE year = " + year + " GROUP BY status"});
      cases.add(new String[] {"Top customers by spend for " + category,
          "SELECT o.customer_id, SUM(o.quantity * p.price) AS spend FROM orders o JOIN products p ON p.id = "
              + "o.product_id WHERE p.category = '" + category + "' GROUP BY o.customer_id ORDER BY spend DESC, "
              + "o.customer_id LIMIT 10",
          "SELECT o.customer_id, SUM(o.quantity) FROM Table o JOIN products p ON p.id = o.product_id WHERE "
              + "p.category = '" + category + "' GROUP BY o.customer_id ORDER BY 2 DESC LIMIT 10"});
      cases.add(new String[] {"Average event score of " + country + " customers who ordered in " + year,
          "SELECT ROUND(AVG(e.score), 3) FROM events e WHERE e.customer_id IN (SELECT o.customer_id FROM orders o "
              + "JOIN customers c ON c.id = o.customer_id WHERE c.country = '" + country + "' AND o.year = " + year
              + ")",
          "SELECT ROUND(AVG(e.score), 3) FROM events e JOIN customers c ON c.id = e.customer_id WHERE c.country = '"
              + country + "' AND e.customer_id IN (SELECT customer_id FROM Table WHERE year = " + year + ")"});
      cases.add(new String[] {"Returned quantity per segment in " + year,
          "SELECT c.segment, SUM(o.quantity) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE "
              + "o.status = 'returned' AND o.year = " + year + " GROUP BY c.segment",
          "SELECT c.segment, SUM(o.qty) FROM Table o JOIN customers c ON c.id = o.customer_id WHERE o.status = "
              + "'returned' AND o.year = " + year + " GROUP BY c.segment"});
    }
    return cases;
  }

  @FunctionalInterface
  private interface Row {
    void set(PreparedStatement statement, int index) throws SQLException;
  }

  private static void insert(Connection c, String sql, int count, Row row) throws SQLException {
    try (PreparedStatement p = c.prepareStatement(sql)) {
      for (int i = 1; i <= count; i++) {
        row.set(p, i);
        p.addBatch();
        if (i % 10_000 == 0) {
          p.executeBatch();
        }
      }
      p.executeBatch();
    }
  }

  private static String json(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
