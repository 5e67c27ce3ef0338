package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SCALE's dataset_config.py (its DATASET_CONFIG literal and prompt functions) becomes a suite config. */
class ScaleConfigImportTest {

  @TempDir
  Path dir;

  /** A config in SCALE's shape, with prompts of our own. */
  private static final String DATASET_CONFIG = """
      # dataset_config.py
      import json


      def prompt_for_syntax(case: dict) -> str:
          query = case.get("sql", "")
          return f\"\"\"Does this SQL have a syntax error? Reply {{"has_syntax_error": "yes|no"}}.
      SQL:
      {query}
      \"\"\"


      def prompt_for_convert(case: dict) -> str:
          \"\"\"
          Conversion prompt.
          \"\"\"
          src = case.get("source_dialect")
          return f\"\"\"Convert from {src} to {case.get('target_dialect')}:
      {case.get("sql", "")}
      \"\"\"


      def judge_convert(model_name: str, case: dict, model_answer: str) -> str:
          original = case.get("sql", "")
          translated = model_answer
          return f\"\"\"Is {translated} equivalent to {original}? Reply {{"answer": "yes" | "no"}}\"\"\"


      def prompt_for_rows(case: dict) -> str:
          lines = []
          if "rows" in case.get("expected", {}):
              lines.append("rows")
          template = ", ".join(lines)
          schema = "\\n".join(case.get("create_table_statements", []))
          return f\"\"\"Schema:
      {schema}
      Answer as JSON with {template}.
      \"\"\"


      DATASET_CONFIG = {
          "sql_understanding": {
              'syntax_error_detection.jsonl': {
                  'target_model_prompt': prompt_for_syntax,
                  'evaluation_type': "objective",
                  'indicator_ability_weights': 1
              },
              'execution_accuracy.jsonl': {
                  'target_model_prompt': prompt_for_rows,
                  'evaluation_type': "objective",
                  'indicator_ability_weights': 4   # most important
              }
          },
          "dialect_conversion": {
              'logical_equivalence.jsonl': {
                  'target_model_prompt': prompt_for_convert,
                  'judge_model_prompt': judge_convert,
                  'evaluation_type': "hybrid",
                  'indicator_ability_weights': 3
              }
          }
      }

      DIFFICULTY_WEIGHTS_CONFIG = {
          '1': 1,
          '2': 2,
          '3': 3
      }
      """;

  @Test
  void read_scaleShapedConfig_weightsEvaluationsAndTranslatedPrompts() throws Exception {
    Path py = Files.writeString(dir.resolve("dataset_config.py"), DATASET_CONFIG);

    ScaleConfigImport imported = ScaleConfigImport.read(py);
    imported.write(dir.resolve("suite.json"));

    assertThat(Files.readString(dir.resolve("suite.json"))).isEqualTo("""
        {
          "name" : "imported from SCALE dataset_config.py",
          "capabilities" : {
            "sql_understanding" : {
              "syntax_error_detection" : {
                "weight" : 1,
                "evaluation" : "objective",
                "prompt_file" : "prompts/sql_understanding/syntax_error_detection.txt"
              },
              "execution_accuracy" : {
                "weight" : 4,
                "evaluation" : "objective",
                "prompt_file" : "prompts/sql_understanding/execution_accuracy.txt"
              }
            },
            "dialect_conversion" : {
              "logical_equivalence" : {
                "weight" : 3,
                "evaluation" : "hybrid",
                "prompt_file" : "prompts/dialect_conversion/logical_equivalence.txt",
                "judge_prompt_file" : "prompts/dialect_conversion/logical_equivalence.judge.txt"
              }
            }
          }
        }
        """);
    assertThat(Files.readString(dir.resolve("prompts/sql_understanding/syntax_error_detection.txt"))).isEqualTo("""
        Does this SQL have a syntax error? Reply {"has_syntax_error": "yes|no"}.
        SQL:
        {{sql}}
        """);
    assertThat(Files.readString(dir.resolve("prompts/dialect_conversion/logical_equivalence.txt"))).isEqualTo("""
        Convert from {{source_dialect}} to {{target_dialect}}:
        {{sql}}
        """);
    assertThat(Files.readString(dir.resolve("prompts/dialect_conversion/logical_equivalence.judge.txt")))
        .isEqualTo("Is {{answer}} equivalent to {{sql}}? Reply {\"answer\": \"yes\" | \"no\"}\n");
    assertThat(Files.readString(dir.resolve("prompts/sql_understanding/execution_accuracy.txt"))).isEqualTo("""
        Schema:
        {{create_table_statements}}
        Answer as JSON with {template}.
        """);
    assertThat(imported.notes()).containsExactly("sql_understanding/execution_accuracy.jsonl target_model_prompt: "
        + "prompt_for_rows computes its prompt in Python (template); check the prompt file");
    // the result is a config this library reads
    assertThat(SuiteConfig.read(dir.resolve("suite.json")).metrics()).hasSize(3);
  }

  @Test
  void importedConfig_scaleShapedCaseFile_loadsCaseIdDifficultyLevelAndJoinsStatementLists() throws Exception {
    // given: SCALE's field names (case_id, difficulty_level, a list of CREATE statements), our own content
    Path py = Files.writeString(dir.resolve("dataset_config.py"), """
        def prompt_for_plan(case: dict) -> str:
            tables = "\\n".join(case.get("create_table_statements", []))
            sql = case.get("sql", "")
            return f\"\"\"Tables:
        {tables}
        Plan for: {sql}\"\"\"


        DATASET_CONFIG = {
            "sql_understanding": {
                'explain_detection.jsonl': {'target_model_prompt': prompt_for_plan,
                                            'evaluation_type': "objective", 'indicator_ability_weights': 2}
            }
        }
        """);
    ScaleConfigImport.read(py).write(dir.resolve("suite.json"));
    Path cases = Files.createDirectories(dir.resolve("suite").resolve("sql_understanding"));
    Files.writeString(cases.resolve("explain_detection.jsonl"), "{\"case_id\": \"7\", \"difficulty_level\": \"2\", "
        + "\"create_table_statements\": [\"CREATE TABLE a (x INT);\", \"CREATE TABLE b (y INT);\"], "
        + "\"sql\": \"SELECT x FROM a\", \"expected\": {\"type\": \"ALL\"}}\n");

    // when
    SuiteDataset dataset = SuiteDataset.load(dir.resolve("suite"), SuiteConfig.read(dir.resolve("suite.json")));

    // then
    SuiteCase c = dataset.cases().get(0);
    assertThat(c.id()).isEqualTo("7");
    assertThat(c.difficulty()).isEqualTo(2);
    assertThat(SuiteDataset.render(dataset.config().metrics().get(0).prompt(), c.fields())).isEqualTo("""
        Tables:
        CREATE TABLE a (x INT);
        CREATE TABLE b (y INT);
        Plan for: SELECT x FROM a
        """);
  }

  @Test
  void read_noDatasetConfig_namesFileAndFix() throws Exception {
    Path py = Files.writeString(dir.resolve("llm_config.py"), "TARGET_LLM_CONFIG = []\n");

    assertThatThrownBy(() -> ScaleConfigImport.read(py)).isInstanceOf(SuiteFormatException.class)
        .hasMessageContaining("no DATASET_CONFIG = {...} found; give SCALE's evaluator/config/dataset_config.py");
  }

  @Test
  void read_deepOrHugeLiterals_areFormatErrors_notAStackOverflowOrACrash() throws Exception {
    // 20,000 nested dicts ended the command with a StackOverflowError, a 30-digit number with a NumberFormatException
    Path deep = Files.writeString(dir.resolve("deep.py"), "DATASET_CONFIG = " + "{'a': ".repeat(20_000) + "1"
        + "}".repeat(20_000) + "\n");
    Path huge = Files.writeString(dir.resolve("huge.py"), "DATASET_CONFIG = {'a': 123456789012345678901234567890}\n");

    assertThatThrownBy(() -> ScaleConfigImport.read(deep)).isInstanceOf(SuiteFormatException.class)
        .hasMessage(deep + " line 1: dicts nested more than 64 deep; SCALE's config nests three in DATASET_CONFIG; "
            + "give SCALE's dataset_config.py as SCALE ships it");
    assertThatThrownBy(() -> ScaleConfigImport.read(huge)).isInstanceOf(SuiteFormatException.class)
        .hasMessage(huge + " line 1: the whole number 123456789012345678901234567890 is out of range in "
            + "DATASET_CONFIG; give SCALE's dataset_config.py as SCALE ships it");
  }
}
