#!/usr/bin/env python3
"""Rebuild demo.sqlite from demo.sql.

Usage (from any directory):  python3 build_demo_db.py

The old demo.sqlite is deleted and a fresh one is written from demo.sql. The
database is built in a temporary file, compacted with VACUUM and then moved
into place, so a half-written demo.sqlite is never left behind. With the same
SQLite version the output is byte-for-byte identical on every run.
"""

import os
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SQL_PATH = os.path.join(HERE, "demo.sql")
DB_PATH = os.path.join(HERE, "demo.sqlite")
TMP_PATH = DB_PATH + ".tmp"


def remove(path: str) -> None:
    for candidate in (path, path + "-journal", path + "-wal", path + "-shm"):
        if os.path.exists(candidate):
            os.remove(candidate)


def main() -> int:
    with open(SQL_PATH, encoding="utf-8") as handle:
        script = handle.read()

    remove(TMP_PATH)
    conn = sqlite3.connect(TMP_PATH, isolation_level=None)
    try:
        conn.execute("PRAGMA page_size = 4096")
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.executescript(script)
        conn.execute("VACUUM")
        problems = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if problems != "ok":
            raise RuntimeError(f"integrity_check failed: {problems}")
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        counts = {t: conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    finally:
        conn.close()

    remove(DB_PATH)
    os.replace(TMP_PATH, DB_PATH)
    summary = ", ".join(f"{t}={n}" for t, n in counts.items())
    print(f"wrote {DB_PATH} ({os.path.getsize(DB_PATH)} bytes, SQLite {sqlite3.sqlite_version}): {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
