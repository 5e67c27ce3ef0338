/**
 * Structural judges: Spider-style exact-set match of parsed SQL, clause by clause, without a database.
 * Start from {@link dev.llmsql.judge.structure.ExactSetJudge}.
 */
package dev.llmsql.judge.structure;
