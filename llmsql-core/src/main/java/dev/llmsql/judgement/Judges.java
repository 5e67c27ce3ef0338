package dev.llmsql.judgement;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.matching.ResultMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stock {@link Judge}s. More (Spider, BIRD, Falcon presets, structural and LLM judges) live in
 * {@code llmsql-judge}.
 *
 * <pre>{@code
 * Evaluator.builder().judge(Judges.llmsql()).build();
 * }</pre>
 */
public final class Judges {

  private static final Logger LOG = LoggerFactory.getLogger(Judges.class);

  private static final Judge LLMSQL = new LlmsqlJudge();

  private static final Set<String> LLMSQL2_OPTIONS = Set.of("skip-comments", "strict-two-part", "all-null-pred-none",
      "strict");

  private static final Judge BY_VERSION = new Llmsql2Judge("llmsql", ResultMatcher.llmsql2());

  private static final Judge LLMSQL2 = new Llmsql2Judge("llmsql2", ResultMatcher.llmsql2());

  private Judges() {
  }

  /**
   * LLMSQL's execution match, the default: run the gold, run each candidate in turn, and match as soon as
   * one candidate's rows equal the gold's ({@link ResultComparison#unordered}).
   */
  public static Judge llmsql() {
    return LLMSQL;
  }

  /**
   * LLMSQL's protocol for each question's version, the evaluator's default: a question that carries a reference
   * {@code answer} (LLMSQL 2.0) is judged by {@link #llmsql2()}'s rules, any other by {@link #llmsql()}'s.
   * Choosing {@link #llmsql()} explicitly judges 2.0 questions by the 1.0 rules (gold SQL run, exact rows).
   */
  public static Judge llmsqlByVersion() {
    return BY_VERSION;
  }

  /**
   * LLMSQL 2.0's judge, exactly as upstream scores it: the query from the last fenced block, run as given, its rows
   * compared with the question's stored answer by {@link ResultMatcher#llmsql2()}'s five lenient rules; the gold
   * SQL is never run. A question without an answer is judged by {@link #llmsql()}.
   *
   * <pre>{@code
   * Evaluator.builder().judge(Judges.llmsql2()).build();
   * }</pre>
   */
  public static Judge llmsql2() {
    return LLMSQL2;
  }

  /**
   * {@link #llmsql2()} with fixes for upstream's defects: {@code skip-comments} (a {@code select} in a SQL
   * comment does not start the query; an extraction option, which LLMSQL 2.0's protocol reads from the judge's
   * name), {@code strict-two-part} (rule 3 case-sensitive, every script kept, text
   * answers only), {@code all-null-pred-none} ({@code pred_none} counts any non-empty all-NULL result, not only
   * one row of one NULL), {@code strict} (all three). No option gives {@link #llmsql2()}.
   *
   * @throws IllegalArgumentException for an unknown option
   */
  public static Judge llmsql2(Set<String> options) {
    for (String option : options) {
      if (!LLMSQL2_OPTIONS.contains(option)) {
        throw new IllegalArgumentException("judge 'llmsql2' has no option '" + option + "'; known options: "
            + String.join(", ", new TreeSet<>(LLMSQL2_OPTIONS)));
      }
    }
    if (options.isEmpty()) {
      return LLMSQL2;
    }
    boolean strict = options.contains("strict");
    // skip-comments stays in the name, the spec LLMSQL 2.0's protocol reads its extraction options from
    return new Llmsql2Judge("llmsql2:" + String.join(",", new TreeSet<>(options)),
        strict || options.contains("strict-two-part") ? ResultMatcher.strictTwoPart() : ResultMatcher.llmsql2(),
        strict || options.contains("all-null-pred-none"));
  }

  /**
   * Whether {@code judge} judges questions that carry an answer by LLMSQL 2.0's rules ({@link #llmsqlByVersion()},
   * {@link #llmsql2()}); the evaluator then counts 2.0's figures for them.
   */
  public static boolean judgesByAnswer(Judge judge) {
    return judge instanceof Llmsql2Judge;
  }

  /**
   * A judge by name, optionally with options: {@code "llmsql"} is built in; {@code llmsql-judge} adds
   * {@code spider-exec}, {@code bird}, {@code falcon} and more through {@link JudgeProvider}s on the class
   * path. Options follow a colon, e.g. {@code "spider-exec:keep-distinct,no-repair"}.
   *
   * @throws IllegalArgumentException for an unknown name or option, listing the known ones
   */
  public static Judge named(String spec) {
    String trimmed = spec == null ? "" : spec.trim();
    int colon = trimmed.indexOf(':');
    String name = nameOf(spec);
    Set<String> options = new LinkedHashSet<>();
    if (colon >= 0) {
      Arrays.stream(trimmed.substring(colon + 1).split(",")).map(String::trim).filter(o -> !o.isEmpty())
          .forEach(options::add);
    }
    if (name.equals("llmsql") && options.isEmpty()) {
      return LLMSQL;
    }
    if (name.equals("llmsql2")) {
      return llmsql2(options);
    }
    for (JudgeProvider provider : providers()) {
      if (provider.names().contains(name)) {
        Set<String> known = provider.options(name);
        for (String option : options) {
          if (!known.contains(option)) {
            throw new IllegalArgumentException("judge '" + name + "' has no option '" + option + "'; "
                + (known.isEmpty() ? "it takes none" : "known options: " + String.join(", ", new TreeSet<>(known))));
          }
        }
        return provider.create(name, Set.copyOf(options));
      }
    }
    if (name.equals("llmsql")) {
      throw new IllegalArgumentException("judge 'llmsql' takes no options here; add llmsql-judge to the "
          + "class path for its options");
    }
    throw new IllegalArgumentException("unknown judge '" + name + "'; known judges: "
        + String.join(", ", names()) + (names().size() == 2 ? " (add llmsql-judge to the class path for "
        + "spider-exec, bird, falcon and more)" : ""));
  }

  /**
   * The judge a spec names, as {@link #named(String)} reads it: {@code "llm"} for {@code " llm : hybrid"}.
   *
   * <pre>{@code
   * Judges.nameOf("spider-exec:keep-distinct");   // "spider-exec"
   * }</pre>
   */
  public static String nameOf(String spec) {
    String trimmed = spec == null ? "" : spec.trim();
    int colon = trimmed.indexOf(':');
    return colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
  }

  /** Every judge name {@link #named(String)} knows, sorted. */
  public static Set<String> names() {
    Set<String> names = new TreeSet<>();
    names.add("llmsql");
    names.add("llmsql2");
    providers().forEach(p -> names.addAll(p.names()));
    return names;
  }

  /**
   * The judges as help lists them: the built-in {@code llmsql} and {@code llmsql2}, then each provider's
   * {@link JudgeProvider#help()} in class path order (as {@link ServiceLoader} finds them).
   */
  public static List<String> help() {
    List<String> help = new ArrayList<>(List.of("llmsql (1.0 rules for every question)",
        "llmsql2[:skip-comments,strict-two-part,all-null-pred-none,strict]"));
    Set<String> seen = new HashSet<>();
    for (JudgeProvider provider : ServiceLoader.load(JudgeProvider.class, Judges.class.getClassLoader())) {
      if (seen.add(provider.getClass().getName())) {
        help.addAll(provider.help());
      }
    }
    return List.copyOf(help);
  }

  private static List<JudgeProvider> providers() {
    TreeMap<String, JudgeProvider> found = new TreeMap<>();
    for (JudgeProvider provider : ServiceLoader.load(JudgeProvider.class, Judges.class.getClassLoader())) {
      LOG.debug("Found judge provider {} with {}", provider.getClass().getName(), provider.names());
      found.put(provider.getClass().getName(), provider);
    }
    return List.copyOf(found.values());
  }

  /** The reason a failed statement gives. */
  public static Reason reasonFor(QueryOutcome.Failure failure) {
    return switch (failure.kind()) {
      case TIMEOUT -> Reason.TIMEOUT;
      case ROW_LIMIT -> Reason.ROW_LIMIT;
      case SIZE_LIMIT -> Reason.SIZE_LIMIT;
      case REJECTED -> Reason.REJECTED;
      case SQL_ERROR, DATABASE_UNAVAILABLE -> Reason.PRED_ERROR;
    };
  }

  private static final class LlmsqlJudge implements Judge {

    @Override
    public Judgement judge(JudgeContext context) {
      return Judgement.of(context, verdict(context));
    }

    private Verdict verdict(JudgeContext context) {
      QueryOutcome gold = context.gold();
      if (gold instanceof QueryOutcome.Failure failure) {
        return Verdict.goldError(failure.kind() == FailureKind.TIMEOUT
            ? "gold SQL timed out: " + failure.message() : "gold SQL failed: " + failure.message());
      }
      QueryOutcome.Success goldRows = (QueryOutcome.Success) gold;
      Verdict last = Verdict.noSql();
      for (String sql : context.candidates()) {
        // One row more than the gold proves a mismatch; reading the rest of a huge answer cannot change it.
        QueryOutcome outcome = context.execute(sql, goldRows.result().rowCount() + 1);
        if (outcome instanceof QueryOutcome.Failure failure) {
          last = Verdict.error(reasonFor(failure), failure.message());
        } else {
          ResultComparison comparison =
              ResultComparison.unordered(goldRows.result(), ((QueryOutcome.Success) outcome).result());
          if (comparison.equal()) {
            return Verdict.match();
          }
          last = Verdict.mismatch(comparison.reason(), comparison.detail());
        }
      }
      return last;
    }

    @Override
    public String name() {
      return "llmsql";
    }
  }
}
