package dev.llmsql.examples.suite;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scripted stand-ins for the demo suite ({@code llmsql-examples/demo/suite}): target model {@code careful}
 * answers every case right, {@code sloppy} gets some wrong (one with a hostile {@code DROP TABLE}), and the
 * judge {@code judge} reads the answer in its prompt. Serve them with
 * {@code GoldModelServer.scripted(latency, DemoSuiteModels::reply)}.
 *
 * <pre>{@code
 * DemoSuiteModels.reply("careful", "[u-se-1] Does this SQL have a syntax error? ...");   // {"has_error": true}
 * }</pre>
 */
public final class DemoSuiteModels {

  private static final Pattern CASE = Pattern.compile("^\\[([a-z0-9-]+)]");

  private static final Map<String, String> CAREFUL = Map.of(
      "u-ea-1", "{\"sql\": \"SELECT COUNT(*) FROM employees WHERE dept = 'Sales'\"}",
      "u-ea-2", "{\"sql\": \"SELECT AVG(salary) FROM employees WHERE dept = 'IT'\"}",
      "u-ex-1", "For each department, its highest salary.",
      "u-se-1", "{\"has_error\": true}",
      "d-le-1", "{\"sql\": \"SELECT name FROM employees ORDER BY salary DESC LIMIT 3\"}",
      "d-se-1", "{\"has_error\": false}",
      "o-le-1", "{\"sql\": \"SELECT id FROM employees WHERE dept = 'IT'\"}",
      "o-od-1", "{\"sql\": \"SELECT o.id, o.total FROM orders o WHERE o.created >= '2024-01-01' AND o.created < "
          + "'2025-01-01' AND EXISTS (SELECT 1 FROM customers c WHERE c.id = o.customer_id AND c.country = 'NO')\"}",
      "o-se-1", "<think>ORDER BY needs a column</think>{\"has_error\": true}");

  private static final Map<String, String> SLOPPY = Map.of(
      "u-ea-1", "SELECT 1; DROP TABLE employees",
      "u-ea-2", "{\"sql\": \"SELECT AVG(salary) FROM employees\"}",
      "u-ex-1", "It returns the highest salary per department.",
      "u-se-1", "{\"has_error\": false}",
      "d-le-1", "{\"sql\": \"SELECT TOP 3 name FROM employees ORDER BY salary DESC\"}",
      "d-se-1", "{\"has_error\": false}",
      "o-le-1", "{\"sql\": \"SELECT id FROM employees WHERE dept='IT'\"}",
      "o-od-1", "{\"sql\": \"SELECT id, total FROM orders WHERE strftime('%Y', created) = '2024' AND customer_id IN "
          + "(SELECT id FROM customers WHERE country = 'NO')\"}",
      "o-se-1", "{\"has_error\": true}");

  private DemoSuiteModels() {
  }

  /** The reply of {@code model} to {@code prompt}. */
  public static String reply(String model, String prompt) {
    if (model.equals("judge")) {
      return judge(prompt);
    }
    Matcher m = CASE.matcher(prompt);
    String id = m.find() ? m.group(1) : "";
    Map<String, String> answers = model.equals("careful") ? CAREFUL : SLOPPY;
    return answers.getOrDefault(id, "I do not know.");
  }

  private static String judge(String prompt) {
    int from = prompt.indexOf("The model's answer:\n");
    String answer = from < 0 ? "" : prompt.substring(from);
    int to = answer.indexOf("\n\n");
    answer = to < 0 ? answer : answer.substring(0, to);
    if (prompt.contains("matched_rule_ids")) {
      return answer.contains("created >=") ? "{\"matched_rule_ids\": [\"columns\", \"sargable\"], \"reason\": \"both\"}"
          : "{\"matched_rule_ids\": [\"columns\"], \"reason\": \"the filter still wraps created in strftime\"}";
    }
    return answer.contains("TOP ") ? "{\"answer\": \"no\", \"reason\": \"TOP is not SQLite\"}"
        : "{\"answer\": \"yes\", \"reason\": \"same result\"}";
  }
}
