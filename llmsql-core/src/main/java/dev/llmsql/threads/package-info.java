/** Threads this project starts: {@link dev.llmsql.threads.DaemonThreads} names them and makes them daemons. */
package dev.llmsql.threads;
