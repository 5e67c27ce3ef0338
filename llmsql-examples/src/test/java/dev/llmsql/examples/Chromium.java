package dev.llmsql.examples;

import dev.llmsql.testsupport.Program;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Headless Chromium for page tests: renders a file and returns the DOM after scripts ran, the JavaScript
 * console lines, or a screenshot. A test using it declares {@code @Requires(programs = Program.CHROMIUM)}, so
 * it skips with a message when Chromium is absent, and fails on CI.
 */
final class Chromium {

  private final Path binary;

  private Chromium(Path binary) {
    this.binary = binary;
  }

  /** The browser, which the calling test declared with {@code @Requires(programs = Program.CHROMIUM)}. */
  static Chromium require() {
    return new Chromium(Program.CHROMIUM.find().orElseThrow(() -> new IllegalStateException("Chromium is not "
        + "on the PATH; declare @Requires(programs = Program.CHROMIUM) on the test so that a clone skips it")));
  }

  /** What one page load gave. */
  record Page(String dom, List<String> console) { }

  /** Loads {@code file} (with an optional query such as {@code ?q=x}) and dumps the DOM after scripts ran. */
  Page dumpDom(Path file, String query) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("--enable-logging=stderr", "--v=0", "--dump-dom",
        file.toUri() + query));
    Result r = run(args);
    return new Page(r.stdout, r.stderr.lines().filter(l -> l.contains(":CONSOLE")).toList());
  }

  /** Saves a screenshot of {@code file} to {@code png}. */
  void screenshot(Path file, Path png, int width, int height) throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
        "--screenshot=" + png.toAbsolutePath(), file.toUri().toString()));
  }

  private record Result(String stdout, String stderr) { }

  private Result run(List<String> pageArgs) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("llmsql-chromium-");
    Path out = profile.resolveSibling(profile.getFileName() + ".out");
    Path err = profile.resolveSibling(profile.getFileName() + ".err");
    try {
      List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
          "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
          "--disable-sync", "--user-data-dir=" + profile));
      command.addAll(pageArgs);
      Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("Chromium did not finish within 60 s: " + command);
      }
      return new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      try (Stream<Path> walk = Files.walk(profile)) {
        walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
