#!/usr/bin/env python3
"""The example store, careless of a failed write or sync (ENOSPC on a full disk):

    --on-error ignore   goes on as if it had worked, as a try? around the write does
    --on-error abort    ends the process
    --on-error retry    tries again until it works, which on a full disk is never

It writes a temporary file, syncs it, renames it over the record and syncs the directory, as
the example does."""
import argparse
import os
import sys
import tempfile
import time
from example import store, encoded, sync_directory

parser = argparse.ArgumentParser()
parser.add_argument("--on-error", choices=["ignore", "abort", "retry"], required=True)
on_error = parser.parse_known_args()[0].on_error
sys.argv = [sys.argv[0]] + parser.parse_known_args()[1]


def careful(step):
    while True:
        try:
            return step()
        except OSError:
            if on_error == "ignore":
                return None
            if on_error == "abort":
                os.abort()
            time.sleep(0.01)


def write_whole(path, value):
    handle, temporary = tempfile.mkstemp(dir=store.directory, prefix=".tmp-")
    with os.fdopen(handle, "wb", buffering=0) as file:
        careful(lambda: file.write(encoded(value)))
        careful(lambda: os.fsync(file.fileno()))
    os.replace(temporary, path)
    careful(sync_directory)


store.write_whole = write_whole
store.main()
