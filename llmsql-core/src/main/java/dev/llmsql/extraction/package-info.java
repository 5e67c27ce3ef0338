/**
 * Getting SQL out of model completions: {@link dev.llmsql.extraction.SqlExtractor} and
 * {@link dev.llmsql.extraction.TablePlaceholder}.
 */
package dev.llmsql.extraction;
