/**
 * Downloads the LLMSQL benchmark from the Hugging Face hub on demand and caches it in a work dir.
 * Start from {@link dev.llmsql.sqlite.download.LlmsqlHub}; the {@code Evaluator} finds it on its own
 * through {@link dev.llmsql.sqlite.download.LlmsqlHubFactory}.
 */
package dev.llmsql.sqlite.download;
