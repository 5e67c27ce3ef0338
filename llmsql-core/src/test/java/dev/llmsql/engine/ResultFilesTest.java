package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.execution.QueryResult;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Result files a submission names: confined, bounded, read as pandas' {@code read_csv} reads their text. */
class ResultFilesTest {

  @TempDir
  Path dir;

  @Test
  void resolve_insideTheDirectory_isTheFile() throws IOException {
    Path sub = Files.createDirectories(dir.resolve("sub/nested"));
    Files.writeString(sub.resolve("a.csv"), "n\n1\n");

    ResultFiles.Resolved r = ResultFiles.resolve(dir, "sub/nested/a.csv");

    assertThat(r.problem()).isNull();
    assertThat(r.file()).isEqualTo(sub.resolve("a.csv").toRealPath());
  }

  @Test
  void resolve_refusesWhatLeavesOrIsNoFile_inOneLine() throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Path big = dir.resolve("big.csv");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(QueryResult.MAX_CSV_BYTES + 1);   // sparse: no disk used
    }

    assertThat(ResultFiles.resolve(dir, "sub/../../x.csv").problem())
        .isEqualTo("result file \"sub/../../x.csv\" leaves the submission directory " + dir + " (..); give a path "
            + "inside it");
    assertThat(ResultFiles.resolve(dir, "").problem())
        .isEqualTo("result file \"\" is not a file name; give a path relative to " + dir);
    assertThat(ResultFiles.resolve(dir, "a\0.csv").problem())
        .isEqualTo("result file \"a\0.csv\" is not a file name; give a path relative to " + dir);
    assertThat(ResultFiles.resolve(dir, "missing.csv").problem())
        .isEqualTo("result file \"missing.csv\" not found in " + dir);
    assertThat(ResultFiles.resolve(dir, "sub").problem())
        .isEqualTo("result file \"sub\" is not a regular file");
    assertThat(ResultFiles.resolve(dir, "big.csv").problem())
        .isEqualTo("result file \"big.csv\" holds 16777217 bytes, more than the 16777216 a result file may hold");
  }

  @Test
  void readCsv_keepsTheText_quotedFieldsBlankLinesShortRowsAndTheBom() throws IOException {
    Path f = dir.resolve("r.csv");
    Files.writeString(f, "\uFEFFname,n\n\"a, b\",1\n\n\"say \"\"hi\"\"\",\nshort\n", StandardCharsets.UTF_8);

    QueryResult r = QueryResult.readCsv(f, QueryResult.MAX_CSV_BYTES);

    assertThat(r.columns()).containsExactly("name", "n");
    assertThat(r.rows()).containsExactly(List.of("a, b", "1"), List.of("say \"hi\"", ""), List.of("short", ""));
  }

  @Test
  void readCsv_refusesWhatIsNotAResult_sayingWhy() throws IOException {
    Path wide = Files.writeString(dir.resolve("wide.csv"), "a\n1,2\n");
    Path empty = Files.writeString(dir.resolve("empty.csv"), "");
    Path latin = Files.write(dir.resolve("latin.csv"), new byte[] {'a', '\n', (byte) 0xe9, '\n'});

    assertThatThrownBy(() -> QueryResult.readCsv(wide, QueryResult.MAX_CSV_BYTES))
        .hasMessage(wide + " line 2 has 2 fields, but the header names 1 columns");
    assertThatThrownBy(() -> QueryResult.readCsv(empty, QueryResult.MAX_CSV_BYTES))
        .hasMessage(empty + " is empty: a result file needs at least a header line");
    assertThatThrownBy(() -> QueryResult.readCsv(latin, QueryResult.MAX_CSV_BYTES))
        .hasMessage(latin + " is not UTF-8 text");
    assertThatThrownBy(() -> QueryResult.readCsv(latin, 2))
        .hasMessage(latin + " holds 4 bytes, more than the 2 a result file may hold");
  }
}
