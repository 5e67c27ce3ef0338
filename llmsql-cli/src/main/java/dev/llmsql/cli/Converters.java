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

  private static TypeConversionException refused(IllegalArgumentException e) {
    return new TypeConversionException(e.getMessage());
  }

  /** A whole number in a {@link Range}. */
  abstract static class Whole implements ITypeConverter<Integer> {
    abstract Range range();

    @Override
    public Integer convert(String value) {
      try {
        return Options.number(OPTION, value, range());
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** Seconds (decimals allowed) in a {@link Range} of milliseconds. */
  abstract static class Seconds implements ITypeConverter<Duration> {
    abstract Range range();

    @Override
    public Duration convert(String value) {
      try {
        return Options.seconds(OPTION, value, range());
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
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

  /** An http or https URL with a host. */
  static final class HttpUrl implements ITypeConverter<URI> {
    @Override
    public URI convert(String value) {
      try {
        return Options.url(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** An LLMSQL release: 1.0 or 2.0. */
  static final class Version implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
      try {
        return Options.version(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** A rate in [0, 1]. */
  static final class Rate implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      try {
        return Options.rate(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** 0, 1 or 5 worked examples. */
  static final class Shots implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      try {
        return Options.shots(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** A sampling temperature, 0 to 2. */
  static final class Temperature implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      try {
        return Options.temperature(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** A query engine the command line ships: sqlite, duckdb or postgresql, in any case. */
  static final class Engine implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
      try {
        return Options.engine(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** How names reach PostgreSQL: exact or lower-case. */
  static final class Names implements ITypeConverter<dev.llmsql.jdbc.load.JdbcImport.Names> {
    @Override
    public dev.llmsql.jdbc.load.JdbcImport.Names convert(String value) {
      try {
        return EngineTarget.names(OPTION, value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }

  /** A Falcon {@code --model} spec. */
  static final class ModelSpec implements ITypeConverter<FalconCommand.ModelSpec> {
    @Override
    public FalconCommand.ModelSpec convert(String value) {
      try {
        return FalconCommand.ModelSpec.parse(value);
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
  }
}
