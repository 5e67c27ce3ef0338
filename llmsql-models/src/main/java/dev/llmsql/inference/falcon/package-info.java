/**
 * DB-GPT Falcon-style runs: several models, several rounds, one benchmark; start from
 * {@link dev.llmsql.inference.falcon.FalconRun}.
 */
package dev.llmsql.inference.falcon;
