package dev.llmsql.models.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.models.falcon.FalconRun;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.LlmJudge;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.models.judge.PromptTemplate;
import dev.llmsql.models.judge.VerdictForm;
import dev.llmsql.models.suite.CapabilitySuite;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builders of this module refuse a setting given twice with different values, naming the setting and both
 * values, instead of letting the later call silently win; the same value twice is fine.
 */
class ModelsStrictBuildersTest {

  @TempDir
  Path dir;

  @Test
  void chatClient_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> ChatClient.builder().temperature(0.0).temperature(0.7))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ChatClient.Builder: temperature was set twice, to 0.0 and to 0.7; set it once");
    assertThatThrownBy(() -> ChatClient.builder().baseUrl("http://a.test/v1").baseUrl("http://b.test/v1"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ChatClient.Builder: baseUrl was set twice, to http://a.test/v1 and to http://b.test/v1; set it "
            + "once");
    assertThatThrownBy(() -> ChatClient.builder().backoff(Duration.ofSeconds(1), Duration.ofSeconds(30))
        .backoff(Duration.ofSeconds(2), Duration.ofSeconds(30)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ChatClient.Builder: initial backoff was set twice, to PT1S and to PT2S; set it once");
    assertThatThrownBy(() -> ChatClient.builder().model("a").model("b"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ChatClient.Builder: model was set twice, to a and to b; set it once");
  }

  @Test
  void chatClient_twoEnvironments_areRefusedWithoutTheirGeneratedNames() {
    assertThatThrownBy(() -> ChatClient.builder().environment(name -> null).environment(name -> "key"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ChatClient.Builder: environment was set twice, to two different functions; set it once");
  }

  @Test
  void chatClient_sameValueTwice_isFine() {
    assertThat(ChatClient.builder().model("m").model("m").maxTokens(64).maxTokens(64).build().model())
        .isEqualTo("m");
  }

  @Test
  void llmJudge_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> LlmJudge.builder().form(VerdictForm.YES_NO).form(VerdictForm.RULES))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmJudge.Builder: form was set twice, to YES_NO and to RULES; set it once");
    assertThatThrownBy(() -> LlmJudge.builder().malformedRetries(2).malformedRetries(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmJudge.Builder: malformedRetries was set twice, to 2 and to 0; set it once");
  }

  @Test
  void inference_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> Inference.builder().questionsPath(Path.of("a.jsonl")).questionsPath(Path.of("b.jsonl")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Inference.Builder: questionsPath was set twice, to a.jsonl and to b.jsonl; set it once");
    assertThatThrownBy(() -> Inference.builder().shots(0).shots(5))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Inference.Builder: shots was set twice, to 0 and to 5; set it once");
    assertThatThrownBy(() -> Inference.builder().limit(10).limit(20))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Inference.Builder: limit was set twice, to 10 and to 20; set it once");
  }

  @Test
  void falconRun_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> FalconRun.builder().rounds(1).rounds(3))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("FalconRun.Builder: rounds was set twice, to 1 and to 3; set it once");
    assertThatThrownBy(() -> FalconRun.builder().outputDir(Path.of("out")).outputDir(Path.of("out2")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("FalconRun.Builder: outputDir was set twice, to out and to out2; set it once");
    assertThatThrownBy(() -> FalconRun.builder().concurrency(4).concurrency(8))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("FalconRun.Builder: concurrency was set twice, to 4 and to 8; set it once");
  }

  @Test
  void capabilitySuite_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> CapabilitySuite.builder().concurrency(4).concurrency(8))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("CapabilitySuite.Builder: concurrency was set twice, to 4 and to 8; set it once");
    assertThatThrownBy(() -> CapabilitySuite.builder().queryTimeout(Duration.ofSeconds(1))
        .queryTimeout(Duration.ofSeconds(5)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("CapabilitySuite.Builder: queryTimeout was set twice, to PT1S and to PT5S; set it once");
    assertThatThrownBy(() -> CapabilitySuite.builder().maxRows(10).maxRows(10).maxRows(11))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("CapabilitySuite.Builder: maxRows was set twice, to 10 and to 11; set it once");
  }

  @Test
  void objectsThatDoNotPrintThemselves_areNamedAsObjects_andProcessLogsByTheirFile() {
    assertThatThrownBy(() -> LlmJudge.builder().template(PromptTemplate.of("{{question}}"))
        .template(PromptTemplate.of("{{question}}")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmJudge.Builder: template was set twice, to two different objects; set it once");
    Path a = dir.resolve("a.jsonl");
    Path b = dir.resolve("b.jsonl");
    assertThatThrownBy(() -> ChatClient.builder().processLog(ProcessLog.to(a)).processLog(ProcessLog.to(b)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ChatClient.Builder: processLog was set twice, to " + a + " and to " + b + "; set it once");
    assertThat(ChatClient.builder().model("m").processLog(ProcessLog.to(a)).processLog(ProcessLog.to(a)).build()
        .model()).isEqualTo("m");
  }
}
