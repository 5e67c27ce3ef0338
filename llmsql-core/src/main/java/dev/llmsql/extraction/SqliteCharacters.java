package dev.llmsql.extraction;

/**
 * SQLite's character classes as the extraction package's scanners read them, from a {@code char[]}: both
 * scanners run on every prediction, so these are ASCII comparisons that C2 compiles without Character's Unicode
 * tables (the same answers as {@code Character.isLetterOrDigit} below 0x80, checked on all 65,536 chars).
 */
final class SqliteCharacters {

  private SqliteCharacters() {
  }

  /** SQLite's identifier characters: ASCII letters, digits, {@code _}, {@code $} and every non-ASCII character. */
  static boolean isIdentifierChar(char c) {
    return c >= 0x80 || (c | 0x20) >= 'a' && (c | 0x20) <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '$';
  }

  /** The index of the first character from {@code j} on that is not SQL whitespace. */
  static int skipSpace(char[] chars, int j) {
    while (j < chars.length && isSqlSpace(chars[j])) {
      j++;
    }
    return j;
  }

  private static boolean isSqlSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }

  /**
   * {@code lowerWord} (ASCII, lower case) at {@code at}, in any ASCII case. {@code (c | 0x20)} is a lower-case
   * letter only for that letter in either case, so non-ASCII look-alikes (the dotless {@code ı}, which Java's
   * {@code regionMatches} folds to {@code i}) do not match: SQLite folds keywords in ASCII only.
   */
  static boolean startsWithWord(char[] chars, int at, String lowerWord) {
    if (at + lowerWord.length() > chars.length) {
      return false;
    }
    for (int k = 0; k < lowerWord.length(); k++) {
      if ((chars[at + k] | 0x20) != lowerWord.charAt(k)) {
        return false;
      }
    }
    return true;
  }
}
