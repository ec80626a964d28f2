#!/usr/bin/env python3
"""The example store, right in every answer, but each save opens the record it wrote again and
never closes it (a handle kept for a cache no one reads): the process holds one more descriptor
under its directory for every save."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "power-loss"))
from example import store  # noqa: E402

write_whole = store.write_whole
held = []


def write_and_hold(path, value):
    write_whole(path, value)
    held.append(open(path, "rb"))


store.write_whole = write_and_hold
store.main()
