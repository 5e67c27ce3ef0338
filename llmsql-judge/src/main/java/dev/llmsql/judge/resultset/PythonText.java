package dev.llmsql.judge.resultset;

import java.util.Comparator;

/** Python's order of text, by code point; Java's String order by UTF-16 unit differs above U+FFFF. */
final class PythonText {

  static final Comparator<String> ORDER = (a, b) -> {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  };

  private PythonText() {
  }
}
