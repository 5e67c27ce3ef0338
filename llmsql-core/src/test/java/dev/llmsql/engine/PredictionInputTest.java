package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.engine.PredictionInput.CompletionState;
import dev.llmsql.engine.PredictionInput.Entry;
import dev.llmsql.prediction.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PredictionInputTest {

  @TempDir
  Path dir;

  @Test
  void jsonl_validatedThenRead_replaysWhatFitsAndParsesTheRestWithTheSameLines() throws Exception {
    Path file = write(
        "{\"question_id\": 1, \"completion\": \"SELECT 1\"}",
        "",
        "{\"question_id\": 2, \"completion\": \"SELECT 2\"}",
        "  {\"question_id\": 3, \"completion\": \"SELECT 3\"}",
        "",
        "{\"question_id\": 4, \"completion\": \"SELECT 4\"}");
    List<Entry> plain = read(PredictionInput.jsonl(file, 0));
    List<Integer> ids = new ArrayList<>();

    for (long budget : new long[] {0, 2 * (64 + 8), 1 << 20}) {
      PredictionInput input = PredictionInput.jsonl(file, budget);
      assertThat(input.validate(ids::add)).isEqualTo(4);
      List<Entry> twice = new ArrayList<>();
      input.forEach(twice::add);
      input.forEach(twice::add);
      assertThat(twice).as("budget %d", budget).containsExactlyElementsOf(
          java.util.stream.Stream.concat(plain.stream(), plain.stream()).toList());
    }
    assertThat(plain).extracting(Entry::location).containsExactly(file + ":1", file + ":3", file + ":4",
        file + ":6");
    assertThat(ids).containsExactly(1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4);
  }

  @Test
  void jsonl_byteOrderMark_isSkipped() throws Exception {
    Path file = dir.resolve("bom.jsonl");
    Files.write(file, ("\uFEFF{\"question_id\": 1, \"completion\": \"SELECT 1\"}\n").getBytes(StandardCharsets.UTF_8));

    assertThat(read(PredictionInput.jsonl(file)))
        .containsExactly(new Entry(file + ":1", 1, "1", "SELECT 1", CompletionState.PRESENT));
  }

  @Test
  void jsonl_utf16File_failsAskingForUtf8() throws Exception {
    Path file = dir.resolve("utf16.jsonl");
    Files.write(file, "{\"question_id\": 1, \"completion\": \"SELECT 1\"}\n".getBytes(StandardCharsets.UTF_16LE));

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":1: not UTF-8 text; save the file as UTF-8 JSONL");
  }

  @Test
  void jsonl_idShapesAndLegacyField_areNormalised() throws Exception {
    Path file = write(
        "{\"question_id\": 1, \"completion\": \"SELECT 1\"}",
        "{\"question_id\": \" 2 \", \"predicted_sql\": \"SELECT 2\"}",
        "",
        "{\"question_id\": 3.0, \"completion\": \"SELECT 3\"}",
        "{\"question_id\": 3.5, \"completion\": \"x\"}",
        "{\"question_id\": \"abc\", \"completion\": \"x\"}",
        "{\"question_id\": 99999999999, \"completion\": \"x\"}",
        "{\"completion\": \"x\"}",
        "{\"question_id\": 4, \"completion\": null}",
        "{\"question_id\": 5, \"completion\": [\"SELECT 1\"]}",
        "{\"question_id\": 6, \"completion\": null, \"predicted_sql\": \"SELECT 6\"}");

    List<Entry> entries = read(PredictionInput.jsonl(file));

    String f = file.toString();
    assertThat(entries).containsExactly(
        new Entry(f + ":1", 1, "1", "SELECT 1", CompletionState.PRESENT),
        new Entry(f + ":2", 2, "\" 2 \"", "SELECT 2", CompletionState.PRESENT),
        new Entry(f + ":4", 3, "3.0", "SELECT 3", CompletionState.PRESENT),
        new Entry(f + ":5", null, "3.5", "x", CompletionState.PRESENT),
        new Entry(f + ":6", null, "\"abc\"", "x", CompletionState.PRESENT),
        new Entry(f + ":7", null, "99999999999", "x", CompletionState.PRESENT),
        new Entry(f + ":8", null, null, "x", CompletionState.PRESENT),
        new Entry(f + ":9", 4, "4", null, CompletionState.MISSING),
        new Entry(f + ":10", 5, "5", null, CompletionState.NOT_A_STRING),
        new Entry(f + ":11", 6, "6", "SELECT 6", CompletionState.PRESENT));
    assertThat(PredictionInput.jsonl(file).validate()).isEqualTo(10);
  }

  @Test
  void jsonl_arrayLine_isInvalidInputNamingLine() throws Exception {
    Path file = write("{\"question_id\": 1, \"completion\": \"SELECT 1\"}", "[1, \"SELECT 1\"]");

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":2: expected a JSON object but found an array; each line must look like "
            + "{\"question_id\": 1, \"completion\": \"SELECT ...\"}");
  }

  @Test
  void jsonl_truncatedLine_isInvalidInputNamingLine() throws Exception {
    Path file = write("{\"question_id\": 1, \"completion\": \"SELECT");

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":1: not valid JSON at column 41: a string is not closed (the line ends early)")
        .satisfies(e -> assertThat(((InvalidInputException) e).location()).isEqualTo(file + ":1"));
  }

  @Test
  void jsonl_notUtf8_saysLineColumnAndByteOffset() throws Exception {
    // before: "latin1.jsonl:2: not UTF-8 text; save the file as UTF-8 JSONL", with no column or offset
    Path file = dir.resolve("latin1.jsonl");
    Files.write(file, ("{\"question_id\": 1, \"completion\": \"SELECT 1\"}\n"
        + "{\"question_id\": 2, \"completion\": \"SELECT 'caf\u00e9'\"}\n").getBytes(StandardCharsets.ISO_8859_1));

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 2, column 46 (byte offset 90); save it as UTF-8");
  }

  @Test
  void jsonl_notUtf8AfterBlanksAndUtf8_countsCharactersFromTheLineStart() throws Exception {
    // CRLF, two leading spaces and a well-formed 'é' come before the Latin-1 one: columns count characters
    Path file = dir.resolve("mixed.jsonl");
    Files.write(file, concat(("{\"question_id\": 1, \"completion\": \"SELECT 1\"}\r\n  {\"question_id\": 2, "
        + "\"completion\": \"\u00e9 ").getBytes(StandardCharsets.UTF_8),
        "caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1)));

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 2, column 42 (byte offset 88); save it as UTF-8");
  }

  @Test
  void jsonl_overlongSlashSurrogateOrBeyondU10ffffInAString_isNotUtf8() throws Exception {
    // before: Jackson read C0 AF as '/', ED A0 80 as a lone surrogate and F4 90 80 80 as a character past
    // U+10FFFF, where Python's decoder (and Java's) refuse the file
    int[][] forms = {{0xC0, 0xAF}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80}};
    for (int[] form : forms) {
      byte[] bad = new byte[form.length];
      for (int i = 0; i < form.length; i++) {
        bad[i] = (byte) form[i];
      }
      Path file = dir.resolve("bad-" + form.length + ".jsonl");
      Files.write(file, concat(concat(("{\"question_id\": 1, \"completion\": \"SELECT 1\"}\n{\"question_id\": 2, "
          + "\"completion\": \"SELECT 1 ").getBytes(StandardCharsets.UTF_8), bad), "\"}\n".getBytes(
          StandardCharsets.UTF_8)));

      assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
          .isInstanceOf(InvalidInputException.class)
          .hasMessage(file + ": not valid UTF-8 at line 2, column 44 (byte offset 88); save it as UTF-8");
    }
  }

  @Test
  void jsonl_notUtf8OutsideAString_isNotUtf8RatherThanNotJson() throws Exception {
    // Jackson calls a byte outside a string an unexpected character: "not valid JSON" would send one looking for
    // a typo
    Path file = dir.resolve("outside.jsonl");
    Files.write(file, "{\"question_id\": 1,\u00e9 \"completion\": \"SELECT 1\"}\n"
        .getBytes(StandardCharsets.ISO_8859_1));

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 1, column 19 (byte offset 18); save it as UTF-8");
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }

  @Test
  void jsonl_twoObjectsOnOneLine_isInvalidInput() throws Exception {
    Path file = write("{\"question_id\": 1, \"completion\": \"a\"} {\"question_id\": 2, \"completion\": \"b\"}");

    assertThatThrownBy(() -> PredictionInput.jsonl(file).validate())
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":1: more than one JSON value on the line (the second starts at column 39); each line "
            + "must be one JSON object such as "
            + "{\"question_id\": 1, \"completion\": \"SELECT ...\"}");
  }

  @Test
  void jsonl_crlfAndLongLines_areRead() throws Exception {
    String longSql = "SELECT " + "x".repeat(3_000_000);
    Path file = dir.resolve("crlf.jsonl");
    Files.writeString(file, "{\"question_id\": 1, \"completion\": \"" + longSql + "\"}\r\n"
        + "{\"question_id\": 2, \"completion\": \"SELECT 2\"}", StandardCharsets.UTF_8);

    List<Entry> entries = read(PredictionInput.jsonl(file));

    assertThat(entries).extracting(Entry::questionId).containsExactly(1, 2);
    assertThat(entries.get(0).completion()).isEqualTo(longSql);
    assertThat(entries.get(1).location()).isEqualTo(file + ":2");
  }

  private static List<Entry> read(PredictionInput input) {
    List<Entry> entries = new ArrayList<>();
    input.forEach(entries::add);
    return entries;
  }

  private Path write(String... lines) throws Exception {
    Path file = dir.resolve("outputs.jsonl");
    Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    return file;
  }
}
