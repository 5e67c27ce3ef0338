// LLMSQL 2.0 over upstream's 21-question fixture. From the repository root, with ../shared beside it, after
// ./mvnw -q -pl llmsql-cli -am package -DskipTests:
//   jshell --class-path llmsql-cli/target/llmsql.jar llmsql-examples/jshell/llmsql2.jsh
import java.nio.file.Path
var fixture = Path.of("../shared/data/llmsql2-fixture"); var db = Path.of("target/llmsql2-fixture.sqlite")
dev.llmsql.sqlite.dataset.DatasetImport.builder().tablesJsonl(fixture.resolve("tables.jsonl")).overwrite(true).build().into(db)
var report = dev.llmsql.Evaluator.builder().questionsPath(fixture.resolve("questions.jsonl")).dbPath(db).modelName("demo-model").noReportFile().showMismatches(false).build().run(Path.of("llmsql-examples/llmsql2/predictions.jsonl"))
report.categoryAccuracy().forEach((category, b) -> System.out.printf("%-14s %d of %d (%.2f%%)%n", category, b.matches(), b.total(), 100 * b.accuracy()))
