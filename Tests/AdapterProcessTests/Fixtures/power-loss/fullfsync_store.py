#!/usr/bin/env python3
"""The example store as its Apple build syncs, run on Linux: every sync is fcntl(fd,
F_FULLFSYNC), with Darwin's value where Linux's fcntl module lacks the name, falling back to
fsync when it fails (Linux refuses it; the kit's recorder carries it out). It passes
store.powerLoss under the apple model. `--directory-sync fsync` syncs the directory with a plain
fsync: under the apple model the new name can vanish."""
import fcntl
import os
import sys
from example import store, encoded

F_FULLFSYNC = getattr(fcntl, "F_FULLFSYNC", 51)
plain_directory = "--directory-sync" in sys.argv and \
    sys.argv[sys.argv.index("--directory-sync") + 1] == "fsync"


def full_sync(handle):
    try:
        fcntl.fcntl(handle, F_FULLFSYNC)
    except OSError:
        os.fsync(handle)


def write_whole(path, value):
    data = encoded(value)
    temporary = path + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
        full_sync(handle)
    finally:
        os.close(handle)
    os.replace(temporary, path)
    folder = os.open(store.directory, os.O_RDONLY)
    try:
        if plain_directory:
            os.fsync(folder)
        else:
            full_sync(folder)
    finally:
        os.close(folder)


store.write_whole = write_whole
store.main()
