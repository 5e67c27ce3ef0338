package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evaluation daemon and its client over a real Unix socket, the daemon on a thread of this JVM: what it
 * serves, what it declines, and when it stops. {@code llmsql-examples}' {@code LauncherTest} starts it the way
 * {@code bin/llmsql} does.
 */
class EvaluateDaemonTest {

  private static final Path DEMO = CliTest.DEMO.toAbsolutePath().normalize();
  private static final String ENV = DaemonAdmission.environmentDigest(System.getenv());
  private static final DaemonWire.Encodings ENC = DaemonWire.Encodings.ofThisJvm();

  @TempDir
  Path temp;

  private Path dir;
  private Path socket;
  private final CountDownLatch gone = new CountDownLatch(1);
  private EvaluateDaemon daemon;
  private Thread serving;

  @BeforeEach
  void privateDirectory() throws IOException {
    dir = Files.createDirectory(temp.resolve("run"), PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rwx------")));
    socket = dir.resolve("evaluate-1.sock");
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (daemon != null) {
      daemon.stop();
      serving.join(TimeUnit.SECONDS.toMillis(30));
    }
  }

  @Test
  void servedRun_printsAndExitsAsTheSameRunInProcess() throws Exception {
    start(Duration.ofMinutes(1));
    ByteArrayOutputStream plainOut = new ByteArrayOutputStream();
    ByteArrayOutputStream plainErr = new ByteArrayOutputStream();
    int plain = new Cli(print(plainOut), print(plainErr)).run(demo().toArray(String[]::new));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    OptionalInt served = DaemonClient.run(socket, demo().toArray(String[]::new), false, print(out), print(err));

    assertThat(plain).isZero();
    assertThat(served).hasValue(0);
    assertThat(untimed(out)).isEqualTo(untimed(plainOut)).contains("Mismatch #5: ", "  Matches:        27\n");
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(plainErr.toString(StandardCharsets.UTF_8));
  }

  @Test
  void servedRunsWarnings_nameTheThreadsThatARunInItsOwnJvmNames() throws Exception {
    start(Duration.ofMinutes(1));
    List<String> args = withGoldCache();
    Path gold = goldCacheFile(args);
    byte[] whole = Files.readAllBytes(gold);
    byte[] damaged = java.util.Arrays.copyOf(whole, whole.length / 2);   // cut short: warned about, then rebuilt

    Files.write(gold, damaged);
    ByteArrayOutputStream servedErr = new ByteArrayOutputStream();
    OptionalInt served = DaemonClient.run(socket, args.toArray(String[]::new), false,
        print(new ByteArrayOutputStream()), print(servedErr));
    Files.write(gold, damaged);
    ByteArrayOutputStream plainErr = new ByteArrayOutputStream();
    PrintStream systemErr = System.err;
    // as in a JVM of its own: on "main", the log going to System.err, which is the command's standard error
    System.setErr(print(plainErr));
    try {
      Thread own = new Thread(() -> new Cli(print(new ByteArrayOutputStream()), System.err)
          .run(args.toArray(String[]::new)), "main");
      own.start();
      own.join(TimeUnit.SECONDS.toMillis(60));
    } finally {
      System.setErr(systemErr);
    }

    assertThat(served).hasValue(0);
    assertThat(servedErr.toString(StandardCharsets.UTF_8)).isEqualTo(plainErr.toString(StandardCharsets.UTF_8))
        .contains("[llmsql-gold-cache] WARN ");
  }

  @Test
  void servedRunsText_isEncodedAsTheClientsOwnStandardOutputWouldBe() throws Exception {
    start(Duration.ofMinutes(1));
    Path wrong = Files.writeString(temp.resolve("wrong.jsonl"),
        "{\"question_id\": 29, \"completion\": \"SELECT 1\"}\n");   // its question: "... Café Lumière?"
    List<String> args = new ArrayList<>(demo());
    args.set(args.indexOf("--outputs") + 1, wrong.toString());
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    assertThat(new Cli(new PrintStream(plain, true, StandardCharsets.US_ASCII), print(new ByteArrayOutputStream()))
        .run(args.toArray(String[]::new))).isZero();

    ByteArrayOutputStream served = new ByteArrayOutputStream();
    try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
      DataOutputStream request = new DataOutputStream(DaemonWire.out(client));
      new DaemonWire.Request(System.getProperty("user.dir"), ENV, false, new DaemonWire.Encodings("US-ASCII",
          "US-ASCII"), args).writeTo(request);
      DataInputStream in = new DataInputStream(DaemonWire.in(client));
      for (byte kind = readFrame(in, served); kind != DaemonWire.EXIT; kind = readFrame(in, served)) {
        if (kind == DaemonWire.READY) {
          request.writeByte(DaemonWire.GO);
        }
      }
    }

    assertThat(untimed(plain)).contains("Question:   Which account manager ID is assigned to Caf? Lumi?re?");
    assertThat(untimed(served)).isEqualTo(untimed(plain));
  }

  /** Reads one frame; standard output's bytes go to {@code out}. */
  private static byte readFrame(DataInputStream in, ByteArrayOutputStream out) throws IOException {
    byte kind = in.readByte();
    byte[] bytes = in.readNBytes(in.readInt());
    if (kind == DaemonWire.OUT) {
      out.write(bytes);
    }
    return kind;
  }

  @Test
  void servedRun_keepsItsExitStatus_andAnErrorLine() throws Exception {
    start(Duration.ofMinutes(1));
    List<String> args = new ArrayList<>(demo());
    args.set(args.indexOf("--db-path") + 1, DEMO.resolve("missing.sqlite").toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    OptionalInt served = DaemonClient.run(socket, args.toArray(String[]::new), false, print(out), print(err));

    assertThat(served).hasValue(Cli.NO_BENCHMARK);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql evaluate: database file not found: "
        + DEMO.resolve("missing.sqlite") + "; check the path given to --db-path\n");
  }

  @Test
  void commandLinesThatMeanSomethingElseInTheDaemon_areDeclined_andTheDaemonServesOn() throws Exception {
    start(Duration.ofMinutes(1));
    Path link = Files.createSymbolicLink(temp.resolve("predictions.jsonl"), Path.of("/dev/stdin"));
    // a link anywhere on the way, not only at its end: p/self/fd/0 is the daemon's own descriptor 0 there
    Path proc = Files.createSymbolicLink(temp.resolve("p"), Path.of("/proc"));
    Path chain = Files.createSymbolicLink(temp.resolve("chain"), Path.of("p/self/fd/0"));
    List<List<String>> declined = List.of(List.of("--version"), with("--verbose"), with("-v"),
        replaced("--outputs", "/dev/stdin"), replaced("--outputs", "/proc/self/fd/0"), replaced("--outputs", "-"),
        replaced("--outputs", link.toString()), with("--save-report=" + link),
        replaced("--outputs", Path.of("").toAbsolutePath().relativize(Path.of("/dev/stdin")).toString()),
        replaced("--outputs", "/work/../dev/null"), replaced("--outputs", proc.resolve("self/fd/0").toString()),
        replaced("--outputs", chain.toString()), with("--gate-format", "junit-xml=" + proc + "/self/fd/1"),
        with("--jdbc-url=jdbc:duckdb:" + proc + "/self/fd/3"),
        with("--save-report=" + temp.resolve("not-yet/../../../../../../../../proc/self/fd/1")),
        // as picocli reads it with -Dpicocli.trimQuotes=true
        replaced("--outputs", "\"" + link + "\""),
        // files found later, by names the command line does not hold
        with("--databases-dir", temp.toString()), with("--databases-dir=" + temp),
        // other spellings picocli takes: --verbose=true, clusters, quotes it trims with -Dpicocli.trimQuotes=true
        with("--verbose=true"), with("-v=TRUE"), with("-vv"), with("-qv"), with("\"--verbose\""),
        with("'--databases-dir'", temp.toString()), replaced("--outputs", "\"-\""),
        with("--jdbc-url", "jdbc:duckdb:" + temp + "/{db_id}.duckdb"),
        List.of());
    for (List<String> args : declined) {
      assertThat(DaemonAdmission.admits(args)).as(args.toString()).isFalse();
      // the daemon checks too: a client that does not
      assertThat(rawRequest(new DaemonWire.Request(System.getProperty("user.dir"), ENV, false, ENC, args)))
          .as(args.toString()).isEqualTo(DaemonWire.DECLINED);
    }
    Path dev = Files.createDirectories(temp.resolve("home/dev/project"));
    assertThat(DaemonAdmission.admits(replaced("--outputs", dev.resolve("predictions.jsonl").toString())))
        .as("a folder named dev").isTrue();
    assertThat(DaemonAdmission.admits(with("--save-report=" + temp.resolve("reports/new/r.json"))))
        .as("a report in folders not made yet").isTrue();
    assertThat(DaemonAdmission.admits(with("--fail-under=accuracy=0.7"))).isTrue();
    assertThat(DaemonAdmission.admits(with("--verbose=false"))).as("verbose turned off").isTrue();
    // a name longer than any file system allows fails alike in either process (it was declined as unreadable)
    assertThat(DaemonAdmission.admits(with("--save-report=" + temp.resolve("r".repeat(300) + ".json"))))
        .as("a name over 255 bytes").isTrue();
    assertThat(rawRequest(new DaemonWire.Request(System.getProperty("user.dir"), "another environment", false,
        ENC, demo()))).as("an environment that differs").isEqualTo(DaemonWire.DECLINED);
    assertThat(rawRequest(new DaemonWire.Request(temp.toString(), ENV, false, ENC, demo())))
        .as("another working directory").isEqualTo(DaemonWire.DECLINED);

    assertThat(DaemonClient.run(socket, demo().toArray(String[]::new), false, print(new ByteArrayOutputStream()),
        print(new ByteArrayOutputStream()))).hasValue(0);
  }

  @Test
  void workingDirectoryRenamedAndMadeAgain_isNotServed_andTheDaemonStops() throws Exception {
    Path wd = Files.createDirectory(temp.resolve("wd"));
    Files.copy(DEMO.resolve("predictions.jsonl"), wd.resolve("p.jsonl"));
    List<String> args = List.of("evaluate", "--outputs", "p.jsonl", "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--save-report", "r.json", "--no-gold-cache", "-q");
    Process daemonJvm = java(wd, "-D" + EvaluateDaemon.SERVE_PROPERTY + "=" + socket, args)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      waitFor(() -> Files.exists(socket));
      // the same name, another directory, with other predictions under the same file name
      Files.move(wd, temp.resolve("wd-old"));
      Files.createDirectory(wd);
      Files.write(wd.resolve("p.jsonl"), Files.readAllLines(DEMO.resolve("predictions.jsonl")).subList(0, 10));

      Process client = java(wd, "-D" + EvaluateDaemon.CLIENT_PROPERTY + "=" + socket, args)
          .redirectErrorStream(true).start();
      String served = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
      Files.delete(wd.resolve("r.json"));
      Process plain = java(wd, "-Dllmsql.plain=true", args).redirectErrorStream(true).start();
      String expected = new String(plain.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(plain.waitFor(60, TimeUnit.SECONDS)).isTrue();

      assertThat(client.exitValue()).isZero();
      assertThat(served).isEqualTo(expected).isEqualTo("60.00% accuracy (6 of 10 matched)\n");
      assertThat(temp.resolve("wd-old/r.json")).as("nothing written in the old directory").doesNotExist();
      assertThat(daemonJvm.waitFor(30, TimeUnit.SECONDS)).as("the daemon stops").isTrue();
    } finally {
      daemonJvm.destroyForcibly();
    }
  }

  @Test
  void daemonLaunchedForACommandLineItWouldDecline_endsAtOnce_andLeavesNothing() throws Exception {
    // bin/llmsql cannot tell which command lines a daemon serves: one that would serve none of the kind it was
    // launched for must not warm up and idle for ten minutes
    for (List<String> args : List.of(with("--databases-dir", temp.toString()), with("--verbose"),
        replaced("--outputs", "/dev/stdin"))) {
      Process daemonJvm = java(temp, "-D" + EvaluateDaemon.SERVE_PROPERTY + "=" + socket, args)
          .redirectErrorStream(true).start();
      String printed = new String(daemonJvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(daemonJvm.waitFor(30, TimeUnit.SECONDS)).as(args.toString()).isTrue();
      assertThat(daemonJvm.exitValue()).isZero();
      assertThat(printed).isEmpty();
      try (var left = Files.list(dir)) {
        assertThat(left).as("no socket, lock or warm-up folder").isEmpty();
      }
    }
  }

  /** {@code Main} in a JVM of its own, in {@code directory}. */
  private static ProcessBuilder java(Path directory, String property, List<String> args) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"), property, Main.class.getName()));
    command.addAll(args);
    return new ProcessBuilder(command).directory(directory.toFile());
  }

  @Test
  void secondClientWhileBusy_isDeclined_andRunsItself() throws Exception {
    start(Duration.ofMinutes(1));
    try (SocketChannel first = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
      // connected, request not sent yet: the daemon is busy with it
      assertThat(first.isConnected()).isTrue();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      OptionalInt second = DaemonClient.run(socket, demo().toArray(String[]::new), false, print(out),
          print(out));

      assertThat(second).isEmpty();
      assertThat(out.size()).isZero();
    }
    waitFor(() -> DaemonClient.run(socket, demo().toArray(String[]::new), false,
        print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream())).isPresent());
  }

  @Test
  void clientGoneAfterItsGo_endsTheDaemon() throws Exception {
    start(Duration.ofMinutes(1));
    try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
      DataOutputStream request = new DataOutputStream(DaemonWire.out(client));
      new DaemonWire.Request(System.getProperty("user.dir"), ENV, false, ENC, demo()).writeTo(request);
      assertThat(new DataInputStream(DaemonWire.in(client)).readByte()).isEqualTo(DaemonWire.READY);
      request.writeByte(DaemonWire.GO);
    }

    assertThat(gone.await(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void clientGoneBeforeItsGo_runsNothing_andTheDaemonServesOn() throws Exception {
    start(Duration.ofMinutes(1));
    Path report = temp.resolve("never.json");
    List<String> args = new ArrayList<>(demo());
    args.set(args.indexOf("--no-save-report"), "--save-report=" + report);
    try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
      new DaemonWire.Request(System.getProperty("user.dir"), ENV, false, ENC, args)
          .writeTo(new DataOutputStream(DaemonWire.out(client)));
      assertThat(new DataInputStream(DaemonWire.in(client)).readByte()).isEqualTo(DaemonWire.READY);
    }

    waitFor(() -> DaemonClient.run(socket, demo().toArray(String[]::new), false, print(new ByteArrayOutputStream()),
        print(new ByteArrayOutputStream())).isPresent());
    assertThat(report).doesNotExist();
    assertThat(gone.getCount()).isEqualTo(1);
  }

  @Test
  void daemonNotReadyInTime_theClientGivesUp_runsItself_andSendsNoGo() throws Exception {
    CountDownLatch sawEnd = new CountDownLatch(1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OptionalInt status = againstFakeDaemon((in, frames) -> {
      try {
        // a warm-up round, a stopped (SIGSTOP) daemon: longer than the client waits
        Thread.sleep(DaemonClient.START_WAIT.toMillis() + 1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      try {
        DaemonWire.writeSignal(frames, DaemonWire.READY);
        if (in.read() < 0) {
          sawEnd.countDown();
        }
      } catch (IOException e) {
        sawEnd.countDown();   // the client closed its end
      }
    }, out, out);

    assertThat(status).isEmpty();
    assertThat(out.size()).isZero();
    assertThat(sawEnd.await(30, TimeUnit.SECONDS)).as("no go").isTrue();
  }

  @Test
  void warmUp_startsWhenTheLauncherEnds_servesAClientMeanwhile_andLeavesNothing() throws Exception {
    Process launcher = new ProcessBuilder("sleep", "1").start();
    daemon = new EvaluateDaemon(socket, Duration.ofMinutes(1), gone::countDown).warmUpAfter(launcher.onExit(),
        List.of());   // the built-in benchmark: twelve rounds, longer than the test's polling
    serving = new Thread(() -> serveQuietly(daemon), "daemon-under-test");
    serving.start();
    waitFor(() -> Files.exists(socket));
    assertThat(warmUps()).as("the launcher still runs").isZero();

    waitFor(() -> warmUps() == 1);
    OptionalInt meanwhile = DaemonClient.run(socket, demo().toArray(String[]::new), false,
        print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream()));
    waitFor(() -> warmUps() == 0);
    OptionalInt after = DaemonClient.run(socket, demo().toArray(String[]::new), false,
        print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream()));

    assertThat(launcher.isAlive()).isFalse();
    assertThat(meanwhile).as("served, after at most one warm-up round").hasValue(0);
    assertThat(after).hasValue(0);
    try (var left = Files.list(dir)) {
      assertThat(left.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("evaluate-1.sock",
          "evaluate-1.sock.lock");
    }
  }

  private long warmUps() {
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("evaluate-1.sock.warm-up-")).count();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void idleDaemon_stops_andRemovesItsSocket() throws Exception {
    start(Duration.ofSeconds(1));

    serving.join(TimeUnit.SECONDS.toMillis(30));

    assertThat(serving.isAlive()).isFalse();
    assertThat(socket).doesNotExist();
  }

  @Test
  void secondDaemonOnTheSameSocket_leavesItToTheFirst() throws Exception {
    start(Duration.ofMinutes(1));
    Thread second = new Thread(() -> serveQuietly(new EvaluateDaemon(socket, Duration.ofMinutes(1), () -> { })));
    second.start();
    second.join(TimeUnit.SECONDS.toMillis(30));

    assertThat(second.isAlive()).isFalse();
    assertThat(socket).exists();
    assertThat(DaemonClient.run(socket, demo().toArray(String[]::new), false, print(new ByteArrayOutputStream()),
        print(new ByteArrayOutputStream()))).hasValue(0);
  }

  @Test
  void directoryOthersMayEnter_isNotServedIn() throws Exception {
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-x---"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));

    assertThat(DaemonAdmission.privateOwner(dir)).isNotNull();
    assertThat(DaemonAdmission.privateOwner(link)).as("a link").isNull();
    assertThat(DaemonAdmission.privateOwner(temp.resolve("none"))).isNull();
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x---"));
    assertThat(DaemonAdmission.privateOwner(dir)).as("group may enter").isNull();

    new EvaluateDaemon(socket, Duration.ofMinutes(1), () -> { }).serve();   // returns at once

    assertThat(socket).doesNotExist();
  }

  @Test
  void clientTrustsNoSocketInADirectoryOthersMayEnter() throws Exception {
    start(Duration.ofMinutes(1));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx---r-x"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    assertThat(DaemonClient.run(socket, demo().toArray(String[]::new), false, print(out), print(out))).isEmpty();
    assertThat(out.size()).isZero();
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    assertThat(DaemonClient.run(socket, demo().toArray(String[]::new), false, print(out), print(out))).hasValue(0);
  }

  @Test
  void socketNobodyListensOn_isRemovedByTheClient_whichRunsItself() throws Exception {
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(socket));
    }
    assertThat(socket).exists();

    assertThat(DaemonClient.run(socket, demo().toArray(String[]::new), false, print(new ByteArrayOutputStream()),
        print(new ByteArrayOutputStream()))).isEmpty();
    assertThat(socket).doesNotExist();
    assertThat(DaemonClient.run(dir.resolve("none.sock"), demo().toArray(String[]::new), false,
        print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream()))).isEmpty();
  }

  @Test
  void listenerWhoseBacklogIsFull_doesNotKeepTheClientWaiting() throws Exception {
    List<SocketChannel> queued = new ArrayList<>();
    try (ServerSocketChannel stopped = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      stopped.bind(UnixDomainSocketAddress.of(socket), 1);   // a stopped daemon: it accepts nobody
      for (int i = 0; i < 64; i++) {
        SocketChannel waiting = SocketChannel.open(StandardProtocolFamily.UNIX);
        waiting.configureBlocking(false);
        queued.add(waiting);
        try {
          if (!waiting.connect(UnixDomainSocketAddress.of(socket))) {
            break;   // the queue is full
          }
        } catch (IOException e) {
          break;
        }
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      OptionalInt status = DaemonClient.run(socket, demo().toArray(String[]::new), false, print(out), print(out));

      assertThat(status).as("gave up: runs itself").isEmpty();
      assertThat(out.size()).isZero();
    } finally {
      for (SocketChannel waiting : queued) {
        waiting.close();
      }
      Files.deleteIfExists(socket);
    }
  }

  @Test
  void slowWarmUpRound_isInterruptedByAClient_whichIsServed() throws Exception {
    List<String> launching = slowLaunchingRun();
    Process launcher = new ProcessBuilder("sleep", "1").start();
    daemon = new EvaluateDaemon(socket, Duration.ofMinutes(1), gone::countDown).warmUpAfter(launcher.onExit(),
        launching);
    serving = new Thread(() -> serveQuietly(daemon), "daemon-under-test");
    serving.start();
    waitFor(() -> Files.exists(socket));
    waitFor(() -> warmUps() == 1);
    Thread.sleep(500);   // into the first round

    OptionalInt meanwhile = DaemonClient.run(socket, demo().toArray(String[]::new), false,
        print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream()));

    assertThat(meanwhile).as("served, not given up on").hasValue(0);
    waitFor(() -> warmUps() == 0);
  }

  @Test
  void clientGoneDuringTheWarmUp_endsTheDaemon_andLeavesNoWarmUpFolder() throws Exception {
    List<String> command = new ArrayList<>(List.of("sh", "-c",
        "\"$0\" -D" + EvaluateDaemon.LAUNCHER_PROPERTY + "=$$ \"$@\" </dev/null >/dev/null 2>&1 &",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "-D" + EvaluateDaemon.SERVE_PROPERTY + "=" + socket,
        Main.class.getName()));
    command.addAll(slowLaunchingRun());
    // started as the launcher starts it, in the background, told the launcher's id: a shell that ends at once
    assertThat(new ProcessBuilder(command).start().waitFor()).isZero();
    waitFor(() -> Files.exists(socket));
    waitFor(() -> warmUps() == 1);

    try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
      DataOutputStream request = new DataOutputStream(DaemonWire.out(client));
      new DaemonWire.Request(System.getProperty("user.dir"), ENV, false, ENC, demo()).writeTo(request);
      assertThat(new DataInputStream(DaemonWire.in(client)).readByte()).isEqualTo(DaemonWire.READY);
      request.writeByte(DaemonWire.GO);
    }   // Ctrl-C

    waitFor(() -> !Files.exists(socket));
    waitFor(() -> warmUps() == 0);
  }

  @Test
  void loggerToldToKeepItsFirstStream_stillWarnsTheServedClient() throws Exception {
    Process daemonJvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dorg.slf4j.simpleLogger.cacheOutputStream=true",
        "-D" + EvaluateDaemon.SERVE_PROPERTY + "=" + socket, Main.class.getName(), "evaluate")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      waitFor(() -> Files.exists(socket));
      List<String> args = withGoldCache();
      Path gold = goldCacheFile(args);
      Files.writeString(gold, "not a gold cache");
      ByteArrayOutputStream err = new ByteArrayOutputStream();

      OptionalInt served = DaemonClient.run(socket, args.toArray(String[]::new), false,
          print(new ByteArrayOutputStream()), print(err));

      assertThat(served).hasValue(0);
      assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("[llmsql-gold-cache] WARN dev.llmsql.engine."
          + "GoldCache - Gold cache " + gold + " is damaged");
    } finally {
      daemonJvm.destroyForcibly();
    }
  }

  /** A launching run whose first warm-up round takes 15 s: 300 predictions that each run until the 0.1 s limit. */
  private List<String> slowLaunchingRun() throws IOException {
    // 300 questions whose predictions each run until the warm-up's statement limit (0.1 s): 15 s a round
    Path questions = Files.write(temp.resolve("questions.jsonl"), java.util.stream.IntStream.rangeClosed(1, 300)
        .mapToObj(id -> "{\"question_id\": " + id + ", \"question\": \"q\", \"sql\": \"SELECT 1\", "
            + "\"table_id\": \"employees\"}").toList());
    Path slow = Files.write(temp.resolve("slow.jsonl"), java.util.stream.IntStream.rangeClosed(1, 300)
        .mapToObj(id -> "{\"question_id\": " + id + ", \"completion\": \"WITH RECURSIVE c(x) AS (SELECT 1 UNION "
            + "ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c WHERE x > " + id + "\"}").toList());   // all distinct
    return List.of("evaluate", "--outputs", slow.toString(), "--questions-path",
        questions.toString(), "--db-path", DEMO.resolve("demo.sqlite").toString());
  }

  @Test
  void liveOthers_countsHeldLocks_andDeletesTheSocketOfANameNobodyHolds() throws Exception {
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(dir.resolve("evaluate-2.sock")));   // killed: its socket stays
    }
    Files.createFile(dir.resolve("evaluate-2.sock.lock"));
    Files.createFile(dir.resolve("evaluate-3.sock.lock"));
    try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(dir.resolve("evaluate-3.sock.lock"),
        java.nio.file.StandardOpenOption.WRITE); java.nio.channels.FileLock held = lock.lock()) {
      assertThat(held.isValid()).isTrue();

      assertThat(EvaluateDaemon.liveOthers(dir, "evaluate-1.sock.lock")).isEqualTo(1);
    }
    assertThat(dir.resolve("evaluate-2.sock")).doesNotExist();
  }

  @Test
  void refusedSocketWhoseNameALiveDaemonHolds_isLeftInPlace() throws Exception {
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(socket));
    }
    // a daemon starting under this name holds its lock before its socket is in place
    try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(dir.resolve("evaluate-1.sock.lock"),
        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
         java.nio.channels.FileLock held = lock.lock()) {
      assertThat(held.isValid()).isTrue();

      assertThat(DaemonClient.run(socket, demo().toArray(String[]::new), false, print(new ByteArrayOutputStream()),
          print(new ByteArrayOutputStream()))).isEmpty();
      assertThat(socket).exists();
    }
  }

  @Test
  void daemonGoneAfterPartOfTheOutput_isOneLineAndExit1_notARunAgain() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    OptionalInt status = againstFakeDaemon((in, frames) -> {
      ready(in, frames);
      byte[] partial = "Mismatch #1: question 3\n".getBytes(StandardCharsets.UTF_8);
      DaemonWire.writeFrame(frames, DaemonWire.OUT, partial, 0, partial.length);
    }, out, err);

    assertThat(status).hasValue(Cli.FAILED);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("Mismatch #1: question 3\n");
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("\nllmsql: the evaluation daemon stopped before the "
        + "run ended; run again (LLMSQL_DAEMON=off runs without it)\n");
  }

  @Test
  void answerThatIsNoFrame_beforeAnyOutput_meansTheClientRunsItself() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OptionalInt status = againstFakeDaemon((in, frames) -> {
      frames.writeByte(DaemonWire.OUT);
      frames.writeInt(Integer.MAX_VALUE);
      frames.flush();
    }, out, out);

    assertThat(status).isEmpty();
    assertThat(out.size()).isZero();
    assertThat(againstFakeDaemon((in, frames) -> DaemonWire.writeFrame(frames, DaemonWire.EXIT, new byte[4], 0, 4),
        out, out)).as("an exit before ready").isEmpty();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(againstFakeDaemon((in, frames) -> {
      ready(in, frames);
      DaemonWire.writeFrame(frames, DaemonWire.EXIT, new byte[2], 0, 2);
    }, out, err)).as("a status of two bytes, after the go").hasValue(Cli.FAILED);
    assertThat(out.size()).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("\nllmsql: the evaluation daemon stopped before the "
        + "run ended; run again (LLMSQL_DAEMON=off runs without it)\n");
  }

  @Test
  void clientInterruptedWhileTheDaemonRuns_exits130_withoutRunningTheCommandItself() throws Exception {
    CountDownLatch asked = new CountDownLatch(1);
    CountDownLatch hungUp = new CountDownLatch(1);
    try (ServerSocketChannel fake = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      fake.bind(UnixDomainSocketAddress.of(socket));
      Thread listener = new Thread(() -> {
        try (SocketChannel client = fake.accept()) {
          DataInputStream in = new DataInputStream(DaemonWire.in(client));
          DaemonWire.Request.readFrom(in);
          ready(in, new DataOutputStream(DaemonWire.out(client)));
          asked.countDown();
          if (in.read() < 0) {   // a run that takes long: the client's Ctrl-C is all that comes
            hungUp.countDown();
          }
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      listener.start();
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-cp", System.getProperty("java.class.path"), "-D" + EvaluateDaemon.CLIENT_PROPERTY + "="
          + socket, Main.class.getName()));
      command.addAll(demo());
      Process client = new ProcessBuilder(command).redirectErrorStream(true).start();
      assertThat(asked.await(60, TimeUnit.SECONDS)).isTrue();

      Process interrupt = new ProcessBuilder("kill", "-INT", String.valueOf(client.pid())).start();
      assertThat(interrupt.waitFor(30, TimeUnit.SECONDS)).isTrue();
      String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(client.exitValue()).isEqualTo(DaemonClient.INTERRUPTED);
      assertThat(output).isEmpty();
      assertThat(hungUp.await(30, TimeUnit.SECONDS)).as("the daemon sees its client go").isTrue();
      listener.join(TimeUnit.SECONDS.toMillis(30));
    }
  }

  private interface Answer {
    void write(DataInputStream in, DataOutputStream frames) throws IOException;
  }

  /** What the daemon says before a run: ready; and what the client must answer: go. */
  private static void ready(DataInputStream in, DataOutputStream frames) throws IOException {
    DaemonWire.writeSignal(frames, DaemonWire.READY);
    assertThat(in.readByte()).isEqualTo(DaemonWire.GO);
  }

  /** The client against a listener that reads the request, answers with {@code answer}, and hangs up. */
  private OptionalInt againstFakeDaemon(Answer answer, ByteArrayOutputStream out, ByteArrayOutputStream err)
      throws Exception {
    try (ServerSocketChannel fake = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      fake.bind(UnixDomainSocketAddress.of(socket));
      Thread listener = new Thread(() -> {
        try (SocketChannel client = fake.accept()) {
          DataInputStream in = new DataInputStream(DaemonWire.in(client));
          DaemonWire.Request.readFrom(in);
          answer.write(in, new DataOutputStream(DaemonWire.out(client)));
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      listener.start();
      OptionalInt status = DaemonClient.run(socket, demo().toArray(String[]::new), false, print(out), print(err));
      listener.join(TimeUnit.SECONDS.toMillis(30));
      return status;
    } finally {
      Files.deleteIfExists(socket);   // a closed listener leaves its file, as a killed daemon does
    }
  }

  @Test
  void launcherEnded_isDoneWhenTheLauncherIsGoneAlready_andWaitsForOneThatRuns() {
    assertThat(EvaluateDaemon.launcherEnded(String.valueOf(Long.MAX_VALUE))).as("no such process").isDone();
    assertThat(EvaluateDaemon.launcherEnded(String.valueOf(ProcessHandle.current().parent().orElseThrow().pid())))
        .isNotDone();
    assertThat(EvaluateDaemon.launcherEnded(String.valueOf(ProcessHandle.current().pid()))).as("itself").isDone();
    assertThat(EvaluateDaemon.launcherEnded(null)).as("this JVM's parent").isNotDone();
  }

  @Test
  void idleTime_fromTheEnvironment() {
    assertThat(EvaluateDaemon.idleFrom("30")).isEqualTo(Duration.ofSeconds(30));
    assertThat(EvaluateDaemon.idleFrom(" 5 ")).isEqualTo(Duration.ofSeconds(5));
    assertThat(EvaluateDaemon.idleFrom(null)).isEqualTo(Duration.ofMinutes(10));
    assertThat(EvaluateDaemon.idleFrom("0")).isEqualTo(Duration.ofMinutes(10));
    assertThat(EvaluateDaemon.idleFrom("ten")).isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void request_roundTrips_andOutOfBoundsIsRefusedBeforeAllocating() throws Exception {
    DaemonWire.Request request = new DaemonWire.Request("/w", "e", true, new DaemonWire.Encodings("UTF-8",
        "US-ASCII"), List.of("evaluate", "--outputs", "ö.jsonl"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    request.writeTo(new DataOutputStream(bytes));

    assertThat(DaemonWire.Request.readFrom(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))))
        .isEqualTo(request);
    assertThatThrownBy(() -> DaemonWire.Request.readFrom(stream(0x12345678)))
        .isInstanceOf(IOException.class).hasMessage("not an llmsql request");
    assertThatThrownBy(() -> DaemonWire.Request.readFrom(stream(DaemonWire.MAGIC, Integer.MAX_VALUE)))
        .isInstanceOf(IOException.class).hasMessage("string length out of range: 2147483647");
    ByteArrayOutputStream manyArgs = new ByteArrayOutputStream();
    DataOutputStream writer = new DataOutputStream(manyArgs);
    writer.writeInt(DaemonWire.MAGIC);
    writer.writeInt(0);
    writer.writeInt(0);
    writer.writeBoolean(false);
    writer.writeInt(0);
    writer.writeInt(0);
    writer.writeInt(DaemonWire.MAX_ARGS + 1);
    assertThatThrownBy(() -> DaemonWire.Request.readFrom(new DataInputStream(new ByteArrayInputStream(
        manyArgs.toByteArray())))).isInstanceOf(IOException.class).hasMessage("argument count out of range: 4097");
    byte[] whole = bytes.toByteArray();
    assertThatThrownBy(() -> DaemonWire.Request.readFrom(new DataInputStream(new ByteArrayInputStream(
        java.util.Arrays.copyOf(whole, whole.length - 2))))).as("cut short").isInstanceOf(java.io.EOFException.class);
    List<String> big = new ArrayList<>(List.of("evaluate"));
    for (int i = 0; i < 32; i++) {
      big.add("x".repeat(DaemonWire.MAX_STRING_BYTES));
    }
    ByteArrayOutputStream tooMuch = new ByteArrayOutputStream();
    new DaemonWire.Request("/w", "e", false, ENC, big).writeTo(new DataOutputStream(tooMuch));
    assertThatThrownBy(() -> DaemonWire.Request.readFrom(new DataInputStream(new ByteArrayInputStream(
        tooMuch.toByteArray())))).as("2 MiB in all").isInstanceOf(IOException.class)
        .hasMessage("string length out of range: 65536");
  }

  private static DataInputStream stream(int... ints) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (int i : ints) {
      out.writeInt(i);
    }
    return new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
  }

  private void start(Duration idle) throws Exception {
    daemon = new EvaluateDaemon(socket, idle, gone::countDown);
    serving = new Thread(() -> serveQuietly(daemon), "daemon-under-test");
    serving.start();
    waitFor(() -> Files.exists(socket));
  }

  private static void serveQuietly(EvaluateDaemon daemon) {
    try {
      daemon.serve();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The kind of the daemon's first frame for a request sent as is. */
  private byte rawRequest(DaemonWire.Request request) throws IOException {
    try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
      request.writeTo(new DataOutputStream(DaemonWire.out(client)));
      return new DataInputStream(DaemonWire.in(client)).readByte();
    }
  }

  private static List<String> demo() {
    return List.of("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--no-gold-cache");
  }

  /** The demo's command line with a gold cache in the test's folder. */
  private List<String> withGoldCache() {
    List<String> args = new ArrayList<>(demo());
    args.set(args.indexOf("--no-gold-cache"), "--gold-cache=" + temp.resolve("gold-cache"));
    return args;
  }

  /** Runs {@code args} in this JVM once, which writes the gold cache, and returns its file. */
  private Path goldCacheFile(List<String> args) throws IOException {
    assertThat(new Cli(print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream()))
        .run(args.toArray(String[]::new))).isZero();
    try (var files = Files.list(temp.resolve("gold-cache"))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".gold")).findFirst().orElseThrow();
    }
  }

  private static List<String> with(String... options) {
    List<String> args = new ArrayList<>(demo());
    args.addAll(List.of(options));
    return args;
  }

  private static List<String> replaced(String option, String value) {
    List<String> args = new ArrayList<>(demo());
    args.set(args.indexOf(option) + 1, value);
    return args;
  }

  /** The run's output without its wall time, the one line two runs may differ in. */
  static String untimed(ByteArrayOutputStream bytes) {
    return bytes.toString(StandardCharsets.UTF_8).replaceAll("(?m)^( *Time: +).*$", "$1_");
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 30 s").isLessThan(end);
      Thread.sleep(20);
    }
  }
}
