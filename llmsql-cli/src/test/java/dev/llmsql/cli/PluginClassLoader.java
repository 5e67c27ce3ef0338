package dev.llmsql.cli;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * A plug-in class loader made of one test-resources folder holding {@code META-INF/services} files, set as the
 * thread's context loader (where {@link java.util.ServiceLoader} looks) until closed: what a user adds a writer,
 * judge or engine with, kept away from the other tests, whose lists hold the built-in ones only.
 */
final class PluginClassLoader implements AutoCloseable {

  private final ClassLoader before;
  private final URLClassLoader plugin;

  private PluginClassLoader(ClassLoader before, URLClassLoader plugin) {
    this.before = before;
    this.plugin = plugin;
  }

  /** Registers the services under test resources' {@code folder} (e.g. {@code /report-writer-plugin}). */
  static PluginClassLoader of(String folder) throws Exception {
    URL services = PluginClassLoader.class.getResource(folder + "/META-INF/services");
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    URLClassLoader plugin = new URLClassLoader(new URL[] {Path.of(services.toURI()).getParent().getParent()
        .toUri().toURL()}, before);
    Thread.currentThread().setContextClassLoader(plugin);
    return new PluginClassLoader(before, plugin);
  }

  /** The context loader before this one: the built-in services alone. */
  ClassLoader before() {
    return before;
  }

  @Override
  public void close() throws java.io.IOException {
    Thread.currentThread().setContextClassLoader(before);
    plugin.close();
  }
}
