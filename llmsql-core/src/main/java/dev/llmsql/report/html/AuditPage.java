package dev.llmsql.report.html;

import static java.util.Objects.requireNonNull;

import dev.llmsql.audit.AuditFlag;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.audit.QuestionAudit;
import dev.llmsql.report.ReportFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An {@link AuditReport} as one self-contained HTML page: a card per flag (click one, or open the page with
 * {@code ?flag=limit_tie}, to show only its questions), the checks not computed, the duplicate groups, and a table of the flagged questions with every
 * detail. Loads nothing from the network; its one script runs by hash, like the evaluation report's.
 *
 * <pre>{@code
 * AuditReport report = Audit.builder().questionsPath(Path.of("questions.jsonl"))
 *     .dbPath(Path.of("sqlite_tables.db")).build().run();
 * AuditPage.write(report, Path.of("audit.html"));
 * }</pre>
 */
public final class AuditPage {

  private AuditPage() {
  }

  /** Writes the page to {@code file}: the old file or the new one, never half of one. */
  public static void write(AuditReport report, Path file) throws IOException {
    requireNonNull(report, "report");
    String html = render(report);
    ReportFiles.write(file, out -> out.write(html.getBytes(StandardCharsets.UTF_8)));
  }

  /** The page's HTML. */
  public static String render(AuditReport report) {
    StringBuilder body = new StringBuilder();
    int flagged = report.flagged().size();
    body.append("<div class=\"cards\">\n");
    body.append(Html.card("Questions", Integer.toString(report.questions().size()), "card-questions"));
    body.append(Html.card("Flagged", Integer.toString(flagged), "card-flagged",
        (report.questions().size() - flagged) + " without flags"));
    body.append("</div>\n<h2>Flags</h2>\n<div class=\"cards\" id=\"flags\">\n");
    for (Map.Entry<AuditFlag, Integer> c : report.counts().entrySet()) {
      String id = c.getKey().id();
      String note = report.notChecked().containsKey(c.getKey()) ? "not computed: " + report.notChecked()
          .get(c.getKey()) : "click to show only these";
      body.append("<div class=\"card flag\" data-flag=\"").append(Html.esc(id)).append("\" id=\"card-")
          .append(Html.esc(id)).append("\" style=\"cursor:pointer\"><div class=\"v\">").append(c.getValue())
          .append("</div><div class=\"l\">").append(Html.esc(id)).append("</div><div class=\"ci\">")
          .append(Html.esc(note)).append("</div></div>\n");
    }
    body.append("</div>\n");
    if (!report.duplicateGroups().isEmpty()) {
      body.append("<h2>Duplicate golds</h2>\n<ul id=\"duplicates\">\n");
      report.duplicateGroups().forEach(g -> body.append("<li>questions ").append(Html.esc(g.stream()
          .map(String::valueOf).collect(Collectors.joining(", ")))).append("</li>\n"));
      body.append("</ul>\n");
    }
    body.append("<h2>Flagged questions</h2>\n<div class=\"controls\"><span id=\"shown\"></span>"
        + "<button type=\"button\" id=\"show-all\">show all</button></div>\n");
    body.append("<div class=\"scroll\"><table class=\"data\" id=\"questions\"><thead><tr><th>question</th>"
        + "<th>db_id</th><th>flags</th><th>detail</th><th>gold ms</th></tr></thead><tbody>\n");
    for (QuestionAudit q : report.flagged()) {
      String flags = q.flags().stream().map(AuditFlag::id).collect(Collectors.joining(" "));
      body.append("<tr data-flags=\"").append(Html.esc(flags)).append("\"><td>").append(q.questionId())
          .append("</td><td>").append(Html.esc(q.dbId() == null ? "" : q.dbId())).append("</td><td>")
          .append(Html.esc(flags.replace(' ', '\n')).replace("\n", "<br>")).append("</td><td>");
      for (Map.Entry<AuditFlag, String> f : q.findings().entrySet()) {
        body.append("<div><b>").append(Html.esc(f.getKey().id())).append("</b>: <code>")
            .append(Html.esc(f.getValue())).append("</code></div>");
      }
      body.append("</td><td>").append(q.goldNanos() < 0 ? "" : String.format(java.util.Locale.ROOT, "%.2f",
          q.goldNanos() / 1e6)).append("</td></tr>\n");
    }
    body.append("</tbody></table></div>\n");
    String script = """
        (function(){
          var rows=[].slice.call(document.querySelectorAll('#questions tbody tr'));
          var shown=document.getElementById('shown');
          function show(flag){
            var n=0;
            rows.forEach(function(r){
              var on=!flag||(' '+r.getAttribute('data-flags')+' ').indexOf(' '+flag+' ')>=0;
              r.style.display=on?'':'none'; if(on){n++;}
            });
            shown.textContent=n+' of '+rows.length+' flagged question(s)'+(flag?' with '+flag:'');
          }
          [].forEach.call(document.querySelectorAll('.card.flag'),function(c){
            c.addEventListener('click',function(){show(c.getAttribute('data-flag'));});
          });
          document.getElementById('show-all').addEventListener('click',function(){show(null);});
          var m=/[?&]flag=([a-z_]+)/.exec(location.search);
          show(m?m[1]:null);
        })();""";
    return Html.page("Benchmark audit", report.benchmark() + " (judge " + report.judge() + ")", body.toString(),
        script);
  }
}
