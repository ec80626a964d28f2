"""Writes a synthetic repository for Benchmarks/bench-anchors: Swift sources and Markdown docs full of
quoted and prose anchors, about 3% moved, 2% changed, 2% missing and 1% out of range.
Deterministic: the same arguments give the same repository."""
import os
import random
import sys

root, files, anchors = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(20261129)
lines_per_file = 120
sources = []
for index in range(files):
    folder = f"Sources/Module{index % 40}"
    os.makedirs(os.path.join(root, folder), exist_ok=True)
    path = f"{folder}/File{index}.swift"
    body = [f"    let value{index}_{n} = compute({n}, {index})  // line {n + 1}" for n in range(lines_per_file)]
    with open(os.path.join(root, path), "w") as handle:
        handle.write("\n".join(body) + "\n")
    sources.append((path, body))

os.makedirs(os.path.join(root, "docs"), exist_ok=True)
per_doc = 200
docs = (anchors + per_doc - 1) // per_doc
written = 0
for doc in range(docs):
    out = [f"# Design note {doc}", ""]
    for _ in range(min(per_doc, anchors - written)):
        path, body = sources[rng.randrange(files)]
        start = rng.randrange(1, lines_per_file - 4)
        end = start + 2
        roll = rng.random()
        if roll < 0.5:
            quote = body[start - 1:end]
            cited = (start, end)
            if roll < 0.03:
                cited = (start + 7, end + 7) if end + 7 <= lines_per_file else (start - 7, end - 7)
            elif roll < 0.05:
                quote = quote[:1] + ["    let somethingElse = 0"] + quote[2:]
            elif roll < 0.07:
                path = path.replace(".swift", "Gone.swift")
            out += ["```swift", f"// {path}:{cited[0]}-{cited[1]}"] + quote + ["```", ""]
        else:
            if roll > 0.99:
                start, end = lines_per_file + 5, lines_per_file + 9
            out.append(f"The value is computed in {path}:{start}-{end}, as the table shows.")
        written += 1
    with open(os.path.join(root, f"docs/note{doc}.md"), "w") as handle:
        handle.write("\n".join(out) + "\n")
