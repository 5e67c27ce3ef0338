/**
 * Checking a benchmark before it scores a model: which gold queries fail, return nothing, run too long, do not
 * match themselves, depend on ties, scan order or the clock, sort numbers as text, repeat, or name a database or
 * table that is not there ({@link dev.llmsql.Audit} runs it, {@link dev.llmsql.audit.AuditReport} holds it).
 */
package dev.llmsql.audit;
