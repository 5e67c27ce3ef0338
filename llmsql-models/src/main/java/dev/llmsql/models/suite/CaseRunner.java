package dev.llmsql.models.suite;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatException;
import dev.llmsql.models.judge.ChatMessage;
import dev.llmsql.models.judge.JudgeAnswer;
import dev.llmsql.models.judge.Rule;
import dev.llmsql.models.judge.VerdictForm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Asks the target model one case and has the judges decide. Thread-safe (holds no state per case). */
final class CaseRunner {

  static final String YES_NO_PROMPT = """
      You judge an answer to an SQL task.

      The task given to the model:
      {{prompt}}

      A reference answer (may be empty):
      {{expected}}

      The model's answer:
      {{answer}}

      Is the model's answer correct for the task? Reply with JSON only: {"answer": "yes" or "no", "reason": "..."}""";

  static final String RULES_PROMPT = """
      You check an SQL optimisation against rules.

      The task given to the model:
      {{prompt}}

      The model's answer:
      {{answer}}

      Rules (id: text):
      {{rules}}

      Which rules does the answer satisfy? Reply with JSON only: {"matched_rule_ids": ["..."], "reason": "..."}""";

  private final List<ChatClient> judges;
  private final int malformedRetries;
  private final Duration queryTimeout;
  private final int maxRows;

  CaseRunner(List<ChatClient> judges, int malformedRetries, Duration queryTimeout, int maxRows) {
    this.judges = List.copyOf(judges);
    this.malformedRetries = malformedRetries;
    this.queryTimeout = queryTimeout;
    this.maxRows = maxRows;
  }

  CaseResult run(ChatClient target, SuiteCase c, MetricConfig metric) {
    String prompt = SuiteDataset.render(metric.prompt(), c.fields());
    String answer;
    try {
      answer = target.complete(List.of(ChatMessage.user(prompt))).content();
    } catch (ChatException e) {
      return new CaseResult(c, prompt, "", CaseStatus.FAILED, "the target model did not answer: " + e.getMessage(),
          List.of(), List.of());
    } catch (RuntimeException e) {
      return new CaseResult(c, prompt, "", CaseStatus.FAILED, "asking the target model failed: " + e, List.of(),
          List.of());
    }
    try {
      return judge(c, metric, prompt, answer);
    } catch (RuntimeException e) {
      // one case's judging must never end the run
      return new CaseResult(c, prompt, answer, CaseStatus.FAILED, "judging failed: " + e, List.of(), List.of());
    }
  }

  private CaseResult judge(SuiteCase c, MetricConfig metric, String prompt, String answer) {
    if (c.ruleBased()) {
      return rules(c, metric, prompt, answer);
    }
    String objectiveDetail = null;
    if (metric.evaluation() != Evaluation.SUBJECTIVE) {
      Objective o = objective(c, answer);
      if (o.pass || metric.evaluation() == Evaluation.OBJECTIVE) {
        return new CaseResult(c, prompt, answer, o.pass ? CaseStatus.PASS : CaseStatus.WRONG, o.detail, List.of(),
            List.of());
      }
      objectiveDetail = o.detail;
    }
    return yesNo(c, metric, prompt, answer, objectiveDetail);
  }

  private record Objective(boolean pass, String detail) {
  }

  private Objective objective(SuiteCase c, String answer) {
    JsonNode expected = c.expected();
    if (c.executed()) {
      String sql = Answers.sql(answer);
      ScratchQuery.Result r = ScratchQuery.query(c.setup(), sql, queryTimeout, maxRows);
      if (!r.ran()) {
        return new Objective(false, "the answer's SQL did not run: " + r.error());
      }
      return Answers.equal(r.rows(), expected)
          ? new Objective(true, "the answer's SQL returned the expected rows " + abbreviate(r.rows().toString()))
          : new Objective(false, "the answer's SQL returned " + abbreviate(r.rows().toString()) + ", expected "
              + abbreviate(expected.toString()));
    }
    JsonNode given = Answers.json(answer);
    if (expected.isContainerNode() && !given.isContainerNode()) {
      return new Objective(false, "malformed answer: no JSON " + (expected.isArray() ? "list" : "object")
          + " in " + abbreviate(answer));
    }
    return Answers.equal(given, expected) ? new Objective(true, "the answer equals the expected "
        + abbreviate(expected.toString()))
        : new Objective(false, "the answer " + abbreviate(given.toString()) + " differs from the expected "
            + abbreviate(expected.toString()));
  }

  private CaseResult yesNo(SuiteCase c, MetricConfig metric, String prompt, String answer, String objectiveDetail) {
    String judgePrompt = SuiteDataset.render(metric.customJudgePrompt().orElse(YES_NO_PROMPT),
        values(c, prompt, answer));
    List<JudgeVote> votes = ask(judgePrompt, VerdictForm.YES_NO);
    long yes = votes.stream().filter(v -> v.verdict().equals("yes")).count();
    long no = votes.stream().filter(v -> v.verdict().equals("no")).count();
    String prefix = objectiveDetail == null ? "" : "objective check: " + objectiveDetail + "; ";
    if (yes + no == 0) {
      return new CaseResult(c, prompt, answer, CaseStatus.FAILED, prefix + "every judge failed: " + reasons(votes),
          votes, List.of());
    }
    // SCALE's consensus: ties pass
    CaseStatus status = yes >= no ? CaseStatus.PASS : CaseStatus.WRONG;
    return new CaseResult(c, prompt, answer, status, prefix + "judges " + yes + " yes, " + no + " no"
        + (votes.size() > yes + no ? ", " + (votes.size() - yes - no) + " failed" : ""), votes, List.of());
  }

  private CaseResult rules(SuiteCase c, MetricConfig metric, String prompt, String answer) {
    String judgePrompt = SuiteDataset.render(metric.customJudgePrompt().orElse(RULES_PROMPT),
        values(c, prompt, answer));
    List<JudgeVote> votes = ask(judgePrompt, VerdictForm.RULES);
    List<JudgeVote> answered = votes.stream().filter(v -> !v.failed()).toList();
    if (answered.isEmpty()) {
      return new CaseResult(c, prompt, answer, CaseStatus.FAILED, "every judge failed: " + reasons(votes), votes,
          List.of());
    }
    List<RuleResult> results = new ArrayList<>();
    for (Rule rule : c.rules()) {
      int matched = (int) answered.stream().filter(v -> v.matchedRuleIds().contains(rule.id())).count();
      results.add(new RuleResult(rule, matched, answered.size()));
    }
    long passed = results.stream().filter(RuleResult::passed).count();
    String notPassed = results.stream().filter(r -> !r.passed()).map(r -> r.rule().id())
        .collect(Collectors.joining(", "));
    return new CaseResult(c, prompt, answer, passed == results.size() ? CaseStatus.PASS : CaseStatus.WRONG,
        passed + " of " + results.size() + " rule(s) passed by " + answered.size() + " judge(s)"
            + (notPassed.isEmpty() ? "" : "; not passed: " + notPassed), votes, results);
  }

  private List<JudgeVote> ask(String prompt, VerdictForm form) {
    List<ChatMessage> messages = List.of(ChatMessage.user(prompt));
    List<JudgeVote> votes = new ArrayList<>();
    for (ChatClient judge : judges) {
      JudgeVote vote = null;
      String failure = "";
      for (int attempt = 0; attempt <= malformedRetries && vote == null; attempt++) {
        String raw;
        try {
          raw = judge.complete(messages).content();
        } catch (ChatException e) {
          failure = e.getMessage();
          break;
        }
        try {
          JudgeAnswer a = JudgeAnswer.parse(raw, form);
          vote = form == VerdictForm.YES_NO ? new JudgeVote(judge.model(), a.yes() ? "yes" : "no", List.of(),
              a.reason()) : new JudgeVote(judge.model(), "rules", a.matchedRuleIds().stream().sorted().toList(),
              a.reason());
        } catch (IllegalArgumentException malformed) {
          failure = "malformed answer (" + malformed.getMessage() + ") after " + (attempt + 1) + " tr"
              + (attempt == 0 ? "y" : "ies") + ": " + abbreviate(raw);
        }
      }
      votes.add(vote != null ? vote : new JudgeVote(judge.model(), "failed", List.of(), failure));
    }
    return votes;
  }

  private static Map<String, String> values(SuiteCase c, String prompt, String answer) {
    Map<String, String> values = new HashMap<>(c.fields());
    values.put("prompt", prompt);
    values.put("answer", dev.llmsql.models.inference.Completions.withoutReasoning(answer));
    values.put("expected", c.expected() == null ? "" : c.expected().isTextual() ? c.expected().asText()
        : c.expected().toString());
    values.put("rules", c.rules().stream().map(r -> "- " + r.id() + ": " + r.text())
        .collect(Collectors.joining("\n")));
    return values;
  }

  private static String reasons(List<JudgeVote> votes) {
    return votes.stream().map(v -> v.model() + ": " + v.reason()).collect(Collectors.joining("; "));
  }

  private static String abbreviate(String text) {
    String t = text.replaceAll("\\s+", " ").trim();
    return t.length() <= 200 ? t : t.substring(0, 200) + "...";
  }
}
