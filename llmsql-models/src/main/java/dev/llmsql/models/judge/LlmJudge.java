package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

import dev.llmsql.config.Settings;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.JudgeUnavailableException;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.judge.scoring.PeerScorings;
import dev.llmsql.prediction.InvalidInputException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * LLM as a judge, SCALE style: one or more judge models ({@link ChatClient}s) read a prompt
 * ({@link PromptTemplate}) with the question, the gold and predicted SQL and their results, and answer
 * in a {@link VerdictForm}. Several judges vote: yes/no by majority with ties passing; a rule passes when
 * at least half the judges matched it, and the verdict matches when every rule passes. An answer that is
 * not the expected JSON is asked again ({@link Builder#malformedRetries}); a judge that still fails, or
 * whose server fails, is left out of the vote; when every judge failed the verdict is {@code ERROR} /
 * {@code JUDGE_FAILED} with the raw text (left out of weighted scores). Only when every judge failed because
 * its server cannot be used at all ({@link ChatException#serverUnavailable()}: down, refusing the key, no such
 * address, failing every retry) before any of them ever answered does it throw a
 * {@link JudgeUnavailableException}, which stops the run: that is no prediction's fault, and counting every one
 * wrong would report the outage as a model at 0%. A database found damaged while the prompt's results are read
 * stops the run too, as it does under every other judge.
 *
 * <p>Hybrid judging: with {@link Builder#execution(Judge)} the execution judge decides first and the LLM
 * is asked only when its verdict is one of {@link Builder#askWhen} (e.g. the gold failed, or the results
 * differ only in values).
 *
 * <p>Measures: {@code llm_yes}, {@code llm_no}, {@code llm_failed} (judge counts), and for rules
 * {@code rule:<id>} (1 passed, 0 not), {@code rule_difficulty:<id>} and {@code rules_passed} (share);
 * {@code WeightedScoring} scores each rule as its own item, as SCALE does.
 *
 * <pre>{@code
 * ChatClient gpt = ChatClient.builder().model("gpt-4o-mini").build();
 * Judge hybrid = LlmJudge.builder().client(gpt)
 *     .execution(Judges.llmsql()).askWhen(LlmJudge.AskWhen.GOLD_ERROR, LlmJudge.AskWhen.VALUES_DIFFER)
 *     .build();
 * }</pre>
 */
public final class LlmJudge implements Judge {

  /** When a hybrid judge asks the LLM after the execution judge. */
  public enum AskWhen {
    /** The gold SQL failed (a benchmark defect the LLM may see past). */
    GOLD_ERROR,
    /** Rows and columns line up but some values differ (reason VALUE_MISMATCH): often only formatting. */
    VALUES_DIFFER,
    /** Any mismatch. */
    MISMATCH,
    /** The prediction's SQL failed. */
    PRED_ERROR
  }

  public static final String YES = "llm_yes";
  public static final String NO = "llm_no";
  public static final String FAILED = "llm_failed";
  public static final String RULES_PASSED = "rules_passed";
  public static final String RULE_PREFIX = PeerScorings.RULE_PREFIX;

  private static final int MAX_ROWS_SHOWN = 20;
  private static final int MAX_RAW_IN_DETAIL = 300;

  private final List<ChatClient> clients;
  private final PromptTemplate template;
  private final VerdictForm form;
  private final List<Rule> rules;
  private final int malformedRetries;
  private final Judge execution;
  private final Set<AskWhen> askWhen;
  private final String name;
  /** The fix a judge that cannot be reached names, in its configuration's terms; null for the clients' own. */
  private final String unavailableFix;
  /**
   * Whether any judge has answered yet: only a judge that never did is unreachable. Once one has, a server
   * failing one prompt (a 500 for it alone, a timeout) or a few seconds of 503s is those questions'
   * {@code JUDGE_FAILED}: stopping then threw away every verdict so far and said the judge "cannot be reached".
   */
  private final java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean();

  private LlmJudge(Builder b) {
    this.clients = List.copyOf(b.clients);
    this.form = b.form;
    this.template = b.template != null ? b.template
        : PromptTemplate.resource(b.form == VerdictForm.YES_NO ? "yes-no" : "rules");
    this.rules = List.copyOf(b.rules);
    this.malformedRetries = b.malformedRetries;
    this.execution = b.execution;
    this.askWhen = b.askWhen.isEmpty() ? EnumSet.noneOf(AskWhen.class) : EnumSet.copyOf(b.askWhen);
    this.name = b.name != null ? b.name : (execution == null ? "llm" : execution.name() + "+llm");
    this.unavailableFix = b.unavailableFix;
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Judgement judge(JudgeContext context) {
    Judgement first = null;
    if (execution != null) {
      first = execution.judge(context);
      if (!shouldAsk(first.verdict())) {
        return first;
      }
    }
    if (context.candidates().isEmpty()) {
      // nothing to judge: asking a model about prose would only spend tokens
      return first != null ? first : Judgement.of(context, Verdict.noSql());
    }
    try {
      return Judgement.of(context, ask(context, first == null ? null : first.verdict()));
    } catch (JudgeUnavailableException | InvalidInputException e) {
      // no question's failure (the judge's server, or a damaged database found while showing results): the run
      // stops, as it does when any other judge meets them
      throw e;
    } catch (RuntimeException e) {
      // a judge must never crash the run: whatever went wrong is this question's judge failure
      return Judgement.of(context, Verdict.error(Reason.JUDGE_FAILED, "LLM judge failed: " + e));
    }
  }

  private boolean shouldAsk(Verdict v) {
    return switch (v.outcome()) {
      case GOLD_ERROR -> askWhen.contains(AskWhen.GOLD_ERROR);
      case MISMATCH -> askWhen.contains(AskWhen.MISMATCH)
          || (askWhen.contains(AskWhen.VALUES_DIFFER) && v.reason() == Reason.VALUE_MISMATCH);
      case ERROR -> askWhen.contains(AskWhen.PRED_ERROR) && v.reason() != Reason.JUDGE_FAILED;
      case MATCH, NO_SQL -> false;
    };
  }

  private Verdict ask(JudgeContext context, Verdict executionVerdict) {
    List<Rule> questionRules = rulesFor(context);
    if (form == VerdictForm.RULES && questionRules.isEmpty()) {
      return Verdict.error(Reason.JUDGE_FAILED, "rules judge without rules: give them with rule(...) or in the "
          + "question's \"rules\" field");
    }
    String prompt = template.render(values(context, executionVerdict, questionRules));
    List<ChatMessage> messages = List.of(ChatMessage.user(prompt));
    List<JudgeAnswer> answers = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    List<ChatException> unavailable = new ArrayList<>();
    for (ChatClient client : clients) {
      String failure = null;
      for (int attempt = 0; attempt <= malformedRetries; attempt++) {
        String raw;
        try {
          raw = client.complete(messages).content();
          answered.set(true);
        } catch (ChatException e) {
          // configured elsewhere, the clients' fixes name builder calls its user cannot make
          failure = client.model() + ": " + (unavailableFix != null ? e.problem() : e.getMessage());
          if (e.serverUnavailable()) {
            unavailable.add(e);
          }
          break;
        }
        try {
          answers.add(JudgeAnswer.parse(raw, form));
          failure = null;
          break;
        } catch (IllegalArgumentException malformed) {
          failure = client.model() + ": malformed answer (" + malformed.getMessage() + ") after "
              + (attempt + 1) + " tr" + (attempt == 0 ? "y" : "ies") + ": " + abbreviate(raw);
        }
      }
      if (failure != null) {
        failures.add(failure);
      }
    }
    String prefix = executionVerdict == null ? ""
        : "execution: " + executionVerdict.outcome() + " " + executionVerdict.reason() + "; ";
    if (answers.isEmpty() && unavailable.size() == clients.size() && !answered.get()) {
      throw new JudgeUnavailableException("the LLM judge cannot be reached, so no prediction can be judged: "
          + String.join("; ", failures) + (unavailableFix == null ? "" : "; " + unavailableFix),
          unavailable.get(0));
    }
    if (answers.isEmpty()) {
      return new Verdict(Outcome.ERROR, Reason.JUDGE_FAILED, prefix + "every LLM judge failed: "
          + String.join("; ", failures), Map.of(FAILED, (double) failures.size()));
    }
    return form == VerdictForm.YES_NO ? voteYesNo(answers, failures, prefix) : voteRules(answers, failures,
        prefix, questionRules);
  }

  private static Verdict voteYesNo(List<JudgeAnswer> answers, List<String> failures, String prefix) {
    long yes = answers.stream().filter(JudgeAnswer::yes).count();
    long no = answers.size() - yes;
    Map<String, Double> measures = new LinkedHashMap<>();
    measures.put(YES, (double) yes);
    measures.put(NO, (double) no);
    measures.put(FAILED, (double) failures.size());
    String reasons = answers.stream().map(a -> (a.yes() ? "yes" : "no") + (a.reason().isEmpty() ? "" : ": "
        + a.reason())).collect(Collectors.joining(" | "));
    String detail = prefix + "LLM judges " + yes + " yes, " + no + " no" + (failures.isEmpty() ? ""
        : ", " + failures.size() + " failed") + " (" + reasons + ")";
    // SCALE's consensus: ties pass
    return yes >= no ? new Verdict(Outcome.MATCH, Reason.EQUAL, detail, measures)
        : new Verdict(Outcome.MISMATCH, Reason.OTHER, detail, measures);
  }

  private static Verdict voteRules(List<JudgeAnswer> answers, List<String> failures, String prefix,
                                   List<Rule> rules) {
    Map<String, Double> measures = new LinkedHashMap<>();
    List<String> failed = new ArrayList<>();
    int passed = 0;
    for (Rule rule : rules) {
      long matched = answers.stream().filter(a -> a.matchedRuleIds().contains(rule.id())).count();
      boolean pass = 2 * matched >= answers.size();
      measures.put(RULE_PREFIX + rule.id(), pass ? 1.0 : 0.0);
      measures.put(PeerScorings.RULE_DIFFICULTY_PREFIX + rule.id(), (double) rule.difficulty());
      if (pass) {
        passed++;
      } else {
        failed.add(rule.id());
      }
    }
    measures.put(RULES_PASSED, (double) passed / rules.size());
    measures.put(FAILED, (double) failures.size());
    String detail = prefix + passed + " of " + rules.size() + " rule(s) passed by " + answers.size()
        + " LLM judge(s)" + (failed.isEmpty() ? "" : "; not passed: " + String.join(", ", failed))
        + (failures.isEmpty() ? "" : "; " + failures.size() + " judge(s) failed");
    return failed.isEmpty() ? new Verdict(Outcome.MATCH, Reason.EQUAL, detail, measures)
        : new Verdict(Outcome.MISMATCH, Reason.OTHER, detail, measures);
  }

  private List<Rule> rulesFor(JudgeContext context) {
    if (!rules.isEmpty()) {
      return rules;
    }
    Object given = context.question().extra().get("rules");
    List<Rule> out = new ArrayList<>();
    if (given instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> m && m.get("id") != null) {
          Object difficulty = m.get("difficulty");
          int d = difficulty == null ? 1 : Integer.parseInt(difficulty.toString().trim());
          out.add(new Rule(m.get("id").toString(), String.valueOf(m.get("text")), d));
        }
      }
    }
    return out;
  }

  private Map<String, String> values(JudgeContext context, Verdict executionVerdict, List<Rule> questionRules) {
    Map<String, String> values = new HashMap<>();
    values.put("question", context.question().question());
    values.put("gold_sql", context.question().sql());
    values.put("gold_result", describe(context.gold()));
    String predicted = context.candidates().isEmpty() ? "" : context.candidates().get(0);
    values.put("predicted_sql", predicted.isEmpty() ? "(no SQL in the answer: " + abbreviate(
        context.prediction().completion()) + ")" : predicted);
    values.put("predicted_result", predicted.isEmpty() ? "(nothing ran)" : describe(context.execute(predicted)));
    values.put("execution_verdict", executionVerdict == null ? "(not run)"
        : executionVerdict.outcome() + " " + executionVerdict.reason() + (executionVerdict.detail().isEmpty()
        ? "" : ": " + executionVerdict.detail()));
    values.put("rules", questionRules.stream().map(r -> "- " + r.id() + ": " + r.text())
        .collect(Collectors.joining("\n")));
    return values;
  }

  /** A result as a small text table for the prompt: columns, then at most 20 rows. */
  static String describe(QueryOutcome outcome) {
    if (outcome instanceof QueryOutcome.Failure failure) {
      return "(failed: " + failure.message() + ")";
    }
    QueryResult result = ((QueryOutcome.Success) outcome).result();
    StringBuilder sb = new StringBuilder(String.join(" | ", result.columns()));
    int shown = Math.min(MAX_ROWS_SHOWN, result.rowCount());
    for (int i = 0; i < shown; i++) {
      sb.append('\n').append(result.rows().get(i).stream().map(String::valueOf).collect(Collectors.joining(" | ")));
    }
    if (result.rowCount() > shown) {
      sb.append("\n... ").append(result.rowCount() - shown).append(" more row(s)");
    }
    if (result.rowCount() == 0) {
      sb.append("\n(no rows)");
    }
    return sb.toString();
  }

  private static String abbreviate(String raw) {
    String text = raw == null ? "" : raw.replaceAll("\\s+", " ").trim();
    return text.length() <= MAX_RAW_IN_DETAIL ? text : text.substring(0, MAX_RAW_IN_DETAIL) + "...";
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return "LlmJudge[" + name + ", form=" + form + ", judges=" + clients.stream().map(ChatClient::model).toList()
        + (execution == null ? "" : ", execution=" + execution.name() + ", askWhen=" + askWhen) + "]";
  }

  /** Options of {@link LlmJudge}; at least one {@link #client} is required. */
  public static final class Builder {
    private final List<ChatClient> clients = new ArrayList<>();
    private PromptTemplate template;
    private VerdictForm form = VerdictForm.YES_NO;
    private final List<Rule> rules = new ArrayList<>();
    private int malformedRetries = 2;
    private Judge execution;
    private final Set<AskWhen> askWhen = EnumSet.noneOf(AskWhen.class);
    private String name;
    private String unavailableFix;
    private final Settings settings = new Settings("LlmJudge.Builder");

    private Builder() {
    }

    /** A judge model; call once per judge for a vote. */
    public Builder client(ChatClient client) {
      clients.add(requireNonNull(client, "client"));
      return this;
    }

    /** The prompt; the stock {@code yes-no} or {@code rules} resource by default. */
    public Builder template(PromptTemplate template) {
      this.template = settings.once("template", requireNonNull(template, "template"));
      return this;
    }

    public Builder form(VerdictForm form) {
      this.form = settings.once("form", requireNonNull(form, "form"));
      return this;
    }

    /** A rule for every question; without any, a question's {@code "rules"} field is used. */
    public Builder rule(String id, String text, int difficulty) {
      Rule rule = new Rule(id, text, difficulty);
      if (rules.stream().anyMatch(r -> r.id().equals(id))) {
        throw new IllegalArgumentException("rule id '" + id + "' was already used; give each rule its own id");
      }
      rules.add(rule);
      return this;
    }

    /** How often a malformed answer is asked again before the judge counts as failed; 2 by default. */
    public Builder malformedRetries(int retries) {
      if (retries < 0) {
        throw new IllegalArgumentException("malformedRetries must be 0 or more, but was " + retries);
      }
      this.malformedRetries = settings.once("malformedRetries", retries);
      return this;
    }

    /** Hybrid judging: this judge decides first; the LLM is asked only for verdicts in {@link #askWhen}. */
    public Builder execution(Judge execution) {
      this.execution = settings.once("execution", requireNonNull(execution, "execution"));
      return this;
    }

    public Builder askWhen(AskWhen... when) {
      askWhen.addAll(List.of(when));
      return this;
    }

    public Builder name(String name) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("name must not be blank; leave it unset for the default");
      }
      this.name = settings.once("name", name);
      return this;
    }

    /**
     * The fix a {@link JudgeUnavailableException} names instead of the clients' own (which name their builder
     * calls), for a judge configured elsewhere: {@link LlmJudgeProvider}'s environment variables. A question's
     * own failure then names no builder call either.
     */
    Builder unavailableFix(String fix) {
      this.unavailableFix = settings.once("unavailableFix", requireNonNull(fix, "fix"));
      return this;
    }

    public LlmJudge build() {
      if (clients.isEmpty()) {
        throw new IllegalStateException("an LLM judge needs at least one client(ChatClient.builder()...build())");
      }
      if (execution != null && askWhen.isEmpty()) {
        throw new IllegalStateException("execution(...) without askWhen(...) never asks the LLM; add e.g. "
            + "askWhen(AskWhen.GOLD_ERROR, AskWhen.VALUES_DIFFER)");
      }
      if (execution == null && !askWhen.isEmpty()) {
        throw new IllegalStateException("askWhen(...) needs execution(judge) to decide first");
      }
      if (form == VerdictForm.YES_NO && !rules.isEmpty()) {
        throw new IllegalStateException("rules need form(VerdictForm.RULES)");
      }
      return new LlmJudge(this);
    }
  }
}
