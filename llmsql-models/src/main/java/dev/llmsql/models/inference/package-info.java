/**
 * Text-to-SQL inference: ask a model for each question's SQL and write a predictions file to evaluate; start
 * from {@link dev.llmsql.models.inference.Inference}.
 */
package dev.llmsql.models.inference;
