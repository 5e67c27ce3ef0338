/**
 * Your own dataset as a SQLite file: start from {@link dev.llmsql.sqlite.dataset.DatasetImport}.
 */
package dev.llmsql.sqlite.dataset;
