package dev.llmsql.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the evaluation daemon may run, and where it and its client may meet: the rules both sides apply
 * (docs/SECURITY.md, "The evaluation daemon"). A command line is run by a daemon only when it means the same
 * there: {@code evaluate}, no {@code --verbose} (the daemon's logging is set at its start), nothing read from
 * standard input, and no argument that is, or leads through links to, a file in {@code /dev} or {@code /proc} or
 * a device, pipe or socket (what those open depends on the process). A socket is trusted only in a directory
 * that is this user's and closed to everyone else.
 *
 * <pre>{@code
 * boolean daemon = DaemonAdmission.admits(List.of(args)) && DaemonAdmission.privateOwner(dir) != null;
 * }</pre>
 */
final class DaemonAdmission {

  private DaemonAdmission() {
  }

  /** Whether a daemon may run {@code args} for a client: see the class comment. */
  static boolean admits(List<String> args) {
    if (args.isEmpty() || !args.get(0).equals("evaluate")) {
      return false;
    }
    for (String arg : args) {
      if (arg.equals("-v") || arg.equals("--verbose") || arg.equals("-") || arg.endsWith("=-")
          || processLocal(arg)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code arg} (or an option's {@code =value}) is a path to a device, pipe or socket, or leads through a
   * link into /dev or /proc: what it opens depends on the process.
   */
  private static boolean processLocal(String arg) {
    String value = arg.startsWith("--") && arg.indexOf('=') > 0 ? arg.substring(arg.indexOf('=') + 1) : arg;
    try {
      Path path = Path.of(value).toAbsolutePath().normalize();
      if (path.startsWith("/dev") || path.startsWith("/proc")) {
        return true;
      }
      for (int hops = 0; hops < 40 && Files.isSymbolicLink(path); hops++) {
        path = path.resolveSibling(Files.readSymbolicLink(path)).normalize();
        if (path.startsWith("/dev") || path.startsWith("/proc")) {
          return true;
        }
      }
      if (!Files.exists(path)) {
        return false;   // nothing it could lead to
      }
      String real = path.toRealPath().toString();
      return real.startsWith("/dev/") || real.startsWith("/proc/")
          || Files.readAttributes(path, BasicFileAttributes.class).isOther();
    } catch (IOException | RuntimeException e) {
      return true;   // exists, but cannot be followed to a plain file
    }
  }

  /**
   * The owner of {@code dir} when it is a directory (not a link) that this user owns and nobody else may enter
   * or list; else null.
   */
  static UserPrincipal privateOwner(Path dir) {
    try {
      PosixFileAttributes attributes = Files.readAttributes(dir, PosixFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS);
      Set<PosixFilePermission> others = EnumSet.complementOf(EnumSet.of(PosixFilePermission.OWNER_READ,
          PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE));
      UserPrincipal me = dir.getFileSystem().getUserPrincipalLookupService()
          .lookupPrincipalByName(System.getProperty("user.name"));
      if (!attributes.isDirectory() || !attributes.owner().equals(me)
          || attributes.permissions().stream().anyMatch(others::contains)) {
        return null;
      }
      return me;
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }
}
