package dev.llmsql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.benchmark.Benchmarks;
import dev.llmsql.execution.Database;
import dev.llmsql.judgement.Judges;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The evaluator's builder refuses settings that contradict each other, naming both, instead of letting the
 * later one silently win. Nothing here runs an evaluation: {@code build()} decides.
 */
class EvaluatorBuilderTest {

  private static final Path QUESTIONS = Path.of("questions.jsonl");
  private static final Path DB = Path.of("db.sqlite");

  private static Evaluator.Builder local() {
    return Evaluator.builder().questionsPath(QUESTIONS).dbPath(DB);
  }

  @Test
  void saveReport_andNoReportFile_conflict() {
    assertThatThrownBy(() -> local().saveReport(Path.of("r.json")).noReportFile().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("saveReport(r.json) and noReportFile() conflict: both set report file; set it once");
    assertThatThrownBy(() -> local().noReportFile().saveReport(Path.of("r.json")).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("noReportFile() and saveReport(r.json) conflict: both set report file; set it once");
  }

  @Test
  void saveReport_twiceToDifferentFiles_conflicts_butTheSameFileTwiceIsFine() {
    assertThatThrownBy(() -> local().saveReport(Path.of("a.json")).saveReport(Path.of("b.json")).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("saveReport(a.json) and saveReport(b.json) conflict: both set report file; set it once");
    assertThat(local().saveReport(Path.of("a.json")).saveReport(Path.of("a.json")).build()).isNotNull();
  }

  @Test
  void goldCache_andNoGoldCache_conflict() {
    assertThatThrownBy(() -> local().goldCache(Path.of("gc")).noGoldCache().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("goldCache(gc) and noGoldCache() conflict: both set gold cache; set it once");
  }

  @Test
  void showMismatchesFalse_andAPrintedCount_conflict() {
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true);
    assertThatThrownBy(() -> local().showMismatches(false).showMismatches(out, 3).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("showMismatches(false) and showMismatches(out, 3) conflict: both set showMismatches; set it "
            + "once");
    assertThatThrownBy(() -> local().maxMismatches(2).showMismatches(false).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("maxMismatches(2) and showMismatches(false) conflict: both set showMismatches; set it once");
  }

  @Test
  void aSettingGivenTwiceWithDifferentValues_conflicts_andEveryConflictIsNamed() {
    assertThatThrownBy(() -> local().threads(2).threads(4).maxRows(10).maxRows(20).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("threads(2) and threads(4) conflict: both set threads; set it once; "
            + "maxRows(10) and maxRows(20) conflict: both set maxRows; set it once");
    assertThatThrownBy(() -> local().queryTimeout(Duration.ofSeconds(1)).queryTimeout(Duration.ofSeconds(2)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("queryTimeout(PT1S) and queryTimeout(PT2S) conflict: both set queryTimeout; set it once");
    assertThatThrownBy(() -> local().judge(Judges.llmsqlByVersion()).judge(Judges.llmsql()).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("judge(" + Judges.llmsqlByVersion().name() + ") and judge(llmsql) conflict: both set judge; "
            + "set it once");
    assertThat(local().judge(Judges.llmsql()).judge(Judges.llmsql()).build()).isNotNull();
    assertThatThrownBy(() -> local().keepResults(false).keepResults(true).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("keepResults(false) and keepResults(true) conflict: both set keepResults; set it once");
  }

  @Test
  void twoDatabaseSettings_conflict_namingBoth() {
    assertThatThrownBy(() -> local().database(Database.file(DB)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("dbPath(...) and database(...) exclude each other: use dbPath for one SQLite file, databasesDir "
            + "for {dir}/{db_id}/{db_id}.sqlite, database for any engine");
    assertThatThrownBy(() -> local().databasesDir(Path.of("dbs")).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("dbPath(...) and databasesDir(...) exclude each other: use dbPath for one SQLite file, "
            + "databasesDir for {dir}/{db_id}/{db_id}.sqlite, database for any engine");
  }

  @Test
  void benchmark_andLocalFiles_conflict() {
    assertThatThrownBy(() -> local().benchmark(Benchmarks.local(QUESTIONS, DB)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("benchmark(...) and questionsPath(...) exclude each other: give the benchmark as a source or "
            + "as local files, not both");
  }

  @Test
  void versionOrHubEndpoint_withLocalFilesOrABenchmark_conflict() {
    assertThatThrownBy(() -> local().version("1.0").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("questionsPath(...) and version(...) exclude each other: version applies to the LLMSQL "
            + "benchmark downloaded when no benchmark is given");
    assertThatThrownBy(() -> Evaluator.builder().benchmark(Benchmarks.local(QUESTIONS, DB))
        .hubEndpoint(URI.create("http://localhost:1")).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("benchmark(...) and hubEndpoint(...) exclude each other: hubEndpoint applies to the LLMSQL "
            + "benchmark downloaded when no benchmark is given");
    assertThatThrownBy(() -> local().downloadMinimumRate(0, java.time.Duration.ofSeconds(30)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("questionsPath(...) and downloadMinimumRate(...) exclude each other: downloadMinimumRate "
            + "applies to the LLMSQL benchmark downloaded when no benchmark is given");
  }

  @Test
  void downloadMinimumRate_outOfRange_isRefusedAtOnce() {
    assertThatThrownBy(() -> Evaluator.builder().downloadMinimumRate(-1, java.time.Duration.ofSeconds(30)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("downloadMinimumRate must be between 0 and 1000000000, but was -1");
    assertThatThrownBy(() -> Evaluator.builder().downloadMinimumRate(1024, java.time.Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("downloadMinimumRate window must be between 1 s and 86400 s, but was PT0S");
  }

  @Test
  void toBuilder_mayReplaceEachSettingOnce() {
    Evaluator saving = local().saveReport(Path.of("r.json")).threads(2).showMismatches(false).build();

    Evaluator variant = saving.toBuilder().noReportFile().threads(4).maxMismatches(1).build();

    assertThat(variant.toString()).isEqualTo("Evaluator{questionsPath=questions.jsonl, dbPath=db.sqlite, "
        + "noReportFile, threads=4, maxMismatches=1}");
    assertThatThrownBy(() -> saving.toBuilder().threads(4).threads(8).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("threads(4) and threads(8) conflict: both set threads; set it once");
  }
}
