/**
 * The peers' scorings: start from {@link dev.llmsql.judge.scoring.PeerScorings}.
 */
package dev.llmsql.judge.scoring;
