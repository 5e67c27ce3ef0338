package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonToken;
import dev.llmsql.prediction.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lines are parsed as UTF-8 whatever their first bytes, though Jackson's public parser guesses the encoding from
 * them: a line that could pass for UTF-16 or UTF-32 fails as a UTF-8 parser fails on it.
 */
class JsonLinesEncodingTest {

  @Test
  void utf8Line_isRead() throws Exception {
    assertThat(fields("{\"a\": 1, \"é\": \"x\"}".getBytes(StandardCharsets.UTF_8))).containsExactly("a", "é");
  }

  @Test
  void byteOrderMark_isSkipped() throws Exception {
    assertThat(fields(bytes(0xEF, 0xBB, 0xBF, '{', '"', 'a', '"', ':', '1', '}'))).containsExactly("a");
  }

  @Test
  void utf16Line_isNotUtf8() {
    for (String charset : List.of("UTF-16BE", "UTF-16LE", "UTF-16", "UTF-32BE")) {
      byte[] line = "{\"a\": 1}".getBytes(java.nio.charset.Charset.forName(charset));
      assertThatThrownBy(() -> fields(line)).as(charset).isInstanceOf(InvalidInputException.class)
          .hasMessage("f:1: not UTF-8 text; save the file as UTF-8 JSONL");
    }
  }

  @Test
  void overlongFormInAString_isNotUtf8() {
    // C0 AF is '/' to Jackson's string decoder; no UTF-8 decoder may read it
    assertThatThrownBy(() -> fields(bytes('{', '"', 'a', 0xC0, 0xAF, '"', ':', '1', '}')))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("f:1: not UTF-8 text; save the file as UTF-8 JSONL");
  }

  @Test
  void stringWithZeroBytesFirst_isAStringNotAnObject() {
    assertThatThrownBy(() -> fields(bytes('"', 'x', 0, 0, '"')))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("f:1: expected a JSON object but found a string; each line must look like {}");
  }

  @Test
  void secondByteOrderMark_isNotJson() {
    assertThatThrownBy(() -> fields(bytes(0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, '{', '}')))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("f:1: not valid JSON at column 2: unexpected invisible character U+FEFF; expected a JSON object "
            + "starting with '{'");
  }

  private static List<String> fields(byte[] line) throws Exception {
    List<String> names = new ArrayList<>();
    JsonLines.parseLine("f:1", line, "{}", (location, parser) -> {
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        names.add(parser.currentName());
        parser.nextToken();
        parser.skipChildren();
      }
      return true;
    });
    return names;
  }

  private static byte[] bytes(int... values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int v : values) {
      out.write(v);
    }
    return out.toByteArray();
  }
}
