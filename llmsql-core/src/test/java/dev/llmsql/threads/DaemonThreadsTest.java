package dev.llmsql.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {

  @Test
  void numbered_namesThreadsFromOneAndMakesThemDaemons() {
    DaemonThreads factory = DaemonThreads.numbered("llmsql-test-");

    Thread first = factory.newThread(() -> { });
    Thread second = factory.newThread(() -> { });

    assertThat(first.getName()).isEqualTo("llmsql-test-1");
    assertThat(second.getName()).isEqualTo("llmsql-test-2");
    assertThat(first.isDaemon()).isTrue();
    assertThat(second.isDaemon()).isTrue();
  }

  @Test
  void named_givesEveryThreadTheSameName() {
    DaemonThreads factory = DaemonThreads.named("falcon-model");

    assertThat(factory.newThread(() -> { }).getName()).isEqualTo("falcon-model");
    assertThat(factory.newThread(() -> { }).getName()).isEqualTo("falcon-model");
  }

  @Test
  void start_runsTheTaskOnANamedDaemonThread() throws InterruptedException {
    AtomicReference<String> ranOn = new AtomicReference<>();

    Thread thread = DaemonThreads.start("llmsql-warm-up", () -> ranOn.set(Thread.currentThread().getName()));
    thread.join();

    assertThat(ranOn.get()).isEqualTo("llmsql-warm-up");
    assertThat(thread.isDaemon()).isTrue();
  }
}
