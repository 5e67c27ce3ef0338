package dev.llmsql.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a text stops being UTF-8, in line, column and byte offset, and the same verdict as Java's decoder (a
 * review: every reader said "Input length = 1" or replaced the bytes by U+FFFD).
 */
class Utf8TextTest {

  @TempDir
  Path dir;

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  private static boolean javaDecodes(byte[] b) {
    try {
      StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  @Test
  void utf8Text_isEmpty() {
    assertThat(Utf8Text.check("a\u00e9\u20ac\uD83D\uDE00\n\uFEFFz".getBytes(StandardCharsets.UTF_8))).isEmpty();
    assertThat(Utf8Text.check(new byte[0])).isEmpty();
  }

  @Test
  void firstBadByte_isNamedByLineColumnAndOffset_columnsCountCharacters() {
    // line 2 is "é€x" then 0xE9 (Latin-1 'é'): column 4, byte offset 3 + 2 + 3 + 1
    byte[] text = "ab\n\u00e9\u20acx\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
    byte[] utf8 = "ab\n\u00e9\u20acx".getBytes(StandardCharsets.UTF_8);
    byte[] mixed = java.util.Arrays.copyOf(utf8, utf8.length + 2);
    mixed[utf8.length] = (byte) 0xE9;
    mixed[utf8.length + 1] = '\n';

    assertThat(Utf8Text.check(mixed)).contains("not valid UTF-8 at line 2, column 4 (byte offset 9); save it as "
        + "UTF-8");
    assertThat(Utf8Text.check(text)).contains("not valid UTF-8 at line 2, column 1 (byte offset 3); save it as "
        + "UTF-8");
  }

  @Test
  void aPartOfAFile_isNamedByTheFilesLineAndOffset() {
    byte[] line = bytes('x', 'y', '{', 0xC3, '}');

    assertThat(Utf8Text.check(line, 2, 5, 7, 100)).contains("not valid UTF-8 at line 7, column 2 (byte offset "
        + "101); save it as UTF-8");
  }

  @Test
  void overlongSurrogateAboveTheRangeAndCutOff_areRefusedLikeJavasDecoder() {
    byte[][] cases = {bytes(0xC0, 0x80), bytes(0xC1, 0xBF), bytes(0xE0, 0x80, 0x80), bytes(0xED, 0xA0, 0x80),
        bytes(0xF0, 0x80, 0x80, 0x80), bytes(0xF4, 0x90, 0x80, 0x80), bytes(0xF5, 0x80, 0x80, 0x80), bytes(0x80),
        bytes(0xE2, 0x82), bytes(0xFF), bytes(0xE2, 0x82, 0x41), bytes(0xED, 0x9F, 0xBF), bytes(0xF4, 0x8F, 0xBF,
        0xBF), bytes(0xF0, 0x90, 0x80, 0x80), bytes(0xE0, 0xA0, 0x80), bytes(0xC2, 0x80)};

    for (byte[] c : cases) {
      assertThat(Utf8Text.check(c).isEmpty()).as(java.util.Arrays.toString(c)).isEqualTo(javaDecodes(c));
    }
  }

  @Test
  void aFile_isReadThroughInChunks() throws Exception {
    byte[] big = new byte[200_000];
    java.util.Arrays.fill(big, (byte) 'a');
    big[70_000] = '\n';
    big[150_000] = (byte) 0xE2;   // a sequence cut by a non-continuation byte, after the 64 KiB chunks
    Path file = Files.write(dir.resolve("big.csv"), big);

    Optional<String> why = Utf8Text.check(file);

    assertThat(why).contains("not valid UTF-8 at line 2, column 80000 (byte offset 150000); save it as UTF-8");
    assertThat(Utf8Text.check(Files.writeString(dir.resolve("ok.csv"), "fine\u00e9"))).isEmpty();
  }
}
