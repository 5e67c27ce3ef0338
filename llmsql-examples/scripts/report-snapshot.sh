#!/usr/bin/env bash
# report-snapshot.sh: every saved report and every printed output of the CLI on fixed inputs, normalised, so
# that two builds can be compared byte for byte ("saved reports byte-identical, timings aside", issue 23).
#
# Usage:
#   llmsql-examples/scripts/report-snapshot.sh JAR OUT_DIR [WORKLOAD_DIR]
#
#   JAR           the CLI jar to run (java -jar JAR ...), e.g. llmsql-cli/target/llmsql.jar
#   OUT_DIR       where the normalised files go (created; must be empty or absent)
#   WORKLOAD_DIR  optional: a workload made by
#                   python3 ../shared/bench/make_workload.py DIR --tables 24000 --questions 80000 \
#                       --predictions 16000 --seed 7
#                 evaluated with the default judge (16,000 verdicts); left out when not given
#
# Compare two builds:
#   report-snapshot.sh old.jar /tmp/before /tmp/wl && report-snapshot.sh new.jar /tmp/after /tmp/wl
#   diff -r /tmp/before /tmp/after && echo IDENTICAL
#
# Inputs: the repository's demo (llmsql-examples/demo) and LLMSQL 2.0 demo (llmsql-examples/llmsql2), and
# ../shared/data/spider-dev-sample and ../shared/data/llmsql2-fixture beside the repository (or beside its
# parent, for a worktree; LLMSQL_SHARED names another place; LLMSQL_REPO another repository for the demo
# inputs). They are copied into a fresh temporary directory and every command runs there on
# relative paths, so no absolute path reaches a report. LLMSQL_CACHE_DIR points into that directory too (no
# user cache is read or written); nothing is written anywhere else. Needs bash, java, python3.
#
# What runs (OUT_DIR/<case>/ holds each case's files; OUT_DIR/<case>/cmd.txt its command line, exit.txt its
# exit code, stdout.txt and stderr.txt what it printed):
#   demo-*       evaluate on the demo with every saved format (--save-report LLMSQL JSON, --format
#                json,csv,html, --save-leaderboard-yaml, --gate-format junit-xml with --fail-under and
#                --baseline, --breakdowns), --compare-judges, --scoring, --quiet, a failing gate, DuckDB;
#                audit (--save, --csv, --html) and evaluate --audit; report (html, csv), leaderboard,
#                compare (--html) on the saved reports
#   spider-*     the Spider dev sample, both published prediction sets, under every judge the CLI names
#                (default, llmsql, llmsql2, llmsql-rs, spider-exec, spider, exact-set, bird, defog, falcon,
#                spider2, strict, dialect-valid) and, on the DIN-SQL set, option variants of spider,
#                spider-exec, exact-set, falcon, defog, spider2, llmsql2, dialect-valid; each with --breakdowns
#                and every format; audit; report, leaderboard, compare on the saved reports. Not run: the llm judges
#                (they need a model server) and timing-based figures (bird:ves, relative-efficiency).
#   l2fix-*      the LLMSQL 2.0 fixture (database built by its build_db.py): the repository's
#                llmsql2/fixture-predictions.jsonl, and every completion of examples.jsonl (each as its own
#                question, so all 68 are judged in one run)
#   l2demo-*     the LLMSQL 2.0 demo: dataset import (--answers) and evaluate
#   workload     WORKLOAD_DIR's outputs.jsonl, default judge, --breakdowns, every format (linked, not copied)
# The commands run with bin/llmsql's JVM flags (C1 only, serial GC, a class-data sharing archive made by the
# first command): they change how fast the CLI runs, not what it writes.
#
# Normalisation (normalise() below, python3; the raw files with SNAPSHOT_RAW=1, or normalise a raw directory
# alone with `report-snapshot.sh --normalise RAW_DIR OUT_DIR`). Each rule says what varies between two runs of
# the same jar; everything else must be equal byte for byte:
#   - timestamps: ISO-8601 instants (reports' "timestamp", the leaderboard's "evaluated") -> <TIMESTAMP>;
#     the leaderboard YAML's "date: YYYY-MM-DD" -> date: <DATE>
#   - run and per-question timings: JSON "duration" : "PT..S", "nanos" (and any "seconds"/"millis"-like key),
#     the audit's "gold_ms" -> "<T>"; CSV cells of the columns timeSeconds and gold_ms -> <T> (only those cells,
#     every other byte kept); the text summary's "Time: 1.23 s"; the HTML report's time card, the audit
#     page's gold-ms cell, the leaderboard's "time (s)" column (value and data-sort) -> <T>
#   - BIRD's VES measures "time_ratio" and "ves_reward" that the spider-exec/spider judges record per question:
#     timing-derived, and whether they are recorded at all changes from run to run, so the keys are removed
#     (with the comma before a "}" and an object left empty written as Jackson writes one, "{ }"); BIRD's R-VES
#     summary, made of them: JSON "r_ves", the text table's R-VES row and the HTML levels table's R-VES column
#     -> <T>
#   - "progress: ..." lines on standard error (one per 10 s: their number depends on the machine's speed)
#   - the temporary directory's path, should one be printed -> <WORK>; a commit after the version
#     ("llmsql 0.1.0-SNAPSHOT+g1a2b3c4") -> <COMMIT> (the version itself is kept)
# Two runs of the same jar give identical files (checked when the script was written: run it twice and diff -r
# to check again). Takes about 4 minutes on a loaded 2-core machine (about 80 s of CPU), the workload 25 s of it.
set -euo pipefail

# normalise RAW_DIR OUT_DIR WORK_DIR: every file of RAW_DIR into OUT_DIR, with the rules listed above.
normalise() {
  python3 - "$1" "$2" "$3" <<'EOF'
import os, re, sys
src, dst, work = sys.argv[1], sys.argv[2], sys.argv[3]
T = "<T>"
RULES = [
    # the temporary directory (cwd of every command), should a path be printed absolute
    (re.compile(re.escape(work) if work else r"(?!x)x"), "<WORK>"),
    # ISO-8601 instants and dates (reports' "timestamp", HTML "generated" lines, YAML date:)
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?"), "<TIMESTAMP>"),
    (re.compile(r"(?m)^date: \d{4}-\d\d-\d\d$"), "date: <DATE>"),
    # full JSON: run duration and per-question nanoseconds
    (re.compile(r'"duration" ?: ?"PT[0-9.]+S"'), '"duration" : "' + T + '"'),
    (re.compile(r'"(nanos|duration_ms|duration_seconds|seconds|elapsed_ms|time_seconds|millis)" ?: ?[0-9.eE+-]+'),
     lambda m: '"' + m.group(1) + '" : "' + T + '"'),
    # timing-derived measures some judges record per question (BIRD's VES time ratio and reward): whether
    # they are recorded at all differs from run to run, so the keys go, with their comma
    # audit: each gold's run time (JSON; the HTML table's last cell, "gold ms")
    (re.compile(r'"gold_ms" ?: ?[0-9.eE+-]+'), '"gold_ms" : "' + T + '"'),
    (re.compile(r'(?m)^(<tr data-flags="[^"]*">.*<td>)[0-9.]+(</td></tr>)$'), r"\g<1>" + T + r"\2"),
    # HTML report: the run time card
    (re.compile(r'(<div class="card" id="time"><div class="v">)[0-9.]+ (m?s)<'), r"\g<1>" + T + r" \2<"),
    # progress lines on standard error (one every 10 s: how many depends on the machine's speed)
    (re.compile(r"(?m)^progress: .*\n"), ""),
    # BIRD's R-VES per difficulty (timings): JSON, the text table's row, the HTML levels table's fifth column
    (re.compile(r'"r_ves" ?: ?[0-9.eE+-]+'), '"r_ves" : "' + T + '"'),
    (re.compile(r"(?m)^R-VES .*$"), lambda m: re.sub(r"[0-9]+\.[0-9]+", T, m.group(0))),
    (re.compile(r'(<tr><td>(?:simple|moderate|challenging|total)</td>(?:<td class="n">[^<]*</td>){3}<td class="n">)[0-9.]+(</td></tr>)'),
     r"\g<1>" + T + r"\2"),
    # text summaries: "Time:  1.23 s"
    (re.compile(r"(Time:\s+)[0-9.]+ (m?s)"), r"\g<1>" + T + r" \2"),
    # a commit in a version string
    (re.compile(r"(llmsql \d+\.\d+\.\d+(-SNAPSHOT)?)[+-]g?[0-9a-f]{7,40}"), r"\1+<COMMIT>"),
]
# Timing-derived measures some judges record per question (BIRD's VES time ratio and reward): whether they are
# recorded at all differs from run to run, so the keys go; then the comma left before "}" and an emptied object.
JSON_RULES = [
    (re.compile(r'\r?\n[ \t]*"(?:time_ratio|ves_reward)" ?: ?[0-9.eE+-]+,?(?=\r?\n)'), ""),
    (re.compile(r",(?=\r?\n[ \t]*\})"), ""),
    (re.compile(r"\{\r?\n[ \t]*\}"), "{ }"),
]
CSV_TIME_COLUMNS = {"timeSeconds", "time_seconds", "seconds", "nanos", "duration", "gold_ms"}

def csv_rule(text):
    # Replaces only the cells of timing columns; every other byte (quoting, line ends, BOM) stays as written.
    spans, row, i, n, start, quoted = [], [], 0, len(text), 0, False
    rows = []
    while i <= n:
        c = text[i] if i < n else "\n"
        if quoted:
            if c == '"':
                if i + 1 < n and text[i + 1] == '"':
                    i += 1
                else:
                    quoted = False
        elif c == '"':
            quoted = True
        elif c == ",":
            row.append((start, i))
            start = i + 1
        elif c in "\r\n":
            row.append((start, i))
            rows.append(row)
            row = []
            if c == "\r" and i + 1 < n and text[i + 1] == "\n":
                i += 1
            start = i + 1
        i += 1
    if not rows:
        return text
    header = [text[a:b].lstrip("\ufeff").strip('"') for a, b in rows[0]]
    cols = [k for k, h in enumerate(header) if h in CSV_TIME_COLUMNS]
    cut = [rows[r][k] for r in range(1, len(rows)) for k in cols if k < len(rows[r]) and rows[r][k][1] > rows[r][k][0]]
    out, last = [], 0
    for a, b in sorted(cut):
        out.append(text[last:a])
        out.append(T)
        last = b
    out.append(text[last:])
    return "".join(out)

def html_time_columns(text):
    # Leaderboard tables: the cells under a "time (s)" heading (its value and its data-sort key).
    lines = text.split("\n")
    col = None
    for n, line in enumerate(lines):
        if "<thead>" in line:
            heads = re.findall(r"<th[^>]*>(.*?)</th>", line)
            col = heads.index("time (s)") if "time (s)" in heads else None
            if col is None:
                continue
            line = line[line.index("</thead>"):] if "</thead>" in line else ""
        if col is not None and "<tr><td" in line:
            cells = re.split(r"(?=<td)", line)
            if col + 1 < len(cells):
                cells[col + 1] = re.sub(r'^<td data-sort="[^"]*">[^<]*</td>', '<td data-sort="' + T + '">' + T + '</td>',
                                        cells[col + 1])
                lines[n] = lines[n][:len(lines[n]) - len(line)] + "".join(cells)
        if "</tbody>" in line:
            col = None
    return "\n".join(lines)

for root, dirs, files in os.walk(src):
    dirs.sort()
    for f in sorted(files):
        p = os.path.join(root, f)
        rel = os.path.relpath(p, src)
        q = os.path.join(dst, rel)
        os.makedirs(os.path.dirname(q), exist_ok=True)
        data = open(p, "rb").read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            open(q, "wb").write(data)
            continue
        for pat, rep in RULES:
            text = pat.sub(rep, text)
        if f.endswith(".json"):
            for pat, rep in JSON_RULES:
                text = pat.sub(rep, text)
        if f.endswith(".html"):
            text = html_time_columns(text)
        if f.endswith(".csv"):
            text = csv_rule(text)
        open(q, "w", encoding="utf-8", newline="").write(text)
EOF
}

# report-snapshot.sh --normalise RAW_DIR OUT_DIR: only the normalisation (SNAPSHOT_RAW=1 keeps raw files).
if [[ ${1:-} == --normalise && $# -eq 3 ]]; then
  mkdir -p "$3"
  normalise "$2" "$3" ""
  exit 0
fi

if [[ $# -lt 2 || $# -gt 3 ]]; then
  sed -n '2,17p' "$0" >&2
  exit 2
fi
JAR=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=$2
WL=${3:-}
[[ -f $JAR ]] || { echo "report-snapshot.sh: no jar at $1" >&2; exit 2; }
if [[ -e $OUT && -n $(ls -A "$OUT" 2>/dev/null) ]]; then
  echo "report-snapshot.sh: $OUT is not empty; give a new directory" >&2
  exit 2
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
if [[ -n $WL ]]; then
  WL=$(cd "$WL" && pwd)
  for f in outputs.jsonl questions.jsonl sqlite_tables.db; do
    [[ -f $WL/$f ]] || { echo "report-snapshot.sh: $WL/$f missing; make the workload first" >&2; exit 2; }
  done
fi

# The repository whose demo inputs are used: LLMSQL_REPO, else the one this script lives in, else the one the
# current directory is in (a copy of the script kept outside a checkout).
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [[ -n ${LLMSQL_REPO:-} ]]; then
  REPO=$LLMSQL_REPO
elif [[ -d $SCRIPT_DIR/../demo && -d $SCRIPT_DIR/../llmsql2 ]]; then
  REPO=$(cd "$SCRIPT_DIR/../.." && pwd)
else
  REPO=$(git rev-parse --show-toplevel)
fi
SHARED=${LLMSQL_SHARED:-$REPO/../shared}
[[ -n ${LLMSQL_SHARED:-} || -d $SHARED ]] || SHARED=$REPO/../../shared   # a worktree one level deeper
for d in "$REPO/llmsql-examples/demo" "$REPO/llmsql-examples/llmsql2" "$SHARED/data/spider-dev-sample" \
    "$SHARED/data/llmsql2-fixture"; do
  [[ -d $d ]] || { echo "report-snapshot.sh: $d missing (set LLMSQL_REPO / LLMSQL_SHARED)" >&2; exit 2; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/report-snapshot.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export LLMSQL_CACHE_DIR=$WORK/cache
export NO_COLOR=1
unset HF_ENDPOINT LLMSQL_CDS_DIR || true
cd "$WORK"
mkdir -p in out

# Inputs, copied so that their paths are the same relative ones on every run and every machine.
cp -r "$REPO/llmsql-examples/demo" in/demo
cp -r "$REPO/llmsql-examples/llmsql2" in/llmsql2
mkdir -p in/spider
cp -r "$SHARED/data/spider-dev-sample/database" "$SHARED/data/spider-dev-sample/questions.jsonl" \
  "$SHARED/data/spider-dev-sample/predictions" in/spider/
chmod -R u+w in
mkdir -p in/l2fix
cp "$SHARED/data/llmsql2-fixture/questions.jsonl" "$SHARED/data/llmsql2-fixture/examples.jsonl" in/l2fix/
python3 "$SHARED/data/llmsql2-fixture/build_db.py" --out in/l2fix/sqlite_tables.db >/dev/null
# examples.jsonl holds up to 11 completions per question; each becomes a question of its own (id = line
# number, the fixture question's other fields unchanged) so that one run judges all of them.
python3 - <<'EOF'
import json
qs = {}
for line in open("in/l2fix/questions.jsonl", encoding="utf-8"):
    q = json.loads(line)
    qs[q["question_id"]] = q
with open("in/l2fix/examples.questions.jsonl", "w", encoding="utf-8") as fq, \
     open("in/l2fix/examples.predictions.jsonl", "w", encoding="utf-8") as fp:
    for i, line in enumerate(open("in/l2fix/examples.jsonl", encoding="utf-8"), 1):
        e = json.loads(line)
        q = dict(qs[e["question_id"]])
        q["question_id"] = i
        fq.write(json.dumps(q, ensure_ascii=False) + "\n")
        fp.write(json.dumps({"question_id": i, "completion": e["completion"]}, ensure_ascii=False) + "\n")
EOF
if [[ -n $WL ]]; then
  mkdir -p in/wl
  for f in outputs.jsonl questions.jsonl sqlite_tables.db; do ln -s "$WL/$f" "in/wl/$f"; done
fi

# run CASE ARGS...: runs java -jar JAR ARGS in $WORK, files it writes go to out/CASE (the arguments name
# them so), and its command line, exit code and output are kept there.
run() {
  local name=$1
  shift
  mkdir -p "out/$name"
  printf '%s\n' "llmsql $*" > "out/$name/cmd.txt"
  local rc=0 t0=$SECONDS
  java "${JVM[@]}" -jar "$JAR" "$@" > "out/$name/stdout.txt" 2> "out/$name/stderr.txt" < /dev/null || rc=$?
  echo "$rc" > "out/$name/exit.txt"
  echo "report-snapshot: $name exit $rc, $((SECONDS - t0)) s" >&2
  # The first command leaves a class-data sharing archive that every later one starts from (as bin/llmsql does).
  if [[ ${JVM[0]} == -XX:ArchiveClassesAtExit=* && -s cds.jsa ]]; then
    JVM=(-XX:SharedArchiveFile=cds.jsa "${JVM[@]:1}")
  fi
}
# bin/llmsql's flags for a short batch run: C1 only, the serial collector, sqlite-jdbc's library unpacked once.
# They change how fast the CLI runs, not what it writes.
JVM=(-XX:ArchiveClassesAtExit=cds.jsa -Xlog:cds=off -Xlog:cds+dynamic=off -XX:TieredStopAtLevel=1
  -XX:+UseSerialGC -Dllmsql.sqlite.native-dir="$WORK/native")
mkdir -p native

# evaluate with every saved format into out/CASE: LLMSQL JSON, full JSON, CSV, HTML, leaderboard YAML.
evaluate_all() {
  local name=$1
  shift
  run "$name" evaluate --save-report "out/$name/llmsql.json" --format json,csv,html --out "out/$name" \
    --save-leaderboard-yaml "out/$name/run.yaml" "$@"
}

DEMO=(--outputs in/demo/predictions.jsonl --questions-path in/demo/questions.jsonl --db-path in/demo/demo.sqlite)
DEMO_B=(--outputs in/demo/predictions-b.jsonl --questions-path in/demo/questions.jsonl
  --db-path in/demo/demo.sqlite)

# (a) the demo
evaluate_all demo "${DEMO[@]}" --breakdowns --gate-format junit-xml=out/demo/gate.xml --fail-under 0.5 \
  --baseline in/demo/baseline-report.json
evaluate_all demo-b "${DEMO_B[@]}" --gate-format junit-xml=out/demo-b/gate.xml \
  --fail-under accuracy=0.9,executability=0.5 --baseline in/demo/baseline-report.json --max-regressions 1 \
  --gate-format github --scoring executability,weighted,soft-f1,dialect-validity --model-name demo-b
run demo-quiet evaluate "${DEMO[@]}" --no-save-report --quiet
run demo-judges evaluate "${DEMO[@]}" --no-save-report --compare-judges llmsql,strict,spider-exec,bird,defog,falcon \
  --max-mismatches 2
mkdir -p out/demo-duckdb
run demo-duckdb-import dataset import --from-sqlite in/demo/demo.sqlite --engine duckdb --out out/demo-duckdb/demo.duckdb
run demo-duckdb evaluate --outputs in/demo/predictions.jsonl --questions-path in/demo/questions.jsonl \
  --engine duckdb --db-path out/demo-duckdb/demo.duckdb --no-save-report --format json,csv --out out/demo-duckdb
rm -f out/demo-duckdb/demo.duckdb out/demo-duckdb/demo.duckdb.wal
run demo-audit audit --questions-path in/demo/questions.jsonl --db-path in/demo/demo.sqlite \
  --save out/demo-audit/audit.json --csv out/demo-audit/audit.csv --html out/demo-audit/audit.html
evaluate_all demo-with-audit "${DEMO[@]}" --audit out/demo-audit/audit.json
run demo-report-html report out/demo/predictions.json --out out/demo-report-html/report.html
run demo-report-csv report out/demo/predictions.json --format csv --out out/demo-report-csv/report.csv
run demo-leaderboard leaderboard out/demo/predictions.json out/demo-b/predictions-b.json out/demo/llmsql.json \
  out/demo-b/run.yaml --out out/demo-leaderboard/board.html
run demo-compare compare out/demo/predictions.json out/demo-b/predictions-b.json --html out/demo-compare/compare.html

# (b) the Spider dev sample under every judge, both prediction sets
SPIDER_JUDGES=(default llmsql llmsql2 llmsql-rs spider-exec spider exact-set bird defog falcon spider2 strict
  dialect-valid spider:fix-hardness,fix-and-or,plain-f1 spider-exec:keep-distinct,no-repair,extract
  exact-set:keep-values,structural falcon:empty-match,unflagged-ordered,typed defog:no-broadcast
  spider2:typed,one-to-one llmsql2:strict dialect-valid:postgresql)
for set in din-sql-gpt4-few-shot dail-sql-gpt4; do
  for judge in "${SPIDER_JUDGES[@]}"; do
    # the option variants on the first set only, to keep the run short
    [[ $set == dail-sql-gpt4 && $judge == *:* ]] && continue
    name="spider-${set%%-*}-${judge//[:,]/_}"
    args=(--outputs "in/spider/predictions/$set.jsonl" --questions-path in/spider/questions.jsonl
      --databases-dir in/spider/database --breakdowns)
    [[ $judge == default ]] || args+=(--judge "$judge")
    [[ $judge == default ]] && args+=(--model-name "$set")
    evaluate_all "$name" "${args[@]}"
  done
done
run spider-audit audit --questions-path in/spider/questions.jsonl --databases-dir in/spider/database \
  --save out/spider-audit/audit.json --csv out/spider-audit/audit.csv --html out/spider-audit/audit.html
run spider-report-csv report out/spider-din-spider/din-sql-gpt4-few-shot.json --format csv \
  --out out/spider-report-csv/report.csv
run spider-report-html report out/spider-din-spider/din-sql-gpt4-few-shot.json --out out/spider-report-html/report.html
run spider-leaderboard leaderboard out/spider-din-default/din-sql-gpt4-few-shot.json \
  out/spider-dail-default/dail-sql-gpt4.json out/spider-din-spider/din-sql-gpt4-few-shot.json \
  out/spider-dail-default/llmsql.json out/spider-din-default/run.yaml --out out/spider-leaderboard/board.html
run spider-compare compare out/spider-din-default/din-sql-gpt4-few-shot.json out/spider-dail-default/dail-sql-gpt4.json \
  --html out/spider-compare/compare.html

# (c) LLMSQL 2.0: the fixture and the repository's demo
evaluate_all l2fix --outputs in/llmsql2/fixture-predictions.jsonl --questions-path in/l2fix/questions.jsonl \
  --db-path in/l2fix/sqlite_tables.db --model-name fixture-model --breakdowns
evaluate_all l2fix-llmsql --outputs in/llmsql2/fixture-predictions.jsonl --questions-path in/l2fix/questions.jsonl \
  --db-path in/l2fix/sqlite_tables.db --judge llmsql
evaluate_all l2fix-examples --outputs in/l2fix/examples.predictions.jsonl \
  --questions-path in/l2fix/examples.questions.jsonl --db-path in/l2fix/sqlite_tables.db --model-name examples
evaluate_all l2fix-examples-strict --outputs in/l2fix/examples.predictions.jsonl \
  --questions-path in/l2fix/examples.questions.jsonl --db-path in/l2fix/sqlite_tables.db --judge llmsql2:strict
mkdir -p out/l2demo-import
run l2demo-import dataset import --tables-jsonl in/llmsql2/tables.jsonl --questions in/llmsql2/questions.jsonl \
  --answers --out out/l2demo-import/made.sqlite
rm -f out/l2demo-import/made.sqlite
run l2demo-db dataset import --tables-jsonl in/llmsql2/tables.jsonl --out in/llmsql2/demo.sqlite
evaluate_all l2demo --outputs in/llmsql2/predictions.jsonl --questions-path in/llmsql2/questions.jsonl \
  --db-path in/llmsql2/demo.sqlite --model-name demo-model --breakdowns
run l2-leaderboard leaderboard out/l2fix/fixture-predictions.json out/l2demo/predictions.json out/l2fix/run.yaml \
  --out out/l2-leaderboard/board.html

# (d) the full workload, default judge
if [[ -n $WL ]]; then
  evaluate_all workload --outputs in/wl/outputs.jsonl --questions-path in/wl/questions.jsonl \
    --db-path in/wl/sqlite_tables.db --breakdowns
fi

if [[ -n ${SNAPSHOT_RAW:-} ]]; then cp -r "$WORK/out/." "$OUT"; else normalise "$WORK/out" "$OUT" "$WORK"; fi
