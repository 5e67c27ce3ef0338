/**
 * Judges and scorings beyond the defaults: result-set presets (Spider, BIRD, Falcon, Defog), exact-set
 * matching, SQL dialect checks, judge disagreements and peer scorings. Engine-neutral: no database code.
 */
module dev.llmsql.judge {
  requires transitive dev.llmsql.core;
  requires transitive net.sf.jsqlparser;

  exports dev.llmsql.judge.compare;
  exports dev.llmsql.judge.dialect;
  exports dev.llmsql.judge.resultset;
  exports dev.llmsql.judge.structure;
  exports dev.llmsql.judge.scoring;

  provides dev.llmsql.judgement.JudgeProvider with dev.llmsql.judge.resultset.ResultSetJudgeProvider,
      dev.llmsql.judge.structure.ExactSetJudgeProvider, dev.llmsql.judge.dialect.DialectJudgeProvider;
  provides dev.llmsql.audit.GoldInspector with dev.llmsql.judge.audit.ParsedGoldInspector;
  provides dev.llmsql.scoring.ScoringProvider with dev.llmsql.judge.scoring.PeerScoringProvider;
}
