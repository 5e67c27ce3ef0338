package dev.llmsql.sqlite.download;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.DefaultBenchmarkSourceFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Gives the {@code Evaluator} its default benchmark, an {@link LlmsqlHub}; registered in
 * {@code META-INF/services/dev.llmsql.benchmark.DefaultBenchmarkSourceFactory}.
 *
 * <pre>{@code
 * BenchmarkSource hub = new LlmsqlHubFactory().create("2.0", Path.of("llmsql_workdir"), null);
 * }</pre>
 */
public final class LlmsqlHubFactory implements DefaultBenchmarkSourceFactory {

  /** For {@link java.util.ServiceLoader}. */
  public LlmsqlHubFactory() {
  }

  @Override
  public BenchmarkSource create(String version, Path workdir, URI endpoint) {
    return builder(version, workdir, endpoint).build();
  }

  @Override
  public BenchmarkSource create(String version, Path workdir, URI endpoint, long minimumRate, Duration rateWindow) {
    return builder(version, workdir, endpoint).minimumRate(minimumRate).rateWindow(rateWindow).build();
  }

  @Override
  public BenchmarkSource create(String version, Path workdir, URI endpoint, long minimumRate, Duration rateWindow,
                                long maxFileBytes) {
    return builder(version, workdir, endpoint).minimumRate(minimumRate).rateWindow(rateWindow)
        .maxFileBytes(maxFileBytes).build();
  }

  private static LlmsqlHub.Builder builder(String version, Path workdir, URI endpoint) {
    LlmsqlHub.Builder builder = LlmsqlHub.builder()
        .version(requireNonNull(version, "version"))
        .workdir(requireNonNull(workdir, "workdir"));
    if (endpoint != null) {
      builder.endpoint(endpoint);
    }
    return builder;
  }
}
