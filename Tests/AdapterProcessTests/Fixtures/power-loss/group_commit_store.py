#!/usr/bin/env python3
"""A correct store that commits in groups, as databases do: every request waiting on its input
is applied to one append-only log, and one fsync covers the whole group before any of them is
answered. Each record carries its length and a CRC-32, so a torn tail is cut off on open. When
the log holds four times what is live, it is rewritten: a new file, synced, renamed over the
old, and the directory synced. It passes every rule of the store suite out of process."""
import json
import os
import select
import struct
import sys
import unicodedata
import zlib

HEADER = struct.Struct("<II")
directory = None
log = None  # the log's descriptor, opened for appending
live = {}  # (kind, key) -> the saved value
live_bytes = 0
size = 0  # bytes in the log
group = bytearray()  # records of the group under way, not yet written


def key(command):
    # One key per command as Swift's == sees it: the canonical JSON in NFC.
    return unicodedata.normalize(
        "NFC", json.dumps(command, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def record(kind, name, value):
    payload = json.dumps([kind, name, value], separators=(",", ":"), ensure_ascii=False).encode()
    return HEADER.pack(len(payload), zlib.crc32(payload)) + payload


def sync_directory():
    folder = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def write_all(handle, data):
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def apply(kind, name, value):
    global live_bytes
    old = live.pop((kind, name), None)
    if old is not None:
        live_bytes -= len(json.dumps(old))
    if value is not None:
        live[(kind, name)] = value
        live_bytes += len(json.dumps(value))


def open_store(path):
    global directory, log, live, live_bytes, size
    commit()
    if log is not None:
        os.close(log)
        log = None
    os.makedirs(path, exist_ok=True)  # raises when a file stands there
    directory = path
    name = os.path.join(path, "log")
    if os.path.exists(name + ".new"):
        os.remove(name + ".new")
    created = not os.path.exists(name)
    log = os.open(name, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    with open(name, "rb") as file:
        data = file.read()
    live, live_bytes, offset = {}, 0, 0
    while offset + HEADER.size <= len(data):
        length, checksum = HEADER.unpack_from(data, offset)
        payload = data[offset + HEADER.size:offset + HEADER.size + length]
        if len(payload) < length or zlib.crc32(payload) != checksum:
            break
        kind, key_text, value = json.loads(payload)
        apply(kind, key_text, value)
        offset += HEADER.size + length
    if offset < len(data):
        os.ftruncate(log, offset)  # a torn tail: the save it held never returned
        os.fsync(log)
    size = offset
    if created:
        os.fsync(log)
        sync_directory()


def compact():
    global log, size
    name = os.path.join(directory, "log")
    rewritten = b"".join(record(kind, key_text, value) for (kind, key_text), value in live.items())
    handle = os.open(name + ".new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        write_all(handle, rewritten)
        os.fsync(handle)
    finally:
        os.close(handle)
    os.replace(name + ".new", name)
    sync_directory()
    os.close(log)
    log = os.open(name, os.O_RDWR | os.O_APPEND)
    size = len(rewritten)


def commit():
    """Writes the group's records and syncs them once."""
    global size
    if not group:
        return
    data = bytes(group)
    group.clear()
    write_all(log, data)
    os.fsync(log)
    size += len(data)
    if size > 4 * live_bytes + 65536:
        compact()


def handle(method, params):
    if method == "open":
        open_store(params["directory"])
        return None
    if log is None:
        raise RuntimeError("no store is open; call open first")
    for kind in ("checkpoint", "summary"):
        suffix = kind.capitalize()
        if method == "save" + suffix:
            value = params[kind]
            group.extend(record(kind, key(value["command"]), value))
            apply(kind, key(value["command"]), value)
            return None
        if method == "load" + suffix:
            return live.get((kind, key(params["command"])))
    if method == "removeCheckpoint":
        name = key(params["command"])
        if ("checkpoint", name) in live:
            group.extend(record("checkpoint", name, None))
            apply("checkpoint", name, None)
        return None
    raise LookupError("this store does not serve " + method)


def answer(request):
    try:
        return {"jsonrpc": "2.0", "id": request["id"],
                "result": handle(request["method"], request.get("params", {}))}
    except LookupError as error:
        return {"jsonrpc": "2.0", "id": request["id"],
                "error": {"code": -32601, "message": str(error)}}
    except Exception as error:
        return {"jsonrpc": "2.0", "id": request["id"],
                "error": {"code": -32000, "message": type(error).__name__ + ": " + str(error)}}


def main():
    buffered = b""
    ended = False
    while not ended:
        # Wait for one request, then take every other one already waiting: that is the group.
        chunk = os.read(0, 1 << 20)
        ended = not chunk
        buffered += chunk
        while not ended and select.select([0], [], [], 0)[0]:
            chunk = os.read(0, 1 << 20)
            ended = not chunk
            buffered += chunk
        *lines, buffered = buffered.split(b"\n")
        responses = [answer(json.loads(line)) for line in lines if line.strip()]
        try:
            commit()
        except Exception as error:
            # Nothing of the group is acknowledged; what is on disk is what is true.
            group.clear()
            message = {"code": -32000, "message": type(error).__name__ + ": " + str(error)}
            responses = [{"jsonrpc": "2.0", "id": response["id"], "error": message}
                         for response in responses]
            open_store(directory)
        sys.stdout.write("".join(json.dumps(response, ensure_ascii=False) + "\n"
                                 for response in responses))
        sys.stdout.flush()
    commit()


if __name__ == "__main__":
    main()
