/**
 * The model, the SPIs (execution, judges, scorings, benchmark sources), extraction, the evaluator and the
 * reports. The evaluation engine ({@code dev.llmsql.engine}) is not exported. Engines, judges and scorings in
 * other modules plug in through {@link java.util.ServiceLoader}.
 */
@SuppressWarnings("module")   // the qualified export below names a module built after this one
module dev.llmsql.core {
  requires transitive com.fasterxml.jackson.databind;
  requires transitive java.sql;
  requires com.fasterxml.jackson.dataformat.yaml;
  requires org.apache.commons.csv;
  requires org.slf4j;
  requires java.xml;

  exports dev.llmsql;
  exports dev.llmsql.audit;
  exports dev.llmsql.benchmark;
  exports dev.llmsql.compare;
  exports dev.llmsql.config;
  exports dev.llmsql.execution;
  // the one questions reader, for dataset import's check of imported questions (llmsql-sqlite), which must not
  // reach for the facade; the rest of the engine stays internal
  exports dev.llmsql.engine to dev.llmsql.sqlite;
  exports dev.llmsql.extraction;
  exports dev.llmsql.files;
  exports dev.llmsql.gate;
  exports dev.llmsql.guard;
  exports dev.llmsql.judgement;
  exports dev.llmsql.matching;
  exports dev.llmsql.prediction;
  exports dev.llmsql.protocol;
  exports dev.llmsql.report;
  exports dev.llmsql.report.csv;
  exports dev.llmsql.report.html;
  exports dev.llmsql.report.leaderboard;
  exports dev.llmsql.result;
  exports dev.llmsql.retry;
  exports dev.llmsql.scoring;
  exports dev.llmsql.stats;
  exports dev.llmsql.threads;

  uses dev.llmsql.audit.GoldInspector;
  uses dev.llmsql.benchmark.DefaultBenchmarkSourceFactory;
  uses dev.llmsql.execution.ImportTarget;
  uses dev.llmsql.execution.QueryEngine;
  uses dev.llmsql.judgement.JudgeProvider;
  uses dev.llmsql.protocol.Protocol;
  uses dev.llmsql.scoring.ScoringProvider;
  uses dev.llmsql.report.ReportWriter;

  provides dev.llmsql.report.ReportWriter with dev.llmsql.report.FullJsonWriter, dev.llmsql.report.csv.CsvWriter,
      dev.llmsql.report.html.HtmlWriter, dev.llmsql.report.LlmsqlJsonWriter,
      dev.llmsql.report.leaderboard.LeaderboardYamlWriter, dev.llmsql.gate.JunitXmlWriter;
}
