package dev.llmsql.report.html;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/** HTML building blocks shared by the report and the leaderboard: escaping, page frame, SVG bar charts. */
final class Html {

  /** Colours per outcome, in Outcome order: match, mismatch, error, no SQL, gold error. */
  static final String[] OUTCOME_COLOURS = {"#2e7d32", "#ef6c00", "#c62828", "#757575", "#6a1b9a"};

  private Html() {
  }

  /** Escapes text for element content and quoted attributes: predictions are untrusted. */
  static String esc(Object value) {
    String s = String.valueOf(value);
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  static String percent(double rate) {
    return String.format(Locale.ROOT, "%.2f%%", rate * 100);
  }

  static final String CSS = """
      :root{--fg:#1d2430;--muted:#5b6575;--line:#d9dee7;--bg:#f6f8fb;--card:#fff;--accent:#1f5fbf}
      *{box-sizing:border-box}
      body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
        color:var(--fg);background:var(--bg)}
      header{background:#15233b;color:#fff;padding:18px 28px}
      header h1{margin:0;font-size:22px}
      header p{margin:4px 0 0;color:#c7d2e5}
      main{padding:20px 28px;max-width:1400px}
      h2{font-size:17px;margin:26px 0 10px}
      .cards{display:flex;flex-wrap:wrap;gap:12px}
      .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px;min-width:140px}
      .card .v{font-size:24px;font-weight:600}
      .card .l{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
      .card .ci{color:var(--muted);font-size:12px}
      .charts{display:flex;flex-wrap:wrap;gap:16px}
      .scroll + .charts{margin-top:12px}
      .chart{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px}
      .chart h3{margin:0 0 8px;font-size:14px}
      .chart .none{color:var(--muted);font-style:italic}
      svg text{font:12px system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;fill:var(--fg)}
      .controls{display:flex;gap:10px;align-items:center;margin:8px 0;flex-wrap:wrap}
      .controls input{padding:6px 8px;min-width:280px;border:1px solid var(--line);border-radius:6px}
      .controls select{padding:6px;border:1px solid var(--line);border-radius:6px}
      .scroll{overflow-x:auto}
      .partial{color:#9a5b00;font-size:.85em;white-space:nowrap}
      table.data{border-collapse:collapse;width:100%;background:var(--card)}
      table.data th,table.data td{border:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
      table.data th{background:#eef2f8;position:sticky;top:0}
      th.sortable{cursor:pointer;user-select:none}
      th.sortable:after{content:" \\2195";color:var(--muted)}
      code,pre{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
      pre{white-space:pre-wrap;overflow-wrap:break-word;margin:0}
      td.sql{min-width:16em;max-width:36em}
      mark.clause{background:#ffd54f;border-radius:2px}
      table.levels td.n{text-align:right;font-variant-numeric:tabular-nums}
      table.rows{border-collapse:collapse;font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
      table.rows td{border:1px solid var(--line);padding:1px 5px}
      td.diff{background:#ffd54f;font-weight:700}
      .side{display:flex;gap:12px}
      .side > div{min-width:120px}
      .side .cap{color:var(--muted);font-size:11px}
      .badge{display:inline-block;padding:1px 6px;border-radius:10px;color:#fff;font-size:11px}
      .muted{color:var(--muted)}
      footer{color:var(--muted);padding:16px 28px}
      """;

  /**
   * The page around {@code body}, with inline CSS and {@code script}; no external resources. The policy lets
   * exactly {@code script} run (by its SHA-256, CSP level 2), so a {@code <script>} or event handler smuggled
   * into the page by a question or prediction would not run even if escaping ever missed it.
   */
  static String page(String title, String subtitle, String body, String script) {
    return pageStart(title, subtitle, script) + body + pageEnd(script);
  }

  /** A page up to its {@code <main>} content, for a page written in parts (the evaluation report's). */
  static String pageStart(String title, String subtitle, String script) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // Nothing on the page may load from elsewhere: the report must open offline and leak nothing.
        + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + contentSecurityPolicy(scriptText(script))
        + "\">\n<title>" + esc(title) + "</title>\n<style>" + CSS + "</style>\n</head>\n<body>\n"
        + "<header><h1>" + esc(title) + "</h1><p>" + esc(subtitle) + "</p></header>\n<main>\n";
  }

  /** The rest of a page after its {@code <main>} content. */
  static String pageEnd(String script) {
    return "</main>\n<footer>Generated by llmsql-java. Self-contained: this file loads nothing from the network."
        + "</footer>\n<script>" + scriptText(script) + "</script>\n</body>\n</html>\n";
  }

  private static String scriptText(String script) {
    return "\n" + script + "\n";
  }

  /** The policy for a page whose only script is {@code scriptText} (the exact text between the tags). */
  static String contentSecurityPolicy(String scriptText) {
    return "default-src 'none'; style-src 'unsafe-inline'; script-src " + scriptHash(scriptText)
        + "; img-src data:; base-uri 'none'; form-action 'none'";
  }

  /** {@code 'sha256-…'} of the script's UTF-8 bytes, as a CSP source expression. */
  static String scriptHash(String scriptText) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(scriptText.getBytes(StandardCharsets.UTF_8));
      return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  static String card(String label, String value, String id) {
    return "<div class=\"card\" id=\"" + esc(id) + "\"><div class=\"v\">" + esc(value) + "</div><div class=\"l\">"
        + esc(label) + "</div></div>\n";
  }

  /** A summary card with a note under the label, e.g. the 95% confidence interval. */
  static String card(String label, String value, String id, String note) {
    return "<div class=\"card\" id=\"" + esc(id) + "\"><div class=\"v\">" + esc(value) + "</div><div class=\"l\">"
        + esc(label) + "</div><div class=\"ci\">" + esc(note) + "</div></div>\n";
  }

  /** One bar of a bar chart. */
  record Bar(String label, double value, String text, String colour) { }

  /**
   * A horizontal bar chart; {@code max} is the value of a full bar (1 for rates).
   */
  static String barChart(String id, List<Bar> bars, double max) {
    return barChart(id, bars, max, 90);
  }

  /** {@link #barChart(String, List, double)} with {@code textWidth} pixels for the figure after each bar. */
  static String barChart(String id, List<Bar> bars, double max, int textWidth) {
    int labelWidth = 170;
    int barWidth = 300;
    int row = 24;
    int height = bars.size() * row + 8;
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT,
        "<svg id=\"%s\" role=\"img\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">", esc(id),
        labelWidth + barWidth + textWidth, height, labelWidth + barWidth + textWidth, height));
    for (int i = 0; i < bars.size(); i++) {
      Bar b = bars.get(i);
      double w = max <= 0 ? 0 : Math.max(0, Math.min(1, b.value() / max)) * barWidth;
      int y = i * row + 4;
      String label = b.label().length() > 26 ? b.label().substring(0, 25) + "\u2026" : b.label();
      sb.append(String.format(Locale.ROOT,
          "<g><title>%s: %s</title><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>"
              + "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e8ecf3\"/>"
              + "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>"
              + "<text x=\"%d\" y=\"%d\">%s</text></g>",
          esc(b.label()), esc(b.text()), labelWidth - 8, y + 14, esc(label), labelWidth, y, barWidth, row - 6,
          labelWidth, y, w, row - 6, b.colour(), labelWidth + barWidth + 6, y + 14, esc(b.text())));
    }
    return sb.append("</svg>").toString();
  }
}
