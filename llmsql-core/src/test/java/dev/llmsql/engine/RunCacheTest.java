package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunCacheTest {

  private static final Database DB = Database.file(Path.of("db.sqlite"));

  @Test
  void put_pastTwoGenerations_dropsTheOldestButKeepsWhatWasUsedRecently() {
    RunCache cache = new RunCache(null);
    cache.put(DB, "SELECT first", one(0));
    cache.put(DB, "SELECT used", one(1));
    for (int i = 0; i < RunCache.GENERATION; i++) {
      cache.put(DB, "SELECT " + i, one(i));
    }
    assertThat(cache.get(DB, "SELECT used")).as("promoted from the older generation").isEqualTo(one(1));

    for (int i = 0; i < RunCache.GENERATION; i++) {
      cache.put(DB, "SELECT more " + i, one(i));
    }

    assertThat(cache.get(DB, "SELECT first")).isNull();
    assertThat(cache.get(DB, "SELECT used")).isEqualTo(one(1));
    assertThat(cache.get(DB, "SELECT more 0")).isEqualTo(one(0));
  }

  @Test
  void put_largeOrIncompleteResults_areNotKept() {
    RunCache cache = new RunCache(null);
    List<List<Object>> rows = java.util.stream.LongStream.range(0, RunCache.MAX_ROWS_KEPT + 1)
        .mapToObj(i -> List.<Object>of(i)).toList();
    cache.put(DB, "SELECT big", QueryOutcome.success(new QueryResult(List.of("n"), rows), 0));
    cache.put(DB, "SELECT cut", QueryOutcome.success(QueryResult.incomplete(List.of("n"), List.of()), 0));

    assertThat(cache.get(DB, "SELECT big")).isNull();
    assertThat(cache.get(DB, "SELECT cut")).isNull();
  }

  private static QueryOutcome one(long value) {
    return QueryOutcome.success(new QueryResult(List.of("v"), List.of(List.of(value))), 0);
  }
}
