package dev.llmsql.extraction;

import dev.llmsql.matching.PythonText;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes the SQL out of a completion as LLMSQL 2.0 does: from the last fenced block (or the whole text when there
 * is none), starting at the first {@code WITH} or {@code SELECT} word and running to the end of the block,
 * trimmed, with trailing {@code ;} replaced by exactly one. No {@code Table} placeholder is replaced: 2.0 prompts
 * show the real table names.
 *
 * <p>Upstream's quirks are kept on purpose, since they decide verdicts: fences pair strictly in order whatever
 * their tag or position ({@code ```sqlite} leaves {@code ite} in the block, a {@code ```text} block after the SQL
 * wins), an unclosed fence is no block, prose after the query stays in it, and a {@code select} in a SQL comment
 * starts the query. {@link #skippingComments()} fixes the last one.
 *
 * <pre>{@code
 * Llmsql2Extractor.upstream().extract("```sql\nSELECT 1;;\n```");   // Optional[SELECT 1;]
 * Llmsql2Extractor.upstream().extract("no query here");              // Optional.empty
 * }</pre>
 */
public final class Llmsql2Extractor {

  private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
  private static final String FENCE = "```";
  private static final Pattern KEYWORD = Pattern.compile("(?:WITH|SELECT)(?!" + PythonText.WORD_CLASS + ")", FLAGS);

  private static final Llmsql2Extractor UPSTREAM = new Llmsql2Extractor(false);
  private static final Llmsql2Extractor SKIPPING_COMMENTS = new Llmsql2Extractor(true);

  private final boolean skipComments;

  private Llmsql2Extractor(boolean skipComments) {
    this.skipComments = skipComments;
  }

  /** Upstream's extraction, quirks included. */
  public static Llmsql2Extractor upstream() {
    return UPSTREAM;
  }

  /**
   * Upstream's extraction, except that a {@code WITH}/{@code SELECT} inside a SQL comment ({@code -- select the
   * name}, {@code /* with ... *}{@code /}) does not start the query.
   */
  public static Llmsql2Extractor skippingComments() {
    return SKIPPING_COMMENTS;
  }

  /** The query in {@code completion}, ending in exactly one {@code ;}; empty when there is none. */
  public Optional<String> extract(String completion) {
    if (completion == null || completion.isEmpty()) {
      return Optional.empty();
    }
    String search = lastBlock(completion);
    if (search == null) {
      search = completion;
    }
    int start = start(search);
    if (start < 0) {
      return Optional.empty();
    }
    String query = PythonText.strip(search.substring(start));
    int end = query.length();
    while (end > 0 && query.charAt(end - 1) == ';') {
      end--;
    }
    return Optional.of(PythonText.strip(query.substring(0, end)) + ";");
  }

  /**
   * The text of the last fenced block, or null when there is none: upstream's
   * {@code re.findall(r"```(?:sql|sqlite)?\s*(.*?)```", text, re.S | re.I)}, scanned by hand in one pass (the
   * regular expression retries every split of a long whitespace run, which is quadratic). An opener is three
   * backticks; a directly following {@code sql} in any case and the whitespace after it are skipped; the block
   * runs to the next three backticks, and scanning resumes after them. An opener without a closer ends the scan:
   * no later opener can have one either.
   */
  static String lastBlock(String text) {
    String last = null;
    int from = 0;
    while (true) {
      int open = text.indexOf(FENCE, from);
      if (open < 0) {
        return last;
      }
      int body = open + FENCE.length();
      if (isSqlTag(text, body)) {
        body += 3;
      }
      while (body < text.length() && PythonText.isSpace(text.charAt(body))) {
        body++;
      }
      int close = text.indexOf(FENCE, body);
      if (close < 0) {
        return last;
      }
      last = text.substring(body, close);
      from = close + FENCE.length();
    }
  }

  /** {@code sql} at {@code at} in any case as {@code re.I} folds it ({@code ſ} is an {@code s}). */
  private static boolean isSqlTag(String text, int at) {
    return at + 3 <= text.length() && text.regionMatches(true, at, "sql", 0, 3);
  }

  private int start(String text) {
    Matcher keyword = KEYWORD.matcher(text);
    if (!skipComments) {
      return keyword.find() ? keyword.start() : -1;
    }
    // one forward pass: comments are skipped as the scan reaches them, keywords inside them are passed over
    int i = 0;
    while (i < text.length() && keyword.find(i)) {
      int at = keyword.start();
      while (i < at) {
        int end = text.startsWith("--", i) ? lineEnd(text, i) : text.startsWith("/*", i) ? blockEnd(text, i) : i + 1;
        if (end > at) {
          break;
        }
        i = end;
      }
      if (i == at) {
        return at;
      }
      // the keyword lies inside the comment that starts at i
      i = text.startsWith("--", i) ? lineEnd(text, i) : blockEnd(text, i);
    }
    return -1;
  }

  private static int lineEnd(String text, int from) {
    int nl = text.indexOf('\n', from);
    return nl < 0 ? text.length() : nl + 1;
  }

  private static int blockEnd(String text, int from) {
    int close = text.indexOf("*/", from + 2);
    return close < 0 ? text.length() : close + 2;
  }

  /**
   * The text LLMSQL 2.0 compares for an exact string match: trimmed, trailing {@code ;} cut, whitespace runs as
   * one space.
   */
  public static String exactMatchForm(String sql) {
    String s = PythonText.strip(sql);
    int end = s.length();
    while (end > 0 && s.charAt(end - 1) == ';') {
      end--;
    }
    return PythonText.collapseSpaces(s.substring(0, end));
  }
}
