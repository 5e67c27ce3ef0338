package dev.llmsql.examples.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The documented CLI path: own CSV and questions imported, then two models over two rounds. */
class FalconCliDemoTest {

  @TempDir
  Path dir;

  @Test
  void run_ownDataTwoModels_printsImportAndFalconTables() throws Exception {
    // given
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    // when
    int status = FalconCliDemo.run(dir, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));

    // then
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isEqualTo(Cli.OK);
    Path falcon = dir.resolve("falcon");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
        $ llmsql dataset import --csv my-data --questions my-questions.jsonl --out staff.sqlite
          employees                           4 rows  [TEXT, INTEGER, TEXT]
        1 table(s) written to {dir}/staff.sqlite
        4 question(s) checked (they read, their tables exist, their gold SQL runs) and written to \
        {dir}/staff.questions.jsonl; table descriptions for prompts in {dir}/staff.tables.jsonl
        Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path {dir}/staff.questions.jsonl \
        --db-path {dir}/staff.sqlite
          or: llmsql falcon run --model M --base-url U --out DIR --questions-path {dir}/staff.questions.jsonl \
        --tables-path {dir}/staff.tables.jsonl --db-path {dir}/staff.sqlite

        $ llmsql falcon run --model careful,base-url=... --model sloppy,base-url=...,concurrency=2 --rounds 2 ...
        round  model    questions  executed  right  wrong  failed  executability  accuracy
            1  careful          4         4      4      0       0         100.0%    100.0%
            1  sloppy           4         3      1      2       1          75.0%     25.0%
            2  careful          4         4      4      0       0         100.0%    100.0%
            2  sloppy           4         3      1      2       1          75.0%     25.0%
        Tables: {dir}/falcon/execution-results.csv, {dir}/falcon/comparison-results.csv, \
        {dir}/falcon/dataset_evaluation_result.csv
        """.replace("{dir}", dir.toString()));
    List<String> comparison = Files.readAllLines(falcon.resolve("comparison-results.csv"));
    assertThat(comparison).hasSize(1 + 2 * 2 * 4);
    assertThat(comparison.get(2)).isEqualTo("2,employees,Who is the oldest employee?,,,,\"{\"\"name\"\":[\"\"Cy\"\"]}\",careful,"
        + "SELECT name FROM employees ORDER BY age DESC LIMIT 1,\"{\"\"name\"\":[\"\"Cy\"\"]}\",,RIGHT,1");
    assertThat(comparison.get(7)).isEqualTo("3,employees,What is the average age in team blue?,,,"
        + "SELECT AVG(age) FROM employees WHERE team = 'blue',\"{\"\"AVG(age)\"\":[34.5]}\",sloppy,"
        + "SELECT AVG(agee) FROM employees WHERE team = 'blue',,no such column: agee,FAILED,1");
  }
}
