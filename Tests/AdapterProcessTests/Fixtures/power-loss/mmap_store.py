#!/usr/bin/env python3
"""The example store writing each record only through a shared memory map, never msynced: the
rename and the directory sync persist the name, but the bytes stay in the page cache."""
import mmap
import os
import tempfile
from example import store, encoded, sync_directory


def write_whole(path, value):
    data = encoded(value)
    handle, temporary = tempfile.mkstemp(dir=store.directory, prefix=".tmp-")
    try:
        os.ftruncate(handle, len(data))
        if data:
            with mmap.mmap(handle, len(data)) as mapped:
                mapped[:] = data
    finally:
        os.close(handle)
    os.replace(temporary, path)
    sync_directory()


store.write_whole = write_whole
store.main()
