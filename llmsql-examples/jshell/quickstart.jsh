// Evaluates the bundled demo benchmark. From the repository root, after ./mvnw -q package -DskipTests:
//   jshell --class-path llmsql-cli/target/llmsql.jar llmsql-examples/jshell/quickstart.jsh
import dev.llmsql.*
import java.nio.file.Path
var demo = Path.of("llmsql-examples/demo")
var report = Evaluator.builder().questionsPath(demo.resolve("questions.jsonl")).dbPath(demo.resolve("demo.sqlite")).noReportFile().showMismatches(false).build().run(demo.resolve("predictions.jsonl"))
System.out.println(report)
