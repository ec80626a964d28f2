"""Loads Conformance/examples/store.py as a module, for the broken stores beside this file: each
replaces its write_whole with a defective one, then serves the protocol unchanged."""
import importlib.util
import os

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "..", "..", "..", "..", "Conformance", "examples", "store.py")
spec = importlib.util.spec_from_file_location("store", path)
store = importlib.util.module_from_spec(spec)
spec.loader.exec_module(store)


def encoded(value):
    import json
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sync_directory():
    folder = os.open(store.directory, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
