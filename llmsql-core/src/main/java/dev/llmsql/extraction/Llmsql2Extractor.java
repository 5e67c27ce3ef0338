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
  // Lazy body: each opener pairs with the very next ``` (Python's re.findall, non-overlapping, left to right).
  private static final Pattern FENCED = Pattern.compile("```(?:sql|sqlite)?" + PythonText.SPACE_CLASS + "*(.*?)```",
      FLAGS | Pattern.DOTALL);
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
    String search = completion;
    Matcher block = FENCED.matcher(completion);
    while (block.find()) {
      search = block.group(1);
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

  private int start(String text) {
    Matcher keyword = KEYWORD.matcher(text);
    if (!skipComments) {
      return keyword.find() ? keyword.start() : -1;
    }
    int i = 0;
    while (keyword.find(i)) {
      int at = keyword.start();
      int comment = commentAround(text, at);
      if (comment < 0) {
        return at;
      }
      i = comment;
    }
    return -1;
  }

  /** Where the SQL comment holding {@code at} ends, or -1 when {@code at} is not in a comment. */
  private static int commentAround(String text, int at) {
    int i = 0;
    while (i < at) {
      if (text.startsWith("--", i)) {
        int nl = text.indexOf('\n', i);
        int end = nl < 0 ? text.length() : nl + 1;
        if (end > at) {
          return end;
        }
        i = end;
      } else if (text.startsWith("/*", i)) {
        int close = text.indexOf("*/", i + 2);
        int end = close < 0 ? text.length() : close + 2;
        if (end > at) {
          return end;
        }
        i = end;
      } else {
        i++;
      }
    }
    return -1;
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
