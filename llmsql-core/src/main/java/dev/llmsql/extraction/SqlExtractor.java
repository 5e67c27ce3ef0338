package dev.llmsql.extraction;

import static dev.llmsql.extraction.SqliteCharacters.isIdentifierChar;
import static dev.llmsql.extraction.SqliteCharacters.skipSpace;
import static dev.llmsql.extraction.SqliteCharacters.startsWithWord;
import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the SQL candidates in a model completion, as LLMSQL's {@code find_sql} does, without its defects.
 *
 * <p>Every {@code SELECT} keyword (any case, not followed by a letter, digit or {@code _}) starts a
 * candidate, and so does a {@code WITH} that opens a common table expression. A candidate runs to the first
 * {@code ;} outside quotes, a run of four {@code \n}, a {@code ```} fence, a {@code <think>} or
 * {@code </think>} tag outside quotes and comments, or the end; candidates are stripped, de-duplicated in
 * order of first occurrence and cut to {@link #DEFAULT_MAX_CANDIDATES} unless
 * {@link #withMaxCandidates(int)} says otherwise.
 *
 * <p>Unlike LLMSQL, a {@code ;} inside {@code '...'}, {@code "..."}, {@code `...`} or {@code [...]} does not
 * end a candidate, and a candidate SQLite is bound to reject is dropped: one that closes a parenthesis it
 * did not open (the inner {@code SELECT} of a sub-query or CTE) or that ends inside an open quote (a
 * {@code select} inside a string literal). Prose such as "I will select the name" and {@code <think>}
 * blocks still yield candidates, as in LLMSQL: they only add failing candidates, and any match counts.
 *
 * <pre>{@code
 * List<String> sql = SqlExtractor.llmsql().extract("Here you go:\n```sql\nSELECT 1;\n```");
 * // ["SELECT 1"]
 * }</pre>
 */
public final class SqlExtractor {

  /** LLMSQL reads at most this many candidates. */
  public static final int DEFAULT_MAX_CANDIDATES = 10;

  private static final SqlExtractor LLMSQL = new SqlExtractor(DEFAULT_MAX_CANDIDATES);

  // Lexical states of one scan. Comment states exist so that an apostrophe or parenthesis in a comment
  // is not taken for SQL; BLOCK_OPEN and BLOCK_CLOSE consume the second character of "/*" and "*/".
  private static final byte CODE = 0;
  private static final byte SINGLE = 1;
  private static final byte DOUBLE = 2;
  private static final byte BACKTICK = 3;
  private static final byte BRACKET = 4;
  private static final byte LINE_COMMENT = 5;
  private static final byte BLOCK_OPEN = 6;
  private static final byte BLOCK_COMMENT = 7;
  private static final byte BLOCK_CLOSE = 8;

  private static final int OPEN = -1;
  private static final int DROPPED = -2;

  private final int maxCandidates;

  private SqlExtractor(int maxCandidates) {
    this.maxCandidates = maxCandidates;
  }

  /** The extractor with LLMSQL's limit of 10 candidates. */
  public static SqlExtractor llmsql() {
    return LLMSQL;
  }

  /**
   * An extractor that keeps at most {@code maxCandidates} candidates.
   *
   * @throws IllegalArgumentException if {@code maxCandidates} is below 1
   */
  public SqlExtractor withMaxCandidates(int maxCandidates) {
    if (maxCandidates < 1) {
      throw new IllegalArgumentException(
          "maxCandidates must be at least 1, but was " + maxCandidates);
    }
    return maxCandidates == this.maxCandidates ? this : new SqlExtractor(maxCandidates);
  }

  /** The most candidates {@link #extract(String)} returns. */
  public int maxCandidates() {
    return maxCandidates;
  }

  /** The candidates in {@code completion}, in order, stripped, de-duplicated, at most the limit. */
  public List<String> extract(String completion) {
    if (requireNonNull(completion, "completion").isEmpty()) {
      return List.of();
    }
    Candidates found = scan(completion);
    Set<String> result = new LinkedHashSet<>();
    for (int slot = 0; slot < found.count && result.size() < maxCandidates; slot++) {
      int end = found.ends[slot];
      if (end >= 0) {
        result.add(strip(completion, found.starts[slot], end));
      }
    }
    return List.copyOf(result);
  }

  @Override
  public String toString() {
    return "SqlExtractor{maxCandidates=" + maxCandidates + "}";
  }

  /*
   * One pass over the text. Candidates overlap (LLMSQL starts one at every SELECT, even inside another),
   * so each open candidate has its own lexical state: a prose candidate that met "Here's" is inside a
   * quote while the real query after it is not, and its state must never decide about the real query.
   * Candidates in the same mode see the same characters and differ only in parenthesis depth, so they
   * share one Scan: a run-away "SELECT * FROM (SELECT * FROM (..." costs one Scan, not one per level.
   *
   * The loop reads a char[] and keeps its scans in an array, not String.charAt and an ArrayList: it runs
   * once per prediction, so C2 compiles it early in a run, and each charAt brings String's two encodings
   * and each list call its bounds and modification checks into that compilation. Compiled that way it was
   * the largest single piece of C2's work in a first evaluation (0.8 s of the compiler's time over up to
   * seven compilations, competing with the evaluation for the cores); docs/PERFORMANCE.md.
   */
  private static Candidates scan(String text) {
    char[] chars = text.toCharArray();
    Candidates found = new Candidates();
    Active active = new Active();
    int newlines = 0;
    int length = chars.length;
    for (int i = 0; i < length; i++) {
      char c = chars[i];
      if (c == '\n') {
        newlines++;
      } else {
        newlines = 0;
      }
      // LLMSQL ends every candidate here, even inside quotes.
      if (newlines == 4 || isFence(chars, i, c)) {
        active.endAll(found, i);
        continue;
      }
      boolean thinkTag = c == '<' && isThinkTag(text, i);
      if ((c | 0x20) == 's' && isKeyword(chars, i, "select") || c == LONG_S && isKeyword(chars, i + 1, "elect")) {
        if (!active.claimedByCte()) {
          active.startSelect(found, i);
        }
      } else if ((c | 0x20) == 'w' && isCteHead(chars, i)) {
        Scan cte = new Scan(true);
        cte.add(found.open(i));
        active.add(cte);
      }
      // newest first, as a while loop: C2 compiled the counted loop this was with a loop-limit predicate
      // that failed at once, throwing away the compiled scan (docs/PERFORMANCE.md)
      int s = active.size;
      while (s > 0) {
        s--;
        Scan scan = active.scans[s];
        // A think tag is never SQL, but LLMSQL does not stop at one: outside quotes and comments only,
        // so that no candidate LLMSQL could run is lost.
        if (thinkTag && scan.mode == CODE || scan.step(chars, i, c, found) == Scan.ENDED) {
          scan.finish(found, i);
        }
        if (scan.isEmpty()) {
          active.remove(s);
        }
      }
    }
    active.endAll(found, length);
    return found;
  }

  /** The scans of candidates still open, in the order they were opened. */
  private static final class Active {
    Scan[] scans = new Scan[4];
    int size;

    void add(Scan scan) {
      if (size == scans.length) {
        scans = Arrays.copyOf(scans, size * 2);
      }
      scans[size++] = scan;
    }

    void remove(int index) {
      System.arraycopy(scans, index + 1, scans, index, size - index - 1);
      scans[--size] = null;
    }

    void endAll(Candidates found, int end) {
      for (int s = 0; s < size; s++) {
        Scan scan = scans[s];
        // Cut inside a quote, the text has an unterminated literal that SQLite rejects.
        scan.finish(found, scan.mode == CODE || scan.isComment() ? end : DROPPED);
        scans[s] = null;
      }
      size = 0;
    }

    /** True when an open CTE takes the SELECT at this position as its main query (no new candidate). */
    boolean claimedByCte() {
      boolean claimed = false;
      for (int s = 0; s < size; s++) {
        Scan scan = scans[s];
        if (scan.cte && !scan.claimed && scan.mode == CODE && scan.isAtTop() && scan.lastSignificant == ')') {
          scan.claimed = true;
          claimed = true;
        }
      }
      return claimed;
    }

    void startSelect(Candidates found, int start) {
      int slot = found.open(start);
      for (int s = 0; s < size; s++) {
        Scan scan = scans[s];
        if (!scan.cte && scan.mode == CODE) {
          scan.add(slot);
          return;
        }
      }
      Scan scan = new Scan(false);
      scan.add(slot);
      add(scan);
    }
  }

  private static boolean isFence(char[] chars, int i, char c) {
    return c == '`' && i + 2 < chars.length && chars[i + 1] == '`' && chars[i + 2] == '`';
  }

  /** {@code <think>} or {@code </think>} at the '<' at {@code i}, in any case as Java's regionMatches folds it. */
  private static boolean isThinkTag(String text, int i) {
    return text.regionMatches(true, i + 1, "think>", 0, 6) || text.regionMatches(true, i + 1, "/think>", 0, 7);
  }

  /**
   * U+017F, which Python's case-insensitive {@code re} matches as {@code s}: "ſelect" starts a candidate, as
   * LLMSQL's {@code (?i)SELECT} finds it. Only there: the heads of a CTE are this extractor's own reading.
   */
  private static final char LONG_S = '\u017F';

  /** {@code word} (lower case) at {@code i}, any ASCII case, not followed by a word character. */
  private static boolean isKeyword(char[] chars, int i, String word) {
    int end = i + word.length();
    if (!startsWithWord(chars, i, word)) {
      return false;
    }
    return end == chars.length || !isWordChar(Character.codePointAt(chars, end));
  }

  // Python's \w, which ends LLMSQL's SELECT\b; ASCII here, so that Python's Unicode tables are read only for a
  // keyword next to a non-ASCII character (reading them costs a fresh JVM some milliseconds)
  private static boolean isWordChar(int codePoint) {
    if (codePoint < 0x80) {
      return codePoint >= 'a' && codePoint <= 'z' || codePoint >= 'A' && codePoint <= 'Z'
          || codePoint >= '0' && codePoint <= '9' || codePoint == '_';
    }
    return dev.llmsql.matching.PythonText.isWordChar(codePoint);
  }

  /*
   * WITH [RECURSIVE] name [(columns)] AS [[NOT] MATERIALIZED] ( SELECT|VALUES|WITH
   * The whole head is checked so that prose ("with it as (an aside) SELECT ...") cannot open a CTE
   * candidate and claim the real SELECT after it.
   */
  private static boolean isCteHead(char[] chars, int i) {
    if (i > 0 && isWordChar(Character.codePointBefore(chars, i)) || !isKeyword(chars, i, "with")) {
      return false;
    }
    int j = i + 4;
    int afterSpace = skipSpace(chars, j);
    if (afterSpace == j) {
      return false;
    }
    j = afterSpace;
    if (isKeyword(chars, j, "recursive")) {
      afterSpace = skipSpace(chars, j + 9);
      if (afterSpace == j + 9) {
        return false;
      }
      j = afterSpace;
    }
    j = skipName(chars, j);
    if (j < 0) {
      return false;
    }
    j = skipSpace(chars, j);
    if (j < chars.length && chars[j] == '(') {
      int close = j + 1;
      while (close < chars.length && chars[close] != ')') {
        if (chars[close] == '(') {
          return false;
        }
        close++;
      }
      if (close == chars.length) {
        return false;
      }
      j = skipSpace(chars, close + 1);
    }
    if (!isKeyword(chars, j, "as")) {
      return false;
    }
    j = skipSpace(chars, j + 2);
    if (isKeyword(chars, j, "not")) {
      j = skipSpace(chars, j + 3);
      if (!isKeyword(chars, j, "materialized")) {
        return false;
      }
    }
    if (isKeyword(chars, j, "materialized")) {
      j = skipSpace(chars, j + 12);
    }
    if (j >= chars.length || chars[j] != '(') {
      return false;
    }
    j = skipSpace(chars, j + 1);
    return isKeyword(chars, j, "select") || isKeyword(chars, j, "values") || isKeyword(chars, j, "with");
  }

  /** The index after an SQLite name at {@code j}, or -1 if there is none. */
  private static int skipName(char[] chars, int j) {
    if (j >= chars.length) {
      return -1;
    }
    char c = chars[j];
    char close = c == '"' ? '"' : c == '`' ? '`' : c == '[' ? ']' : 0;
    if (close != 0) {
      for (int end = j + 1; end < chars.length; end++) {
        if (chars[end] == close) {
          return end + 1;
        }
      }
      return -1;
    }
    if (!Character.isLetter(c) && c != '_' && c < 0x80) {
      return -1;
    }
    int k = j + 1;
    while (k < chars.length && isIdentifierChar(chars[k])) {
      k++;
    }
    return k;
  }

  // Python's str.strip(), so that candidates de-duplicate as in LLMSQL; Java's strip() keeps no-break spaces.
  private static String strip(String text, int start, int end) {
    while (start < end && isPythonSpace(text.charAt(start))) {
      start++;
    }
    while (end > start && isPythonSpace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  // Below 0x80 Character.isWhitespace and Python agree on \t \n \v \f \r, \x1c to \x1f and the space: tested
  // as ASCII, since Scan.code asks this of every character and the Unicode tables are only needed above
  private static boolean isPythonSpace(char c) {
    if (c < 0x80) {
      return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f;
    }
    return Character.isWhitespace(c) || c == '\u00a0' || c == '\u2007' || c == '\u202f' || c == '\u0085';
  }

  /** Candidate start and end offsets in order of start; an end is OPEN, DROPPED or an offset. */
  private static final class Candidates {
    int[] starts = new int[8];
    int[] ends = new int[8];
    int count;

    int open(int start) {
      if (count == starts.length) {
        starts = Arrays.copyOf(starts, count * 2);
        ends = Arrays.copyOf(ends, count * 2);
      }
      starts[count] = start;
      ends[count] = OPEN;
      return count++;
    }
  }

  /**
   * The lexical state shared by candidates in the same mode. A candidate's depth is {@code level} minus
   * the level it started at (its base); bases only grow along {@code slots}, since a candidate joins at
   * depth 0 when every other has depth 0 or more, so those that close a parenthesis they did not open
   * are always at the end.
   */
  private static final class Scan {
    static final int CONTINUE = 0;
    static final int ENDED = 1;

    final boolean cte;
    boolean claimed;
    char lastSignificant;
    byte mode = CODE;
    int level;
    int[] slots = new int[2];
    int[] bases = new int[2];
    int count;

    Scan(boolean cte) {
      this.cte = cte;
    }

    void add(int slot) {
      if (count == slots.length) {
        slots = Arrays.copyOf(slots, count * 2);
        bases = Arrays.copyOf(bases, count * 2);
      }
      slots[count] = slot;
      bases[count++] = level;
    }

    boolean isEmpty() {
      return count == 0;
    }

    /** True when the first candidate is at depth 0 (the only one, for a CTE). */
    boolean isAtTop() {
      return count > 0 && bases[0] == level;
    }

    boolean isComment() {
      return mode >= LINE_COMMENT;
    }

    /** Feeds one character: CONTINUE or ENDED (at a ';'); candidates broken by a ')' are dropped here. */
    int step(char[] chars, int i, char c, Candidates found) {
      switch (mode) {
        case CODE:
          return code(chars, i, c, found);
        case SINGLE:
          return close(c, '\'');
        case DOUBLE:
          return close(c, '"');
        case BACKTICK:
          return close(c, '`');
        case BRACKET:
          return close(c, ']');
        case LINE_COMMENT:
          // A ';' ends the candidate even in a comment, as in LLMSQL: the text before it is still a
          // complete statement, since SQLite accepts a comment cut short by the end of input.
          if (c == ';') {
            return ENDED;
          }
          if (c == '\n') {
            mode = CODE;
          }
          return CONTINUE;
        case BLOCK_OPEN:
          mode = BLOCK_COMMENT;
          return CONTINUE;
        case BLOCK_COMMENT:
          if (c == ';') {
            return ENDED;
          }
          if (c == '*' && i + 1 < chars.length && chars[i + 1] == '/') {
            mode = BLOCK_CLOSE;
          }
          return CONTINUE;
        default:
          mode = CODE;
          return CONTINUE;
      }
    }

    private int code(char[] chars, int i, char c, Candidates found) {
      char next = i + 1 < chars.length ? chars[i + 1] : 0;
      switch (c) {
        case ';':
          return ENDED;
        case '\'':
          mode = SINGLE;
          break;
        case '"':
          mode = DOUBLE;
          break;
        case '`':
          mode = BACKTICK;
          break;
        case '[':
          mode = BRACKET;
          break;
        case '(':
          level++;
          break;
        case ')':
          // Closing a parenthesis it did not open, the candidate is the inside of a sub-query or CTE,
          // and SQLite rejects it: drop it rather than waste one of the limited candidate places.
          level--;
          while (count > 0 && bases[count - 1] > level) {
            found.ends[slots[--count]] = DROPPED;
          }
          break;
        case '-':
          if (next == '-') {
            mode = LINE_COMMENT;
            return CONTINUE;
          }
          break;
        case '/':
          if (next == '*') {
            mode = BLOCK_OPEN;
            return CONTINUE;
          }
          break;
        default:
          break;
      }
      if (!isPythonSpace(c)) {
        lastSignificant = c;
      }
      return CONTINUE;
    }

    // A doubled quote ('it''s') closes and reopens the literal, which leaves the state as it should be.
    private int close(char c, char quote) {
      if (c == quote) {
        mode = CODE;
      }
      return CONTINUE;
    }

    /** Ends every candidate here at {@code end}, or drops them. */
    void finish(Candidates found, int end) {
      // A CTE that never reached its main SELECT is no query LLMSQL would have run either.
      int value = cte && !claimed ? DROPPED : end;
      for (int k = 0; k < count; k++) {
        found.ends[slots[k]] = value;
      }
      count = 0;
    }
  }
}
