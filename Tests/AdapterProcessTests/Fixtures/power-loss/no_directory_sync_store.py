#!/usr/bin/env python3
"""The example store that syncs its temporary file but not the directory after the rename: under
the strict model the new name, and so the save, can vanish."""
import os
import tempfile
from example import store, encoded


def write_whole(path, value):
    handle, temporary = tempfile.mkstemp(dir=store.directory, prefix=".tmp-")
    with os.fdopen(handle, "wb") as file:
        file.write(encoded(value))
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


store.write_whole = write_whole
store.main()
