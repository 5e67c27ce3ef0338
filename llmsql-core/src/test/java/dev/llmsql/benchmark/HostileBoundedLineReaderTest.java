package dev.llmsql.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.prediction.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The bounded line reader every non-prediction JSONL input goes through (issue 18.6). */
class HostileBoundedLineReaderTest {

  @TempDir
  Path dir;

  static List<String> lines(Path file, int bound) throws Exception {
    List<String> lines = new ArrayList<>();
    try (BoundedLineReader in = BoundedLineReader.open(file, bound)) {
      for (String line; (line = in.readLine()) != null; ) {
        lines.add(in.lineNumber() + ":" + line);
      }
    }
    return lines;
  }

  @Test
  void lines_areSplitLikeReadLine_acrossChunkBoundaries() throws Exception {
    String big = "b".repeat(70_000);   // spans the 64 KiB read chunk
    Path file = Files.writeString(dir.resolve("f.jsonl"), "a\r\n\n" + big + "\näé€\nlast");

    assertThat(lines(file, 100_000)).containsExactly("1:a", "2:", "3:" + big, "4:äé€", "5:last");
  }

  @Test
  void lineLongerThanTheBound_isInvalidInputNamingTheLine_andALineAtTheBoundIsRead() throws Exception {
    Path file = Files.writeString(dir.resolve("f.jsonl"), "x".repeat(10) + "\n" + "y".repeat(11) + "\n");

    assertThatThrownBy(() -> lines(file, 10))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":2: line longer than 10 bytes; no line of a JSONL input may be that long (is this the "
            + "right file?)");
    Path atBound = Files.writeString(dir.resolve("g.jsonl"), "x".repeat(10) + "\r\n");
    assertThat(lines(atBound, 11)).containsExactly("1:" + "x".repeat(10));
  }

  @Test
  void notUtf8_isInvalidInputNamingLineColumnAndOffset() throws Exception {
    // before: MalformedInputException, whose message is "Input length = 1"
    Path file = Files.write(dir.resolve("f.jsonl"), new byte[] {'o', 'k', '\r', '\n', '{', (byte) 0xC3, '}', '\n'});

    assertThatThrownBy(() -> lines(file, 100))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 2, column 2 (byte offset 5); save it as UTF-8");
  }

  @Test
  void readWhole_notUtf8_isInvalidInputNamingLineColumnAndOffset() throws Exception {
    Path file = Files.write(dir.resolve("c.py"), new byte[] {'a', '\n', 'b', 'c', (byte) 0xFF});

    assertThatThrownBy(() -> BoundedLineReader.readWhole(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 2, column 3 (byte offset 4); save it as UTF-8");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void devZeroAndDirectories_areRefusedBeforeAByteIsRead() {
    assertThatThrownBy(() -> BoundedLineReader.open(Path.of("/dev/zero")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("/dev/zero: not a regular file (a device, pipe or socket); give the path of a file");
    assertThatThrownBy(() -> BoundedLineReader.open(dir))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(dir + ": a directory; give the path of a file");
  }

  @Test
  void emptyFile_hasNoLines() throws Exception {
    assertThat(lines(Files.write(dir.resolve("e.jsonl"), new byte[0]), 10)).isEmpty();
  }
}
