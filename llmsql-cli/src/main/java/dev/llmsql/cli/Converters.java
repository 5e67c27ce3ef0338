package dev.llmsql.cli;

import dev.llmsql.config.Range;
import java.net.URI;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Picocli converters for the typed options: each applies the same {@link Range} (or rule) as its builder, so a
 * bad value is refused while the command line is read. A converter does not know which option it converts:
 * its message names {@link #OPTION}, which {@link Commands} replaces with the option's name.
 */
final class Converters {

  /** Stands for the option's name in a converter's message. */
  static final String OPTION = "\u0000option";

  private Converters() {
  }

  /**
   * A converter made of a rule that throws {@link IllegalArgumentException} with the message the user should
   * see (the rules the builders and {@link Options} already apply), so each converter is its rule and nothing
   * else.
   */
  abstract static class Rule<T> implements ITypeConverter<T> {
    abstract T apply(String value);

    @Override
    public final T convert(String value) {
      try {
        return apply(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** A whole number in a {@link Range}. */
  abstract static class Whole extends Rule<Integer> {
    abstract Range range();

    @Override
    Integer apply(String value) {
      return Options.number(OPTION, value, range());
    }
  }

  /** A whole number in a {@link Range} that reaches past an int (byte counts of files and answers). */
  abstract static class WholeLong extends Rule<Long> {
    abstract Range range();

    @Override
    Long apply(String value) {
      return range().parse(OPTION, value);
    }
  }

  /** Seconds (decimals allowed) in a {@link Range} of milliseconds. */
  abstract static class Seconds extends Rule<Duration> {
    abstract Range range();

    @Override
    Duration apply(String value) {
      return Options.seconds(OPTION, value, range());
    }
  }

  static final class Threads extends Whole {
    @Override
    Range range() {
      return Range.THREADS;
    }
  }

  static final class MaxRows extends Whole {
    @Override
    Range range() {
      return Range.MAX_ROWS;
    }
  }

  static final class Mismatches extends Whole {
    @Override
    Range range() {
      return Range.MISMATCHES;
    }
  }

  static final class MaxValueBytes extends Whole {
    @Override
    Range range() {
      return Range.MAX_VALUE_BYTES;
    }
  }

  static final class ResultBytes extends Whole {
    @Override
    Range range() {
      return Range.RESULT_BYTES;
    }
  }

  static final class Limit extends Whole {
    @Override
    Range range() {
      return Range.LIMIT;
    }
  }

  static final class Concurrency extends Whole {
    @Override
    Range range() {
      return Range.CONCURRENCY;
    }
  }

  static final class MaxTokens extends Whole {
    @Override
    Range range() {
      return Range.MAX_TOKENS;
    }
  }

  static final class Rounds extends Whole {
    @Override
    Range range() {
      return Range.ROUNDS;
    }
  }

  static final class MaxAttempts extends Whole {
    @Override
    Range range() {
      return Range.MAX_ATTEMPTS;
    }
  }

  static final class QueryTimeout extends Seconds {
    @Override
    Range range() {
      return Range.QUERY_TIMEOUT_MILLIS;
    }
  }

  static final class RequestTimeout extends Seconds {
    @Override
    Range range() {
      return Range.REQUEST_TIMEOUT_MILLIS;
    }
  }

  static final class DownloadMinRate extends Whole {
    @Override
    Range range() {
      return Range.DOWNLOAD_MIN_RATE;
    }
  }

  static final class DownloadRateWindow extends Seconds {
    @Override
    Range range() {
      return Range.DOWNLOAD_RATE_WINDOW_MILLIS;
    }
  }

  static final class DownloadMaxFileBytes extends WholeLong {
    @Override
    Range range() {
      return Range.DOWNLOAD_MAX_FILE_BYTES;
    }
  }

  static final class MaxResponseBytes extends WholeLong {
    @Override
    Range range() {
      return Range.RESPONSE_BYTES;
    }
  }

  /**
   * Every path option and parameter ({@link Commands} registers it for the type): an empty value is refused.
   * {@code Path.of("")} is the current directory, so {@code --outputs ''} (an unset variable in a script) read
   * the working directory as a submission.
   */
  static final class FilePath extends Rule<java.nio.file.Path> {
    @Override
    java.nio.file.Path apply(String value) {
      if (value.isEmpty()) {
        throw new IllegalArgumentException(OPTION + " is empty (an unset variable?); give the path of a file or "
            + "directory");
      }
      return java.nio.file.Path.of(value);
    }
  }

  /** An http or https URL with a host. */
  static final class HttpUrl extends Rule<URI> {
    @Override
    URI apply(String value) {
      return Options.url(OPTION, value);
    }
  }

  /** An LLMSQL release: 1.0 or 2.0. */
  static final class Version extends Rule<String> {
    @Override
    String apply(String value) {
      return Options.version(OPTION, value);
    }
  }

  /** A rate in [0, 1]. */
  static final class Rate extends Rule<Double> {
    @Override
    Double apply(String value) {
      return Options.rate(OPTION, value);
    }
  }

  /** 0, 1 or 5 worked examples. */
  static final class Shots extends Rule<Integer> {
    @Override
    Integer apply(String value) {
      return Options.shots(OPTION, value);
    }
  }

  /** A sampling temperature, 0 to 2. */
  static final class Temperature extends Rule<Double> {
    @Override
    Double apply(String value) {
      return Options.temperature(OPTION, value);
    }
  }

  /** A query engine on the class path ({@link Options#engines()}), in any case. */
  static final class Engine extends Rule<String> {
    @Override
    String apply(String value) {
      return Options.engine(OPTION, value);
    }
  }

  /** How names reach PostgreSQL: exact or lower-case. */
  static final class Names extends Rule<dev.llmsql.jdbc.load.JdbcImport.Names> {
    @Override
    dev.llmsql.jdbc.load.JdbcImport.Names apply(String value) {
      return EngineTarget.names(OPTION, value);
    }
  }

  /** A Falcon {@code --model} spec. */
  static final class ModelSpec extends Rule<FalconCommand.ModelSpec> {
    @Override
    FalconCommand.ModelSpec apply(String value) {
      return FalconCommand.ModelSpec.parse(value);
    }
  }
}
