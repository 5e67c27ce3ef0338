package dev.llmsql.sqlite.download;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.DefaultBenchmarkSourceFactory;
import java.net.URI;
import java.nio.file.Path;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class LlmsqlHubFactoryTest {

  @Test
  void serviceLoader_findsLlmsqlHubFactory() {
    assertThat(ServiceLoader.load(DefaultBenchmarkSourceFactory.class).stream()
        .map(ServiceLoader.Provider::type))
        .containsExactly(LlmsqlHubFactory.class);
  }

  @Test
  void create_versionWorkdirEndpoint_givesHubForThem() {
    BenchmarkSource source = new LlmsqlHubFactory()
        .create("1.0", Path.of("cache"), URI.create("http://127.0.0.1:9"));

    assertThat(source).isInstanceOfSatisfying(LlmsqlHub.class, hub -> {
      assertThat(hub.directory()).isEqualTo(Path.of("cache", "llmsql-1.0"));
      assertThat(hub.fileUri("questions.jsonl")).isEqualTo(URI.create(
          "http://127.0.0.1:9/datasets/llmsql-bench/llmsql-benchmark/resolve/main/questions.jsonl"));
    });
    assertThat(source.describe()).isEqualTo("LLMSQL 1.0 (" + Path.of("cache", "llmsql-1.0") + ")");
  }
}
