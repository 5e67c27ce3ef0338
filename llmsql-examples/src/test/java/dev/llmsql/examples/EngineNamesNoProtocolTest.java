package dev.llmsql.examples;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 23, point 2: the engine ({@code dev.llmsql.engine}) names no protocol, so adding one touches no engine
 * code. Checked exactly:
 * <ol>
 *   <li>no main class of {@code dev.llmsql.engine} (nested ones included) depends on a class of
 *       {@code dev.llmsql.protocol} other than the SPI {@code Protocol} and its nested {@code Figures} and
 *       {@code Run}; on a class whose simple name starts with {@code Llmsql2} ({@code Llmsql2Protocol},
 *       {@code Llmsql2Judge}, {@code Llmsql2Figures}, {@code Llmsql2Extractor}, ...), except
 *       {@code dev.llmsql.benchmark.Llmsql2Fields}, the question file's fields that the question reader parses;
 *       on {@code SpiderScores} or {@code BirdScores}; nor calls {@code Judges.judgesByAnswer};</li>
 *   <li>no string literal in the engine's sources contains {@code llmsql2} or {@code llmsql 2} (any case), and
 *       none is exactly {@code "2.0"} (the version the LLMSQL 2.0 protocol reports).</li>
 * </ol>
 * What remains by design: the question reader parses the LLMSQL 2.0 question fields into {@code Llmsql2Fields},
 * and a Spider 2.0 submission directory is an input format the engine reads; neither chooses how a prediction
 * is extracted, judged, counted or reported.
 */
class EngineNamesNoProtocolTest {

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.llmsql");

  private static final Set<String> PROTOCOL_SPI = Set.of("dev.llmsql.protocol.Protocol",
      "dev.llmsql.protocol.Protocol$Figures", "dev.llmsql.protocol.Protocol$Run");

  private static final DescribedPredicate<JavaClass> A_PROTOCOL = DescribedPredicate.describe(
      "a protocol's class (dev.llmsql.protocol other than Protocol, Llmsql2* other than Llmsql2Fields, "
          + "SpiderScores, BirdScores)", c -> {
        String name = c.getName();
        if (c.getPackageName().equals("dev.llmsql.protocol")) {
          return !PROTOCOL_SPI.contains(name);
        }
        String simple = name.substring(name.lastIndexOf('.') + 1);
        return simple.startsWith("Llmsql2") && !name.startsWith("dev.llmsql.benchmark.Llmsql2Fields")
            || simple.equals("SpiderScores") || simple.equals("BirdScores");
      });

  private static final Pattern LITERAL = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
  private static final Pattern NAMES_LLMSQL2 = Pattern.compile("llmsql ?2", Pattern.CASE_INSENSITIVE);

  @Test
  void engineClasses_dependOnNoProtocol() {
    assertThat(CLASSES.stream().filter(c -> c.getPackageName().equals("dev.llmsql.engine")).count())
        .as("engine classes imported").isGreaterThan(10);

    noClasses().that().resideInAPackage("dev.llmsql.engine..")
        .should().dependOnClassesThat(A_PROTOCOL)
        .orShould().callMethod("dev.llmsql.judgement.Judges", "judgesByAnswer", "dev.llmsql.judgement.Judge")
        .check(CLASSES);
  }

  @Test
  void engineSources_holdNoLlmsql2Literal() throws IOException {
    Path engine = ExportedApi.root().resolve("llmsql-core/src/main/java/dev/llmsql/engine");
    List<String> found = new ArrayList<>();
    int files;
    try (Stream<Path> sources = Files.list(engine)) {
      List<Path> java = sources.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      files = java.size();
      for (Path file : java) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i);
          if (line.stripLeading().startsWith("*") || line.stripLeading().startsWith("//")) {
            continue;   // Javadoc and comments hold no literal
          }
          Matcher m = LITERAL.matcher(line);
          while (m.find()) {
            String literal = m.group();
            if (NAMES_LLMSQL2.matcher(literal).find() || literal.equals("\"2.0\"")) {
              found.add(file.getFileName() + ":" + (i + 1) + ": " + literal);
            }
          }
        }
      }
    }

    assertThat(files).as("engine sources read").isGreaterThan(10);
    assertThat(found).as("string literals naming LLMSQL 2.0 in the engine").isEmpty();
  }
}
