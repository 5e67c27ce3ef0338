package dev.llmsql.spark;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** One {@code local[2]} session for every test of the module: starting Spark costs seconds. */
final class LocalSpark {

  private static SparkSession session;

  private LocalSpark() {
  }

  /**
   * The session: two cores, and up to two attempts per task (the {@code ,2} of the master) so a failed task is
   * retried as on a cluster.
   */
  static synchronized SparkSession get() {
    if (session == null) {
      session = SparkSession.builder().master("local[2,2]").appName("llmsql-spark-test")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "4")
          .config("spark.local.dir", Path.of("target", "spark-local").toAbsolutePath().toString())
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .getOrCreate();
      session.sparkContext().setLogLevel("WARN");
    }
    return session;
  }
}
