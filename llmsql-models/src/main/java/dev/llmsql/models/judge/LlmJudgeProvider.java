package dev.llmsql.models.judge;

import dev.llmsql.config.Range;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeProvider;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.RunInputs;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Registers {@code llm} for {@code Judges.named(...)} and {@code --judge}, configured from environment
 * variables (a command line has no room for a client's options): {@value #MODEL} (required; several
 * models, comma-separated, vote), {@value #BASE_URL} (default OpenAI's), {@value #API_KEY_ENV} (the name of
 * the variable holding the key, default {@code OPENAI_API_KEY}), {@value #LOG} (process log file, none by
 * default) and {@value #PROMPT} (a prompt template file). Option {@code hybrid}: LLMSQL's execution match
 * first, the LLM only when the gold fails or values differ.
 *
 * <pre>{@code
 * // LLMSQL_JUDGE_MODEL=gpt-4o-mini LLMSQL_JUDGE_LOG=judge-log.jsonl llmsql evaluate ... --judge llm:hybrid
 * Judge j = Judges.named("llm:hybrid");
 * }</pre>
 */
public final class LlmJudgeProvider implements JudgeProvider {

  public static final String MODEL = "LLMSQL_JUDGE_MODEL";
  public static final String BASE_URL = "LLMSQL_JUDGE_BASE_URL";
  public static final String API_KEY_ENV = "LLMSQL_JUDGE_API_KEY_ENV";
  public static final String LOG = "LLMSQL_JUDGE_LOG";
  public static final String PROMPT = "LLMSQL_JUDGE_PROMPT";

  /** For {@link java.util.ServiceLoader}. */
  public LlmJudgeProvider() {
  }

  @Override
  public Set<String> names() {
    return Set.of("llm");
  }

  @Override
  public Set<String> options(String name) {
    return Set.of("hybrid");
  }

  @Override
  public List<String> help() {
    return List.of("llm", "llm:hybrid (LLM judges read LLMSQL_JUDGE_* variables; see docs/JUDGES.md)");
  }

  @Override
  public Judge create(String name, Set<String> options) {
    return create(options, System::getenv);
  }

  static Judge create(Set<String> options, Function<String, String> env) {
    String models = env.apply(MODEL);
    if (models == null || models.isBlank()) {
      throw new IllegalArgumentException("judge 'llm' needs the environment variable " + MODEL + " set to the "
          + "judge model's name (several, comma-separated, vote); optional: " + BASE_URL + ", " + API_KEY_ENV
          + ", " + LOG + ", " + PROMPT);
    }
    String baseUrl = blank(env.apply(BASE_URL)) ? null : env.apply(BASE_URL).trim();
    if (baseUrl != null) {
      // refused before the run, in the variable's name: a URL no request can reach failed every question
      Range.httpUrl(BASE_URL, baseUrl);
    }
    ProcessLog log = blank(env.apply(LOG)) ? null : ProcessLog.to(logTarget(env.apply(LOG)));
    LlmJudge.Builder judge = LlmJudge.builder().unavailableFix(unavailableFix(env));
    List<String> names = Arrays.stream(models.split(",")).map(String::trim).filter(m -> !m.isEmpty()).toList();
    for (String model : names) {
      ChatClient.Builder client = ChatClient.builder().model(model).environment(env);
      if (baseUrl != null) {
        client.baseUrl(baseUrl);
      }
      if (!blank(env.apply(API_KEY_ENV))) {
        client.apiKeyEnv(env.apply(API_KEY_ENV).trim());
      }
      if (log != null) {
        client.processLog(log);
      }
      judge.client(client.build());
    }
    if (!blank(env.apply(PROMPT))) {
      judge.template(PromptTemplate.file(Path.of(env.apply(PROMPT).trim())));
    }
    if (options.contains("hybrid")) {
      judge.execution(Judges.llmsql()).askWhen(LlmJudge.AskWhen.GOLD_ERROR, LlmJudge.AskWhen.VALUES_DIFFER)
          .name("llm:hybrid");
    }
    return judge.build();
  }

  /** What to check when the judge's server cannot be used, in this configuration's terms (no builder calls). */
  private static String unavailableFix(Function<String, String> env) {
    boolean chosen = !blank(env.apply(API_KEY_ENV));
    String keyVariable = chosen ? env.apply(API_KEY_ENV).trim() : ChatClient.DEFAULT_API_KEY_ENV;
    return "check that the judge's server is up, and " + BASE_URL + ", " + MODEL + " and the API key in "
        + keyVariable + (blank(env.apply(keyVariable)) ? ", which is not set" : "")
        + (chosen ? "" : " (" + API_KEY_ENV + " can name another variable)");
  }

  /**
   * The log file, refused when it exists and is not a regular file (a directory, {@code /dev/null}, a FIFO):
   * checked before any judging, as every output is; a caller knowing the run's inputs checks those too.
   */
  private static Path logTarget(String value) {
    Path file = Path.of(value);
    try {
      ReportFiles.requireWritableTarget(file, RunInputs.none());
    } catch (OutputTargetException e) {
      throw new IllegalArgumentException(LOG + " " + e.getMessage(), e);
    }
    return file;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
