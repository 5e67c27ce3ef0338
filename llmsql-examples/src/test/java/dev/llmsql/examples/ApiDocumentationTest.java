package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exported API as its sources show it: every public top-level type of a package a library module exports has
 * a Javadoc comment holding an example ({@code <pre>{@code ...}</pre>}). The examples themselves are compiled
 * and run by the modules' {@code *JavadocExamplesTest}s; this test keeps a new public type from arriving without
 * one.
 */
class ApiDocumentationTest {

  @Test
  void everyPublicTypeOfAnExportedPackage_hasJavadocWithAnExample() throws IOException {
    List<String> undocumented = ExportedApi.publicTypes().stream()
        .filter(t -> t.javadoc() == null || !(t.javadoc().contains("<pre>") || t.javadoc().contains("{@snippet")))
        .map(ExportedApi.PublicType::name)
        .toList();

    assertThat(ExportedApi.packages()).as("exported packages found").hasSizeGreaterThan(20);
    assertThat(undocumented).as("public types without a Javadoc example").isEmpty();
  }
}
