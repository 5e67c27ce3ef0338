package dev.llmsql.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatabaseTest {

  @Test
  void forDbId_urlTemplate_fillsThePlaceholder_andKeepsProperties() {
    Database template = Database.jdbc("jdbc:postgresql://localhost:5432/{db_id}?ssl=false",
        Map.of("user", "reader", "password", "s3cret"));

    Database concert = template.forDbId("concert_singer");

    assertThat(concert).isEqualTo(Database.jdbc("jdbc:postgresql://localhost:5432/concert_singer?ssl=false",
        Map.of("user", "reader", "password", "s3cret")));
    assertThat(((Database.Jdbc) concert).driverProperties()).containsEntry("user", "reader");
  }

  @Test
  void forDbId_notAPlainName_isRefused_soAQuestionsFileCannotSteerTheUrl() {
    Database template = Database.jdbc("jdbc:duckdb:/data/{db_id}.duckdb");

    for (String bad : new String[] {"../etc", "a/b", ".hidden", "x?access_mode=read_write", "a b", ""}) {
      assertThatThrownBy(() -> template.forDbId(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("is not a plain name");
    }
    assertThatThrownBy(() -> template.forDbId(null)).hasMessage("db_id (none) is not a plain name (letters, "
        + "digits, _ - . and not starting with a dot), so it cannot fill {db_id} in jdbc:duckdb:/data/{db_id}.duckdb");
  }

  @Test
  void forDbId_fileOrUrlWithoutPlaceholder_isUnchanged() {
    Database file = Database.file(Path.of("sqlite_tables.db"));
    Database url = Database.jdbc("jdbc:duckdb:/data/spider.duckdb");

    assertThat(file.forDbId("anything")).isSameAs(file);
    assertThat(url.forDbId("../anything")).isSameAs(url);
  }

  @Test
  void describe_neverShowsAPassword() {
    assertThat(Database.jdbc("jdbc:postgresql://h/db?user=u&password=s3cret&ssl=true").describe())
        .isEqualTo("jdbc:postgresql://h/db?user=u&password=***&ssl=true");
    assertThat(Database.jdbc("jdbc:postgresql://u:s3cret@h/db").describe()).isEqualTo("jdbc:postgresql://u:***@h/db");
    assertThat(Database.jdbc("jdbc:x:y", Map.of("password", "s3cret")).toString()).doesNotContain("s3cret");
  }

  @Test
  void jdbc_notAJdbcUrl_isRefusedWithoutEchoingItsSecret() {
    assertThatThrownBy(() -> Database.jdbc("postgresql://h/db?password=s3cret"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a JDBC URL (it must start with jdbc:): postgresql://h/db?password=***");
  }
}
