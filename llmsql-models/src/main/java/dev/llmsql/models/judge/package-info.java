/**
 * LLM as a judge: an OpenAI-compatible chat-completions client ({@link dev.llmsql.models.judge.ChatClient},
 * reusable for inference), a process log, prompt templates, and
 * {@link dev.llmsql.models.judge.LlmJudge} (yes/no and rule verdicts, voting, hybrid with execution). Start
 * from {@link dev.llmsql.models.judge.LlmJudge}.
 */
package dev.llmsql.models.judge;
