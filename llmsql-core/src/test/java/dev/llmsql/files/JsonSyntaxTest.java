package dev.llmsql.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Whole texts read with an {@code ObjectMapper} (from a string or from bytes) are explained like JSONL lines:
 * line (when there are several), column, what stands there and what was expected (issue 22.4).
 */
class JsonSyntaxTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static String fromString(String text) {
    try {
      MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      return JsonSyntax.describe(e, text);
    }
    throw new AssertionError("valid: " + text);
  }

  private static String fromBytes(String text) throws Exception {
    try {
      MAPPER.readTree(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    } catch (JsonProcessingException e) {
      return JsonSyntax.describe(e, text);
    }
    throw new AssertionError("valid: " + text);
  }

  @Test
  void oneLine_columnAndWhatWasExpected() throws Exception {
    String text = "{\"question_id\": 1, \"completion\":";
    assertThat(fromString(text)).isEqualTo("at column 33: expected a value after ':' (the line ends early)");
    assertThat(fromBytes(text)).isEqualTo("at column 33: expected a value after ':' (the line ends early)");
    assertThat(fromString("[[\"Hurts\"], 'x']")).isEqualTo("at column 13: unexpected \"'\" (JSON strings need "
        + "double quotes); expected a value after ','");
    assertThat(fromString("{\"a\": tru}")).isEqualTo("at column 7: unexpected 'tru'; expected a value after ':' "
        + "(a string in double quotes, number, object, array, true, false or null)");
    // columns count characters, whether Jackson counted chars (string) or bytes (stream)
    assertThat(fromString("{\"a\": \"\u00e9\" \"b\": 1}")).isEqualTo("at column 11: unexpected '\"'; expected ',' or '}'");
    assertThat(fromBytes("{\"a\": \"\u00e9\" \"b\": 1}")).isEqualTo("at column 11: unexpected '\"'; expected ',' or '}'");
  }

  @Test
  void severalLines_lineAndColumn() throws Exception {
    String text = "{\n  \"total\": 3,\n  \"matches\":\n}\n";
    String expected = "at line 4, column 1: unexpected '}'; expected a value after ':' (a string in double quotes, "
        + "number, object, array, true, false or null)";
    assertThat(fromString(text)).isEqualTo(expected);
    assertThat(fromBytes(text)).isEqualTo(expected);
    assertThat(fromBytes("{\n  \"total\": 3,\n  \"matches\": [1,\n")).isEqualTo("at line 3, column 17: expected "
        + "a value after ',' (the text ends early; was it cut off?)");
    assertThat(fromBytes("{\n  \"name\": \"abc\n}\n")).isEqualTo("at line 2, column 15: a string is not closed "
        + "at the end of the line");
    assertThat(fromBytes("{\n  \"total\": 3\n  \"matches\": 1\n}\n")).isEqualTo("at line 3, column 3: unexpected "
        + "'\"'; expected ',' or '}'");
  }
}
