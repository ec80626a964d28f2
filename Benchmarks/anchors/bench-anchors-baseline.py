"""What the old script did, and only that: find path:line citations in Markdown docs and check
that the file exists and the range fits inside it. It does not read the quotes."""
import os
import re
import sys

root = sys.argv[1]
pattern = re.compile(r"([\w./-]+\.\w+):(\d+)(?:-(\d+))?")
line_counts = {}
total = stale = 0
for folder, _, names in os.walk(root):
    for name in names:
        if not name.endswith(".md"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        for match in pattern.finditer(text):
            path, start, end = match.group(1), int(match.group(2)), int(match.group(3) or match.group(2))
            total += 1
            if path not in line_counts:
                full = os.path.join(root, path)
                if os.path.isfile(full):
                    with open(full, "rb") as source:
                        line_counts[path] = source.read().count(b"\n")
                else:
                    line_counts[path] = None
            count = line_counts[path]
            if count is None or not (1 <= start <= end <= count):
                stale += 1
print(f"{total} anchors, {stale} stale")
