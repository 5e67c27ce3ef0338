package dev.llmsql.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The mismatch list's side-by-side SQL: the clauses that differ are marked, spacing and case aside. */
class SqlSideBySideTest {

  @Test
  void highlighted_differingWhere_marksThatClauseOnly() {
    String gold = "SELECT name ,  age FROM singer WHERE age > 20 ORDER BY age;";
    String pred = "select name, age from singer where age >= 20 order by age";

    assertThat(HtmlReport.highlighted(gold, pred)).isEqualTo(
        "SELECT name ,  age FROM singer <mark class=\"clause\">WHERE age &gt; 20 </mark>ORDER BY age;");
    assertThat(HtmlReport.highlighted(pred, gold)).isEqualTo(
        "select name, age from singer <mark class=\"clause\">where age &gt;= 20 </mark>order by age");
  }

  @Test
  void highlighted_subqueryAndStringsAreNotSplit_missingClauseMarked() {
    String gold = "SELECT a FROM t WHERE b IN (SELECT b FROM u WHERE c = 'x from y') LIMIT 1";
    String pred = "SELECT a FROM t WHERE b IN (SELECT b FROM u WHERE c = 'x from y')";

    assertThat(HtmlReport.highlighted(gold, pred)).isEqualTo(
        "SELECT a FROM t WHERE b IN (SELECT b FROM u WHERE c = &#39;x from y&#39;) <mark class=\"clause\">LIMIT 1</mark>");
  }
}
