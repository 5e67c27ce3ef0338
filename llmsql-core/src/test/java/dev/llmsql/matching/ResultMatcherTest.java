package dev.llmsql.matching;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultMatcherTest {

  private static final ResultMatcher UPSTREAM = ResultMatcher.llmsql2();

  @SafeVarargs
  private static List<List<Object>> rows(List<Object>... rows) {
    // copied element by element: handing the generic array on would be heap pollution (-Xlint:varargs)
    List<List<Object>> list = new java.util.ArrayList<>(rows.length);
    for (List<Object> row : rows) {
      list.add(row);
    }
    return List.copyOf(list);
  }

  private static List<Object> row(Object... cells) {
    return Arrays.asList(cells);
  }

  private static String decide(List<List<Object>> gold, List<List<Object>> predicted) {
    return UPSTREAM.match(gold, predicted).rule();
  }

  @Test
  void rule1_normalisedEquality_positivesAndNearMisses() {
    List<List<Object>> answer = rows(row(274.0));
    for (Object same : List.of(274L, 274.0, "274", "$274", "274 million", "(274)", 274.004, " 274 ")) {
      assertThat(decide(answer, rows(row(same)))).as("%s", same).isEqualTo("rule1_equal");
    }
    for (Object other : List.of(274.006, "+274", "274 points")) {
      assertThat(decide(answer, rows(row(other)))).as("%s", other).isEqualTo("no_match");
    }
    assertThat(decide(rows(row(1234L)), rows(row("1,234")))).isEqualTo("rule1_equal");
    assertThat(decide(rows(row("5")), rows(row("$5")))).isEqualTo("rule1_equal");
    assertThat(decide(rows(row(12.35)), rows(row(12.345)))).isEqualTo("rule1_equal");
    assertThat(decide(rows(row(12.35)), rows(row(12.344)))).isEqualTo("no_match");
    assertThat(decide(rows(row(2.68)), rows(row(2.675)))).isEqualTo("no_match");
  }

  @Test
  void rule1_caseSensitive_nullIsTextNone_orderIgnored() {
    assertThat(decide(rows(row("Hurts")), rows(row("hurts")))).isEqualTo("no_match");
    assertThat(decide(rows(row("None")), rows(row((Object) null)))).isEqualTo("rule1_equal");
    assertThat(decide(rows(row((Object) null)), rows(row((Object) null)))).isEqualTo("rule1_equal");
    assertThat(decide(rows(row("a"), row("b"), row("a")), rows(row("b"), row("a"), row("a"))))
        .isEqualTo("rule1_equal");
    assertThat(decide(rows(), rows())).isEqualTo("rule1_equal");
    assertThat(decide(rows(row("Hurts")), rows())).isEqualTo("no_match");
  }

  @Test
  void rule2_trailingCount_atTheEndOrBeforeOneFinalNewline() {
    List<List<Object>> answer = rows(row("Hurts"));
    for (String same : List.of("Hurts (3)", "Hurts(12)", "Hurts (3)\n")) {
      assertThat(decide(answer, rows(row(same)))).as(same).isEqualTo("rule2_trailing_count");
    }
    for (String other : List.of("Hurts (3) ", "Hurts (three)", "Hurts [3]", "Hurts (1) (2)", "Hurts (3)\r",
        "(3) Hurts", "Hurts (3.5)")) {
      assertThat(decide(answer, rows(row(other)))).as(other).isEqualTo("no_match");
    }
    // the count may be on the answer's side too
    assertThat(decide(rows(row("Al Horford (15)")), rows(row("Al Horford")))).isEqualTo("rule2_trailing_count");
  }

  @Test
  void rule3_twoPart_rawValues_caseInsensitive_latinOnly() {
    assertThat(decide(rows(row("KeyArena 10,891")), rows(row("KeyArena", "10,891")))).isEqualTo("rule3_two_part");
    assertThat(decide(rows(row("7:00pm\u201311:00pm")), rows(row("7:00pm", "11:00pm")))).isEqualTo("rule3_two_part");
    assertThat(decide(rows(row("Hurts")), rows(row("HU", "rts")))).isEqualTo("rule3_two_part");
    assertThat(decide(rows(row(274.0)), rows(row(274L, 0L)))).isEqualTo("rule3_two_part");
    assertThat(decide(rows(row(274.5)), rows(row(274L, 5L)))).isEqualTo("rule3_two_part");
    assertThat(decide(rows(row("Tunisia")), rows(row("Tun", "isia\u00d7")))).isEqualTo("no_match");
    assertThat(decide(rows(row("Hurts")), rows(row("rts", "Hu")))).isEqualTo("no_match");
    assertThat(decide(rows(row("Hurts")), rows(row("Hu", "rts", null)))).isEqualTo("no_match");
    // Cyrillic letters are dropped: two different names are "equal"
    assertThat(decide(rows(row("\u0418\u0432\u0430\u043d")), rows(row("\u041f\u0451", "\u0442\u0440")))).isEqualTo("rule3_two_part");
  }

  @Test
  void rule3_strictVariant_keepsCaseAndScripts_textAnswersOnly() {
    ResultMatcher strict = ResultMatcher.strictTwoPart();
    assertThat(strict.match(rows(row("Hurts")), rows(row("Hu", "rts"))).rule()).isEqualTo("rule3_two_part");
    assertThat(strict.match(rows(row("Hurts")), rows(row("HU", "rts"))).rule()).isEqualTo("no_match");
    assertThat(strict.match(rows(row(274.5)), rows(row(274L, 5L))).rule()).isEqualTo("no_match");
    assertThat(strict.match(rows(row("\u0418\u0432\u0430\u043d")), rows(row("\u041f\u0451", "\u0442\u0440"))).rule())
        .isEqualTo("no_match");
  }

  @Test
  void rule4_set_ignoresDuplicates_butNotCounts() {
    assertThat(decide(rows(row(9L)), rows(row(9L), row(9L)))).isEqualTo("rule4_set");
    assertThat(decide(rows(row("27 April")), rows(row("27 April"), row(" 27 April")))).isEqualTo("rule4_set");
    assertThat(decide(rows(row("Hurts")), rows(row("Hurts (2)"), row("Hurts")))).isEqualTo("no_match");
  }

  @Test
  void rule5_extraColumn_oneColumnAloneMatches() {
    assertThat(decide(rows(row("Hurts")), rows(row("Hurts", 12L)))).isEqualTo("rule5_extra_column");
    assertThat(decide(rows(row(274.0)), rows(row(null, 274L)))).isEqualTo("rule5_extra_column");
    assertThat(decide(rows(row(4L)), rows(row("$4", "n")))).isEqualTo("rule5_extra_column");
    assertThat(decide(rows(row("Hurts")), rows(row("Hurts", 1L), row("Hurts", 2L)))).isEqualTo("no_match");
    assertThat(decide(rows(row("Hurts")), rows(row("Hurts (3)", 1L)))).isEqualTo("no_match");
  }

  @Test
  void mismatch_namesTheClosestRule() {
    ResultMatcher.MatchOutcome wrongValue = UPSTREAM.match(rows(row("Hurts")), rows(row("hurts")));
    assertThat(wrongValue.matched()).isFalse();
    assertThat(wrongValue.detail()).isEqualTo("closest: rule1_equal, 0 of 1 answer rows found among 1 predicted rows "
        + "(normalised answer [('Hurts',)], predicted [('hurts',)])");

    ResultMatcher.MatchOutcome twoRows = UPSTREAM.match(rows(row("Hurts")), rows(row("Hurts", 1L), row("Hurts", 2L)));
    assertThat(twoRows.detail())
        .isEqualTo("closest: rule5_extra_column, needs as many predicted rows as answer rows (1), got 2");

    ResultMatcher.MatchOutcome extraColumn = UPSTREAM.match(rows(row("a"), row("b")), rows(row("a", 1L), row("c", 2L)));
    assertThat(extraColumn.detail()).isEqualTo("closest: rule5_extra_column, no single predicted column equals the answer");
  }

  @Test
  void rules_areInUpstreamsOrder() {
    assertThat(UPSTREAM.rules()).extracting(MatchRule::name).containsExactly("rule1_equal", "rule2_trailing_count",
        "rule3_two_part", "rule4_set", "rule5_extra_column");
  }
}
