/**
 * The settings of the builders: each evaluator setting declared once ({@link dev.llmsql.config.Setting} constants
 * in {@link dev.llmsql.config.EvaluatorSettings}: name, default, range, option and help), the values each
 * numeric setting accepts ({@link dev.llmsql.config.Range}, shared by the builders and the command line so both
 * reject the same values), and the rule that a setting is given once ({@link dev.llmsql.config.Settings}).
 */
package dev.llmsql.config;
