/**
 * Structural judges: Spider's exact-set match of parsed SQL (its own evaluator reproduced, reading the
 * database schema), and this project's clause-by-clause comparison that needs no database. Start from
 * {@link dev.llmsql.judge.structure.ExactSetJudge}.
 */
package dev.llmsql.judge.structure;
