package dev.llmsql.benchmark;

import java.io.IOException;

/**
 * Where a benchmark's files come from: local paths ({@link Benchmarks#local}), or a download such as
 * the LLMSQL benchmark on the Hugging Face hub (module {@code llmsql-sqlite}).
 *
 * <pre>{@code
 * BenchmarkSource source = Benchmarks.local(Path.of("questions.jsonl"), Path.of("sqlite_tables.db"));
 * BenchmarkFiles files = source.resolve(DownloadListener.NONE);
 * }</pre>
 */
public interface BenchmarkSource {

  /**
   * Makes the benchmark's files available locally, downloading them if needed.
   *
   * @param listener told about download progress, never null
   * @return the local files, never null
   * @throws IOException when the files cannot be had; the message names the file or URL and the fix
   */
  BenchmarkFiles resolve(DownloadListener listener) throws IOException;

  /** A short human description, e.g. {@code "LLMSQL 2.0 (llmsql_workdir)"}. */
  String describe();
}
