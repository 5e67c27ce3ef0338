package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where we had a rule of our own, the peer's is the default and ours a named option: Spider 2.0's CSV round
 * trip ({@code spider2} vs {@code spider2:typed}), Falcon's order for unflagged questions ({@code falcon}
 * vs {@code falcon:unflagged-ordered}) and Falcon's value normalisation ({@code falcon} vs {@code falcon:typed}),
 * each case with both verdicts.
 */
class PeerDefaultsTest {

  static String verdict(ResultSetJudge judge, String gold, String pred, Boolean ordered) {
    Question q = new Question(1, "q", "SELECT ...", "t", null, Map.of()).withLabels(0, List.of(), ordered);
    Comparison c = judge.compare(q, "SELECT ...", Rows.parse(gold), "SELECT ...", Rows.parse(pred));
    return c.equal() ? "ok" : c.reason() == Reason.VALUE_MISMATCH ? "VALUE" : c.reason().name();
  }

  @ParameterizedTest(name = "spider2 {0}: peer {3}, typed {4}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // what                          | gold            | prediction        | spider2 | spider2:typed
      "text '2' vs integer 2           | '2'             | 2                 | ok      | VALUE",
      "leading zeros '007' vs 7        | '007'           | 7                 | ok      | VALUE",
      "'' and 'NA' read as missing     | ''; 'NA'        | NULL; NULL        | ok      | VALUE",
      "missing is NaN, not 0           | NULL            | 0                 | VALUE   | VALUE",
      "'None' text vs NULL             | 'None'          | NULL              | ok      | VALUE",
      "'TRUE' vs 1                     | 'TRUE'          | 1                 | ok      | VALUE",
      "'1e3' vs 1000                   | '1e3'           | 1000              | ok      | VALUE",
      "mixed column: 1.0 becomes '1.0' | 1.0; 'a'        | 1; 'a'            | VALUE   | ok",
      "mixed column, same text         | 1; 'a'          | '1'; 'a'          | ok      | VALUE",
      "text stays text when not numbers| 'Paris'         | 'paris'           | VALUE   | VALUE",
      "numbers within 1e-2 still       | 2.004           | 2                 | ok      | ok",
  })
  void spider2_csvRoundTripByDefault_typedValuesWithTheOption(String what, String gold, String pred,
                                                              String peer, String typed) {
    assertThat(List.of(verdict(ResultSetJudge.spider2(), gold, pred, null),
        verdict((ResultSetJudge) Judges.named("spider2:typed"), gold, pred, null)))
        .as(what)
        .containsExactly(peer, typed);
  }

  @ParameterizedTest(name = "falcon, flag {0}: peer {1}, unflagged-ordered {2}")
  @CsvSource({
      "     , ok,        ROW_ORDER",
      "true , ROW_ORDER, ROW_ORDER",
      "false, ok,        ok",
  })
  void falcon_unflaggedQuestionUnorderedAsFalconsDevFile_orderedWithTheOption(Boolean flag, String peer,
                                                                              String option) {
    // rows in another order, with a column of unique values (so Falcon's re-sort would align them)
    String gold = "1, 'a'; 2, 'b'";
    String pred = "2, 'b'; 1, 'a'";

    List<String> actual = new ArrayList<>();
    actual.add(verdict(ResultSetJudge.falcon(), gold, pred, flag));
    actual.add(verdict((ResultSetJudge) Judges.named("falcon:unflagged-ordered"), gold, pred, flag));

    assertThat(actual).containsExactly(peer, option);
    assertThat(Judges.named("falcon:empty-match,unflagged-ordered").name())
        .isEqualTo("falcon:empty-match,unflagged-ordered");
  }

  /**
   * Falcon's accurate_decimal, as DB-GPT's code maps a cell before comparing: None and any case of "null"
   * become "", any case of "true"/"false" (so Python's True/False too) "1"/"0", then decimals are rounded. The
   * first two rows are issue 22's crafted pairs (gold SELECT 1 vs SELECT 'true', SELECT NULL vs SELECT 'null').
   */
  @ParameterizedTest(name = "falcon {0}: peer {3}, typed {4}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // what                            | gold      | prediction | falcon | falcon:typed
      "SELECT 1 vs SELECT 'true'         | 1         | 'true'     | ok     | VALUE",
      "SELECT NULL vs SELECT 'null'      | NULL      | 'null'     | ok     | VALUE",
      "'NULL' in any case is NULL        | NULL      | 'NuLL'     | ok     | VALUE",
      "'null' equals ''                  | ''        | 'null'     | ok     | VALUE",
      "'False' vs 0                      | 0         | 'False'    | ok     | VALUE",
      "'TRUE' vs 1.0 (both 1.00)         | 1.0       | 'TRUE'     | ok     | VALUE",
      "boolean true vs 1 (str is 'True') | 1         | true       | ok     | VALUE",
      "'true' vs 'TRUE'                  | 'true'    | 'TRUE'     | ok     | VALUE",
      "'true' vs 2                       | 2         | 'true'     | VALUE  | VALUE",
      "no other spellings: 'yes' vs 1    | 1         | 'yes'      | VALUE  | VALUE",
      "no other spellings: 'None' vs NULL| NULL      | 'None'     | VALUE  | VALUE",
      "not stripped: 'null ' vs NULL     | NULL      | 'null '    | VALUE  | VALUE",
      "Python lower(): long s 'falſe'    | 0         | 'falſe'    | VALUE  | VALUE",
      "rounding still applies            | 27.733333 | 27.73      | ok     | ok",
  })
  void falcon_nullTrueFalseTextNormalisedAsFalcon_typedValuesWithTheOption(String what, String gold, String pred,
                                                                          String peer, String typed) {
    assertThat(List.of(verdict(ResultSetJudge.falcon(), gold, pred, null),
        verdict((ResultSetJudge) Judges.named("falcon:typed"), gold, pred, null)))
        .as(what)
        .containsExactly(peer, typed);
    assertThat(Judges.named("falcon:empty-match,typed").name()).isEqualTo("falcon:empty-match,typed");
  }
}
