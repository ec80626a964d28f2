#!/usr/bin/env python3
"""A correct store that never calls fsync on its records: it writes each through a descriptor
opened with O_DSYNC, whose writes return only once the data and the size needed to read it are
durable, renames it into place, then syncs the directory. It passes store.powerLoss under the
posix model. Under the apple model an O_DSYNC write only reaches the drive's cache; on Linux the
store makes no F_FULLFSYNC call, so the apple model skips it."""
import os
from example import store, encoded, sync_directory

flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_DSYNC


def write_whole(path, value):
    data = encoded(value)
    temporary = path + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    handle = os.open(temporary, flags, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
    finally:
        os.close(handle)
    os.replace(temporary, path)
    sync_directory()


store.write_whole = write_whole
store.main()
