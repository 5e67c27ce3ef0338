package dev.llmsql.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * What a task returns for one model on one (benchmark, database, split): the partial report as the
 * single-machine engine made it (full JSON), with the ordinal of each of its results and input problems, and the
 * per-question rows of the results dataset.
 *
 * @param model the model
 * @param benchmark the benchmark's name
 * @param report the partial report, {@link dev.llmsql.report.FullReportJson} bytes
 * @param resultOrdinals the ordinal of each result, in the report's order
 * @param problemOrdinals the ordinal of each input problem, in the report's order (-1 when it names no
 *     prediction)
 * @param birdLevels BIRD's level of each result's question, in the report's order, when the judge is BIRD's
 *     (else empty): the report does not keep the raw {@code difficulty} label BIRD's table groups by
 * @param rows the per-question rows
 */
record PartOutput(String model, String benchmark, byte[] report, long[] resultOrdinals, long[] problemOrdinals,
                  byte[] birdLevels, List<Row> rows) implements Serializable {

  private static final long serialVersionUID = 1L;

  /** This output without its rows, for the driver. */
  PartOutput withoutRows() {
    return new PartOutput(model, benchmark, report, resultOrdinals, problemOrdinals, birdLevels, List.of());
  }
}
