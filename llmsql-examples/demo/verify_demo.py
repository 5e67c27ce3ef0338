#!/usr/bin/env python3
"""Check labels.jsonl against demo.sqlite: a small reference evaluator.

Usage:  python3 verify_demo.py        (exit code 0 when every label holds)

Rules (the ones llmsql-java is expected to follow):
  * candidates: every case-insensitive SELECT / WITH statement in the completion,
    up to a ';' outside quotes, a ``` fence or the end of the text;
  * the placeholder Table ("Table", 'Table', `Table`, any case) after FROM/JOIN
    becomes "<table_id>";
  * a prediction matches when ANY candidate's rows equal the gold rows as a
    multiset: row order is ignored, duplicates count, column order counts,
    column names are ignored, integer 1 == real 1.0, text '1' != integer 1,
    NULL == NULL.

To show that the labels do not hinge on one extractor, each completion is also
scanned two other ways (one candidate per SELECT/WITH occurrence; and LLMSQL's
"```sql fences first" rule); all three must agree with the label.

The database is copied to a temporary directory and opened read-only with an
authorizer that only allows reading, so hostile completions cannot change
anything (their candidates run, and must fail or not match).
"""

import json
import os
import re
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
FENCE = "```"
QUOTES = "'\"`"
KEYWORD = re.compile(r"\b(select|with)\b", re.IGNORECASE)
ANY_SELECT = re.compile(r"select", re.IGNORECASE)          # LLMSQL: no word boundary
FENCED_SQL = re.compile(r"```[ \t]*sql[ \t]*\r?\n(.*?)```", re.IGNORECASE | re.DOTALL)
PLACEHOLDER = re.compile(r"\b(FROM|JOIN)(\s+)(\"Table\"|'Table'|`Table`|Table(?!\w))", re.IGNORECASE)


def skip_quoted(text, i):
    quote, j = text[i], i + 1
    while j < len(text):
        if text[j] == quote:
            if text.startswith(quote * 2, j):
                j += 2
                continue
            return j + 1
        j += 1
    return len(text)


def query_end(text, start, four_newlines=False):
    i, newlines = start, 0
    while i < len(text):
        if text.startswith(FENCE, i):
            return i
        c = text[i]
        if c in QUOTES:
            i, newlines = skip_quoted(text, i), 0
            continue
        if c == ";":
            return i
        if four_newlines:
            if c == "\n":
                newlines += 1
                if newlines >= 4:
                    return i - (newlines - 1)
            elif c != "\r":
                newlines = 0
        i += 1
    return len(text)


def extract_sequential(text):
    """The rule above: statements one after another, never overlapping."""
    out, i = [], 0
    while True:
        m = KEYWORD.search(text, i)
        if not m:
            return out
        end = query_end(text, m.start())
        q = text[m.start():end].strip()
        if q and q not in out:
            out.append(q)
        i = max(end, m.end())


def extract_every(text):
    """One candidate per SELECT (anywhere, even inside a word) or WITH keyword."""
    out = []
    starts = sorted({m.start() for m in ANY_SELECT.finditer(text)}
                    | {m.start() for m in KEYWORD.finditer(text) if m.group(1).lower() == "with"})
    for s in starts:
        q = text[s:query_end(text, s, four_newlines=True)].strip()
        if q and q not in out:
            out.append(q)
    return out


def extract_fences_first(text):
    blocks = []
    for m in FENCED_SQL.finditer(text):
        q = m.group(1).strip()
        if q.endswith(";"):
            q = q[:-1].strip()
        if q and "select" in q.lower() and q not in blocks:
            blocks.append(q)
    return blocks or extract_every(text)


EXTRACTORS = {"sequential": extract_sequential, "every": extract_every, "fences_first": extract_fences_first}


def fix_table(sql, table_id):
    return PLACEHOLDER.sub(lambda m: f'{m.group(1)}{m.group(2)}"{table_id}"', sql)


def key(value):
    if value is None:
        return ("null",)
    if isinstance(value, (int, float)):
        return ("num", value)       # 1 == 1.0 and hash(1) == hash(1.0)
    if isinstance(value, str):
        return ("text", value)
    return ("blob", bytes(value))


def multiset(rows):
    return Counter(tuple(key(v) for v in row) for row in rows)


def read_only(action, arg1, arg2, dbname, source):
    if action in (sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ):
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() == "load_extension" else sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def run(conn, sql):
    try:
        return conn.execute(sql).fetchall()
    except (sqlite3.Error, sqlite3.Warning, ValueError):
        return None


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    questions = {q["question_id"]: q for q in load("questions.jsonl")}
    predictions = load("predictions.jsonl")
    labels = {l["question_id"]: l for l in load("labels.jsonl")}
    assert sorted(questions) == list(range(1, 51)), "question ids must be 1..50"
    assert [p["question_id"] for p in predictions] == list(range(1, 51)), "predictions must be in id order"
    assert sorted(labels) == list(range(1, 51))

    tmp = tempfile.mkdtemp(prefix="llmsql_demo_")
    old_cwd = os.getcwd()
    failures = 0
    try:
        os.chdir(tmp)                      # any relative file would land here, never next to the demo
        db = os.path.join(tmp, "demo.sqlite")
        shutil.copyfile(os.path.join(HERE, "demo.sqlite"), db)
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        conn.execute("PRAGMA query_only = ON")
        conn.set_authorizer(read_only)

        for p in predictions:
            qid = p["question_id"]
            q, label = questions[qid], labels[qid]
            gold = run(conn, q["sql"])
            if gold is None:
                print(f"{qid:2}: GOLD FAILS: {q['sql']}")
                failures += 1
                continue
            verdicts = {}
            for name, extract in EXTRACTORS.items():
                verdicts[name] = 0
                for cand in extract(p["completion"]):
                    rows = run(conn, fix_table(cand, q["table_id"]))
                    if rows is not None and multiset(rows) == multiset(gold):
                        verdicts[name] = 1
            ok = set(verdicts.values()) == {label["expected_match"]}
            failures += not ok
            flag = "ok " if ok else "BAD"
            print(f"{flag} {qid:2} {label['kind']:8} expected={label['expected_match']} got={verdicts}")

        # the hostile completions must not have touched the copy
        counts = {t: conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0]
                  for t in ("departments", "employees", "projects", "assignments", "customers", "orders")}
        conn.close()
        stray = sorted(set(os.listdir(tmp)) - {"demo.sqlite"})
        if stray:
            print("stray files created:", stray)
            failures += 1
        print("row counts after the run:", counts)
    finally:
        os.chdir(old_cwd)
        shutil.rmtree(tmp, ignore_errors=True)

    kinds = Counter(l["kind"] for l in labels.values())
    print("kinds:", dict(kinds))
    print("expected matches:", sum(l["expected_match"] for l in labels.values()))
    print("FAILURES:", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
