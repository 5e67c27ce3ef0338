package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.prediction.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The byte bound of the JSONL line reader (issue 18.6): over-long lines are skipped, never held whole. */
class HostileLinesTest {

  @TempDir
  Path dir;

  /** Every line read, as "location offset length first-field", and every over-long line as "location LONG". */
  List<String> read(Path file, int bound, boolean reportLong) throws Exception {
    List<String> seen = new ArrayList<>();
    JsonLines.forEach(file, 0, 0, "{}", null, (location, lineNo, offset, length, parser) -> {
      parser.nextToken();
      seen.add(location.substring(location.lastIndexOf(':') + 1) + " " + offset + " " + length + " "
          + parser.currentName());
      parser.skipChildren();
      while (parser.nextToken() != null && parser.currentToken() != com.fasterxml.jackson.core.JsonToken.END_OBJECT) {
        parser.skipChildren();
      }
      return true;
    }, bound, reportLong ? (location, lineNo, offset, head, n) ->
        seen.add(location.substring(location.lastIndexOf(':') + 1) + " " + offset + " LONG") : null);
    return seen;
  }

  @Test
  void overLongLines_areReportedWithLineAndOffsetAndTheNextLinesStillRead() throws Exception {
    String a = "{\"a\": 1}\n";
    String longLine = "{\"b\": \"" + "x".repeat(5000) + "\"}\n";
    String c = "{\"c\": 2}\n";
    Path file = Files.writeString(dir.resolve("f.jsonl"), a + longLine + c + longLine + longLine + c,
        StandardCharsets.UTF_8);
    long c1 = a.length() + longLine.length();

    assertThat(read(file, 100, true)).containsExactly(
        "1 0 8 a",
        "2 " + a.length() + " LONG",
        "3 " + c1 + " 8 c",
        "4 " + (c1 + c.length()) + " LONG",
        "5 " + (c1 + c.length() + longLine.length()) + " LONG",
        "6 " + (c1 + c.length() + 2L * longLine.length()) + " 8 c");
  }

  @Test
  void overLongLastLineWithoutNewline_isReported() throws Exception {
    Path file = Files.writeString(dir.resolve("f.jsonl"), "{\"a\": 1}\n{\"b\": \"" + "y".repeat(300));

    assertThat(read(file, 100, true)).containsExactly("1 0 8 a", "2 9 LONG");
  }

  @Test
  void lineOfExactlyTheBound_isRead() throws Exception {
    String line = "{\"a\": \"" + "z".repeat(100 - 10) + "\"}";
    assertThat(line).hasSize(99);
    Path file = Files.writeString(dir.resolve("f.jsonl"), line + " \n" + line + " \n");   // 100 bytes each

    assertThat(read(file, 100, true)).containsExactly("1 0 99 a", "2 101 99 a");
    Path over = Files.writeString(dir.resolve("g.jsonl"), line + "  \n" + line + "\n");   // 101 bytes, then 99
    assertThat(read(over, 100, true)).containsExactly("1 0 LONG", "2 102 99 a");
  }

  @Test
  void overLongLine_withoutHandler_isInvalidInputNamingTheLine() throws Exception {
    Path file = Files.writeString(dir.resolve("f.jsonl"), "{\"a\": 1}\n" + "w".repeat(1000) + "\n");

    assertThatThrownBy(() -> read(file, 100, false))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":2: line longer than 100 bytes; no line of a JSONL input may be that long (is this the "
            + "right file?)");
  }
}
