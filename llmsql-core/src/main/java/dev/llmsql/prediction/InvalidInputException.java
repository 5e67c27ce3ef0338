package dev.llmsql.prediction;

/**
 * Input the evaluator cannot read at all (malformed JSON, a missing file, a field of the wrong type in a
 * questions file). The message names the file, the line and the fix; nothing has been evaluated yet.
 *
 * <pre>{@code
 * Path path = Path.of("outputs.jsonl");
 * try { Evaluator.evaluate(path); }
 * catch (InvalidInputException e) { System.err.println(e.getMessage()); }  // "outputs.jsonl:3: ..."
 * }</pre>
 */
public class InvalidInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String location;

  /**
   * @param location file and line ({@code "outputs.jsonl:3"}) or list index ({@code "predictions[2]"})
   * @param message what is wrong and how to fix it
   */
  public InvalidInputException(String location, String message) {
    super(location + ": " + message);
    this.location = location;
  }

  public InvalidInputException(String location, String message, Throwable cause) {
    super(location + ": " + message, cause);
    this.location = location;
  }

  /** Where the problem is: file and line, or list index. */
  public String location() {
    return location;
  }
}
