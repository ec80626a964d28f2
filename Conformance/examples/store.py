#!/usr/bin/env python3
"""A durable progress store served over the kit's adapter protocol (JSON-RPC 2.0, one JSON
object per line on stdin and stdout; see ../protocol.md). Plain Python 3, no dependencies.

Each record is one file named by a hash of its command, written whole: a temporary file in the
same directory, flushed and fsynced, then renamed over the old one, then the directory fsynced.
A crash at any point leaves the old record or the new one, never a mix.

  contract-kit conformance run --suite store --adapter-command "python3 Conformance/examples/store.py"
"""
import hashlib
import json
import os
import sys
import tempfile
import unicodedata

directory = None


def path_for(kind, command):
    canonical = json.dumps(command, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # One key per command as Swift's == sees it: an ID typed precomposed and one a file system
    # handed over decomposed are one command, so the name is hashed in NFC.
    canonical = unicodedata.normalize("NFC", canonical)
    return os.path.join(directory, kind + "-" + hashlib.sha256(canonical.encode()).hexdigest() + ".json")


def write_whole(path, value):
    data = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise
    folder = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def read(path):
    try:
        with open(path, "rb") as file:
            return json.loads(file.read())
    except FileNotFoundError:
        return None


def handle(method, params):
    global directory
    if method == "open":
        directory = params["directory"]
        os.makedirs(directory, exist_ok=True)  # raises when a file stands there
        return None
    if directory is None:
        raise RuntimeError("no store is open; call open first")
    if method == "saveCheckpoint":
        write_whole(path_for("checkpoint", params["checkpoint"]["command"]), params["checkpoint"])
        return None
    if method == "loadCheckpoint":
        return read(path_for("checkpoint", params["command"]))
    if method == "removeCheckpoint":
        try:
            os.remove(path_for("checkpoint", params["command"]))
        except FileNotFoundError:
            pass
        return None
    if method == "saveSummary":
        write_whole(path_for("summary", params["summary"]["command"]), params["summary"])
        return None
    if method == "loadSummary":
        return read(path_for("summary", params["command"]))
    raise LookupError("this store does not serve " + method)


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            response = {"jsonrpc": "2.0", "id": request["id"], "result": handle(request["method"], request.get("params", {}))}
        except LookupError as error:
            response = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": str(error)}}
        except Exception as error:
            response = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32000, "message": type(error).__name__ + ": " + str(error)}}
        sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
