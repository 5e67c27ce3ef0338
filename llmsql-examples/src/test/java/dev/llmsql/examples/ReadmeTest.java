package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the README truthful: every {@code ```java} block compiles as pasted against the modules, and the pasted
 * outputs of the command-line and JShell demo runs are what they print today (only the time line may differ).
 *
 * <p>When the output changes on purpose, run this test with {@code -Dllmsql.updateReadme=true}: it writes the
 * new output into README.md (keeping the pasted time) and fails once, so the change is seen and committed.
 */
class ReadmeTest {

  private static final Path README = Path.of("..", "README.md");
  private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^```java\\n(.*?)^```$", Pattern.DOTALL);
  private static final Pattern CLASS_DECLARATION =
      Pattern.compile("(?m)^(public |final |abstract )*(class|record|interface|enum) \\w+");
  private static final Pattern TIME_LINE = Pattern.compile("(?m)^  Time: +[0-9.]+ m?s$");
  private static final String CLI_COMMAND = "java -jar llmsql-cli/target/llmsql.jar evaluate --outputs "
      + "llmsql-examples/demo/predictions.jsonl \\";

  @Test
  void readme_saysWhichJdkItNeeds() throws IOException {
    assertThat(Files.readString(README)).contains("Needs JDK 17 or newer.");
  }

  /**
   * The README's Maven snippet declares what the example user project (built against the installed modules by
   * {@code UserProjectTest}) declares: the modules, and in test scope JUnit itself and an SLF4J binding.
   */
  @Test
  void mavenSnippet_declaresTheUserProjectsDependencies() throws IOException {
    String readme = Files.readString(README);
    String snippet = readme.substring(readme.indexOf("```xml\n"), readme.indexOf("\n```\n", readme.indexOf("```xml\n")));
    String pom = Files.readString(Path.of("user-project", "pom.xml"));

    assertThat(dependencies(snippet.substring(snippet.indexOf("</dependencyManagement>"))))
        .isEqualTo(dependencies(pom.substring(pom.indexOf("</dependencyManagement>"))))
        .contains("org.junit.jupiter:junit-jupiter:5.14.4:test", "org.slf4j:slf4j-simple:2.0.17:test");
    assertThat(readme).contains("`SLF4J(W): No SLF4J providers were found.`", "A binding in test scope silences them");
  }

  /** {@code groupId:artifactId:version:scope} of each dependency of the first {@code <dependencies>} block. */
  private static List<String> dependencies(String xml) {
    String block = xml.substring(xml.indexOf("<dependencies>"), xml.indexOf("</dependencies>"));
    List<String> found = new ArrayList<>();
    Matcher d = Pattern.compile("(?s)<dependency>(.*?)</dependency>").matcher(block);
    while (d.find()) {
      found.add(tag(d.group(1), "groupId") + ":" + tag(d.group(1), "artifactId") + ":" + tag(d.group(1), "version")
          + ":" + tag(d.group(1), "scope"));
    }
    return found;
  }

  private static String tag(String xml, String name) {
    Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
    return m.find() ? m.group(1) : "";
  }

  @Test
  void readme_saysHowLongTheInstallTakes() throws IOException {
    assertThat(Files.readString(README)).startsWith("# llmsql-java\n\n```sh\n")
        .contains("./mvnw install      # every test, then the modules into ~/.m2: 6 to 10 minutes on 2 cores\n");
  }

  @Test
  void everyJavaBlock_compilesAsPasted(@TempDir Path work) throws IOException {
    List<String> blocks = javaBlocks(Files.readString(README));
    assertThat(blocks).hasSizeGreaterThanOrEqualTo(2);

    for (int i = 0; i < blocks.size(); i++) {
      Path dir = Files.createDirectories(work.resolve("snippet" + i));
      Path source = dir.resolve("ReadmeSnippet" + i + ".java");
      Files.writeString(source, compilationUnit(blocks.get(i), "ReadmeSnippet" + i));

      List<String> problems = compile(source, Files.createDirectories(dir.resolve("classes")));

      assertThat(problems).as("README java block %d:%n%s", i + 1, blocks.get(i)).isEmpty();
    }
  }

  @Test
  void compilationUnit_wrapsStatementsAndKeepsImportsAndClasses() {
    assertThat(compilationUnit("import java.util.List;\n\nList.of(1);\n", "S"))
        .isEqualTo("import java.util.List;\n\nclass S {\n  void run() throws Exception {\nList.of(1);\n  }\n}\n");
    assertThat(compilationUnit("import java.util.List;\n\nclass A {\n}\n", "S"))
        .isEqualTo("import java.util.List;\n\nclass A {\n}\n");
  }

  @Test
  void cliDemoOutput_isWhatTheCommandPrints(@TempDir Path cwd) throws Exception {
    String readme = Files.readString(README);
    int commandAt = readme.indexOf("```sh\n" + CLI_COMMAND);
    assertThat(commandAt).as("the CLI section's command").isPositive();
    int commandEnd = readme.indexOf("\n```\n", commandAt + 6);
    String command = readme.substring(commandAt + 6, commandEnd).replace("\\\n", " ");
    int outputStart = readme.indexOf("```\n", commandEnd + 5);
    assertThat(outputStart).as("the output block right after the command").isEqualTo(commandEnd + 5);
    int outputEnd = readme.indexOf("\n```\n", outputStart + 4);
    String pasted = readme.substring(outputStart + 4, outputEnd + 1);
    assertThat(pasted.split("Evaluation summary", -1)).as("the summary is pasted once").hasSize(2);

    String printed = run(command, cwd);

    if (Boolean.getBoolean("llmsql.updateReadme") && !withoutTime(printed).equals(withoutTime(pasted))) {
      Matcher time = TIME_LINE.matcher(pasted);
      String replacement = time.find()
          ? TIME_LINE.matcher(printed).replaceFirst(Matcher.quoteReplacement(time.group())) : printed;
      Files.writeString(README, readme.substring(0, outputStart + 4) + replacement
          + readme.substring(outputEnd + 1));
    }
    assertThat(withoutTime(printed)).as("README's pasted output of `%s` (update it with "
        + "-Dllmsql.updateReadme=true)", command).isEqualTo(withoutTime(pasted));
  }

  @Test
  void jshellDemoOutput_isWhatTheScriptPrints() throws Exception {
    String readme = Files.readString(README);
    int scriptAt = readme.indexOf("```sh\njshell --class-path llmsql-cli/target/llmsql.jar "
        + "llmsql-examples/jshell/quickstart.jsh\n```\n");
    assertThat(scriptAt).as("the JShell section's command").isPositive();
    int outputStart = readme.indexOf("\n```\n", readme.indexOf("\n```\n", scriptAt + 6) + 5) + 5;
    int outputEnd = readme.indexOf("\n```\n", outputStart);
    String pasted = readme.substring(outputStart, outputEnd + 1);
    assertThat(pasted).startsWith("Evaluation summary");

    Path root = Path.of("").toAbsolutePath().getParent();
    Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jshell").toString(),
        "--class-path", testClassPath(), "-R-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-R-Dllmsql.workdir=" + Path.of("target", "llmsql_workdir").toAbsolutePath(),
        Path.of("llmsql-examples", "jshell", "quickstart.jsh").toString())
        // standard error apart: the first jshell on a machine logs "Created user preferences directory" there
        .directory(root.toFile()).redirectError(Path.of("target", "readme-jshell.err").toAbsolutePath().toFile())
        .start();
    process.getOutputStream().close(); // end of input: jshell exits after the script
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
        .replace(System.lineSeparator(), "\n");
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    int welcome = output.indexOf("|  Welcome to JShell");
    String printed = (welcome < 0 ? output : output.substring(0, welcome)).stripTrailing() + "\n";

    assertThat(withoutTime(printed)).as("README's pasted output of quickstart.jsh").isEqualTo(withoutTime(pasted));
  }

  static List<String> javaBlocks(String markdown) {
    List<String> blocks = new ArrayList<>();
    Matcher block = JAVA_BLOCK.matcher(markdown);
    while (block.find()) {
      blocks.add(block.group(1));
    }
    return blocks;
  }

  /** A block with a type declaration is a compilation unit; otherwise its statements go in a method. */
  static String compilationUnit(String block, String className) {
    if (CLASS_DECLARATION.matcher(block).find()) {
      return block;
    }
    List<String> lines = block.lines().toList();
    int body = 0;
    while (body < lines.size() && (lines.get(body).startsWith("import ") || lines.get(body).isBlank())) {
      body++;
    }
    String imports = lines.subList(0, body).stream().map(l -> l + "\n").collect(Collectors.joining());
    String statements = lines.subList(body, lines.size()).stream().map(l -> l + "\n")
        .collect(Collectors.joining());
    return imports + "class " + className + " {\n  void run() throws Exception {\n" + statements + "  }\n}\n";
  }

  private static List<String> compile(Path source, Path classes) throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      List<String> options = List.of("-classpath", testClassPath(), "-d", classes.toString(), "-proc:none",
          "--release", "17", "-Xlint:all", "-Werror");
      compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(source)).call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE)
        .map(d -> "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
        .toList();
  }

  private static String testClassPath() {
    return Arrays.stream(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))
            .split(File.pathSeparator))
        .filter(entry -> Files.exists(Path.of(entry)))
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** Runs the README's {@code java -jar llmsql.jar} command on the test class path, in a root-like directory. */
  private static String run(String command, Path cwd) throws Exception {
    Path link = Files.createSymbolicLink(cwd.resolve("llmsql-examples"), Path.of("").toAbsolutePath());
    try {
      return runIn(command, cwd);
    } finally {
      Files.delete(link); // the link only, never what it points to
    }
  }

  private static String runIn(String command, Path cwd) throws Exception {
    List<String> words = new ArrayList<>(Arrays.asList(command.trim().split("\\s+")));
    assertThat(words.subList(0, 3)).containsExactly("java", "-jar", "llmsql-cli/target/llmsql.jar");
    List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", testClassPath(), "-Dllmsql.workdir=" + cwd.resolve("llmsql_workdir"), "dev.llmsql.cli.Main"));
    argv.addAll(words.subList(3, words.size()));
    Process process = new ProcessBuilder(argv).directory(cwd.toFile())
        .redirectError(cwd.resolve("stderr.txt").toFile()).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(Files.readString(cwd.resolve("stderr.txt"))).isZero();
    return output.replace(System.lineSeparator(), "\n");
  }

  private static String withoutTime(String output) {
    return TIME_LINE.matcher(output).replaceAll("  Time:           (varies)");
  }
}
