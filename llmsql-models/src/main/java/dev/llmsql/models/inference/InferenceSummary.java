package dev.llmsql.models.inference;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * What one {@link Inference#run(Path)} did.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * Inference inference = Inference.builder().client(client)
 *     .questionsPath(Path.of("questions.jsonl")).tablesPath(Path.of("tables.jsonl")).build();
 * InferenceSummary s = inference.run(Path.of("preds.jsonl"));
 * s.written();   // predictions appended by this run
 * }</pre>
 *
 * @param selected questions selected (after {@code limit})
 * @param skipped selected questions already in the output file, not asked again
 * @param written predictions appended by this run
 * @param failed question id to the error, for questions the model never answered; a re-run retries them
 * @param wallTime how long the run took
 * @param tornBytesDropped bytes of an incomplete last line (a crash mid-write) cut from the output file
 *     before appending; its question was asked again. 0 when the file ended cleanly
 */
public record InferenceSummary(int selected, int skipped, int written, Map<Long, String> failed,
                               Duration wallTime, long tornBytesDropped) {

  public InferenceSummary {
    failed = Map.copyOf(failed);
  }

  /** A summary of a run whose output file had no torn tail. */
  InferenceSummary(int selected, int skipped, int written, Map<Long, String> failed, Duration wallTime) {
    this(selected, skipped, written, failed, wallTime, 0);
  }
}
