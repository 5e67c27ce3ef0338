/**
 * LLM as a judge: an OpenAI-compatible chat-completions client ({@link dev.llmsql.judge.llm.ChatClient},
 * reusable for inference), a process log, prompt templates, and
 * {@link dev.llmsql.judge.llm.LlmJudge} (yes/no and rule verdicts, voting, hybrid with execution). Start
 * from {@link dev.llmsql.judge.llm.LlmJudge}.
 */
package dev.llmsql.judge.llm;
