package dev.llmsql.examples.inference;

import dev.llmsql.cli.Cli;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Your own data to a Falcon-style comparison, all from the command line: {@code llmsql dataset import} turns a
 * CSV file and a questions file (gold SQL, and one question given only its gold result) into a checked SQLite
 * benchmark, then {@code llmsql falcon run} has two loopback stand-in models ("careful" answers right;
 * "sloppy" gets counts wrong and averages unrunnable), each on its own base URL, answer it in two rounds.
 * Run from the repository root:
 *
 * <pre>{@code
 * ./mvnw -q -pl llmsql-examples -am package -DskipTests
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" \
 *     dev.llmsql.examples.inference.FalconCliDemo
 * }</pre>
 */
public final class FalconCliDemo {

  static final String EMPLOYEES = """
      name,age,team
      Ann,31,red
      Bo,24,blue
      Cy,58,red
      Di,45,blue
      """;

  static final String QUESTIONS = """
      {"question_id": 1, "question": "How many employees are in team red?", "sql": "SELECT COUNT(*) FROM employees WHERE team = 'red'", "table_id": "employees"}
      {"question_id": 2, "question": "Who is the oldest employee?", "gold_results": {"name": ["Cy"]}, "table_id": "employees"}
      {"question_id": 3, "question": "What is the average age in team blue?", "sql": "SELECT AVG(age) FROM employees WHERE team = 'blue'", "table_id": "employees"}
      {"question_id": 4, "question": "How many employees are older than 30?", "sql": "SELECT COUNT(*) FROM employees WHERE age > 30", "table_id": "employees"}
      """;

  /** What the stand-in models know: the SQL behind each question, the gold-result one included. */
  static final String MODEL_KNOWLEDGE = QUESTIONS.replace("\"gold_results\": {\"name\": [\"Cy\"]}",
      "\"sql\": \"SELECT name FROM employees ORDER BY age DESC LIMIT 1\"");

  private FalconCliDemo() {
  }

  public static void main(String[] args) throws Exception {
    int status = run(Path.of("target", "falcon-cli-demo"), System.out, System.err);
    if (status != Cli.OK) {
      System.exit(status);
    }
  }

  /** Imports, then runs both models; returns the first non-zero exit status, else 0. */
  static int run(Path out, PrintStream stdout, PrintStream stderr) throws Exception {
    Path data = Files.createDirectories(out.resolve("my-data"));
    Files.writeString(data.resolve("employees.csv"), EMPLOYEES);
    Path questions = Files.writeString(out.resolve("my-questions.jsonl"), QUESTIONS);
    Path knowledge = Files.writeString(out.resolve("model-knowledge.jsonl"), MODEL_KNOWLEDGE);
    Path db = out.resolve("staff.sqlite");
    Cli cli = new Cli(stdout, stderr);

    stdout.println("$ llmsql dataset import --csv my-data --questions my-questions.jsonl --out staff.sqlite");
    int imported = cli.run(new String[] {"dataset", "import", "--csv", data.toString(), "--questions",
        questions.toString(), "--out", db.toString(), "--overwrite"});
    if (imported != Cli.OK) {
      return imported;
    }
    try (GoldModelServer careful = GoldModelServer.start(knowledge, 0, sql -> sql);
         GoldModelServer sloppy = GoldModelServer.start(knowledge, 0,
             sql -> sql.contains("COUNT(") ? "SELECT 0" : sql.replace("AVG(age)", "AVG(agee)"))) {
      stdout.println();
      stdout.println("$ llmsql falcon run --model careful,base-url=... --model sloppy,base-url=...,concurrency=2 "
          + "--rounds 2 ...");
      return cli.run(new String[] {"falcon", "run",
          "--model", "careful,base-url=" + careful.baseUrl(),
          "--model", "sloppy,base-url=" + sloppy.baseUrl() + ",concurrency=2",
          "--rounds", "2", "--shots", "0", "--out", out.resolve("falcon").toString(),
          "--questions-path", out.resolve("staff.questions.jsonl").toString(),
          "--tables-path", out.resolve("staff.tables.jsonl").toString(), "--db-path", db.toString()});
    }
  }
}
