#!/usr/bin/env python3
"""The example store without either sync: a temporary file and a rename, as many stores are
written. It survives every SIGKILL (the page cache outlives the process), not a power loss."""
import os
import tempfile
from example import store, encoded


def write_whole(path, value):
    handle, temporary = tempfile.mkstemp(dir=store.directory, prefix=".tmp-")
    with os.fdopen(handle, "wb") as file:
        file.write(encoded(value))
    os.replace(temporary, path)


store.write_whole = write_whole
store.main()
