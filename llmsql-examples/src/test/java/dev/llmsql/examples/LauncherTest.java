package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llmsql-cli/bin/llmsql}, the launcher the README recommends for batch runs: its first successful
 * {@code evaluate} makes a class-data sharing archive, later runs start from it and print exactly what a run
 * without it prints.
 */
class LauncherTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Path JAR = ROOT.resolve("llmsql-cli/target/llmsql.jar");
  private static final String DEMO = "llmsql-examples/demo/";

  @TempDir
  Path cache;

  /** The runs' gold cache, which would otherwise go to the user's real cache directory. */
  @TempDir
  Path userCache;

  @Test
  void firstEvaluateMakesTheArchive_laterRunsUseIt_withTheSameOutput() throws Exception {
    Run plain = launch(Map.of("LLMSQL_CDS", "off"), evaluate());
    assertThat(cached("")).isEmpty();

    Run first = launch(Map.of(), evaluate());
    List<Path> made = archives();
    assertThat(made).hasSize(1);
    assertThat(made.get(0).getFileName().toString()).matches("llmsql-\\d+\\.jsa");
    FileTime madeAt = Files.getLastModifiedTime(made.get(0));
    List<Path> library = nativeLibraries();
    assertThat(library).hasSize(1);
    assertThat(cached("")).hasSize(2);
    try (Stream<Path> files = Files.list(library.get(0))) {
      assertThat(files.map(f -> f.getFileName().toString()).toList()).containsExactly(System.mapLibraryName(
          "sqlitejdbc"));
    }

    Run second = launch(Map.of(), evaluate());

    assertThat(plain.status()).isZero();
    assertThat(plain.output()).startsWith("54.00% accuracy (27 of 50 matched)");
    assertThat(first).isEqualTo(plain);
    assertThat(second).isEqualTo(plain);
    assertThat(archives()).containsExactlyElementsOf(made);
    assertThat(Files.getLastModifiedTime(made.get(0))).isEqualTo(madeAt);
    assertThat(nativeLibraries()).containsExactlyElementsOf(library);
  }

  /** Where the daemon's socket directory goes ({@code XDG_RUNTIME_DIR}). */
  @TempDir
  Path runtime;

  @AfterEach
  void endDaemons() {
    ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains("-Dllmsql.daemon.serve=" + runtime))
        .forEach(ProcessHandle::destroyForcibly);
  }

  @Test
  void daemon_servesLaterRuns_withTheSameOutput_andEndsWhenItsJarChanges() throws Exception {
    Path jar = Files.copy(JAR, cache.resolve("llmsql.jar"));
    Map<String, String> env = Map.of("LLMSQL_DAEMON", "on", "LLMSQL_DAEMON_IDLE", "120", "LLMSQL_JAR",
        jar.toString());
    Run plain = launch(Map.of("LLMSQL_JAR", jar.toString(), "LLMSQL_CDS", "off"), evaluate());

    Run first = launch(env, evaluate());   // makes the archive; a daemon needs it
    assertThat(sockets()).isEmpty();
    Run second = launch(env, evaluate());   // starts the daemon, runs itself
    Path socket = await(() -> sockets().stream().findFirst());
    ProcessHandle daemon = await(() -> ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains("-Dllmsql.daemon.serve=" + socket)).findFirst());
    Run third = launch(env, evaluate());   // the daemon's
    // a rebuilt jar: the daemon declines and ends, the run goes on in its own JVM
    Path archive = archives().get(0);
    Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 1_000));
    Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis() + 2_000));
    Run fourth = launch(env, evaluate());

    assertThat(plain.output()).startsWith("54.00% accuracy (27 of 50 matched)");
    assertThat(List.of(first, second, third, fourth)).containsOnly(plain);
    assertThat(daemon.onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
    assertThat(socket).doesNotExist();
    // the next run starts a new daemon; a SIGTERM (pkill, as the README says) ends it, socket removed
    Run fifth = launch(env, evaluate());
    Path next = await(() -> sockets().stream().findFirst());
    ProcessHandle nextDaemon = await(() -> ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains("-Dllmsql.daemon.serve=" + next)).findFirst());
    assertThat(nextDaemon.destroy()).isTrue();
    assertThat(nextDaemon.onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
    assertThat(next).doesNotExist();
    assertThat(fifth).isEqualTo(plain);
    assertThat(Files.getPosixFilePermissions(socket.getParent())).containsExactlyInAnyOrder(
        PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
  }

  @Test
  void daemon_keyedByTheUmask_holdsNoDescriptorOfTheCaller_andCdpathChangesNothing() throws Exception {
    Map<String, String> env = Map.of("LLMSQL_DAEMON", "on", "LLMSQL_DAEMON_IDLE", "120", "CDPATH", "/");
    Run plain = launch(Map.of("LLMSQL_CDS", "off"), evaluate());
    launch(env, evaluate());   // the archive
    Run spawning = launch(env, evaluate());   // starts a daemon under umask 022
    await(() -> sockets().stream().findFirst());

    // the same command under umask 077: its reports must be private, as in a JVM of its own
    List<String> privately = new ArrayList<>(List.of("sh", "-c", "umask 077; exec sh llmsql-cli/bin/llmsql \"$@\"",
        "sh"));
    privately.addAll(evaluate());
    Path first = userCache.resolve("first.json");
    Path second = userCache.resolve("second.json");
    List<String> firstRun = new ArrayList<>(privately);
    firstRun.set(firstRun.indexOf("--no-save-report"), "--save-report=" + first);
    start(env, firstRun);   // no daemon for this umask yet: runs itself and starts one
    await(() -> sockets().size() == 2 ? java.util.Optional.of(true) : java.util.Optional.empty());
    List<String> secondRun = new ArrayList<>(privately);
    secondRun.set(secondRun.indexOf("--no-save-report"), "--save-report=" + second);
    start(env, secondRun);   // served by the umask-077 daemon

    // a caller that waits for the end of a pipe it gave us as descriptor 3 (bats does) must not wait for a daemon
    Run piped = start(Map.of("LLMSQL_DAEMON", "on", "LLMSQL_DAEMON_IDLE", "120", "ANOTHER_DAEMON", "1"),
        List.of("timeout", "60", "sh", "-c", "{ sh llmsql-cli/bin/llmsql \"$@\" 3>&1 >/dev/null; } | cat", "sh",
            "evaluate", "--outputs", DEMO + "predictions.jsonl", "--questions-path", DEMO + "questions.jsonl",
            "--db-path", DEMO + "demo.sqlite", "--no-save-report", "-q"));

    // and one above 9 (bash's exec {fd}>, a lock a job holds), which only bash can close
    Run pipedHigh = start(Map.of("LLMSQL_DAEMON", "on", "LLMSQL_DAEMON_IDLE", "120", "ANOTHER_DAEMON", "2"),
        List.of("timeout", "60", "bash", "-c", "{ sh llmsql-cli/bin/llmsql \"$@\" 12>&1 >/dev/null; } | cat", "sh",
            "evaluate", "--outputs", DEMO + "predictions.jsonl", "--questions-path", DEMO + "questions.jsonl",
            "--db-path", DEMO + "demo.sqlite", "--no-save-report", "-q"));

    assertThat(spawning).isEqualTo(plain);
    assertThat(pipedHigh.status()).as("not the timeout's 124").isZero();
    Set<PosixFilePermission> ownerOnly = Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    assertThat(Files.getPosixFilePermissions(first)).isEqualTo(ownerOnly);
    assertThat(Files.getPosixFilePermissions(second)).isEqualTo(ownerOnly);
    assertThat(piped.status()).as("not the timeout's 124").isZero();
    // each run started a daemon of its own name; the last may still be binding its socket
    await(() -> sockets().size() == 4 ? java.util.Optional.of(true) : java.util.Optional.empty());
  }

  @Test
  void socketPathLongerThanAUnixSocketTakes_runsWithoutADaemon() throws Exception {
    Path deep = Files.createDirectories(runtime.resolve("r".repeat(100)));
    Map<String, String> env = Map.of("LLMSQL_DAEMON", "on", "XDG_RUNTIME_DIR", deep.toString());
    Run plain = launch(Map.of("LLMSQL_CDS", "off"), evaluate());
    launch(env, evaluate());   // the archive

    Run second = launch(env, evaluate());
    Thread.sleep(1_000);

    assertThat(second).isEqualTo(plain);
    assertThat(sockets()).isEmpty();
    assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("")
        .contains("-Dllmsql.daemon.serve=" + runtime))).as("no daemon started").isEmpty();
  }

  @Test
  void jarRewrittenInPlace_withItsTimeKept_endsTheDaemon() throws Exception {
    Path jar = Files.copy(JAR, cache.resolve("llmsql.jar"));
    Map<String, String> env = Map.of("LLMSQL_DAEMON", "on", "LLMSQL_DAEMON_IDLE", "120", "LLMSQL_JAR",
        jar.toString());
    launch(env, evaluate());   // the archive
    launch(env, evaluate());   // starts the daemon
    Path socket = await(() -> sockets().stream().findFirst());
    ProcessHandle daemon = await(() -> ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains("-Dllmsql.daemon.serve=" + socket)).findFirst());
    FileTime time = Files.getLastModifiedTime(jar);
    Thread.sleep(20);
    // cp -p over it: the same inode and size, written in place, its time set back (here the same bytes)
    try (var out = Files.newOutputStream(jar, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
      Files.copy(JAR, out);
    }
    Files.setLastModifiedTime(jar, time);

    Run after = launch(env, evaluate());

    assertThat(after.output()).startsWith("54.00% accuracy (27 of 50 matched)");
    assertThat(daemon.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("declined, and ended").isFalse();
  }

  @Test
  void noDaemon_underACpuTimeLimit_norWithJvmWideFlags_norAFifthOne() throws Exception {
    Map<String, String> env = Map.of("LLMSQL_DAEMON", "on", "LLMSQL_DAEMON_IDLE", "120");
    launch(env, evaluate());   // the archive
    // ulimit -t counts a whole process: a daemon's would add up over every run it serves
    List<String> limited = new ArrayList<>(List.of("sh", "-c", "ulimit -t 600; exec sh llmsql-cli/bin/llmsql \"$@\"",
        "sh"));
    limited.addAll(evaluate());
    Run underLimit = start(env, limited);
    // flags that act on a whole JVM would act on the daemon, not on the run
    Map<String, String> jvmWide = new java.util.HashMap<>(env);
    jvmWide.put("JAVA_OPTS", "-Xmx512m -XX:+ExitOnOutOfMemoryError");
    Run withJvmWideFlag = launch(jvmWide, evaluate());
    Thread.sleep(1_000);
    assertThat(underLimit.status()).isZero();
    assertThat(withJvmWideFlag.status()).isZero();
    assertThat(sockets()).isEmpty();

    for (int i = 1; i <= 5; i++) {   // five environments, five daemons asked for
      Map<String, String> own = new java.util.HashMap<>(env);
      own.put("ANOTHER_DAEMON", String.valueOf(i));
      launch(own, evaluate());
      int expected = Math.min(i, 4);
      await(() -> sockets().size() == expected ? java.util.Optional.of(true) : java.util.Optional.empty());
    }
    Thread.sleep(1_000);

    assertThat(sockets()).as("at most four live daemons a user").hasSize(4);
  }

  @Test
  void daemon_offUnderCi_andWhenTurnedOff() throws Exception {
    launch(Map.of(), evaluate());   // the archive
    launch(Map.of("CI", "true", "LLMSQL_DAEMON", ""), evaluate());
    launch(Map.of("LLMSQL_DAEMON", "off"), evaluate());
    Thread.sleep(1_000);

    assertThat(sockets()).isEmpty();
  }

  @Test
  void otherCommandsAndFailedRuns_makeNoArchive() throws Exception {
    Run version = launch(Map.of(), List.of("--version"));
    List<String> missingDb = new ArrayList<>(evaluate());
    missingDb.set(missingDb.indexOf(DEMO + "demo.sqlite"), DEMO + "missing.sqlite");
    Run failed = launch(Map.of(), missingDb);

    assertThat(version.status()).isZero();
    assertThat(failed.status()).isEqualTo(4);
    assertThat(archives()).isEmpty();
  }

  /** The daemons' sockets under {@link #runtime}. */
  private List<Path> sockets() throws IOException {
    List<Path> found = new java.util.ArrayList<>();
    Files.walkFileTree(runtime, new java.nio.file.SimpleFileVisitor<>() {
      @Override
      public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes a) {
        if (file.getFileName().toString().endsWith(".sock")) {
          found.add(file);
        }
        return java.nio.file.FileVisitResult.CONTINUE;
      }

      // a daemon deletes its warm-up folder while the walk may be in it (NoSuchFileException in a CI proof's
      // clone build): what is gone holds no socket
      @Override
      public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        return gone(e);
      }

      @Override
      public java.nio.file.FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        return e == null ? java.nio.file.FileVisitResult.CONTINUE : gone(e);
      }

      private java.nio.file.FileVisitResult gone(IOException e) throws IOException {
        if (!(e instanceof java.nio.file.NoSuchFileException)) {
          throw e;
        }
        return java.nio.file.FileVisitResult.CONTINUE;
      }
    });
    return found;
  }

  private static <T> T await(java.util.concurrent.Callable<java.util.Optional<T>> found) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      java.util.Optional<T> value = found.call();
      if (value.isPresent()) {
        return value.get();
      }
      assertThat(System.nanoTime()).as("waited 60 s").isLessThan(end);
      Thread.sleep(50);
    }
  }

  private List<String> evaluate() {
    return List.of("evaluate", "--outputs", DEMO + "predictions.jsonl", "--questions-path",
        DEMO + "questions.jsonl", "--db-path", DEMO + "demo.sqlite", "--no-save-report", "-q");
  }

  private List<Path> archives() throws IOException {
    return cached(".jsa");
  }

  /** What the cache directory holds whose name ends with {@code suffix} ("" for everything). */
  private List<Path> cached(String suffix) throws IOException {
    try (Stream<Path> files = Files.list(cache)) {
      return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
    }
  }

  /** The directories holding sqlite-jdbc's native library, one per sqlite-jdbc version and library. */
  private List<Path> nativeLibraries() throws IOException {
    try (Stream<Path> files = Files.list(cache)) {
      return files.filter(f -> f.getFileName().toString().startsWith("sqlite-jdbc-")).sorted().toList();
    }
  }

  private Run launch(Map<String, String> env, List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of("sh", "llmsql-cli/bin/llmsql"));
    command.addAll(args);
    return start(env, command);
  }

  private Run start(Map<String, String> env, List<String> command) throws Exception {
    assertThat(JAR).as("the runnable jar, built by llmsql-cli's package phase before this module").isRegularFile();
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
    builder.environment().put("LLMSQL_JAR", JAR.toString());
    builder.environment().put("LLMSQL_CDS_DIR", cache.toString());
    builder.environment().put("LLMSQL_CACHE_DIR", userCache.toString());
    builder.environment().remove("JAVA_OPTS");
    builder.environment().put("XDG_RUNTIME_DIR", runtime.toString());
    builder.environment().put("LLMSQL_DAEMON", "off");   // a test that wants the daemon says so
    builder.environment().remove("CI");
    builder.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":"
        + System.getenv("PATH"));
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(process.exitValue(), output);
  }

  private record Run(int status, String output) {
  }
}
