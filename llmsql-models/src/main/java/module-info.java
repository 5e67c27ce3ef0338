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

  exports dev.llmsql.inference;
  exports dev.llmsql.inference.falcon;
  exports dev.llmsql.judge.llm;
  exports dev.llmsql.suite;

  // the process log serializes ChatMessage records with Jackson
  opens dev.llmsql.judge.llm to com.fasterxml.jackson.databind;

  provides dev.llmsql.judge.JudgeProvider with dev.llmsql.judge.llm.LlmJudgeProvider;
}
