package dev.llmsql.cli;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * What the evaluation daemon may run, and where it and its client may meet: the rules both sides apply
 * (docs/SECURITY.md, "The evaluation daemon"). A command line is run by a daemon only when it means the same
 * there: {@code evaluate}, no {@code --verbose} in any spelling ({@link Cli#asksVerbose}: the daemon's logging is
 * set at its start), nothing read from
 * standard input, no database found later by a name the command line does not hold ({@code --databases-dir},
 * {@code {db_id}}), and no argument that is, or leads through links to, a file in {@code /dev} or {@code /proc} or
 * a device, pipe or socket (what those open depends on the process); each argument also as picocli reads it
 * with {@code -Dpicocli.trimQuotes=true}. A socket is trusted only in a directory
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
    if (Cli.asksVerbose(args)) {
      return false;
    }
    for (String arg : args) {
      // as given, and as picocli reads it with -Dpicocli.trimQuotes=true
      for (String text : List.of(arg, unquoted(arg))) {
        if (text.equals("-") || text.endsWith("=-") || namesFilesLater(text) || processLocal(text)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Options whose files the run finds later, by names the command line does not hold: each question's database
   * in {@code --databases-dir}, and a {@code {db_id}} template; what those names reach is not checked here.
   */
  private static boolean namesFilesLater(String arg) {
    return arg.equals("--databases-dir") || arg.startsWith("--databases-dir=") || arg.contains("{db_id}");
  }

  /** {@code arg} without surrounding quotes, as picocli reads it with {@code -Dpicocli.trimQuotes=true}. */
  static String unquoted(String arg) {
    return arg.length() >= 2 && (arg.charAt(0) == '"' || arg.charAt(0) == '\'')
        && arg.charAt(arg.length() - 1) == arg.charAt(0) ? arg.substring(1, arg.length() - 1) : arg;
  }

  /**
   * Whether {@code arg}, or what follows any {@code =} or {@code :} in it (an option's {@code --x=value},
   * {@code junit-xml=FILE}, {@code jdbc:duckdb:FILE}), is a path that reaches a device, pipe or socket, or passes
   * through {@code /dev} or {@code /proc}: what it opens depends on the process.
   */
  private static boolean processLocal(String arg) {
    if (reachesProcessLocal(arg)) {
      return true;
    }
    for (int i = 0; i < arg.length(); i++) {
      char c = arg.charAt(i);
      if ((c == '=' || c == ':') && reachesProcessLocal(arg.substring(i + 1))) {
        return true;
      }
    }
    return false;
  }

  /** The most links followed in one path, as Linux's own limit. */
  private static final int MAX_LINKS = 40;
  /** The longest name of one file or folder (NAME_MAX on Linux and macOS, in bytes). */
  private static final int MAX_NAME_BYTES = 255;

  /**
   * Follows {@code text} as the kernel would, one name at a time from the root, reading every link on the way
   * (a link anywhere in it, {@code p/self/fd/4} with {@code p -> /proc}, leads elsewhere than its text says).
   * True when a step lands in {@code /dev} or {@code /proc}, the end is not a regular file or directory, or it
   * cannot be told (too many links, {@code ..} after a name that does not exist yet); a path that stops
   * existing at some name opens nothing there.
   */
  static boolean reachesProcessLocal(String text) {
    if (text.isEmpty()) {
      return false;
    }
    Path path;
    try {
      path = Path.of(text).toAbsolutePath();
    } catch (InvalidPathException e) {
      return false;   // not a path at all
    }
    Deque<String> names = new ArrayDeque<>();
    path.forEach(name -> names.addLast(name.toString()));
    Path at = path.getRoot();
    int links = 0;
    try {
      while (!names.isEmpty()) {
        String name = names.removeFirst();
        if (name.equals(".")) {
          continue;
        }
        if (name.equals("..")) {
          at = at.getParent() == null ? at : at.getParent();   // at has no link in it: .. is its parent
          continue;
        }
        Path next = at.resolve(name);
        if (next.startsWith("/dev") || next.startsWith("/proc")) {
          return true;
        }
        BasicFileAttributes attributes;
        try {
          if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new NoSuchFileException(next.toString());   // ENAMETOOLONG: no process can have such a name
          }
          attributes = Files.readAttributes(next, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
          // not there (yet): what is made there later is made by this path's text, unless a .. climbs out of it
          return names.contains("..");
        }
        if (attributes.isSymbolicLink()) {
          if (++links > MAX_LINKS) {
            return true;
          }
          Path target = Files.readSymbolicLink(next);
          List<String> inTarget = new ArrayList<>();
          target.forEach(n -> inTarget.add(n.toString()));
          for (int i = inTarget.size() - 1; i >= 0; i--) {
            names.addFirst(inTarget.get(i));
          }
          if (target.isAbsolute()) {
            at = target.getRoot();
          }
          continue;
        }
        if (attributes.isOther()) {
          return true;   // a device, pipe or socket
        }
        at = next;
        if (!attributes.isDirectory() && !names.isEmpty()) {
          return false;   // a name below a file: nothing opens
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return true;   // cannot be followed: leave it to the client's own JVM
    }
  }

  /** Variables a shell sets per process or per directory, which the launcher leaves out of the daemon's name too. */
  private static final Set<String> SHELL_VARIABLES = Set.of("_", "OLDPWD", "SHLVL", "PWD");

  /**
   * A SHA-256 digest of {@code environment} without the shell's own per-process variables: the launcher names a
   * daemon after a 32-bit checksum of the environment, and two environments with the same checksum must still
   * not share a daemon, so the client sends this and the daemon compares it with its own.
   */
  static String environmentDigest(Map<String, String> environment) {
    MessageDigest sha256;
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    for (Map.Entry<String, String> variable : new TreeMap<>(environment).entrySet()) {
      String name = variable.getKey();
      // macOS's java launcher sets these for its own process id
      if (!SHELL_VARIABLES.contains(name) && !name.startsWith("JAVA_MAIN_CLASS_")
          && !name.startsWith("JAVA_STARTED_ON_FIRST_THREAD_")) {
        sha256.update((variable.getKey() + '=' + variable.getValue() + '\0').getBytes(StandardCharsets.UTF_8));
      }
    }
    return HexFormat.of().formatHex(sha256.digest());
  }

  /**
   * Whether the process at the other end of {@code channel} is this user with this process's group: a report a
   * run writes belongs to that group, so a daemon started under another group (newgrp, sg) must not run it.
   */
  static boolean samePeer(SocketChannel channel, UserPrincipal owner) {
    try {
      UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
      return peer.user().equals(owner) && peer.group().equals(ProcessGroup.GROUP);
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /**
   * Whether this process's group is known, looked up now: the lookup may ask a directory service (NSS), which
   * must not happen inside a client's few seconds of waiting for its daemon, nor keep a daemon's first client
   * waiting. Unknown, no peer can match, and no daemon is worth starting or asking.
   */
  static boolean groupKnown() {
    return ProcessGroup.GROUP != null;
  }

  /** This process's group, by its number (the group of a peer compares by number too); null if unknown. */
  private static final class ProcessGroup {
    static final GroupPrincipal GROUP = find();

    private static GroupPrincipal find() {
      try {
        long gid = new com.sun.security.auth.module.UnixSystem().getGid();
        return FileSystems.getDefault().getUserPrincipalLookupService()
            .lookupPrincipalByGroupName(Long.toString(gid));
      } catch (IOException | RuntimeException | LinkageError e) {
        return null;   // then no peer matches, and every command runs in its own JVM
      }
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
