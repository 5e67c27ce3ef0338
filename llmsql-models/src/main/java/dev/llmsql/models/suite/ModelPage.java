package dev.llmsql.models.suite;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The per-model HTML page of a suite run, as SCALE's model detail page shows it: the capability breakdown
 * (score and the weighted points it rests on), every metric's weight, score and pass/wrong/failed counts, and
 * every case with its verdict, the answer and each judge's verdict and reason. One self-contained file without
 * scripts: the Content-Security-Policy lets it load nothing, so it opens offline and can be archived.
 */
final class ModelPage {

  private ModelPage() {
  }

  static String render(ModelResult r) {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>").append(esc(r.model())).append(" on ").append(esc(r.suite())).append("</title><style>")
        .append(CSS).append("</style></head><body>\n<h1>").append(esc(r.model())).append("</h1>\n<p>suite ")
        .append(esc(r.suite())).append(" \u00b7 ").append(r.cases().size()).append(" case(s), ")
        .append(r.failedCases()).append(" failed to run \u00b7 ")
        .append(String.format(Locale.ROOT, "%.1f s", r.wallTime().toMillis() / 1000.0)).append("</p>\n");

    b.append("<h2>Capabilities</h2>\n<p>Capability score = 100 \u00d7 \u03a3(metric points \u00d7 metric weight) / "
        + "\u03a3(metric maximum \u00d7 metric weight); a case's points are its difficulty when right.</p>\n")
        .append("<table id=\"capabilities\"><thead><tr><th>capability</th><th>score</th><th>weighted points</th>"
            + "<th>weighted maximum</th></tr></thead><tbody>\n");
    for (CapabilityScore c : r.capabilities()) {
      b.append("<tr><td>").append(esc(c.capability())).append("</td><td>").append(points(c.score()))
          .append("</td><td>").append(c.weightedPoints()).append("</td><td>").append(c.weightedMax())
          .append("</td></tr>\n");
    }
    b.append("</tbody></table>\n");
    if (!r.unscored().isEmpty()) {
      b.append("<p>Not scored (no weight in the config): ").append(esc(String.join(", ", r.unscored())))
          .append("</p>\n");
    }

    for (CapabilityScore c : r.capabilities()) {
      b.append("<h2>").append(esc(c.capability())).append(" \u00b7 ").append(points(c.score())).append("</h2>\n")
          .append("<table class=\"metrics\"><thead><tr><th>metric</th><th>weight</th><th>evaluation</th>"
              + "<th>score</th><th>points</th><th>passed</th><th>wrong</th><th>failed</th></tr></thead><tbody>\n");
      for (MetricScore m : c.metrics()) {
        b.append("<tr><td>").append(esc(m.metric())).append("</td><td>").append(m.weight()).append("</td><td>")
            .append(esc(m.evaluation().configName())).append("</td><td>").append(points(m.score()))
            .append("</td><td>").append(m.points()).append(" / ").append(m.maxPoints()).append("</td><td>")
            .append(m.passed()).append("</td><td>").append(m.wrong()).append("</td><td>").append(m.failed())
            .append("</td></tr>\n");
      }
      b.append("</tbody></table>\n");
      for (MetricScore m : c.metrics()) {
        List<CaseResult> cases = r.cases().stream().filter(x -> x.suiteCase().capability().equals(c.capability())
            && x.suiteCase().metric().equals(m.metric())).toList();
        if (cases.isEmpty()) {
          continue;
        }
        b.append("<h3>").append(esc(m.metric())).append("</h3>\n");
        for (CaseResult x : cases) {
          b.append(caseBlock(x));
        }
      }
    }
    return b.append("</body></html>\n").toString();
  }

  private static String caseBlock(CaseResult x) {
    SuiteCase s = x.suiteCase();
    StringBuilder b = new StringBuilder("<details class=\"case ").append(x.status().name().toLowerCase(Locale.ROOT))
        .append("\"").append(x.status() == CaseStatus.PASS ? "" : " open").append("><summary>")
        .append(esc(s.id())).append(" \u00b7 difficulty ").append(s.difficulty()).append(" \u00b7 <b>")
        .append(x.status().name()).append("</b> \u00b7 ").append(x.points()).append(" / ").append(x.maxPoints())
        .append(" point(s)</summary>\n");
    b.append("<h4>Prompt</h4><pre>").append(esc(x.prompt())).append("</pre>\n<h4>Answer</h4><pre>")
        .append(esc(x.answer())).append("</pre>\n");
    if (s.expected() != null) {
      b.append("<h4>Expected</h4><pre>").append(esc(s.expected().toString())).append("</pre>\n");
    }
    if (x.detail() != null && !x.detail().isEmpty()) {
      b.append("<p class=\"detail\">").append(esc(x.detail())).append("</p>\n");
    }
    if (!x.votes().isEmpty()) {
      b.append("<h4>Judges</h4><ul class=\"votes\">");
      for (JudgeVote v : x.votes()) {
        b.append("<li><b>").append(esc(v.model())).append("</b>: ").append(esc(v.verdict()));
        if (!v.matchedRuleIds().isEmpty()) {
          b.append(" (rules ").append(esc(String.join(", ", v.matchedRuleIds()))).append(")");
        }
        b.append(v.reason() == null || v.reason().isEmpty() ? "" : " \u2014 " + esc(v.reason())).append("</li>");
      }
      b.append("</ul>\n");
    }
    if (!x.rules().isEmpty()) {
      b.append("<h4>Rules</h4><ul class=\"rules\">");
      for (RuleResult rr : x.rules()) {
        b.append("<li>").append(esc(rr.rule().id())).append(" (difficulty ").append(rr.rule().difficulty())
            .append("): matched by ").append(rr.matched()).append(" of ").append(rr.judges()).append(" judge(s), ")
            .append(rr.passed() ? "passed" : "not passed").append("</li>");
      }
      b.append("</ul>\n");
    }
    return b.append("</details>\n").toString();
  }

  private static String points(BigDecimal score) {
    return score.toPlainString();
  }

  private static String esc(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  private static final String CSS = "body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2330}"
      + "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d9dee7;padding:5px 8px;"
      + "text-align:left}th{background:#eef2f8}pre{white-space:pre-wrap;background:#f6f8fb;padding:8px;"
      + "margin:4px 0}details.case{border:1px solid #d9dee7;border-radius:6px;padding:6px 10px;margin:6px 0}"
      + "details.pass summary b{color:#1b7f3b}details.wrong summary b{color:#b3261e}"
      + "details.failed summary b{color:#9a5b00}h4{margin:8px 0 2px}";
}
