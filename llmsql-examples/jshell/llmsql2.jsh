// LLMSQL 2.0 on the project's own 20-question demo (llmsql-examples/llmsql2). From the repository root, after
// ./mvnw -q -pl llmsql-cli -am package -DskipTests:
//   jshell --class-path llmsql-cli/target/llmsql.jar llmsql-examples/jshell/llmsql2.jsh
import java.nio.file.Path
var demo = Path.of("llmsql-examples/llmsql2"); var db = Path.of("target/llmsql2/demo-jshell.sqlite")
dev.llmsql.sqlite.dataset.DatasetImport.builder().tablesJsonl(demo.resolve("tables.jsonl")).overwrite(true).build().into(db)
var report = dev.llmsql.Evaluator.builder().questionsPath(demo.resolve("questions.jsonl")).dbPath(db).modelName("demo-model").noReportFile().showMismatches(false).build().run(demo.resolve("predictions.jsonl"))
report.categoryAccuracy().forEach((category, b) -> System.out.printf("%-14s %d of %d (%.2f%%)%n", category, b.matches(), b.total(), 100 * b.accuracy()))
