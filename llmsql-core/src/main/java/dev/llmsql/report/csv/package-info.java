/**
 * CSV export of per-question results: start from {@link dev.llmsql.report.csv.CsvReport}.
 */
package dev.llmsql.report.csv;
