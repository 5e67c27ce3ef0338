package dev.llmsql.benchmark;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Service-provider interface behind the {@link dev.llmsql.Evaluator}'s default benchmark: the LLMSQL
 * release of a version, downloaded on demand into a work dir. {@code llmsql-sqlite} provides it through
 * {@code META-INF/services/dev.llmsql.benchmark.DefaultBenchmarkSourceFactory}.
 *
 * <pre>{@code
 * BenchmarkSource src = ServiceLoader.load(DefaultBenchmarkSourceFactory.class).findFirst().orElseThrow()
 *     .create("2.0", Path.of("llmsql_workdir"), null);
 * }</pre>
 */
public interface DefaultBenchmarkSourceFactory {

  /**
   * The LLMSQL benchmark of {@code version}, cached in {@code workdir}.
   *
   * @param version {@code "1.0"} or {@code "2.0"}
   * @param workdir where downloads are cached, never null
   * @param endpoint the hub endpoint, or null for {@code HF_ENDPOINT} or {@code https://huggingface.co}
   */
  BenchmarkSource create(String version, Path workdir, URI endpoint);

  /**
   * The same, with the slowest rate a download may go ({@code minimumRate} bytes a second averaged over
   * {@code rateWindow}, 0 for no minimum); a factory without such a check ignores them.
   */
  default BenchmarkSource create(String version, Path workdir, URI endpoint, long minimumRate,
                                 Duration rateWindow) {
    return create(version, workdir, endpoint);
  }

  /**
   * The same, with the largest file a download may be ({@code maxFileBytes}); a factory without such a bound
   * ignores it.
   */
  default BenchmarkSource create(String version, Path workdir, URI endpoint, long minimumRate,
                                 Duration rateWindow, long maxFileBytes) {
    return create(version, workdir, endpoint, minimumRate, rateWindow);
  }
}
