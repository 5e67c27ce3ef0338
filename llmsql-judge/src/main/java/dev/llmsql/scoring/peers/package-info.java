/**
 * The peers' scorings: start from {@link dev.llmsql.scoring.peers.PeerScorings}.
 */
package dev.llmsql.scoring.peers;
