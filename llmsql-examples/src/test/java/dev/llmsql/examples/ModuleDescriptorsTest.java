package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library modules' {@code module-info.java} against what the class path sees: every
 * {@code META-INF/services} registration is a {@code provides} of the same module (and the other way round),
 * every service is a {@code uses} of dev.llmsql.core, and the engine is not exported. Tests run on the class
 * path, so without this a registration missing from a descriptor would only show on a user's module path.
 */
class ModuleDescriptorsTest {

  private static final List<String> MODULES = List.of("dev.llmsql.core", "dev.llmsql.assertj", "dev.llmsql.sqlite",
      "dev.llmsql.judge", "dev.llmsql.models", "dev.llmsql.jdbc");

  @Test
  void libraryModules_provideWhatTheirServiceFilesRegister_andCoreUsesEveryService() throws IOException {
    Map<String, ModuleDescriptor> descriptors = descriptors();
    assertThat(descriptors.keySet()).containsExactlyInAnyOrderElementsOf(MODULES);
    Set<String> services = new TreeSet<>();
    for (Map.Entry<String, ModuleDescriptor> e : descriptors.entrySet()) {
      Map<String, Set<String>> provided = new TreeMap<>();
      e.getValue().provides().forEach(p -> provided.put(p.service(), new TreeSet<>(p.providers())));
      assertThat(provided).as(e.getKey()).isEqualTo(serviceFiles(e.getKey()));
      services.addAll(provided.keySet());
    }
    assertThat(descriptors.get("dev.llmsql.core").uses()).containsAll(services);
  }

  @Test
  void core_exportsNoEnginePackage() throws IOException {
    ModuleDescriptor core = descriptors().get("dev.llmsql.core");

    assertThat(core.exports()).isNotEmpty()
        .noneMatch(e -> e.source().startsWith("dev.llmsql.engine") && !e.isQualified());
  }

  /** The descriptors of dev.llmsql modules on the test class path, by module name. */
  private static Map<String, ModuleDescriptor> descriptors() throws IOException {
    Map<String, ModuleDescriptor> found = new TreeMap<>();
    for (URL url : Collections.list(loader().getResources("module-info.class"))) {
      try (InputStream in = url.openStream()) {
        ModuleDescriptor d = ModuleDescriptor.read(in);
        if (d.name().startsWith("dev.llmsql.")) {
          found.put(d.name(), d);
        }
      }
    }
    return found;
  }

  /** Service to providers, as the {@code META-INF/services} files beside {@code module}'s descriptor list them. */
  private static Map<String, Set<String>> serviceFiles(String module) throws IOException {
    for (URL url : Collections.list(loader().getResources("module-info.class"))) {
      try (InputStream in = url.openStream()) {
        if (!ModuleDescriptor.read(in).name().equals(module)) {
          continue;
        }
      }
      URI uri = URI.create(url.toString().replaceFirst("module-info\\.class$", "META-INF/services"));
      if (uri.getScheme().equals("jar")) {
        try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
          return serviceFiles(jar.provider().getPath(uri));
        }
      }
      return serviceFiles(Path.of(uri));
    }
    throw new AssertionError("no descriptor of " + module);
  }

  private static Map<String, Set<String>> serviceFiles(Path dir) throws IOException {
    Map<String, Set<String>> files = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (Stream<Path> list = Files.list(dir)) {
      for (Path file : list.collect(Collectors.toList())) {
        files.put(file.getFileName().toString(), Files.readAllLines(file, StandardCharsets.UTF_8).stream()
            .map(l -> l.replaceFirst("#.*", "").trim()).filter(l -> !l.isEmpty())
            .collect(Collectors.toCollection(TreeSet::new)));
      }
    }
    return files;
  }

  private static ClassLoader loader() {
    return ModuleDescriptorsTest.class.getClassLoader();
  }
}
