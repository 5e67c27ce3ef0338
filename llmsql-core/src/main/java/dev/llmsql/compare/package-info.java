/**
 * Paired comparison of two reports of the same benchmark: which questions flipped each way and whether the
 * difference is more than chance (exact McNemar); start from {@link dev.llmsql.compare.PairedComparison#of}.
 */
package dev.llmsql.compare;
