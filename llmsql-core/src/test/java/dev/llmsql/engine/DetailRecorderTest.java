package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judge.ForwardingJudgeContext;
import dev.llmsql.judge.JudgeContext;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DetailRecorderTest {

  @Test
  void forwardingContext_overridesEveryJudgeContextMethod() {
    // A default method left to the interface would skip the engine's own (early stop, gold cache).
    assertThat(DetailRecorder.Recording.class.getSuperclass()).isEqualTo(ForwardingJudgeContext.class);
    for (Method m : JudgeContext.class.getMethods()) {
      assertThat(Arrays.stream(ForwardingJudgeContext.class.getDeclaredMethods())
          .anyMatch(d -> d.getName().equals(m.getName())
              && Arrays.equals(d.getParameterTypes(), m.getParameterTypes())))
          .as("ForwardingJudgeContext overrides %s", m).isTrue();
    }
  }
}
