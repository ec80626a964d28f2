#!/usr/bin/env python3
"""The example store writing each record through O_DIRECT, which skips the page cache but syncs
nothing: not the drive's cache, not the file's size. Each record is its length, then its JSON,
padded to whole 4 KiB blocks from a page-aligned buffer, as O_DIRECT asks. It survives every
SIGKILL, not a power loss. With `--dsync` it opens the file with O_DSYNC as well, and each write
returns durable: then it passes. It needs a temporary directory on a file system that takes
O_DIRECT (ext4, xfs, btrfs; tmpfs since Linux 6.6)."""
import json
import mmap
import os
import struct
import sys
from example import store, encoded, sync_directory

BLOCK = 4096
flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_DIRECT
if "--dsync" in sys.argv:
    flags |= os.O_DSYNC


def write_whole(path, value):
    data = struct.pack("<Q", len(encoded(value))) + encoded(value)
    blocks = (len(data) + BLOCK - 1) // BLOCK
    buffer = mmap.mmap(-1, blocks * BLOCK)  # page-aligned, zero-filled
    buffer.write(data)
    temporary = path + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    handle = os.open(temporary, flags, 0o644)
    try:
        written = 0
        while written < len(buffer):
            written += os.pwrite(handle, memoryview(buffer)[written:], written)
    finally:
        os.close(handle)
        buffer.close()
    os.replace(temporary, path)
    sync_directory()


def read(path):
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        return None
    (length,) = struct.unpack_from("<Q", data)
    return json.loads(data[8:8 + length])


store.write_whole = write_whole
store.read = read
store.main()
