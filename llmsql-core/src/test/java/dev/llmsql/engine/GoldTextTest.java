package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The calls the audit's {@code nondeterministic} check reads from a gold's text, exactly. */
class GoldTextTest {

  @Test
  void varyingCalls_sqliteDateFunctionsReadingTheClock_areFoundWithEitherQuote() {
    // SQLite reads the clock when the time value is 'now' or missing; strftime's first argument is its format
    assertThat(GoldText.varyingCalls("SELECT count(*) FROM t WHERE a < strftime('%Y')"))
        .containsExactly("strftime('%Y')");
    assertThat(GoldText.varyingCalls("SELECT strftime('%s') - 0")).containsExactly("strftime('%s')");
    // a double-quoted "now" is a string to SQLite when no column is named now
    assertThat(GoldText.varyingCalls("SELECT date(\"now\")")).containsExactly("date('now')");
    assertThat(GoldText.varyingCalls("SELECT time(\"now\",'localtime')")).containsExactly("time('now')");
    assertThat(GoldText.varyingCalls("SELECT julianday('now')")).containsExactly("julianday('now')");
    assertThat(GoldText.varyingCalls("SELECT strftime('%Y', \"NOW\", 'start of year')"))
        .containsExactly("strftime('now')");
    assertThat(GoldText.varyingCalls("SELECT datetime(), unixepoch( )")).containsExactly("datetime()",
        "unixepoch()");
    assertThat(GoldText.varyingCalls("SELECT timediff(d, 'now') FROM t")).containsExactly("timediff('now')");
    assertThat(GoldText.varyingCalls("SELECT date('now'), DATE('now')")).containsExactly("date('now')");
    // 'now' inside the time value's expression: the "until now" idiom
    assertThat(GoldText.varyingCalls("SELECT julianday(COALESCE(\"Hire Date\", 'now')) FROM e"))
        .containsExactly("julianday('now')");
    assertThat(GoldText.varyingCalls("SELECT date(IFNULL(NULL, 'now')), time(('now'))"))
        .containsExactly("date('now')", "time('now')");
  }

  @Test
  void varyingCalls_aColumnOrALiteralDate_isNoClock() {
    assertThat(GoldText.varyingCalls("SELECT strftime('%Y', birth_date) FROM people")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT date('2020-01-01')")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT strftime('%Y', \"birth date\", 'now') FROM p")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT date(strftime('%Y-%m-%d', d)) FROM t")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT timediff('2020-01-01', d) FROM t")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT 'date(''now'')', \"strftime('%Y')\" FROM t")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT date(now) FROM t")).isEmpty();
    // 'now' compared, inside a longer literal or in a comment is no time value
    assertThat(GoldText.varyingCalls("SELECT date(CASE WHEN note = 'now' THEN d END) FROM t")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT date((SELECT max(d) FROM t WHERE note = 'now'))")).isEmpty();
    assertThat(GoldText.varyingCalls("SELECT date('x''now''y'), date(d /* 'now' */) FROM t")).isEmpty();
  }

  @Test
  void varyingCalls_randomAndClockKeywords_asBefore() {
    assertThat(GoldText.varyingCalls("SELECT random(), randomblob(4), current_date, CURRENT_TIMESTAMP"))
        .isEqualTo(List.of("random()", "randomblob()", "current_date", "current_timestamp"));
  }
}
