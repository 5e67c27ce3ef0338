package dev.llmsql.extraction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SqlExtractorTest {

  private static final SqlExtractor EXTRACTOR = SqlExtractor.llmsql();

  static Stream<Arguments> completions() {
    return Stream.of(
        arguments("bare query",
            "SELECT name FROM Table WHERE id = 1",
            List.of("SELECT name FROM Table WHERE id = 1")),
        arguments("trailing semicolon",
            "SELECT COUNT(*) FROM Table;",
            List.of("SELECT COUNT(*) FROM Table")),
        arguments("sql fence with chatter around",
            "Sure! Here is the query:\n```sql\nSELECT \"Player\" FROM Table WHERE \"Position\" = 'Guard';\n```\n"
                + "This returns the guards.",
            List.of("SELECT \"Player\" FROM Table WHERE \"Position\" = 'Guard'")),
        arguments("sql fence without semicolon",
            "```sql\nSELECT \"Nationality\" FROM Table WHERE \"Player\" = \"Jalen Rose\"\n```",
            List.of("SELECT \"Nationality\" FROM Table WHERE \"Player\" = \"Jalen Rose\"")),
        arguments("bare fence",
            "```\nSELECT * FROM Table\n```",
            List.of("SELECT * FROM Table")),
        arguments("fence right after the query",
            "SELECT a FROM Table```",
            List.of("SELECT a FROM Table")),
        arguments("lower case",
            "select max(\"Points\") from table",
            List.of("select max(\"Points\") from table")),
        arguments("chatter after, no terminator",
            "SELECT a FROM Table\nThis query selects column a.",
            List.of("SELECT a FROM Table\nThis query selects column a.")),
        arguments("four newlines end a query",
            "SELECT a FROM Table\n\n\n\nExplanation: picks a.",
            List.of("SELECT a FROM Table")),
        arguments("three newlines do not",
            "SELECT a FROM Table\n\n\nDone.",
            List.of("SELECT a FROM Table\n\n\nDone.")),
        arguments("queries separated by four newlines",
            "SELECT a FROM Table\n\n\n\nSELECT b FROM Table",
            List.of("SELECT a FROM Table", "SELECT b FROM Table")),
        arguments("two fences",
            "First try:\n```sql\nSELECT a FROM Table\n```\nOr:\n```sql\nSELECT b FROM Table\n```",
            List.of("SELECT a FROM Table", "SELECT b FROM Table")),
        arguments("two queries on one line",
            "SELECT a FROM Table; SELECT b FROM Table;",
            List.of("SELECT a FROM Table", "SELECT b FROM Table")),
        arguments("duplicate keeps first",
            "```sql\nSELECT a FROM Table;\n```\nFinal answer: SELECT a FROM Table;",
            List.of("SELECT a FROM Table")),
        arguments("more than ten",
            IntStream.rangeClosed(1, 12).mapToObj(n -> "SELECT " + n + ";").collect(Collectors.joining(" ")),
            IntStream.rangeClosed(1, 10).mapToObj(n -> "SELECT " + n).collect(Collectors.toList())),
        arguments("empty",
            "",
            List.of()),
        arguments("refusal",
            "I'm sorry, but I can't help with that request.",
            List.of()),
        arguments("words starting with select",
            "I selected the Selection column.",
            List.of()),
        arguments("select in prose",
            "I will select the name column.\nSELECT name FROM Table",
            List.of("select the name column.\nSELECT name FROM Table", "SELECT name FROM Table")),
        arguments("glued keyword, LLMSQL's own example",
            "select \"Competition or tour\". There\"s no aggregation required, just one value possibly multiple"
                + " rows. Let\"s useSELECT \"Competition or tour\" FROM \"2-17637370-13\" WHERE \"Opponent\" ="
                + " \"Nordsjælland\" AND \"Ground\" = \"HR\"\n",
            List.of("select \"Competition or tour\". There\"s no aggregation required, just one value possibly"
                    + " multiple rows. Let\"s useSELECT \"Competition or tour\" FROM \"2-17637370-13\" WHERE"
                    + " \"Opponent\" = \"Nordsjælland\" AND \"Ground\" = \"HR\"",
                "SELECT \"Competition or tour\" FROM \"2-17637370-13\" WHERE \"Opponent\" = \"Nordsjælland\""
                    + " AND \"Ground\" = \"HR\"")),
        arguments("think block then answer",
            "<think>\nThe user wants the count. I should select COUNT(*).\n</think>\n"
                + "SELECT COUNT(*) FROM Table WHERE \"Year\" = 2005;",
            List.of("select COUNT(*).", "SELECT COUNT(*) FROM Table WHERE \"Year\" = 2005")),
        arguments("think block drafting sql",
            "<think>\nDraft: SELECT name FROM Table WHERE age > 30\nWait, the column is \"Age\".\n</think>\n"
                + "```sql\nSELECT name FROM Table WHERE \"Age\" > 30\n```",
            List.of("SELECT name FROM Table WHERE age > 30\nWait, the column is \"Age\".",
                "SELECT name FROM Table WHERE \"Age\" > 30")),
        arguments("scalar sub-query",
            "SELECT name FROM Table WHERE score = (SELECT MAX(score) FROM Table)",
            List.of("SELECT name FROM Table WHERE score = (SELECT MAX(score) FROM Table)")),
        arguments("sub-query in FROM",
            "SELECT COUNT(*) FROM (SELECT DISTINCT \"Team\" FROM Table) AS t;",
            List.of("SELECT COUNT(*) FROM (SELECT DISTINCT \"Team\" FROM Table) AS t")),
        arguments("cte",
            "WITH top AS (SELECT name, score FROM Table ORDER BY score DESC LIMIT 3)\nSELECT name FROM top;",
            List.of("WITH top AS (SELECT name, score FROM Table ORDER BY score DESC LIMIT 3)\nSELECT name FROM top")),
        arguments("recursive cte",
            "with recursive n(x) as (select 1 union all select x + 1 from n where x < 3) select x from n;",
            List.of("with recursive n(x) as (select 1 union all select x + 1 from n where x < 3) select x from n")),
        arguments("cte then another query",
            "WITH t AS (SELECT a FROM Table) SELECT a FROM t; SELECT b FROM Table;",
            List.of("WITH t AS (SELECT a FROM Table) SELECT a FROM t", "SELECT b FROM Table")),
        arguments("semicolon in string literal",
            "SELECT \"Score\" FROM Table WHERE \"Result\" = 'W; 3-1';",
            List.of("SELECT \"Score\" FROM Table WHERE \"Result\" = 'W; 3-1'")),
        arguments("semicolon in escaped string literal",
            "SELECT a FROM Table WHERE b = 'O''Neal; Shaq';",
            List.of("SELECT a FROM Table WHERE b = 'O''Neal; Shaq'")),
        arguments("semicolon in double-quoted header",
            "SELECT \"Wins; losses\" FROM Table WHERE \"Team\" = 'Ajax'",
            List.of("SELECT \"Wins; losses\" FROM Table WHERE \"Team\" = 'Ajax'")),
        arguments("semicolon in backticks and brackets",
            "SELECT `Wins; losses`, [Goals; against] FROM Table;",
            List.of("SELECT `Wins; losses`, [Goals; against] FROM Table")),
        arguments("select inside string literal",
            "SELECT \"Title\" FROM Table WHERE \"Note\" = 'select committee'",
            List.of("SELECT \"Title\" FROM Table WHERE \"Note\" = 'select committee'")),
        arguments("select inside quoted identifier",
            "SELECT \"Select\" FROM Table",
            List.of("SELECT \"Select\" FROM Table")),
        arguments("union keeps its second half too",
            "SELECT a FROM Table WHERE b = 1 UNION SELECT a FROM Table WHERE b = 2",
            List.of("SELECT a FROM Table WHERE b = 1 UNION SELECT a FROM Table WHERE b = 2",
                "SELECT a FROM Table WHERE b = 2")),
        arguments("windows line endings",
            "```sql\r\nSELECT a FROM Table;\r\n```",
            List.of("SELECT a FROM Table")),
        arguments("padding",
            "   SELECT * FROM Table   ;",
            List.of("SELECT * FROM Table")),
        arguments("comment with apostrophe",
            "SELECT a -- the player's team\nFROM Table WHERE b = 'x';",
            List.of("SELECT a -- the player's team\nFROM Table WHERE b = 'x'")),
        arguments("semicolon in comment still ends, as in LLMSQL",
            "SELECT a FROM Table -- done; that is it\nThe answer.",
            List.of("SELECT a FROM Table -- done")),
        arguments("apostrophe in prose before the query",
            "I'll select what's needed; SELECT a FROM Table",
            List.of("SELECT a FROM Table")),
        arguments("with in prose",
            "I'll work with it as (an aside) SELECT a FROM Table",
            List.of("SELECT a FROM Table")),
        arguments("unclosed sub-query keeps both",
            "SELECT COUNT(*) FROM (SELECT DISTINCT \"Team\" FROM Table",
            List.of("SELECT COUNT(*) FROM (SELECT DISTINCT \"Team\" FROM Table",
                "SELECT DISTINCT \"Team\" FROM Table")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("completions")
  void extract_realCompletions_givesExactCandidates(String name, String completion, List<String> expected) {
    // WHEN
    List<String> candidates = EXTRACTOR.extract(completion);

    // THEN
    assertThat(candidates).containsExactlyElementsOf(expected);
  }

  @Test
  void extract_subquery_staysOneCandidate() {
    // LLMSQL also returns "SELECT MAX(score) FROM Table)", which SQLite rejects
    assertThat(EXTRACTOR.extract("SELECT name FROM Table WHERE score = (SELECT MAX(score) FROM Table);"))
        .containsExactly("SELECT name FROM Table WHERE score = (SELECT MAX(score) FROM Table)");
  }

  @Test
  void extract_unclosedSubquery_keepsInnerCandidate() {
    // The inner query closes no parenthesis here, so it may run: it is kept as in LLMSQL
    assertThat(EXTRACTOR.extract("SELECT COUNT(*) FROM (SELECT a FROM Table"))
        .containsExactly("SELECT COUNT(*) FROM (SELECT a FROM Table", "SELECT a FROM Table");
  }

  @Test
  void extract_cte_isExtractedWhole() {
    // LLMSQL returns "SELECT a FROM Table) SELECT a FROM t" and "SELECT a FROM t", and never the whole
    assertThat(EXTRACTOR.extract("WITH t AS (SELECT a FROM Table) SELECT a FROM t;"))
        .containsExactly("WITH t AS (SELECT a FROM Table) SELECT a FROM t");
  }

  @Test
  void extract_longS_spellsSelectAsPythonsCaseInsensitiveRegexReadsIt() {
    // re.I folds U+017F onto s: each "ſelect n" is a candidate, ten of them fill the limit and the real query
    // after them is dropped (it was a match here, none in LLMSQL)
    StringBuilder completion = new StringBuilder();
    List<String> expected = new java.util.ArrayList<>();
    for (int n = 0; n < 10; n++) {
      completion.append("\u017Felect ").append(n).append("; ");
      expected.add("\u017Felect " + n);
    }
    completion.append("SELECT a FROM Table");

    assertThat(EXTRACTOR.extract(completion.toString())).isEqualTo(expected);
    assertThat(EXTRACTOR.extract("\u017FELECT a FROM Table")).containsExactly("\u017FELECT a FROM Table");
    // only LLMSQL's SELECT reads it so: a CTE head spelt with it opens no CTE that would claim the real query
    assertThat(EXTRACTOR.extract("WITH x A\u017F (SELECT 1) SELECT name FROM Table WHERE a = 1"))
        .containsExactly("SELECT name FROM Table WHERE a = 1");
    assertThat(EXTRACTOR.extract("WITH x AS (\u017Felect 1) SELECT name FROM Table WHERE a = 1"))
        .containsExactly("SELECT name FROM Table WHERE a = 1");
  }

  @Test
  void extract_withInProse_startsNoCandidate() {
    // The body must start with SELECT, VALUES or WITH, or prose could claim the real query
    assertThat(EXTRACTOR.extract("Start with t as (a guess), then SELECT a FROM Table"))
        .containsExactly("SELECT a FROM Table");
  }

  @Test
  void extract_semicolonInStringLiteral_doesNotCut() {
    // LLMSQL returns "SELECT a FROM Table WHERE b = 'W", which SQLite rejects
    assertThat(EXTRACTOR.extract("SELECT a FROM Table WHERE b = 'W; 3-1';"))
        .containsExactly("SELECT a FROM Table WHERE b = 'W; 3-1'");
  }

  @Test
  void extract_semicolonInQuotedIdentifier_doesNotCut() {
    assertThat(EXTRACTOR.extract("SELECT \"Wins; losses\", `Goals; for`, [Goals; against] FROM Table;"))
        .containsExactly("SELECT \"Wins; losses\", `Goals; for`, [Goals; against] FROM Table");
  }

  @Test
  void extract_selectInsideStringLiteral_startsNoCandidate() {
    // LLMSQL also returns "select committee'", an unterminated literal
    assertThat(EXTRACTOR.extract("SELECT a FROM Table WHERE b = 'select committee'"))
        .containsExactly("SELECT a FROM Table WHERE b = 'select committee'");
  }

  @Test
  void extract_apostropheInProse_doesNotHideLaterQuery() {
    // The prose candidate is inside a quote when the query starts; the query is scanned on its own
    assertThat(EXTRACTOR.extract("I'll select what's needed; SELECT a FROM Table WHERE b = 'x'"))
        .containsExactly("SELECT a FROM Table WHERE b = 'x'");
  }

  @Test
  void extract_wordsStartingWithSelect_startNoCandidate() {
    assertThat(EXTRACTOR.extract("I selected the Selection column; selects are easy")).isEmpty();
  }

  @Test
  void extract_proseSelect_yieldsCandidate() {
    // Kept as in LLMSQL: a failing extra candidate cannot lower a score, as any candidate may match
    assertThat(EXTRACTOR.extract("I will select the name column; SELECT name FROM Table"))
        .containsExactly("select the name column", "SELECT name FROM Table");
  }

  @Test
  void extract_thinkBlock_isKept() {
    // Kept as in LLMSQL: a drafted query counts like any other candidate
    assertThat(EXTRACTOR.extract("<think>Maybe SELECT a FROM Table;</think>\nSELECT b FROM Table"))
        .containsExactly("SELECT a FROM Table", "SELECT b FROM Table");
  }

  @Test
  void extract_thinkTag_endsCandidate() {
    // LLMSQL returns "SELECT a FROM Table\n</think>\nSELECT b FROM Table", which SQLite rejects
    assertThat(EXTRACTOR.extract("<think>\nMaybe SELECT a FROM Table\n</think>\nSELECT b FROM Table"))
        .containsExactly("SELECT a FROM Table", "SELECT b FROM Table");
  }

  @Test
  void extract_fenceInsideQuote_stillEnds() {
    // A stray quote must not carry a candidate past the end of its code block
    assertThat(EXTRACTOR.extract("```sql\nSELECT a FROM Table WHERE b = 'x\n```\nThat's it; SELECT c"))
        .containsExactly("SELECT c");
  }

  @Test
  void extract_noBreakSpace_isStripped() {
    // Python's str.strip() removes U+00A0; Java's String.strip() would not
    assertThat(EXTRACTOR.extract("SELECT a FROM Table\u00a0;")).containsExactly("SELECT a FROM Table");
  }

  @Test
  void withMaxCandidates_three_keepsFirstThree() {
    assertThat(EXTRACTOR.withMaxCandidates(3).extract("SELECT 1; SELECT 1; SELECT 2; SELECT 3; SELECT 4"))
        .containsExactly("SELECT 1", "SELECT 2", "SELECT 3");
  }

  @Test
  void withMaxCandidates_zero_isRejected() {
    assertThatThrownBy(() -> EXTRACTOR.withMaxCandidates(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxCandidates must be at least 1, but was 0");
  }

  @Test
  void toString_showsLimit() {
    assertThat(EXTRACTOR.withMaxCandidates(5)).hasToString("SqlExtractor{maxCandidates=5}");
  }

  @Test
  void extract_deepNesting_finishesQuickly() {
    // Each open parenthesis keeps one scan alive; this must stay well under a second
    String completion = "SELECT (".repeat(2_000) + "1" + ")".repeat(2_000);

    assertThat(EXTRACTOR.extract(completion)).containsExactly(completion);
  }
}
