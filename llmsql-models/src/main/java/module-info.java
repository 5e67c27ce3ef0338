/**
 * Talking to models: the OpenAI-compatible chat client, the LLM judge, inference over a benchmark, Falcon-style
 * runs and SCALE-style capability suites (whose execution cases run on {@code dev.llmsql.sqlite}'s scratch
 * databases).
 */
module dev.llmsql.models {
  requires transitive dev.llmsql.core;
  requires dev.llmsql.judge;
  requires dev.llmsql.sqlite;
  requires org.apache.commons.csv;
  requires java.net.http;

  exports dev.llmsql.models.inference;
  exports dev.llmsql.models.falcon;
  exports dev.llmsql.models.judge;
  exports dev.llmsql.models.suite;

  // the process log serializes ChatMessage records with Jackson
  opens dev.llmsql.models.judge to com.fasterxml.jackson.databind;

  provides dev.llmsql.judgement.JudgeProvider with dev.llmsql.models.judge.LlmJudgeProvider;
}
