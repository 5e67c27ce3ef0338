package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first {@code <pre>{@code ...}</pre>} example of every public type of an exported package compiles as
 * written, against the real API: each becomes the body of a method, with every exported package and the common
 * {@code java.*} packages imported. What an example does at run time (it names files and servers a reader has)
 * is checked for the types whose modules run their examples ({@code *JavadocExamplesTest}); this keeps every
 * other example from naming a method, a type or a variable that does not exist.
 */
class JavadocExamplesCompileTest {

  private static final Pattern EXAMPLE = Pattern.compile("<pre>\\{@code\\n(.*?)\\n\\s*\\*\\s*}</pre>", Pattern.DOTALL);
  private static final Pattern TYPE_DECLARATION = Pattern.compile(
      "^(?:public\\s+|final\\s+|abstract\\s+|static\\s+)*(?:class|record|interface|enum)\\s", Pattern.MULTILINE);
  private static final List<String> JAVA_PACKAGES = List.of("java.util", "java.nio.file", "java.time", "java.io",
      "java.net", "java.sql", "java.nio.charset", "java.util.function");

  @TempDir
  Path classes;

  @Test
  void everyPublicTypesExample_compiles() throws IOException {
    String imports = ExportedApi.packages().keySet().stream().map(p -> "import " + p + ".*;\n")
        .collect(Collectors.joining())
        + JAVA_PACKAGES.stream().map(p -> "import " + p + ".*;\n").collect(Collectors.joining());
    Map<String, String> typeOf = new TreeMap<>();
    List<JavaFileObject> sources = new ArrayList<>();
    for (ExportedApi.PublicType type : ExportedApi.publicTypes()) {
      Matcher example = EXAMPLE.matcher(type.javadoc() == null ? "" : type.javadoc());
      assertThat(example.find()).as("an example in the Javadoc of " + type.name()).isTrue();
      String className = "Example" + sources.size();
      typeOf.put(className, type.name());
      String code = code(example.group(1));
      // an example that declares a type (an implementation of an SPI) is members of a class, the others a body
      String body = TYPE_DECLARATION.matcher(code).find() ? code
          : "  void run() throws Exception {\n" + code + "\n  }";
      sources.add(source(className, imports + "\n@SuppressWarnings(\"all\")\nclass " + className + " {\n" + body
          + "\n}\n"));
    }

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      javac.getTask(new StringWriter(), files, diagnostics, List.of("-proc:none", "-nowarn", "-d", classes.toString(),
          "-cp", System.getProperty("java.class.path")), null, sources).call();
    }

    Map<String, String> failures = new TreeMap<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null) {
        String className = Path.of(d.getSource().toUri().getPath()).getFileName().toString().replace(".java", "");
        failures.putIfAbsent(typeOf.get(className), d.getMessage(Locale.ROOT).lines().findFirst().orElse(""));
      }
    }
    assertThat(sources).hasSizeGreaterThan(100);
    assertThat(failures).as("Javadoc examples that do not compile (type: first error)").isEmpty();
  }

  /** The example as Java: the comment's leading stars gone, HTML entities Javadoc needs decoded. */
  private static String code(String javadoc) {
    return javadoc.lines().map(l -> l.replaceFirst("^\\s*\\* ?", "")).collect(Collectors.joining("\n"))
        .replace("&#64;", "@").replace("{@literal @}", "@").replace("&lt;", "<").replace("&gt;", ">")
        .replace("&#42;", "*").replace("&#47;", "/").replace("&amp;", "&");
  }

  private static JavaFileObject source(String className, String code) {
    return new SimpleJavaFileObject(URI.create("string:///" + className + ".java"), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return code;
      }
    };
  }
}
