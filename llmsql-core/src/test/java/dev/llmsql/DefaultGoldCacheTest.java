package dev.llmsql;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where gold results go when no work dir was asked for (issue 22.3): the user's cache directory, never the working
 * directory; each platform's rule with an environment of the test's own, so the real home cache is never touched.
 */
class DefaultGoldCacheTest {

  static final String HOME = "/home/ada";

  static Path cache(Map<String, String> environment, String property, String os, String home) {
    return Evaluator.defaultGoldCache(environment::get, property, os, home);
  }

  @Test
  void llmsqlCacheDir_winsOverEverything() {
    assertThat(cache(Map.of("LLMSQL_CACHE_DIR", "/tmp/c", "XDG_CACHE_HOME", "/x"), "/w", "Linux", HOME))
        .isEqualTo(Path.of("/tmp/c/gold-cache"));
  }

  @Test
  void workdirProperty_keepsTheCacheInThatWorkDir() {
    assertThat(cache(Map.of("XDG_CACHE_HOME", "/x"), "/build/llmsql_workdir", "Linux", HOME))
        .isEqualTo(Path.of("/build/llmsql_workdir/gold-cache"));
  }

  @Test
  void linux_xdgCacheHome_elseDotCache_aRelativeXdgIgnored() {
    assertThat(cache(Map.of("XDG_CACHE_HOME", "/var/cache/ada"), null, "Linux", HOME))
        .isEqualTo(Path.of("/var/cache/ada/llmsql/gold-cache"));
    assertThat(cache(Map.of(), null, "Linux", HOME)).isEqualTo(Path.of("/home/ada/.cache/llmsql/gold-cache"));
    assertThat(cache(Map.of("XDG_CACHE_HOME", "rel"), null, "FreeBSD", HOME))
        .isEqualTo(Path.of("/home/ada/.cache/llmsql/gold-cache"));
  }

  @Test
  void macos_libraryCaches() {
    assertThat(cache(Map.of("XDG_CACHE_HOME", "/x"), null, "Mac OS X", "/Users/ada"))
        .isEqualTo(Path.of("/Users/ada/Library/Caches/llmsql/gold-cache"));
  }

  @Test
  void windows_localAppData_elseUnderHome() {
    assertThat(cache(Map.of("LOCALAPPDATA", "/c/Users/ada/AppData/Local"), null, "Windows 11", "/c/Users/ada"))
        .isEqualTo(Path.of("/c/Users/ada/AppData/Local/llmsql/gold-cache"));
    assertThat(cache(Map.of(), null, "Windows 11", "/c/Users/ada"))
        .isEqualTo(Path.of("/c/Users/ada/AppData/Local/llmsql/gold-cache"));
  }
}
