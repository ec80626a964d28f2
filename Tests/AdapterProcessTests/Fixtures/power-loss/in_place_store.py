#!/usr/bin/env python3
"""The example store that overwrites each record in place (truncate, write, fsync): synced
before it returns, but a power loss during a save leaves an empty or torn record."""
import os
from example import store, encoded, sync_directory


def write_whole(path, value):
    new = not os.path.exists(path)
    with open(path, "wb") as file:
        file.write(encoded(value))
        file.flush()
        os.fsync(file.fileno())
    if new:
        sync_directory()


store.write_whole = write_whole
store.main()
