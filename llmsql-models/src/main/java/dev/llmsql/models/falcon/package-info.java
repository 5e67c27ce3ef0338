/**
 * DB-GPT Falcon-style runs: several models, several rounds, one benchmark; start from
 * {@link dev.llmsql.models.falcon.FalconRun}.
 */
package dev.llmsql.models.falcon;
