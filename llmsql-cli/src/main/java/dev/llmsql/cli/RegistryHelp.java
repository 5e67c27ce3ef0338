package dev.llmsql.cli;

import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The help of options that list what the class path offers ({@code --engine}, {@code --judge}, {@code --scoring}),
 * made from the registries only when help is shown: handed to picocli as the command's resource bundle (keyed by
 * the option's name without dashes, as {@link SettingsHelp}'s, whose bundle becomes the parent), so a run that
 * prints no help does not pay for finding every provider. An annotation can only hold a constant.
 */
final class RegistryHelp extends ResourceBundle {

  private final Map<String, Supplier<String>> help;
  private final Map<String, String> made = new HashMap<>();

  private RegistryHelp(Map<String, Supplier<String>> help, ResourceBundle parent) {
    this.help = help;
    if (parent != null) {
      setParent(parent);
    }
  }

  /** {@code command} with {@code help} (option name without dashes to its help) as its options' descriptions. */
  static CommandLine install(CommandLine command, Map<String, Supplier<String>> help) {
    CommandSpec spec = command.getCommandSpec();
    spec.resourceBundle(new RegistryHelp(help, spec.resourceBundle()));
    return command;
  }

  @Override
  protected Object handleGetObject(String key) {
    Supplier<String> text = help.get(key);
    return text == null ? null : made.computeIfAbsent(key, k -> text.get());
  }

  @Override
  protected Set<String> handleKeySet() {
    return help.keySet();
  }

  @Override
  public Enumeration<String> getKeys() {
    Set<String> keys = new LinkedHashSet<>(help.keySet());
    if (parent != null) {
      keys.addAll(Collections.list(parent.getKeys()));
    }
    return Collections.enumeration(keys);
  }
}
