#!/usr/bin/env python3
"""A durable progress store on SQLite (Python's sqlite3, WAL), served over the kit's adapter
protocol (Conformance/protocol.md). `--synchronous FULL` (the default) syncs the WAL at every
commit and survives a power loss; `--synchronous OFF` never syncs and does not. With
`--checkpoint`, every commit is followed by a full checkpoint, which copies the WAL into the
database file and syncs it, as an app that keeps its WAL small does.

  contract-kit conformance run --suite store --adapter-command "python3 sqlite_store.py"
"""
import json
import os
import sqlite3
import sys
import unicodedata

synchronous = "FULL"
if "--synchronous" in sys.argv:
    synchronous = sys.argv[sys.argv.index("--synchronous") + 1]
checkpoint = "--checkpoint" in sys.argv
connection = None


def key(command):
    # One key per command as Swift's == sees it: the canonical JSON in NFC.
    return unicodedata.normalize(
        "NFC", json.dumps(command, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def commit(statement, arguments):
    connection.execute(statement, arguments)
    if checkpoint:
        connection.execute("PRAGMA wal_checkpoint(FULL)")


def handle(method, params):
    global connection
    if method == "open":
        directory = params["directory"]
        os.makedirs(directory, exist_ok=True)  # raises when a file stands there
        connection = sqlite3.connect(os.path.join(directory, "store.sqlite"), isolation_level=None,
                                     check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=" + synchronous)
        connection.execute("CREATE TABLE IF NOT EXISTS records (kind TEXT, key TEXT, value TEXT, "
                           "PRIMARY KEY (kind, key))")
        return None
    if connection is None:
        raise RuntimeError("no store is open; call open first")
    kinds = {"Checkpoint": "checkpoint", "Summary": "summary"}
    for suffix, kind in kinds.items():
        if method == "save" + suffix:
            value = params[kind]
            commit("INSERT OR REPLACE INTO records VALUES (?, ?, ?)",
                   (kind, key(value["command"]), json.dumps(value)))
            return None
        if method == "load" + suffix:
            row = connection.execute("SELECT value FROM records WHERE kind = ? AND key = ?",
                                     (kind, key(params["command"]))).fetchone()
            return json.loads(row[0]) if row else None
    if method == "removeCheckpoint":
        commit("DELETE FROM records WHERE kind = 'checkpoint' AND key = ?",
               (key(params["command"]),))
        return None
    raise LookupError("this store does not serve " + method)


def main():
    # The example store's loop, over this handler; then an orderly close at the end of input.
    from example import store
    store.handle = handle
    store.main()
    if connection is not None:
        connection.close()


if __name__ == "__main__":
    main()
