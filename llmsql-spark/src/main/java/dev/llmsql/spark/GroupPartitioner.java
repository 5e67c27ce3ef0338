package dev.llmsql.spark;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.Partitioner;

/**
 * One partition per (benchmark, database, split), numbered largest group first so the longest tasks start
 * first: a task opens one database, and a large database is spread over several splits instead of one task.
 */
final class GroupPartitioner extends Partitioner {

  private static final long serialVersionUID = 1L;

  private final HashMap<GroupKey, Integer> index;

  GroupPartitioner(Map<GroupKey, Integer> index) {
    this.index = new HashMap<>(index);
  }

  @Override
  public int numPartitions() {
    return Math.max(1, index.size());
  }

  @Override
  public int getPartition(Object key) {
    Integer partition = index.get((GroupKey) key);
    if (partition == null) {
      throw new IllegalArgumentException("no partition for " + key + "; the plan was made for other predictions");
    }
    return partition;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof GroupPartitioner p && p.index.equals(index);
  }

  @Override
  public int hashCode() {
    return index.hashCode();
  }
}
