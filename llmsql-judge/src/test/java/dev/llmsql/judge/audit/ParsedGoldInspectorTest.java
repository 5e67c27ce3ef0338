package dev.llmsql.judge.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.audit.GoldShape;
import org.junit.jupiter.api.Test;

/** The limit probes the audit runs for {@code limit_tie}, exactly as they are rewritten. */
class ParsedGoldInspectorTest {

  private final ParsedGoldInspector inspector = new ParsedGoldInspector();

  @Test
  void probe_withoutOffset_readsOneRowPastTheLimit() {
    assertThat(inspector.inspect("SELECT name FROM s ORDER BY score DESC LIMIT 1").limitProbes())
        .containsExactly(new GoldShape.LimitProbe(1,
            "SELECT name, score AS \"llmsql_sort_key_1\" FROM s ORDER BY score DESC LIMIT 2", 1, true, 0));
  }

  @Test
  void probe_withOffset_startsAtTheLastRowTheOffsetSkips_inBothSpellings() {
    assertThat(inspector.inspect("SELECT name FROM s ORDER BY score DESC LIMIT 1 OFFSET 1").limitProbes())
        .containsExactly(new GoldShape.LimitProbe(1,
            "SELECT name, score AS \"llmsql_sort_key_1\" FROM s ORDER BY score DESC LIMIT 3 OFFSET 0", 1, true, 1));
    // SQLite's LIMIT n, k skips n rows and keeps k
    assertThat(inspector.inspect("SELECT name FROM s ORDER BY score DESC LIMIT 4, 2").limitProbes())
        .containsExactly(new GoldShape.LimitProbe(2,
            "SELECT name, score AS \"llmsql_sort_key_1\" FROM s ORDER BY score DESC LIMIT 3, 4", 1, true, 4));
    // OFFSET 0 skips nothing: the probe is the one without an offset
    assertThat(inspector.inspect("SELECT name FROM s ORDER BY score LIMIT 2 OFFSET 0").limitProbes())
        .containsExactly(new GoldShape.LimitProbe(2,
            "SELECT name, score AS \"llmsql_sort_key_1\" FROM s ORDER BY score LIMIT 3 OFFSET 0", 1, true, 0));
  }

  @Test
  void probe_offsetWithoutAPositiveLimit_isNone() {
    assertThat(inspector.inspect("SELECT name FROM s ORDER BY score LIMIT -1 OFFSET 2").limitProbes()).isEmpty();
  }
}
