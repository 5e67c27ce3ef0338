package dev.llmsql.cli;

/**
 * The prose of the generated help: what each command does, its exit status and examples. Picocli lays out the
 * synopsis and the options from the annotations; these texts go in its description and footer sections (picocli
 * reads them as format strings: {@code %n} is a line break, {@code %%} a percent sign).
 */
final class Usage {

  private Usage() {
  }

  static final String MAIN_SYNOPSIS = """
      Usage:
        llmsql evaluate --outputs FILE [options]          evaluate a predictions JSONL file
        llmsql report REPORT.json [--format html|csv]     turn a saved report into an HTML page or CSV
        llmsql leaderboard R1.json R2.json ... [--out F]  compare several reports on one HTML page
        llmsql compare A.json B.json [--html F]           paired test of two runs (exact McNemar)
        llmsql audit --questions-path Q --db-path F       check the gold queries before they score a model
        llmsql dataset import --csv DIR --out db.sqlite   your own CSV files / tables.jsonl as SQLite
                              [--questions Q.jsonl]       (with your questions, checked against it)
        llmsql dataset import --from-sqlite F --engine duckdb --out F.duckdb
                                                          a benchmark into DuckDB (or PostgreSQL)
        llmsql inference api --model M --base-url U --output-file F
                                                          ask a model (OpenAI-compatible API) for predictions
        llmsql falcon run --model M1 --model M2 --base-url U --rounds N --out DIR
                                                          several models x rounds, DB-GPT Falcon's tables
        llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J --out DIR
                                                          SCALE-style capability suites with LLM judges
        llmsql suite import-scale dataset_config.py --out F
                                                          SCALE's config as a suite config
        llmsql completion                                 bash completion: source <(llmsql completion)
        llmsql --version                                  print the version
        llmsql --help                                     this help; 'llmsql COMMAND --help' for options""";

  static final String MAIN_FOOTER = """
      %nExamples:
        java -jar llmsql.jar evaluate --outputs outputs.jsonl
        java -jar llmsql.jar evaluate --outputs gpt-4o.jsonl --questions-path questions.jsonl \\
            --db-path sqlite_tables.db --format json,csv,html --out reports
        java -jar llmsql.jar report reports/gpt-4o.json --format csv
        java -jar llmsql.jar leaderboard reports/gpt-4o.json reports/llama-3.json --out board.html""";

  static final String EVALUATE_DESCRIPTION = """
      %nPredictions are JSONL lines {"question_id": 1, "completion": "SELECT ..."} ("predicted_sql" also read),
      or {"question_id": 1, "result_csv": "results/1.csv"} for a result given instead of SQL; a directory is a
      Spider 2.0 submission of <instance_id>.sql and <instance_id>.csv files.""";

  /** {@code evaluate --judge}'s help before the judges {@link dev.llmsql.judgement.Judges#help()} lists. */
  static final String JUDGE_DEFAULT = "default: LLMSQL's rules per question (2.0 rules, llmsql2, for questions with "
      + "an \"answer\"; 1.0 rules for the rest); ";

  static final String EVALUATE_FOOTER = """
      %nReport files must be regular files (or not exist yet) and none of the run's inputs. Progress goes to
      standard error: a bar on a terminal, a line every 10 s otherwise. Colours only on a terminal, and never
      when NO_COLOR is set.

      Exit status: 0 evaluated (and the gate passed), 2 usage error (a bad option value, or an output file
      that is not a regular file or is an input of the run, or a --gold-cache or --workdir-path that is a
      file), 3 unreadable, endless or empty input (or a baseline of another benchmark), 4 benchmark
      unavailable, 5 report not saved, 6 gate failed, 1 other failure. Predictions or question lines longer
      than 16 MiB are refused: a prediction line as an input problem of that line (the run goes on), a
      question line as exit 3.

      Examples:
        java -jar llmsql.jar evaluate --outputs outputs.jsonl --version 1.0
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path dev.jsonl \\
            --databases-dir spider/database --no-save-report --threads 2
        java -jar llmsql.jar evaluate --outputs gpt-4o.jsonl --questions-path questions.jsonl \\
            --db-path sqlite_tables.db --no-save-report --format html,csv --out reports --quiet
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path q.jsonl --engine duckdb \\
            --db-path bench.duckdb""";

  static final String AUDIT_DESCRIPTION = """
      %nRuns every gold query with no predictions, under evaluate's bounds, and flags per question: gold_error,
      gold_empty, gold_slow, not_self_match, limit_tie, order_dependent, nondeterministic, text_sorted_numbers,
      duplicate_gold, missing_database, missing_table (docs/AUDIT.md says how each is found).""";

  static final String AUDIT_FOOTER = """
      %nExit status: 0 audited (and no question carries a --fail-on flag), 2 usage error (or an output that
      cannot be written, or two naming one file, refused before any gold runs), 3 unreadable questions,
      4 benchmark unavailable, 5 a report not written, 6 a question carries a --fail-on flag, 1 other failure.

      Examples:
        java -jar llmsql.jar audit --questions-path demo/questions.jsonl --db-path demo/demo.sqlite
        java -jar llmsql.jar audit --questions-path dev.jsonl --databases-dir spider/database \\
            --save audit.json --html audit.html --fail-on gold_error,missing_table
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path dev.jsonl \\
            --databases-dir spider/database --audit audit.json""";

  static final String COMPARE_DESCRIPTION = """
      %nCompares two full reports (written by 'llmsql evaluate --format json') of the same questions, question
      by question: both accuracies with 95%% confidence intervals, the questions B fixed and broke, and the
      exact McNemar test on those (two-sided binomial p-value). Reports of different benchmarks or question
      sets are refused.%n""";

  static final String COMPARE_FOOTER = """
      %nExit status: 0 compared (whatever the verdict), 2 usage error (or --html cannot be written, refused
      before any report is read), 3 unreadable reports or reports of different questions, 5 HTML not written,
      6 B not significantly better (with --fail-unless-better).

      Examples:
        java -jar llmsql.jar compare reports/baseline.json reports/candidate.json
        java -jar llmsql.jar compare a.json b.json --alpha 0.01 --html compare.html""";

  static final String REPORT_DESCRIPTION = """
      %nTurns a full report (written by 'llmsql evaluate --format json') into a self-contained HTML page
      (figures, charts, searchable mismatch table; opens offline) or a CSV of per-question results.
      LLMSQL's own report (--save-report) lacks per-question results and cannot be read.%n""";

  static final String REPORT_FOOTER = """
      %nExit status: 0 written, 2 usage error (or --out is not a regular file, is under a file, or is the
      report read), 3 unreadable report, 5 output not written.

      Examples:
        java -jar llmsql.jar report reports/gpt-4o.json
        java -jar llmsql.jar report reports/gpt-4o.json --format csv --out gpt-4o-results.csv""";

  static final String LEADERBOARD_DESCRIPTION = """
      %nCompares full reports (written by 'llmsql evaluate --format json'; several models, or one model over
      time) on one self-contained HTML page: a sortable table, accuracy bars, and a radar chart per report
      when the reports carry three or more capability scores. Rows are named after the report files.
      Capability-suite score reports ('llmsql suite run': OUT/eval_reports/MODEL.json) add a table of
      capability scores and a radar chart per model. LLMSQL 2.0 reports add their accuracy per category.
      Upstream LLMSQL leaderboard entries (a .yaml/.yml file holding one entry or a list of them, or a
      directory searched for such files, e.g. a checkout's leaderboard/) are ranked by accuracy with the
      reports in a table of the columns upstream's leaderboard shows. LLMSQL's own report files (the
      evaluation_results_*.json its Python evaluate() saves) are read too, counts only. Runs are ranked per
      benchmark (LLMSQL version, or questions file and database); a run with fewer predictions than questions
      is flagged partial.%n""";

  static final String LEADERBOARD_FOOTER = """
      %nExit status: 0 written, 2 usage error (or --out is not a regular file, is under a file, or is one of
      the reports read), 3 unreadable report, 5 output not written.

      Examples:
        java -jar llmsql.jar leaderboard reports/gpt-4o.json reports/llama-3.json --out board.html
        java -jar llmsql.jar leaderboard runs/2026-*/model.json --out history.html
        java -jar llmsql.jar leaderboard suite-reports/eval_reports/*.json --out suites.html
        java -jar llmsql.jar leaderboard reports/mine.json llmsql-benchmark/leaderboard --out with-upstream.html""";

  static final String DATASET_SYNOPSIS = """
      llmsql dataset import (--csv DIR|FILE | --tables-jsonl FILE)... [--questions FILE [--answers]]
                                   --out FILE [--overwrite]
             llmsql dataset import (--from-sqlite FILE | --csv DIR|FILE | --tables-jsonl FILE) --engine duckdb
                                   --out FILE.duckdb
             llmsql dataset import (--from-sqlite FILE | --csv DIR|FILE | --tables-jsonl FILE) --engine postgresql
                                   --jdbc-url jdbc:postgresql://HOST[:PORT]/NEW_DATABASE [--jdbc-user ADMIN]
                                   [--jdbc-password-env VAR] [--reader-role R] --reader-password-env VAR
             llmsql dataset import --spider2 DIR --out DIR [--overwrite]
             llmsql dataset import --multi-turn DEV.json --out FILE [--overwrite]""";

  static final String DATASET_DESCRIPTION = """
      %nWrites your own tables into a new SQLite file to evaluate against. CSV: a header row, one table per file
      named after it, column types inferred (integer, real, text), empty cells NULL. tables.jsonl: LLMSQL
      lines {"table_id", "header", "types", "rows"}. An existing --out file is kept unless --overwrite.

      With --questions, each question ({"question_id", "question", "sql" or "gold_results", "table_id"}) is
      checked against the new database: it reads as evaluation reads it, its table_id was imported, its gold
      SQL runs. Any problem refuses the import and is listed with file:line and the fix. The questions are
      then copied beside --out as NAME.questions.jsonl, with NAME.tables.jsonl (headers, types, first rows)
      for inference and falcon prompts, and the next commands are printed.

      With --answers the copy is an LLMSQL 2.0 questions file: each gold SQL is run once and its rows are
      stored as the question's "answer", "tables" defaults to [table_id], and "prompt" is upstream LLMSQL's
      zero-shot prompt rendered from the imported tables; "category", "family" and other fields pass
      through. Evaluation then judges these questions by the llmsql2 rules.

      DuckDB and PostgreSQL (--engine): the tables are imported into a temporary SQLite file first, or copied
      from --from-sqlite; column types follow the values; nothing existing is overwritten; passwords come from
      environment variables only (see docs/ENGINES.md).

      Spider 2.0 (--spider2 DIR, the spider2-lite or spider2-snow folder): each task with evaluation metadata
      and a gold result CSV becomes a question of --out/questions.jsonl holding its gold results (alternatives
      _a, _b, ... included), condition_cols and ignore_order; the local SQLite databases go to
      --out/databases. Evaluate it with --judge spider2.

      SParC and CoSQL (--multi-turn DEV.json, their dev.json): one question per turn with interaction_id and
      turn, written to --out as a questions JSONL file; --judge spider then adds the turn rows and joint_all.%n""";

  static final String DATASET_FOOTER = """
      %nExit status: 0 written, 1 the database server failed, 2 usage error (or --out is not a regular file, is
      under a file, or is an input), 3 unreadable input, a question problem, or --out (or the PostgreSQL
      database) exists.

      Examples:
        java -jar llmsql.jar dataset import --csv my-data --questions my-questions.jsonl --out my-data.sqlite
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path my-data.questions.jsonl \\
            --db-path my-data.sqlite
        java -jar llmsql.jar dataset import --from-sqlite my-data.sqlite --engine duckdb --out my-data.duckdb
        LLMSQL_READER_PW=... java -jar llmsql.jar dataset import --from-sqlite my-data.sqlite \\
            --jdbc-url jdbc:postgresql://localhost:5432/my_data --jdbc-user postgres \\
            --reader-password-env LLMSQL_READER_PW""";

  static final String INFERENCE_DESCRIPTION = """
      %nAsks an OpenAI-compatible chat-completions server for the SQL of each question and appends
      {"question_id", "completion"} lines to F (then: llmsql evaluate --outputs F). A re-run skips questions
      already in F, so an interrupted run resumes. Reasoning (<think>...</think>) is stripped from the stored
      completion; every exchange, reasoning included, goes to the process log (the API key never does).""";

  static final String INFERENCE_FOOTER = """
      %nAfter the run, F without .jsonl plus .run.json holds the model name and inference arguments; give it
      to llmsql evaluate --run-metadata so the report and its leaderboard YAML carry them.

      Exit status: 0 all answered, 1 some calls failed (run again to retry them), 2 usage error (or F or the
      log is not a regular file, is under a file, or is an input), 3 unreadable questions or tables,
      4 benchmark not downloadable or a local questions or tables file missing.

      Examples:
        export OPENAI_API_KEY=...
        java -jar llmsql.jar inference api --model gpt-4o-mini --base-url https://api.openai.com/v1 \\
            --output-file gpt-4o-mini.jsonl --limit 100
        java -jar llmsql.jar evaluate --outputs gpt-4o-mini.jsonl""";

  static final String FALCON_DESCRIPTION = """
      %nDB-GPT Falcon-style run: every model answers every question in each round (models run at the same
      time, each within its own concurrency), each round is judged, and per round and model the executed,
      RIGHT, WRONG and FAILED counts, executability rate ((RIGHT+WRONG)/questions) and accuracy
      (RIGHT/questions) are printed and written to DIR/execution-results.csv; DIR/comparison-results.csv
      holds one row per round, model and question (question, gold SQL, gold result, predicted SQL, result,
      error, verdict). Predictions go to DIR/round-N/NAME.jsonl and exchanges to DIR/NAME.process.jsonl;
      a re-run resumes them.""";

  static final String FALCON_MODEL_OPTION = "MODEL[,base-url=U][,concurrency=N][,api-key-env=VAR][,name=LABEL]; "
      + "once per model. MODEL is the server's model name; settings override the shared options below for this "
      + "model; name labels rows and files (default: MODEL with characters other than letters, digits, '.', '_', "
      + "'-' turned into '-')";

  static final String FALCON_FOOTER = """
      %nExit status: 0 all answered and judged, 1 some model calls failed (they count as FAILED; run again
      to retry them), 2 usage error (or --out is not a directory, or a table file is not a regular file, or
      is an input), 3 unreadable questions or tables, 4 benchmark unavailable.

      Examples:
        java -jar llmsql.jar falcon run --model qwen2.5-coder:7b --model llama3.1:8b \\
            --base-url http://localhost:11434/v1 --rounds 2 --limit 100 --out falcon
        java -jar llmsql.jar falcon run --model gpt-4o-mini,base-url=https://api.openai.com/v1,concurrency=8 \\
            --model qwen,base-url=http://localhost:8000/v1,name=local-qwen --out falcon \\
            --questions-path my.questions.jsonl --tables-path my.tables.jsonl --db-path my.sqlite""";

  static final String SUITE_DESCRIPTION = """
      %nRuns a SCALE-style capability suite: DIR holds capability folders of metric JSONL files
      (sql_understanding/execution_accuracy.jsonl, ...), F the JSON config (metric weights, objective/subjective/
      hybrid, prompts, difficulties; see docs/REPORTS.md). Each --model answers every case; objective cases are
      compared with "expected" (execution cases run the answer's SQL on an in-memory SQLite built from the case's
      CREATE/INSERT statements), the --judge-model judges vote on the rest. Writes into --out: eval_reports/
      (scores per model), evaluation_case_reports/ (every case per model and capability),
      evaluation_process_detail_logs/process.jsonl (every exchange; the API key never) and leaderboard.html.""";

  static final String SUITE_FOOTER = """
      %nExit status: 0 every case ran, 1 some cases failed to run (left out of the scores; run again),
      2 usage error (or --out is not a directory), 3 unreadable suite or config, 5 reports not written.

      Examples:
        export OPENAI_API_KEY=...
        java -jar llmsql.jar suite run --suite my-suite --config my-suite.json --model gpt-4o-mini \\
            --model gpt-4o --base-url https://api.openai.com/v1 --judge-model gpt-4o --out suite-reports""";

  static final String IMPORT_SCALE_DESCRIPTION = """
      %nReads SCALE's own evaluator/config/dataset_config.py (never runs it) and writes F, a suite config with
      the same capabilities, metric weights and evaluation types, and its prompts as files in prompts/ beside
      F; prompts SCALE computes in Python are listed on standard error to be checked.%n""";

  static final String IMPORT_SCALE_FOOTER = """
      %nExamples:
        java -jar llmsql.jar suite import-scale evaluator/config/dataset_config.py --out my-suite.json""";
}
