#!/usr/bin/env python3
"""The example store, right in every answer, but each save starts a thread that never ends (a
flush watcher no one stops): the process runs one more thread for every save."""
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "power-loss"))
from example import store  # noqa: E402

write_whole = store.write_whole


def write_and_watch(path, value):
    write_whole(path, value)
    threading.Thread(target=threading.Event().wait, daemon=True).start()


store.write_whole = write_and_watch
store.main()
