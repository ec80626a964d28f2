"""What tools/build-docs and tools/count-public-api share: the symbol-graph extractor of the
toolchain that built the modules, run on a debug build's compiled modules, and the modules a
module's sources re-export. Not a command of its own."""
import glob
import os
import re
import shutil
import subprocess

# The extractor beside `swift`: the one whose compiler wrote the modules it reads.
EXTRACT = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift") or "swift")),
                       "swift-symbolgraph-extract")


def reexports(root, module):
    """The modules `module` re-exports (`@_exported import` in `root`/Sources/`module`), each
    with the names it re-exports (None: all of it)."""
    found = {}
    for path in sorted(glob.glob(os.path.join(root, "Sources", module, "**", "*.swift"),
                                 recursive=True)):
        for line in open(path, encoding="utf-8"):
            whole = re.match(r"\s*@_exported\s+import\s+(\w+)\s*$", line)
            scoped = re.match(r"\s*@_exported\s+import\s+\w+\s+(\w+)\.(\w+)\s*$", line)
            if whole:
                found[whole.group(1)] = None
            elif scoped and found.get(scoped.group(1), set()) is not None:
                found.setdefault(scoped.group(1), set()).add(scoped.group(2))
    return found


def extract(build, module, output, reexported=()):
    """Runs the extractor on `module` of the debug build in `build` (the folder holding
    `Modules/`), writing its public symbol graphs into `output`; with `reexported`, the
    declarations `module` re-exports from those modules go into its own graph, as a build's
    -emit-symbol-graph writes them. Returns the finished process."""
    flags = ["-I", os.path.join(build, "Modules")]
    for modulemap in sorted(glob.glob(os.path.join(build, "*.build", "module.modulemap"))):
        if "-tool.build" not in modulemap:
            flags += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    if reexported:
        flags.append("-experimental-allowed-reexported-modules=" + ",".join(reexported))
    return subprocess.run(
        [EXTRACT, "-module-name", module, *flags, "-minimum-access-level", "public",
         "-output-dir", output], capture_output=True, text=True)
