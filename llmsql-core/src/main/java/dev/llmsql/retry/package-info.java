/** Trying again: {@link dev.llmsql.retry.RetryPolicy} is how often and how long to wait, in one place. */
package dev.llmsql.retry;
