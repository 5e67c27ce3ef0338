package dev.llmsql.judge.resultset;

/**
 * The first cell where two results differ, after both were put in the same row order.
 *
 * <pre>{@code
 * QueryResult gold = new QueryResult(List.of("name", "age"), List.of(List.of("Joe", 52)));
 * QueryResult predicted = new QueryResult(List.of("name", "age"), List.of(List.of("Joe", 53)));
 * Comparison comparison = ResultSetComparator.builder().build().compare(gold, predicted, false);
 * comparison.difference().map(d -> "row " + d.row() + ", column " + d.column());
 * }</pre>
 *
 * @param row the row index (0-based) in the compared order
 * @param column the gold column index (0-based)
 * @param gold the gold value, normalised
 * @param predicted the predicted value, normalised
 */
public record CellDiff(int row, int column, Object gold, Object predicted) {

  @Override
  public String toString() {
    return "row " + row + ", column " + column + ": gold " + Values.show(gold) + ", predicted "
        + Values.show(predicted);
  }
}
