package dev.llmsql.cli;

/** Help texts of the command line. */
final class Usage {

  private Usage() {
  }

  static final String MAIN = """
      llmsql: evaluate LLM-generated SQL (LLMSQL-compatible)

      Usage:
        llmsql evaluate --outputs FILE [options]          evaluate a predictions JSONL file
        llmsql report REPORT.json [--format html|csv]     turn a saved report into an HTML page or CSV
        llmsql leaderboard R1.json R2.json ... [--out F]  compare several reports on one HTML page
        llmsql compare A.json B.json [--html F]           paired test of two runs (exact McNemar)
        llmsql dataset import --csv DIR --out db.sqlite   your own CSV files / tables.jsonl as SQLite
                              [--questions Q.jsonl]       (with your questions, checked against it)
        llmsql inference api --model M --base-url U --output-file F
                                                          ask a model (OpenAI-compatible API) for predictions
        llmsql falcon run --model M1 --model M2 --base-url U --rounds N --out DIR
                                                          several models x rounds, DB-GPT Falcon's tables
        llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J --out DIR
                                                          SCALE-style capability suites with LLM judges
        llmsql suite import-scale dataset_config.py --out F
                                                          SCALE's config as a suite config
        llmsql --version                                  print the version
        llmsql --help                                     this help; 'llmsql COMMAND --help' for options

      Examples:
        java -jar llmsql.jar evaluate --outputs outputs.jsonl
        java -jar llmsql.jar evaluate --outputs gpt-4o.jsonl --questions-path questions.jsonl \\
            --db-path sqlite_tables.db --format json,csv,html --out reports
        java -jar llmsql.jar report reports/gpt-4o.json --format csv
        java -jar llmsql.jar leaderboard reports/gpt-4o.json reports/llama-3.json --out board.html
      """;

  static final String EVALUATE = """
      Usage: llmsql evaluate --outputs FILE [options]

      Predictions are JSONL lines {"question_id": 1, "completion": "SELECT ..."} ("predicted_sql" also read).

      Benchmark (default: LLMSQL 2.0, downloaded into llmsql_workdir):
        --version 1.0|2.0          LLMSQL version to download (default 2.0)
        --workdir-path DIR         download cache (default llmsql_workdir)
        --hub-endpoint URL         hub to download from, http:// or https:// (default $HF_ENDPOINT or
                                   https://huggingface.co)
        --questions-path FILE      local questions JSONL; with --db-path or --databases-dir, no download
        --db-path FILE             local SQLite database all questions run on
        --databases-dir DIR        local databases laid out DIR/{db_id}/{db_id}.sqlite (Spider/BIRD); a db_id
                                   leading outside DIR ('..', a path, a link out) is an input problem
        --engine NAME              sqlite, duckdb or postgresql (default: by --db-path's name or the URL)
        --jdbc-url URL             the database as a JDBC URL (jdbc:duckdb:FILE, jdbc:postgresql://...);
                                   {db_id} in it is filled in per question; with --questions-path
        --jdbc-user NAME           the user --jdbc-url connects as (PostgreSQL: a role that may only read)
        --jdbc-password-env VAR    the environment variable holding that user's password
        --allow-empty              evaluate an empty (or blank-only) predictions or questions file as a run of
                                   nothing instead of refusing it (exit 3)

      Report:
        --save-report FILE         where to save LLMSQL's JSON report (default evaluation_results_{uuid}.json)
        --no-save-report           save no LLMSQL JSON report
        --format LIST              also write these of json,csv,html into --out (default all three when
                                   --out is given); json is the full report 'llmsql report' and
                                   'llmsql leaderboard' read
        --out DIR                  where --format files go (default: the current directory)
        --name NAME                file name of those files (default: the predictions file's name)
        --max-mismatches N         print at most N mismatches (default 5; 0 to 2147483647)
        --no-show-mismatches       print no mismatches
        --keep-mismatches N        keep at most N mismatches in the report (default 10000; counts stay
                                   exact; 0 to 2147483647)
        --model-name NAME          the model's name, for the report's model_name (LLMSQL 2.0) and the
                                   leaderboard entry (default: model.name of --run-metadata)
        --run-metadata FILE        YAML or JSON mapping deep-merged on top of the leaderboard entry, e.g.
                                   the F.run.json 'llmsql inference api' writes
        --save-leaderboard-yaml FILE
                                   also write upstream LLMSQL's leaderboard entry (run.yaml) for this run
        Report files must be regular files (or not exist yet) and none of the run's inputs.

      Judging and scoring:
        --judge NAME               default: LLMSQL's rules per question (2.0 rules, llmsql2, for questions with
                                   an "answer"; 1.0 rules for the rest); llmsql (1.0 rules for every question),
                                   llmsql2[:skip-comments,strict-two-part,all-null-pred-none,strict],
                                   llmsql-rs, bird[:ves,keep-equal-ratios], defog[:no-broadcast],
                                   falcon[:empty-match,unflagged-ordered], spider2[:typed], strict,
                                   spider-exec[:keep-distinct,no-repair,extract,no-test-suite],
                                   exact-set[:keep-values,extract,structural],
                                   dialect-valid[:sqlite|mysql|postgresql|oracle|sqlserver], llm, llm:hybrid
                                   (LLM judges read LLMSQL_JUDGE_* variables; see docs/JUDGES.md)
        --compare-judges A,B,...   also judge with each and print, per pair, how many questions differ
        --scoring NAME[,NAME]      extra scores: executability, weighted[:unknown-as-1], soft-f1,
                                   relative-efficiency, dialect-validity

      Gold cache (gold results kept between runs, keyed by database content and gold SQL):
        --gold-cache DIR           where (default WORKDIR/gold-cache, WORKDIR from --workdir-path)
        --no-gold-cache            run every gold query afresh

      Output:
        --quiet, -q                print only the accuracy line (no progress, no mismatches)
        --verbose, -v              print the configuration, every input problem and debug logs
        Progress goes to standard error: a bar on a terminal, a line every 10 s otherwise.
        Colours only on a terminal, and never when NO_COLOR is set.

      Execution:
        --query-timeout SECONDS    interrupt a statement after this long (default 10; 0.001 to 86400)
        --max-rows N               row cap per statement (default 100000; 1 to 100000000)
        --max-value-bytes N        longest string, blob or stored row a statement may build or read
                                   (default 250000; 1 to 1000000000)
        --max-row-bytes N          bytes one result row may take (default 16777216; 1 to 2147483647)
        --max-result-bytes N       bytes one result may take (default 134217728; 1 to 2147483647); over a
                                   bound is a SIZE_LIMIT error for that statement, gold queries included
        --threads N                predictions evaluated at once (default: available processors; 1 to 256)

      CI gate (one summary line on standard output; see the README):
        --fail-under MIN|SCORE=MIN[,...]
                                   fail (exit 6) when accuracy (MIN alone) or a score is below MIN, e.g.
                                   --fail-under 0.7 or --fail-under accuracy=0.7,soft-f1=0.5 (other scores
                                   need --scoring)
        --baseline REPORT.json     fail when a score is below this full report's (llmsql evaluate --format
                                   json) minus --tolerance; lists the questions that regressed
        --tolerance RATE           how far scores may fall below the baseline (default 0; 0 to 1)
        --max-regressions N        also fail when more than N baseline matches are lost
        --gate-format junit-xml=FILE|github
                                   also write the gate as JUnit XML, or print GitHub Actions annotations
                                   (may be given twice)

      Exit status: 0 evaluated (and the gate passed), 2 usage error (a bad option value, or an output file
      that is not a regular file or is an input of the run), 3 unreadable, endless or empty input (or a
      baseline of another benchmark), 4 benchmark unavailable, 5 report not saved, 6 gate failed,
      1 other failure. Predictions or question lines longer than 16 MiB are refused:
      a prediction line as an input problem of that line (the run goes on), a question line as exit 3.

      Examples:
        java -jar llmsql.jar evaluate --outputs outputs.jsonl --version 1.0
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path dev.jsonl \\
            --databases-dir spider/database --no-save-report --threads 2
        java -jar llmsql.jar evaluate --outputs gpt-4o.jsonl --questions-path questions.jsonl \\
            --db-path sqlite_tables.db --no-save-report --format html,csv --out reports --quiet
      """;

  static final String COMPARE = """
      Usage: llmsql compare A.json B.json [--alpha 0.05] [--html FILE] [--fail-unless-better]

      Compares two full reports (written by 'llmsql evaluate --format json') of the same questions, question
      by question: both accuracies with 95% confidence intervals, the questions B fixed and broke, and the
      exact McNemar test on those (two-sided binomial p-value). Reports of different benchmarks or question
      sets are refused.

      Options:
        --alpha LEVEL              significance level of the verdict (default 0.05; between 0 and 1)
        --html FILE                also write the comparison view as a self-contained HTML page
        --fail-unless-better       exit 6 unless B is significantly better than A

      Exit status: 0 compared (whatever the verdict), 2 usage error, 3 unreadable reports or reports of
      different questions, 5 HTML not written, 6 B not significantly better (with --fail-unless-better).

      Examples:
        java -jar llmsql.jar compare reports/baseline.json reports/candidate.json
        java -jar llmsql.jar compare a.json b.json --alpha 0.01 --html compare.html
      """;

  static final String REPORT = """
      Usage: llmsql report REPORT.json [--format html|csv] [--out FILE]

      Turns a full report (written by 'llmsql evaluate --format json') into a self-contained HTML page
      (figures, charts, searchable mismatch table; opens offline) or a CSV of per-question results.
      LLMSQL's own report (--save-report) lacks per-question results and cannot be read.

      Options:
        --format html|csv          what to write (default html)
        --out FILE                 where (default: REPORT with the format's extension)

      Exit status: 0 written, 2 usage error (or --out is not a regular file, or is the report read),
      3 unreadable report, 5 output not written.

      Examples:
        java -jar llmsql.jar report reports/gpt-4o.json
        java -jar llmsql.jar report reports/gpt-4o.json --format csv --out gpt-4o-results.csv
      """;

  static final String LEADERBOARD = """
      Usage: llmsql leaderboard (REPORT.json | ENTRY.yaml | DIR)... [--out FILE]

      Compares full reports (written by 'llmsql evaluate --format json'; several models, or one model over
      time) on one self-contained HTML page: a sortable table, accuracy bars, and a radar chart per report
      when the reports carry three or more capability scores. Rows are named after the report files.
      Capability-suite score reports ('llmsql suite run': OUT/eval_reports/MODEL.json) add a table of
      capability scores and a radar chart per model. LLMSQL 2.0 reports add their accuracy per category.
      Upstream LLMSQL leaderboard entries (a .yaml/.yml file holding one entry or a list of them, or a
      directory searched for such files, e.g. a checkout's leaderboard/) are ranked by accuracy with the
      reports in a table of the columns upstream's leaderboard shows. LLMSQL's own report files (the
      evaluation_results_*.json its Python evaluate() saves) are read too, counts only. Runs are ranked per
      benchmark (LLMSQL version, or questions file and database); a run with fewer predictions than questions
      is flagged partial.

      Options:
        --out FILE                 where to write the page (default leaderboard.html)

      Exit status: 0 written, 2 usage error (or --out is not a regular file, or is one of the reports read),
      3 unreadable report, 5 output not written.

      Examples:
        java -jar llmsql.jar leaderboard reports/gpt-4o.json reports/llama-3.json --out board.html
        java -jar llmsql.jar leaderboard runs/2026-*/model.json --out history.html
        java -jar llmsql.jar leaderboard suite-reports/eval_reports/*.json --out suites.html
        java -jar llmsql.jar leaderboard reports/mine.json llmsql-benchmark/leaderboard --out with-upstream.html
      """;

  static final String DATASET = """
      Usage: llmsql dataset import (--csv DIR|FILE | --tables-jsonl FILE)... [--questions FILE [--answers]]
                                   --out FILE [--overwrite]
             llmsql dataset import (--from-sqlite FILE | --csv DIR|FILE | --tables-jsonl FILE) --engine duckdb
                                   --out FILE.duckdb
             llmsql dataset import (--from-sqlite FILE | --csv DIR|FILE | --tables-jsonl FILE) --engine postgresql
                                   --jdbc-url jdbc:postgresql://HOST[:PORT]/NEW_DATABASE [--jdbc-user ADMIN]
                                   [--jdbc-password-env VAR] [--reader-role R] --reader-password-env VAR

      Writes your own tables into a new SQLite file to evaluate against. CSV: a header row, one table per file
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

      Options:
        --csv DIR|FILE             a CSV file, or a directory whose *.csv files are all imported
        --tables-jsonl FILE        LLMSQL-shaped tables, one per line
        --questions FILE           questions JSONL with gold SQL or gold_results, checked and copied
        --out FILE                 the SQLite file to create
        --answers                  store each gold SQL's rows as "answer", plus "tables" and "prompt"
        --overwrite                replace --out (and the questions and tables copies) if they exist

      DuckDB and PostgreSQL (the tables are imported into a temporary SQLite file first, or copied from
      --from-sqlite; column types follow the values; nothing existing is overwritten; see docs/ENGINES.md):
        --from-sqlite FILE         copy this SQLite database (LLMSQL's, a Spider database, an earlier import)
        --engine NAME              sqlite (default), duckdb or postgresql (the default with --jdbc-url)
        --jdbc-url URL             the PostgreSQL database to create; the import logs in to the server's
                                   postgres database to create it
        --jdbc-user NAME           the administrator the import logs in as (may create databases and roles)
        --jdbc-password-env VAR    the environment variable holding that administrator's password
        --reader-role NAME         the role evaluations log in as, created when missing; it may only read
                                   the new database (default llmsql_reader)
        --reader-password-env VAR  the environment variable holding the reader role's password
        --names exact|lower-case   table and column names in PostgreSQL (default exact; lower-case for SQL
                                   that writes names bare in any case, such as Spider's)

      Exit status: 0 written, 1 the database server failed, 2 usage error (or --out is not a regular file, or
      is an input), 3 unreadable input, a question problem, or --out (or the PostgreSQL database) exists.

      Examples:
        java -jar llmsql.jar dataset import --csv my-data --questions my-questions.jsonl --out my-data.sqlite
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path my-data.questions.jsonl \\
            --db-path my-data.sqlite
        java -jar llmsql.jar dataset import --from-sqlite my-data.sqlite --engine duckdb --out my-data.duckdb
        LLMSQL_READER_PW=... java -jar llmsql.jar dataset import --from-sqlite my-data.sqlite \\
            --jdbc-url jdbc:postgresql://localhost:5432/my_data --jdbc-user postgres \\
            --reader-password-env LLMSQL_READER_PW
      """;

  static final String INFERENCE = """
      Usage: llmsql inference api --model M --base-url U --output-file F [options]

      Asks an OpenAI-compatible chat-completions server for the SQL of each question and appends
      {"question_id", "completion"} lines to F (then: llmsql evaluate --outputs F). A re-run skips questions
      already in F, so an interrupted run resumes. Reasoning (<think>...</think>) is stripped from the stored
      completion; every exchange, reasoning included, goes to the process log (the API key never does).

      Model:
        --model M                  the server's model name
        --base-url U               API root, e.g. http://localhost:8000/v1 (/chat/completions is appended)
        --api-key-env NAME         environment variable holding the key (default OPENAI_API_KEY)
        --concurrency N            requests in flight at once (default 4; 1 to 256)
        --timeout SECONDS          per request (default 60; 1 to 86400); 429, 5xx and timeouts are retried
                                   with back-off
        --max-tokens N             answer length cap (default 4096 for LLMSQL 2.0 questions, 256 for 1.0;
                                   1 to 1000000)

      Questions (default: LLMSQL 2.0 questions.jsonl and tables.jsonl, downloaded into llmsql_workdir):
        --version 1.0|2.0          LLMSQL version to download (default 2.0)
        --workdir-path DIR         download cache (default llmsql_workdir)
        --hub-endpoint URL         hub to download from, http:// or https:// (default $HF_ENDPOINT or
                                   https://huggingface.co)
        --questions-path FILE      local questions JSONL (question_id, question, table_id)
        --tables-path FILE         local tables.jsonl (table_id, header, types, rows)

      Run:
        --output-file F            predictions JSONL, appended to
        --shots 0|1|5              worked examples per LLMSQL 1.0 prompt (default 5); LLMSQL 2.0 questions
                                   are zero-shot: each one's "prompt" field is sent as it is (rendered from
                                   its "tables" when absent), and --shots 1 or 5 is a usage error
        --limit N                  only the first N questions, for a quick run (1 to 2147483647)
        --process-log FILE         exchange log (default F without .jsonl, plus .process.jsonl)
        --quiet, -q                no progress on standard error (the summary still goes to standard output)
        --verbose, -v              also the files used, the run's settings and cached downloads used

      After the run, F without .jsonl plus .run.json holds the model name and inference arguments; give it
      to llmsql evaluate --run-metadata so the report and its leaderboard YAML carry them.

      Exit status: 0 all answered, 1 some calls failed (run again to retry them), 2 usage error (or F or the
      log is not a regular file, or is an input), 3 unreadable questions or tables, 4 benchmark not
      downloadable.

      Examples:
        export OPENAI_API_KEY=...
        java -jar llmsql.jar inference api --model gpt-4o-mini --base-url https://api.openai.com/v1 \\
            --output-file gpt-4o-mini.jsonl --limit 100
        java -jar llmsql.jar evaluate --outputs gpt-4o-mini.jsonl
      """;

  static final String FALCON = """
      Usage: llmsql falcon run --model SPEC [--model SPEC...] --out DIR [options]

      DB-GPT Falcon-style run: every model answers every question in each round (models run at the same
      time, each within its own concurrency), each round is judged, and per round and model the executed,
      RIGHT, WRONG and FAILED counts, executability rate ((RIGHT+WRONG)/questions) and accuracy
      (RIGHT/questions) are printed and written to DIR/execution-results.csv; DIR/comparison-results.csv
      holds one row per round, model and question (question, gold SQL, gold result, predicted SQL, result,
      error, verdict). Predictions go to DIR/round-N/NAME.jsonl and exchanges to DIR/NAME.process.jsonl;
      a re-run resumes them.

      Models (--model once per model):
        --model SPEC               MODEL[,base-url=U][,concurrency=N][,api-key-env=VAR][,name=LABEL]
                                   MODEL is the server's model name; settings override the shared options
                                   below for this model; name labels rows and files (default: MODEL with
                                   characters other than letters, digits, '.', '_', '-' turned into '-')
        --base-url U               API root of models without base-url=, e.g. http://localhost:8000/v1
        --api-key-env NAME         variable holding the key of models without api-key-env= (default
                                   OPENAI_API_KEY)
        --concurrency N            requests in flight per model without concurrency= (default 4; 1 to 256)
        --timeout SECONDS          per request (default 60; 1 to 86400); 429, 5xx and timeouts are retried
                                   with back-off
        --max-tokens N             answer length cap (default 512; 1 to 1000000)
        --temperature T            sampling temperature of every round (default 0; 0 to 2); above 0 the
                                   rounds differ, which is what several rounds are for

      Benchmark (default: LLMSQL 2.0, downloaded into llmsql_workdir):
        --version 1.0|2.0          LLMSQL version to download (default 2.0)
        --workdir-path DIR         download cache (default llmsql_workdir)
        --hub-endpoint URL         hub to download from, http:// or https:// (default $HF_ENDPOINT or
                                   https://huggingface.co)
        --questions-path FILE      local questions JSONL; with --tables-path and --db-path, no download
        --tables-path FILE         local tables.jsonl (table_id, header, types, rows) for the prompts
        --db-path FILE             local SQLite database the SQL runs on (e.g. from 'llmsql dataset import')

      Run:
        --out DIR                  where predictions, logs and the two CSV tables go
        --rounds N                 rounds per model (default 1; 1 to 1000)
        --shots 0|1|5              worked examples per LLMSQL 1.0 prompt (default 5); LLMSQL 2.0 questions
                                   are zero-shot
        --limit N                  only the first N questions, for a quick run (1 to 2147483647)
        --judge NAME               how answers are judged (default llmsql; see llmsql evaluate --help)
        --quiet, -q                no progress on standard error (the table still goes to standard output)
        --verbose, -v              also the files used, the run's settings and cached downloads used

      Exit status: 0 all answered and judged, 1 some model calls failed (they count as FAILED; run again
      to retry them), 2 usage error (or a table file is not a regular file, or is an input), 3 unreadable
      questions or tables, 4 benchmark unavailable.

      Examples:
        java -jar llmsql.jar falcon run --model qwen2.5-coder:7b --model llama3.1:8b \\
            --base-url http://localhost:11434/v1 --rounds 2 --limit 100 --out falcon
        java -jar llmsql.jar falcon run --model gpt-4o-mini,base-url=https://api.openai.com/v1,concurrency=8 \\
            --model qwen,base-url=http://localhost:8000/v1,name=local-qwen --out falcon \\
            --questions-path my.questions.jsonl --tables-path my.tables.jsonl --db-path my.sqlite
      """;

  static final String SUITE = """
      Usage: llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J --out DIR [options]
             llmsql suite import-scale dataset_config.py --out F

      import-scale reads SCALE's own evaluator/config/dataset_config.py (never runs it) and writes F, a suite
      config with the same capabilities, metric weights and evaluation types, and its prompts as files in
      prompts/ beside F; prompts SCALE computes in Python are listed on standard error to be checked.

      Runs a SCALE-style capability suite: DIR holds capability folders of metric JSONL files
      (sql_understanding/execution_accuracy.jsonl, ...), F the JSON config (metric weights, objective/subjective/
      hybrid, prompts, difficulties; see docs/REPORTS.md). Each --model answers every case; objective cases are
      compared with "expected" (execution cases run the answer's SQL on an in-memory SQLite built from the case's
      CREATE/INSERT statements), the --judge-model judges vote on the rest. Writes into --out: eval_reports/
      (scores per model), evaluation_case_reports/ (every case per model and capability),
      evaluation_process_detail_logs/process.jsonl (every exchange; the API key never) and leaderboard.html.

      Models:
        --model M                  a target model; repeat for several (they run at once)
        --base-url U               their API root, e.g. http://localhost:8000/v1 (/chat/completions is appended)
        --api-key-env NAME         environment variable holding the key (default OPENAI_API_KEY)
        --judge-model J            a judge model; repeat for a vote (ties pass); needed for subjective/hybrid
        --judge-base-url U         the judges' API root (default --base-url)
        --judge-api-key-env NAME   the judges' key variable (default --api-key-env)
        --concurrency N            cases in flight per model, and requests per model (default 4; 1 to 256)
        --timeout SECONDS          per request (default 60; 1 to 86400); 429, 5xx and timeouts are retried
                                   with back-off
        --max-attempts N           requests per call, first included (default 4; 1 to 100)
        --max-tokens N             answer length cap (default 1024; 1 to 1000000)
        --query-timeout SECONDS    limit on building and querying one execution case's in-memory database
                                   (default 5; 0.001 to 86400)
        --max-rows N               row cap of one execution case's query (default 10000; 1 to 100000000)
        --quiet, -q                no progress on standard error
        --verbose, -v              also the files used and the suite's settings

      Exit status: 0 every case ran, 1 some cases failed to run (left out of the scores; run again),
      2 usage error, 3 unreadable suite or config, 5 reports not written.

      Examples:
        export OPENAI_API_KEY=...
        java -jar llmsql.jar suite run --suite my-suite --config my-suite.json --model gpt-4o-mini \\
            --model gpt-4o --base-url https://api.openai.com/v1 --judge-model gpt-4o --out suite-reports
      """;
}
