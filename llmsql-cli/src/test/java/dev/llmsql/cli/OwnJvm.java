package dev.llmsql.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line that runs {@link Main} in a JVM of its own, with this test run's class path. */
final class OwnJvm {

  private OwnJvm() {
  }

  /** {@code java JVM-OPTIONS -cp CLASSPATH dev.llmsql.cli.Main ARGS}. */
  static List<String> main(List<String> jvmOptions, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path")), Main.class.getName()));
    command.addAll(List.of(args));
    return command;
  }
}
