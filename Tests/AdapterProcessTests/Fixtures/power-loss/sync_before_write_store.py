#!/usr/bin/env python3
"""The example store with its file sync in the wrong place: before the write instead of after.
The rename and the directory sync persist a name whose data never reached the disk."""
import os
import tempfile
from example import store, encoded, sync_directory


def write_whole(path, value):
    handle, temporary = tempfile.mkstemp(dir=store.directory, prefix=".tmp-")
    with os.fdopen(handle, "wb") as file:
        os.fsync(file.fileno())
        file.write(encoded(value))
        file.flush()
    os.replace(temporary, path)
    sync_directory()


store.write_whole = write_whole
store.main()
