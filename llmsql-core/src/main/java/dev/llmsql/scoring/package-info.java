/**
 * Headline figures over an evaluation: the {@link dev.llmsql.scoring.Scoring} SPI; start from
 * {@link dev.llmsql.scoring.Scorings#accuracy()}.
 */
package dev.llmsql.scoring;
