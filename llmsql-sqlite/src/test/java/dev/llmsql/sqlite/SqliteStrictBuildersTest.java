package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.sqlite.download.LlmsqlHub;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builders of this module refuse a setting given twice with different values, naming the setting and both
 * values, instead of letting the later call silently win; the same value twice is fine.
 */
class SqliteStrictBuildersTest {

  @TempDir
  Path dir;

  @Test
  void llmsqlHub_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> LlmsqlHub.builder().version("1.0").version("2.0"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmsqlHub.Builder: version was set twice, to 1.0 and to 2.0; set it once");
    assertThatThrownBy(() -> LlmsqlHub.builder().maxAttempts(3).maxAttempts(2))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmsqlHub.Builder: maxAttempts was set twice, to 3 and to 2; set it once");
    assertThatThrownBy(() -> LlmsqlHub.builder().endpoint(URI.create("http://a.test"))
        .endpoint(URI.create("http://b.test")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmsqlHub.Builder: endpoint was set twice, to http://a.test and to http://b.test; set it once");
    assertThatThrownBy(() -> LlmsqlHub.builder().readTimeout(Duration.ofSeconds(1)).readTimeout(Duration.ofSeconds(2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmsqlHub.Builder: readTimeout was set twice, to PT1S and to PT2S; set it once");
  }

  @Test
  void llmsqlHub_twoTokens_areRefusedWithoutShowingEither() {
    assertThatThrownBy(() -> LlmsqlHub.builder().token("hf_one").token("hf_two"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmsqlHub.Builder: token was set twice, to two different tokens; set it once");
  }

  @Test
  void llmsqlHub_sameValueTwice_isFine() {
    assertThatCode(() -> LlmsqlHub.builder().version("1.0").version("1.0").maxAttempts(2).maxAttempts(2)
        .token("hf_one").token("hf_one").build()).doesNotThrowAnyException();
  }

  @Test
  void datasetImport_settingTwiceWithDifferentValues_isRefusedNamingBoth() throws IOException {
    Path a = Files.writeString(dir.resolve("a.jsonl"), "");
    Path b = Files.writeString(dir.resolve("b.jsonl"), "");
    assertThatThrownBy(() -> DatasetImport.builder().questions(a).questions(b))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("DatasetImport.Builder: questions was set twice, to " + a + " and to " + b + "; set it once");
    assertThatThrownBy(() -> DatasetImport.builder().overwrite(true).overwrite(false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("DatasetImport.Builder: overwrite was set twice, to true and to false; set it once");
    assertThatThrownBy(() -> DatasetImport.builder().answers(false).answers(true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("DatasetImport.Builder: answers was set twice, to false and to true; set it once");
  }

  @Test
  void datasetImport_sameValueTwice_isFine() throws IOException {
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "");
    assertThat(DatasetImport.builder().tablesJsonl(tables).overwrite(true).overwrite(true).build()).isNotNull();
  }

  @Test
  void datasetImport_oneCsvFileTwice_isRefused() throws IOException {
    Path csvDir = Files.createDirectory(dir.resolve("csv"));
    Path people = Files.writeString(csvDir.resolve("people.csv"), "name\nAda\n");
    assertThatThrownBy(() -> DatasetImport.builder().csv(csvDir).csv(people).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("DatasetImport.Builder: " + people + " was given twice (as a file and within its directory, or "
            + "as one path twice); give each file once");
    assertThatThrownBy(() -> DatasetImport.builder().tablesJsonl(people).tablesJsonl(people).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("DatasetImport.Builder: " + people + " was given twice (as a file and within its directory, or "
            + "as one path twice); give each file once");
  }
}
