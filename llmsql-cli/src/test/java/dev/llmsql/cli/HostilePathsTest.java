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
 * Path confinement (issues 18.1 and 22.6): the db_id text of the untrusted questions file must be a plain name
 * (no separator, not '.', '..', empty or absolute, no drive letter); a question whose db_id is not is an input
 * problem naming the question's file and line, never runs, and the rest of the run goes on. The databases
 * directory is the user's: links they made inside it are followed, wherever they lead.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class HostilePathsTest {

  @TempDir
  Path tmp;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void dbIdNotAPlainName_isAnInputProblemOfItsQuestion_linksTheUserMadeAreFollowed() throws Exception {
    Path demo = CliTest.DEMO.resolve("demo.sqlite");
    Path dir = Files.createDirectories(tmp.resolve("databases"));
    Files.copy(demo, Files.createDirectories(dir.resolve("good")).resolve("good.sqlite"));
    // the user keeps databases elsewhere and links them in: a linked folder and a linked file
    Path outsideDir = Files.createDirectories(tmp.resolve("data").resolve("linked"));
    Files.copy(demo, outsideDir.resolve("linked.sqlite"));
    Path kept = Files.copy(demo, tmp.resolve("kept.sqlite"));
    Files.copy(demo, tmp.resolve("outside.sqlite"));
    Files.createSymbolicLink(dir.resolve("linked"), outsideDir);
    Files.createSymbolicLink(Files.createDirectories(dir.resolve("linkfile")).resolve("linkfile.sqlite"), kept);
    Files.createSymbolicLink(Files.createDirectories(dir.resolve("alias")).resolve("alias.sqlite"),
        dir.resolve("good").resolve("good.sqlite"));
    String sql = "SELECT COUNT(*) FROM employees";
    List<String> lines = new ArrayList<>();
    String[] ids = {"good", "../outside", tmp.resolve("kept").toString(), "linked", "linkfile", "alias", "..",
        "a/b", "C:x", "", "a\\b"};
    for (int i = 0; i < ids.length; i++) {
      lines.add("{\"question_id\": " + (i + 1) + ", \"question\": \"q\", \"sql\": \"" + sql + "\", \"db_id\": \""
          + ids[i].replace("\\", "\\\\") + "\"}");
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
    String notPlain = "\" is not a plain database name: it ";
    String problem = "  " + questions + ":%d: DATABASE_OUTSIDE_DIRECTORY: db_id \"";
    assertThat(status).isEqualTo(Cli.OK);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("  Total:          4\n", "  Matches:        4\n")
        .contains("Input problems (7):\n"
            + problem.formatted(2) + "../outside" + notPlain + "holds a path separator" + fix
            + problem.formatted(3) + ids[2] + notPlain + "holds a path separator" + fix
            + problem.formatted(7) + ".." + notPlain + "is '..'" + fix
            + problem.formatted(8) + "a/b" + notPlain + "holds a path separator" + fix
            + problem.formatted(9) + "C:x" + notPlain + "holds ':' (a drive letter)" + fix
            + problem.formatted(10) + notPlain + "is empty" + fix
            + problem.formatted(11) + "a\\b" + notPlain + "holds a path separator" + fix);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void library_outsideDirectory_isNullForAPlainName_evenWhenItIsALinkLeadingOut() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("databases"));
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.createSymbolicLink(dir.resolve("car_1"), elsewhere);
    BenchmarkFiles files = BenchmarkFiles.databaseDirectory(tmp.resolve("q.jsonl"), dir);

    assertThat(files.outsideDirectory(new Question(1, "q", "SELECT 1", null, "concert_singer", null))).isNull();
    assertThat(files.outsideDirectory(new Question(1, "q", "SELECT 1", null, "car_1", null))).isNull();
    assertThat(files.outsideDirectory(new Question(1, "q", "SELECT 1", null, "a\0b", null)))
        .isEqualTo("db_id \"a\\0b\" is not a plain database name: it holds a NUL character; a db_id names a "
            + "folder {dir}/{db_id}/{db_id}.sqlite inside the databases directory " + dir);
    assertThat(files.outsideDirectory(new Question(1, "q", "SELECT 1", null, ".", null)))
        .startsWith("db_id \".\" is not a plain database name: it is '.';");
    assertThat(BenchmarkFiles.singleDatabase(tmp.resolve("q.jsonl"), tmp.resolve("db.sqlite"))
        .outsideDirectory(new Question(1, "q", "SELECT 1", null, "../x", null))).isNull();
  }
}
