package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.Question;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Path confinement (issue 18.1): a question whose db_id leads outside --databases-dir (a path, '..', an
 * absolute path, a link out) is an input problem naming the question's file and line; it never runs, and the
 * rest of the run goes on. Links that stay inside the directory are fine.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class HostilePathsTest {

  @TempDir
  Path tmp;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void dbIdOutsideTheDatabasesDirectory_isAnInputProblemOfItsQuestionAndNeverRuns() throws Exception {
    Path demo = CliTest.DEMO.resolve("demo.sqlite");
    Path dir = Files.createDirectories(tmp.resolve("databases"));
    Files.copy(demo, Files.createDirectories(dir.resolve("good")).resolve("good.sqlite"));
    // outside the directory: a database that would answer the same SQL, so running it would count as a match
    Path outsideDir = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.copy(demo, outsideDir.resolve("linked.sqlite"));
    Path secret = Files.copy(demo, tmp.resolve("secret.sqlite"));
    Files.copy(demo, tmp.resolve("outside.sqlite"));
    Files.createSymbolicLink(dir.resolve("linked"), outsideDir);                       // a linked folder out
    Files.createSymbolicLink(Files.createDirectories(dir.resolve("linkfile")).resolve("linkfile.sqlite"), secret);
    Files.createSymbolicLink(Files.createDirectories(dir.resolve("alias")).resolve("alias.sqlite"),
        dir.resolve("good").resolve("good.sqlite"));                                   // a link that stays inside
    String sql = "SELECT COUNT(*) FROM employees";
    List<String> lines = new ArrayList<>();
    String[] ids = {"good", "../outside", tmp.resolve("secret").toString(), "linked", "linkfile", "alias", ".."};
    for (int i = 0; i < ids.length; i++) {
      lines.add("{\"question_id\": " + (i + 1) + ", \"question\": \"q\", \"sql\": \"" + sql + "\", \"db_id\": \""
          + ids[i] + "\"}");
    }
    Path questions = Files.write(tmp.resolve("questions.jsonl"), lines);
    List<String> predictions = new ArrayList<>();
    for (int i = 1; i <= ids.length; i++) {
      predictions.add("{\"question_id\": " + i + ", \"completion\": \"" + sql + "\"}");
    }
    Path outputs = Files.write(tmp.resolve("predictions.jsonl"), predictions);

    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
        StandardCharsets.UTF_8)).run(new String[] {"evaluate", "--outputs", outputs.toString(), "--questions-path",
        questions.toString(), "--databases-dir", dir.toString(), "--no-save-report", "--no-gold-cache",
        "--threads", "1"});

    String fix = "; a db_id names a folder {dir}/{db_id}/{db_id}.sqlite inside the databases directory " + dir
        + "; the question is not run and its prediction not scored\n";
    String notPlain = "\" is not a plain database name (a path, '.', '..' or empty)";
    assertThat(status).isEqualTo(Cli.OK);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("  Total:          2\n", "  Matches:        2\n")
        .contains("Input problems (5):\n"
            + "  " + questions + ":2: DATABASE_OUTSIDE_DIRECTORY: db_id \"../outside" + notPlain + fix
            + "  " + questions + ":3: DATABASE_OUTSIDE_DIRECTORY: db_id \"" + ids[2] + notPlain + fix
            + "  " + questions + ":4: DATABASE_OUTSIDE_DIRECTORY: db_id \"linked\" leads outside the databases "
            + "directory through a link (to " + outsideDir.toRealPath().resolve("linked.sqlite") + ")" + fix
            + "  " + questions + ":5: DATABASE_OUTSIDE_DIRECTORY: db_id \"linkfile\" leads outside the databases "
            + "directory through a link (to " + secret.toRealPath() + ")" + fix
            + "  " + questions + ":7: DATABASE_OUTSIDE_DIRECTORY: db_id \".." + notPlain + fix);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void library_outsideDirectory_isNullForAPlainNameInside() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("databases"));
    BenchmarkFiles files = BenchmarkFiles.databaseDirectory(tmp.resolve("q.jsonl"), dir);

    assertThat(files.outsideDirectory(new Question(1, "q", "SELECT 1", null, "concert_singer", null))).isNull();
    assertThat(files.outsideDirectory(new Question(1, "q", "SELECT 1", null, "a/b", null)))
        .startsWith("db_id \"a/b\" is not a plain database name");
    assertThat(BenchmarkFiles.singleDatabase(tmp.resolve("q.jsonl"), tmp.resolve("db.sqlite"))
        .outsideDirectory(new Question(1, "q", "SELECT 1", null, "../x", null))).isNull();
  }
}
