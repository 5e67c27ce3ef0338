package dev.llmsql.sqlite.dataset;

/**
 * A dataset could not be imported; the message names the file, the line when known, and the fix.
 *
 * <pre>{@code
 * try { importer.into(db); } catch (DatasetImportException e) { System.err.println(e.getMessage()); }
 * }</pre>
 */
public final class DatasetImportException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public DatasetImportException(String message) {
    super(message);
  }

  public DatasetImportException(String message, Throwable cause) {
    super(message, cause);
  }
}
