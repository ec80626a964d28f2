#!/usr/bin/env python3
"""The example store with one defect: it overwrites a record in place (truncate, then write in
pieces) instead of writing a new file and renaming it. A process killed between the truncate and
the last piece leaves a torn record; the real crash test of store.crash must catch it."""
import importlib.util
import json
import os
import time

here = os.path.dirname(os.path.abspath(__file__))
example = os.path.join(here, "..", "..", "..", "Conformance", "examples", "store.py")
spec = importlib.util.spec_from_file_location("store", example)
store = importlib.util.module_from_spec(spec)
spec.loader.exec_module(store)


def write_in_place(path, value):
    data = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    with open(path, "wb") as file:
        for start in range(0, len(data), 4096):
            file.write(data[start:start + 4096])
            file.flush()
            time.sleep(0.0002)  # a slow disk: the torn window is most of each save, not a sliver


store.write_whole = write_in_place
store.main()
