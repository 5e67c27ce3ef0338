package dev.llmsql.cli;

/** Help texts of the command line. */
final class Usage {

  private Usage() {
  }

  static final String MAIN = """
      llmsql: evaluate LLM-generated SQL (LLMSQL-compatible)

      Usage:
        llmsql evaluate --outputs FILE [options]   evaluate a predictions JSONL file
        llmsql --version                           print the version
        llmsql --help                              this help; 'llmsql evaluate --help' for options

      Example:
        java -jar llmsql.jar evaluate --outputs outputs.jsonl
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path questions.jsonl --db-path sqlite_tables.db
      """;

  static final String EVALUATE = """
      Usage: llmsql evaluate --outputs FILE [options]

      Predictions are JSONL lines {"question_id": 1, "completion": "SELECT ..."} ("predicted_sql" also read).

      Benchmark (default: LLMSQL 2.0, downloaded into llmsql_workdir):
        --version 1.0|2.0          LLMSQL version to download (default 2.0)
        --workdir-path DIR         download cache (default llmsql_workdir)
        --hub-endpoint URL         hub to download from (default $HF_ENDPOINT or https://huggingface.co)
        --questions-path FILE      local questions JSONL; with --db-path or --databases-dir, no download
        --db-path FILE             local SQLite database all questions run on
        --databases-dir DIR        local databases laid out DIR/{db_id}/{db_id}.sqlite (Spider/BIRD)

      Report:
        --save-report FILE         where to save the JSON report (default evaluation_results_{uuid}.json)
        --no-save-report           save no JSON report
        --max-mismatches N         print at most N mismatches (default 5)
        --no-show-mismatches       print no mismatches
        --keep-mismatches N        keep at most N mismatches in the report (counts stay exact)

      Judging and scoring:
        --judge NAME               llmsql (default), spider-exec[:keep-distinct,no-repair], bird,
                                   defog-subset, falcon, spider2, strict (see docs/JUDGES.md)
        --compare-judges A,B,...   also judge with each and print, per pair, how many questions differ
        --scoring NAME[,NAME]      extra scores: executability, weighted, soft-f1, relative-efficiency

      Gold cache (gold results kept between runs, keyed by database content and gold SQL):
        --gold-cache DIR           where (default WORKDIR/gold-cache, WORKDIR from --workdir-path)
        --no-gold-cache            run every gold query afresh

      Execution:
        --query-timeout SECONDS    interrupt a statement after this long (default 10)
        --max-rows N               row cap per statement (default 100000)
        --threads N                predictions evaluated at once (default: available processors)

      Exit status: 0 evaluated, 2 usage error, 3 unreadable input, 4 benchmark unavailable,
      5 report not saved, 1 other failure.

      Examples:
        java -jar llmsql.jar evaluate --outputs outputs.jsonl --version 1.0
        java -jar llmsql.jar evaluate --outputs preds.jsonl --questions-path dev.jsonl \\
            --databases-dir spider/database --no-save-report --threads 2
      """;
}
