package dev.llmsql.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqliteCharactersTest {

  @Test
  void isIdentifierChar_answersAsCharacterIsLetterOrDigitForEveryChar() {
    List<Integer> differ = new ArrayList<>();
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      boolean unicode = c >= 0x80 || Character.isLetterOrDigit(c) || c == '_' || c == '$';
      if (SqliteCharacters.isIdentifierChar((char) c) != unicode) {
        differ.add(c);
      }
    }

    assertThat(differ).isEmpty();
  }

  @Test
  void startsWithWord_foldsAsciiCaseOnly() {
    assertThat(SqliteCharacters.startsWithWord("x JoIn y".toCharArray(), 2, "join")).isTrue();
    assertThat(SqliteCharacters.startsWithWord("jo\u0131n".toCharArray(), 0, "join")).isFalse();
    assertThat(SqliteCharacters.startsWithWord("JOI".toCharArray(), 0, "join")).isFalse();
  }

  @Test
  void skipSpace_stopsAtTheFirstNonSpace() {
    assertThat(SqliteCharacters.skipSpace(" \t\r\n\fx".toCharArray(), 0)).isEqualTo(5);
    assertThat(SqliteCharacters.skipSpace("  ".toCharArray(), 0)).isEqualTo(2);
    assertThat(SqliteCharacters.skipSpace("a\u00a0".toCharArray(), 1)).isEqualTo(1);
  }
}
