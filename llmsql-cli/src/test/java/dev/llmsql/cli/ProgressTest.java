package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.result.QuestionResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

  final AtomicLong now = new AtomicLong();
  final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  static final QuestionResult MATCH = new QuestionResult(1, Verdict.match(), 1, 1, false, false, null, 0);
  static final QuestionResult WRONG = new QuestionResult(2, Verdict.mismatch(Reason.EXTRA_ROWS, ""), 1, 1, false,
      false, null, 0);

  String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void plain_printsOneLinePerIntervalWithRateAndEta() {
    // GIVEN: not a terminal, one line per 10 s, 100 predictions at 2 per second
    Progress progress = new Progress(err, Terminal.PLAIN, now::get, 10_000_000_000L, 0);
    progress.onStart(100);

    // WHEN
    for (int i = 1; i <= 30; i++) {
      now.set(i * 500_000_000L);
      progress.onResult(MATCH);
    }

    // THEN
    assertThat(printed()).isEqualTo("progress: 20/100 (20%), 2.0/s, ETA 0:40\n");
  }

  @Test
  void terminal_redrawsBarInPlace_andClearsItBeforePrintedMismatch() {
    // GIVEN: a terminal without colours, one mismatch printed by another listener
    Progress progress = new Progress(err, new Terminal(true, false), now::get, 0, 1);
    progress.onStart(4);

    // WHEN
    now.set(200_000_000L);
    progress.onResult(MATCH);
    now.set(350_000_000L);
    progress.onResult(WRONG);
    now.set(400_000_000L);
    progress.onResult(MATCH);
    progress.onFinish(null);

    // THEN
    assertThat(printed()).isEqualTo(
        "\r[#######.......................] 1/4 (25%), 5.0/s, ETA 0:01\u001b[K"
            + "\r\u001b[K"
            + "\r[######################........] 3/4 (75%), 7.5/s, ETA 0:00\u001b[K"
            + "\r[######################........] 3/4 (75%), 7.5/s, ETA 0:00\u001b[K\n");
  }

  @Test
  void detect_noConsole_isPlain() {
    assertThat(Terminal.detect(false, Map.of())).isEqualTo(Terminal.PLAIN);
  }

  @Test
  void detect_consoleWithNoColor_hasNoColours() {
    assertThat(Terminal.detect(true, Map.of("NO_COLOR", "1"))).isEqualTo(new Terminal(true, false));
    assertThat(Terminal.detect(true, Map.of("TERM", "dumb"))).isEqualTo(new Terminal(true, false));
    assertThat(Terminal.detect(true, Map.of("NO_COLOR", ""))).isEqualTo(new Terminal(true, true));
  }

  @Test
  void colours_onlyWhenAllowed() {
    assertThat(new Terminal(true, true).green("ok")).isEqualTo("\u001b[32mok\u001b[0m");
    assertThat(new Terminal(true, false).green("ok")).isEqualTo("ok");
  }
}
