package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonToken;
import dev.llmsql.prediction.InvalidInputException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A line that is not JSON is explained in the user's words (issue 22.4): the column, what stands there and what
 * was expected; never Jackson's internals ({@code [Source: REDACTED ...]}).
 */
class JsonLineSyntaxTest {

  static final String EXPECTED = "{\"question_id\": 1, \"completion\": \"SELECT ...\"}";

  static void assertMessage(String line, String message) {
    assertThatThrownBy(() -> JsonLines.parseLine("p.jsonl:4", line.getBytes(StandardCharsets.UTF_8), EXPECTED,
        (location, parser) -> {
          while (parser.nextToken() == JsonToken.FIELD_NAME) {
            parser.nextToken();
            if (parser.currentToken() == JsonToken.VALUE_STRING) {
              parser.getText();
            }
            parser.skipChildren();
          }
          return true;
        }))
        .as(line).isInstanceOf(InvalidInputException.class).hasMessage("p.jsonl:4: " + message);
  }

  @Test
  void lineEndsEarly_saysWhatWasExpectedThere() {
    assertMessage("{\"question_id\": 1, \"completion\":",
        "not valid JSON at column 33: expected a value after ':' (the line ends early)");
    assertMessage("{\"question_id\": 1", "not valid JSON at column 18: expected ',' or '}' (the line ends early)");
    assertMessage("{", "not valid JSON at column 2: expected a field name in double quotes or '}' (the line ends "
        + "early)");
    assertMessage("{\"a\"", "not valid JSON at column 5: expected ':' after the field name (the line ends early)");
    assertMessage("{\"question_id\": 1, \"completion\": \"SELECT",
        "not valid JSON at column 41: a string is not closed (the line ends early)");
  }

  @Test
  void unexpectedCharacter_isShownWithItsColumnAndWhatWasExpected() {
    assertMessage("{\"a\": 1 \"b\": 2}", "not valid JSON at column 9: unexpected '\"'; expected ',' or '}'");
    assertMessage("{x}", "not valid JSON at column 2: unexpected 'x'; expected a field name in double quotes or '}'");
    assertMessage("{'a': 1}", "not valid JSON at column 2: unexpected \"'\" (JSON strings need double quotes); "
        + "expected a field name in double quotes or '}'");
    assertMessage("{\"a\": tru}", "not valid JSON at column 7: unexpected 'tru'; expected a value after ':' (a "
        + "string in double quotes, number, object, array, true, false or null)");
    assertMessage("{\"a\": 1,}", "not valid JSON at column 9: unexpected '}'; expected a field name in double "
        + "quotes after ','");
    assertMessage("{\"a\": [1, 2}", "not valid JSON at column 12: unexpected '}'; expected ',' or ']'");
    assertMessage("{\"a\": [1,}", "not valid JSON at column 10: unexpected '}'; expected a value after ','");
    assertMessage("{\"a\" 1}", "not valid JSON at column 6: unexpected '1'; expected ':' after the field name");
  }

  @Test
  void badNumbersAndStrings_areNamed() {
    assertMessage("{\"a\": 01}", "not valid JSON at column 7: '01' is not a JSON number");
    assertMessage("{\"a\": [1, 1.]}", "not valid JSON at column 11: '1.' is not a JSON number");
    assertMessage("{\"a\": \"x\ty\"}", "not valid JSON at column 9: control character U+0009 inside a string; "
        + "write it as an escape such as \\n, \\t or \\u0009");
    assertMessage("{\"a\": \"x\\qy\"}", "not valid JSON at column 10: unknown escape '\\q' inside a string; "
        + "JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX");
  }

  @Test
  void trailingGarbage_isWhatFollowsTheObject() {
    assertMessage("{\"a\": 1} x", "not valid JSON at column 10: unexpected 'x' after the object's closing '}'; a "
        + "line holds one JSON object");
    assertMessage("{\"a\": 1}}", "not valid JSON at column 9: unexpected '}' after the object's closing '}'; a "
        + "line holds one JSON object");
    assertMessage("{\"a\": 1} {\"b\": 2}", "more than one JSON value on the line (the second starts at column "
        + "10); each line must be one JSON object such as " + EXPECTED);
  }

  @Test
  void notAnObject_saysWhatItIs() {
    assertMessage("[1,2]", "expected a JSON object but found an array; each line must look like " + EXPECTED);
    assertMessage("\"x\"", "expected a JSON object but found a string; each line must look like " + EXPECTED);
    assertMessage("xyz", "not valid JSON at column 1: unexpected 'xyz'; expected a JSON object starting with '{'");
  }

  @Test
  void columns_countCharactersFromTheLineStart() {
    assertMessage("  {\"a\": }", "not valid JSON at column 9: unexpected '}'; expected a value after ':' (a "
        + "string in double quotes, number, object, array, true, false or null)");
    assertMessage("{\"\u00e9t\u00e9\": x}", "not valid JSON at column 9: unexpected 'x'; expected a value after "
        + "':' (a string in double quotes, number, object, array, true, false or null)");
  }
}
