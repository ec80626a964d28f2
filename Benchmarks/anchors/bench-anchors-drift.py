"""A drift corpus from a real repository's history, for Benchmarks/bench-anchors.

Docs are written against an OLD commit: each anchor cites real code there (a file and a range of
1 to 20 lines, quoted or in prose, by path or, where the name was unique, by file name alone;
every tenth one a GitHub permalink to the old commit, bare or in a link; every fourth one names
a type or extension declared at the top level of its file, PATH#NAME).
The tree of a NEW commit, a year or more later, is what the checker sees: by default HEAD, and
OLD the newest commit two years before it; in a history shorter than that (the kit's own, a few
hundred commits over a week or so, is one), OLD is its first commit holding a quarter of NEW's
Swift files (and at least 20): as much drift as the history has, on enough of the code. The
truth for every anchor follows from the old quote and the new tree alone, computed here
independently of the checker with the checker's documented rules (lines compared stripped, runs
of white space as one space; a moved quote goes to its nearest occurrence; a missing file's quote
is looked for in every file of its extension and suggested when it stands in exactly one). A
symbol anchor's truth comes from a declaration reader written here, apart from the checker's
scanner (comments and strings skipped, braces of types and extensions followed, function bodies
left out), and the checker's documented matching rule: the exact qualified name, else a qualified
name ending in it, a type before its extensions. A permalink cannot be checked without the
repository's history: its truth is `outsideHistory`, and beside it the truth in a work tree
whose HEAD is the new commit and whose remote names the repository (`history`): the old lines
are its quote, followed through git's renames as the checker documents it.

usage:
  bench-anchors-drift.py generate GIT_DIR OUT [--anchors N] [--per-doc N] [--old REV] [--new REV]
                         [--seed N] [--slug ORG/REPO] [--no-symbols]
      (the slug defaults to OWNER/NAME from a GIT_DIR under a folder named OWNER+NAME, else
      from an `origin` remote on GitHub, else local/ProfileContractKit for this kit's own
      repository, else example/repository); without --old, a shallow clone with less than two
      years of history is refused (exit 1, naming the fix); every fourth anchor names a type,
      PATH#NAME, or with --no-symbols cites its line, PATH:LINE, for measuring what symbol
      resolution costs
      writes OUT/tree (the new commit's files but its Markdown and its root anchors.json, which
      would configure the checker; with the docs in OUT/tree/drift-docs) and
      OUT/truth.json; check it with contract-kit anchors --root OUT/tree drift-docs
  bench-anchors-drift.py verify OUT REPORT.json
      compares `contract-kit anchors --format json` output with the truth; exit 1 on any
      difference
  bench-anchors-drift.py mix OUT
      prints the share of each status in the truth
  bench-anchors-drift.py subset FULL.json SCOPED.json
      checks that every result of an incremental run (--changed-since) equals the full run's
      result for the same anchor; exit 1 on any difference
  bench-anchors-drift.py renamed OUT TREE PLAIN.json HISTORY.json
      checks a run in TREE, a git work tree with the repository's history (HISTORY), against the
      run without history (PLAIN): the only differences must be missing files followed to where
      git's rename detection says they went, and every missing file git saw renamed must be
      followed; every permalink must get its truth in history (OUT/truth.json); exit 1 otherwise

Deterministic: the same repository, revisions and seed give the same corpus (the seed is
printed).
"""
import collections
import json
import os
import random
import re
import subprocess
import sys
import tarfile
import urllib.parse
import io

WHITESPACE = b" \t\r\x0c\x0b"
SKIPPED = {".git", ".build", ".swiftpm"}
DOCS = "drift-docs"
# The checker's configuration at a repository's root (the kit's own has one): its globs would
# hide files the truth counts, so, like the repository's docs, it is left out of the corpus.
CONFIG = "anchors.json"
# In a history shorter than two years, the old commit is the first that holds a quarter of the
# new commit's Swift files, and never fewer than this: enough files and types to cut the corpus
# from. (On the kit's own history the first commit, 26 files on one module, has no type that
# later leaves its file: no missingSymbol. The first with a quarter has every status.)
MIN_SWIFT_FILES = 20
GITHUB = re.compile(r"github\.com(?::\d+)?[:/]+([^/\s]+)/([^/\s]+?)(?:\.git)?/*$")


def normalize(line):
    """A line as the checker compares it: stripped, runs of white space as one space."""
    return b" ".join(part for part in _split_ws(line) if part)


def _split_ws(line):
    out, current = [], bytearray()
    for byte in line:
        if byte in WHITESPACE:
            out.append(bytes(current))
            current = bytearray()
        else:
            current.append(byte)
    out.append(bytes(current))
    return out


def lines_of(data):
    """The file's lines: split at LF, one trailing newline not making a line."""
    if not data:
        return []
    parts = data.split(b"\n")
    if data.endswith(b"\n"):
        parts.pop()
    return [normalize(p) for p in parts]


def git(git_dir, *arguments, binary=False):
    result = subprocess.run(["git", "--git-dir", git_dir, *arguments], capture_output=True)
    if result.returncode != 0:
        sys.exit(f"bench-anchors-drift: git {' '.join(arguments)} failed: "
                 f"{result.stderr.decode(errors='replace').strip()}")
    return result.stdout if binary else result.stdout.decode()


def tree_files(git_dir, rev):
    """Every file of `rev`: path -> bytes, read with one `git archive`."""
    files = {}
    with tarfile.open(fileobj=io.BytesIO(git(git_dir, "archive", rev, binary=True))) as tar:
        for member in tar.getmembers():
            if member.isfile():
                files[member.name] = tar.extractfile(member).read()
    return files


def git_renames(git_dir, rev):
    """Old path -> newest path, from git's rename detection over the history of `rev`, newest
    renames first: read from git here, not from the checker."""
    fields = [f for f in git(git_dir, "log", "-M", "--diff-filter=R", "--name-status", "-z",
                             "--format=", rev).split("\0") if f]
    renames = {}
    i = 0
    while i < len(fields):
        status = fields[i]
        count = 2 if status[:1] in ("R", "C") else 1
        paths = fields[i + 1:i + 1 + count]
        i += 1 + count
        if status.startswith("R") and len(paths) == 2 and paths[0] not in renames:
            renames[paths[0]] = renames.get(paths[1], paths[1])
    return renames


TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor", "extension"}
MEMBER_KEYWORDS = {"func", "typealias", "case", "var", "let", "associatedtype", "macro"}


def code_tokens(data):
    """The Swift code of a file as (token, line) pairs: identifiers, `{`, `}`, `.` and other
    punctuation, with comments (nested block comments too) and string literals (multi-line and
    raw ones too) left out. Written here, apart from the checker's scanner."""
    text = data.decode("utf-8", errors="replace")
    tokens = []
    i, line, n = 0, 1, len(text)
    block = 0
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif block:
            if text.startswith("/*", i):
                block += 1
                i += 2
            elif text.startswith("*/", i):
                block -= 1
                i += 2
            else:
                i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            block = 1
            i += 2
        elif c == "#" and i + 1 < n and text[i + 1] in "#\"":
            hashes = 0
            while i < n and text[i] == "#":
                hashes += 1
                i += 1
            triple = text.startswith('"""', i)
            i += 3 if triple else 1
            closing = ('"""' if triple else '"') + "#" * hashes
            end = text.find(closing, i)
            end = n if end < 0 else end + len(closing)
            line += text.count("\n", i, end)
            i = end
        elif c == '"':
            triple = text.startswith('"""', i)
            i += 3 if triple else 1
            while i < n:
                if text[i] == "\\":
                    i += 2
                    continue
                if triple and text.startswith('"""', i):
                    i += 3
                    break
                if not triple and text[i] == '"':
                    i += 1
                    break
                if text[i] == "\n":
                    line += 1
                    if not triple:
                        break
                i += 1
        elif c.isalpha() or c == "_" or c == "`":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] in "_`"):
                j += 1
            tokens.append((text[i:j].strip("`"), line))
            i = j
        elif c.isspace():
            i += 1
        else:
            tokens.append((c, line))
            i += 1
    return tokens


def is_name(token):
    return token[:1].isalpha() or token[:1] == "_"


def declarations(data):
    """The declarations of a Swift file that stand at the top level or in a type's or an
    extension's braces (never in a function's): (qualified name, kind, line). A name is
    qualified by the types (and extended types) around it; an extension's name is the type it
    extends."""
    tokens = code_tokens(data)
    found = []
    stack = []  # one entry per open brace: the qualified name of a type's braces, or None
    pending = None  # the type whose braces open next
    k = 0
    while k < len(tokens):
        token, line = tokens[k]
        inside = all(entry is not None for entry in stack)
        prefix = stack[-1] + "." if stack and stack[-1] else ""
        previous = tokens[k - 1][0] if k else ""
        if token == "{":
            stack.append(pending if inside else None)
            pending = None
        elif token == "}":
            if stack:
                stack.pop()
            pending = None
        elif (token in TYPE_KEYWORDS and inside and previous not in (".", "\\")
              and k + 1 < len(tokens) and is_name(tokens[k + 1][0])):
            # `class func` and `class var` are members, not types.
            name_token = tokens[k + 1][0]
            if token == "class" and name_token in MEMBER_KEYWORDS | {"subscript", "init"}:
                k += 1
                continue
            name = [name_token]
            j = k + 2
            if token == "extension":
                while j + 1 < len(tokens) and tokens[j][0] == "." and is_name(tokens[j + 1][0]):
                    name.append(tokens[j + 1][0])
                    j += 2
            qualified = prefix + ".".join(name)
            found.append((qualified, token, line))
            pending = qualified
            k = j
            continue
        elif token in MEMBER_KEYWORDS and inside and previous != "." and k + 1 < len(tokens):
            name_token = tokens[k + 1][0]
            if is_name(name_token):
                found.append((prefix + name_token, token, line))
            pending = None
        k += 1
    return found


def matching(symbol, found):
    """The declarations a symbol names, by the checker's documented rule: the exact qualified
    name, else qualified names ending in `.` and the symbol; a type over its extensions."""
    exact = [d for d in found if d[0] == symbol]
    if not exact:
        exact = [d for d in found if d[0].endswith("." + symbol)]
    types = [d for d in exact if d[1] != "extension"]
    return types if types else exact


URL_SAFE = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+")


def permalink(slug, commit, path, first, last):
    # Percent-encoded as the checker writes a path it did not read from the link: the
    # characters of a URL path kept, others encoded.
    path = urllib.parse.quote(path, safe="!$&'()*+,-./:;=@_~")
    return (f"https://github.com/{slug}/blob/{commit}/{path}#L{first}"
            + (f"-L{last}" if last != first else ""))


def pick_old(git_dir, new, years):
    """The newest commit at least `years` years older than `new`; in a shorter history, the
    first commit along `new`'s first parents that holds a quarter of `new`'s Swift files and at
    least MIN_SWIFT_FILES."""
    stamp = int(git(git_dir, "log", "-1", "--format=%ct", new).strip())
    before = stamp - int(years * 365.25 * 86400)
    old = git(git_dir, "rev-list", "-1", f"--before={before}", new).strip()
    if old:
        return old
    if git(git_dir, "rev-parse", "--is-shallow-repository").strip() == "true":
        sys.exit(f"bench-anchors-drift: {git_dir} is a shallow clone; fetch its whole history "
                 f"(git fetch --unshallow) or pass --old")
    def swift_files(rev):
        names = git(git_dir, "ls-tree", "-r", "-z", "--name-only", rev).split("\0")
        return sum(1 for name in names if name.endswith(".swift"))
    enough = max(MIN_SWIFT_FILES, -(-swift_files(new) // 4))
    for rev in git(git_dir, "rev-list", "--reverse", "--first-parent", new).split():
        if rev == new:
            break
        if swift_files(rev) >= enough:
            print(f"drift corpus: the history is shorter than {years} years; the old commit is "
                  f"its first with at least {enough} Swift files (a quarter of the new one's)")
            return rev
    sys.exit(f"bench-anchors-drift: no commit before {new[:10]} holds {enough} Swift files "
             f"(a quarter of its own, at least {MIN_SWIFT_FILES}); pass --old")


def slug_of(git_dir):
    """OWNER/NAME for the corpus's permalinks (and the remote Benchmarks/bench-anchors gives the
    history run): from a folder named OWNER+NAME holding GIT_DIR (a mirror's layout), else from
    an `origin` remote on GitHub, else local/ProfileContractKit for this kit's own repository,
    else example/repository. The same repository always gets the same slug."""
    owner = [part for part in os.path.abspath(git_dir).split(os.sep) if "+" in part]
    if owner:
        return owner[-1].replace("+", "/", 1)
    origin = subprocess.run(["git", "--git-dir", git_dir, "remote", "get-url", "origin"],
                            capture_output=True, text=True)
    match = GITHUB.search(origin.stdout.strip()) if origin.returncode == 0 else None
    if match:
        return f"{match.group(1)}/{match.group(2)}"
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    own = subprocess.run(["git", "-C", here, "rev-parse", "--absolute-git-dir"],
                         capture_output=True, text=True)
    if own.returncode == 0 and os.path.realpath(own.stdout.strip()) == os.path.realpath(git_dir):
        return "local/ProfileContractKit"
    return "example/repository"


def occurrences(lines, quote):
    first = quote[0]
    n = len(quote)
    return [i for i, line in enumerate(lines)
            if line == first and lines[i:i + n] == quote]


def generate(git_dir, out, anchors, per_doc, old, new, seed, slug, symbols=True):
    new = git(git_dir, "rev-parse", new).strip()
    old = git(git_dir, "rev-parse", old).strip() if old else pick_old(git_dir, new, 2)
    dates = [git(git_dir, "log", "-1", "--format=%cs", rev).strip() for rev in (old, new)]
    print(f"drift corpus: {git_dir} {old[:10]} ({dates[0]}) -> {new[:10]} ({dates[1]}), "
          f"{anchors} anchors, seed {seed}")
    rng = random.Random(seed)
    old_files = {p: d for p, d in tree_files(git_dir, old).items() if p.endswith(".swift")}
    new_all = {p: d for p, d in tree_files(git_dir, new).items() if p != CONFIG}
    tree = os.path.join(out, "tree")
    for path, data in new_all.items():
        if path.lower().endswith(".md"):
            continue  # the repository's own docs are not part of the corpus
        full = os.path.join(tree, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(data)
    # The checker never indexes these folders (a path that names a file in one still resolves).
    indexed = {p: d for p, d in new_all.items()
               if not SKIPPED.intersection(p.split("/")[:-1])}
    new_swift = {p: lines_of(d) for p, d in indexed.items() if p.lower().endswith(".swift")}
    new_names = collections.defaultdict(list)
    for path in indexed:
        if not path.lower().endswith(".md"):
            new_names[os.path.basename(path)].append(path)
    old_names = collections.Counter(os.path.basename(p) for p in old_files)
    renames = git_renames(git_dir, new)
    old_declarations = {}
    new_declarations = {}
    # Where each normalized line stands in the new tree, for the cross-file relocation truth.
    where = collections.defaultdict(list)
    for path in sorted(new_swift):
        for i, line in enumerate(new_swift[path]):
            where[line].append((path, i))

    old_lines = {p: (d.split(b"\n")[:-1] if d.endswith(b"\n") else d.split(b"\n"))
                 for p, d in old_files.items()}
    paths = sorted(p for p, ls in old_lines.items() if len(ls) >= 1)
    lengths = [1] * 25 + [2, 3] * 15 + [4, 5, 6, 8] * 7 + [10, 12, 15, 20] * 4
    docs_dir = os.path.join(tree, DOCS)
    os.makedirs(docs_dir, exist_ok=True)
    truth = []
    written = 0
    doc_number = 0
    while written < anchors:
        doc = f"{DOCS}/note-{doc_number:05d}.md"
        text = [f"# Design note {doc_number}", ""]
        count = 0
        while count < per_doc and written < anchors:
            path = paths[rng.randrange(len(paths))]
            raw = old_lines[path]
            length = min(lengths[rng.randrange(len(lengths))], len(raw))
            start = rng.randrange(len(raw) - length + 1)
            chunk = raw[start:start + length]
            normalized = [normalize(line) for line in chunk]
            # Writers quote code, not blank lines at either end, and never a fence.
            if not normalized[0] or not normalized[-1] or any(b"```" in line for line in chunk):
                continue
            if any(b"\r" in line for line in chunk):
                continue
            try:
                quote_text = [line.decode("utf-8") for line in chunk]
            except UnicodeDecodeError:
                continue
            cited = path
            if old_names[os.path.basename(path)] == 1 and rng.random() < 0.1:
                cited = os.path.basename(path)
            first, last = start + 1, start + length
            span = f"{first}" if first == last else f"{first}-{last}"
            if written % 4 == 2:
                # A symbol anchor: a type or extension at the top level of the old file that no
                # other declaration there shares its name with.
                if path not in old_declarations:
                    old_declarations[path] = declarations(old_files[path])
                found = old_declarations[path]
                names = sorted({d[0] for d in found if d[1] in TYPE_KEYWORDS and "." not in d[0]
                                and len(matching(d[0], found)) == 1})
                if not names:
                    continue
                name = names[rng.randrange(len(names))]
                if symbols:
                    anchor = f"{path}#{name}"
                    # In a code span, a path may hold spaces; in a link it may not.
                    forms = [f"The type `{anchor}` holds it."]
                    if " " not in path:
                        forms += [f"The type {anchor} holds it.", f"See [{name}]({anchor}) for it."]
                    text += [forms[rng.randrange(len(forms))], ""]
                    status = symbol_status(path, name, new_all, new_names, new_declarations)
                else:
                    keyword = matching(name, found)[0][2]
                    text += [f"The type `{path}:{keyword}` holds it.", ""]
                    status, _ = expected(path, keyword, keyword, None, new_swift, new_all,
                                         new_names, where)
                truth.append({"doc": doc, "line": len(text) - 1, "status": status,
                              "suggestion": None})
                count += 1
                written += 1
                continue
            if written % 10 == 9 and set(path.encode()) <= URL_SAFE:
                url = permalink(slug, old, path, first, last)
                if rng.random() < 0.5:
                    text += [f"The code at {url} does it.", ""]
                else:
                    text += [f"See [the code]({url}) for it.", ""]
                truth.append({"doc": doc, "line": len(text) - 1, "status": "outsideHistory",
                              "suggestion": None,
                              "history": in_history(path, first, last, normalized, slug, new,
                                                    new_all, indexed, new_swift, where,
                                                    renames)})
                count += 1
                written += 1
                continue
            quoted = rng.random() < 0.6
            if quoted:
                text += ["```swift", f"// {cited}:{span}"] + quote_text + ["```", ""]
                line_number = len(text) - length - 2
            else:
                text += [f"The behaviour lives in `{cited}:{span}`, as described above.", ""]
                line_number = len(text) - 1
            status, suggestion = expected(
                cited, first, last, normalized if quoted else None, new_swift, new_all,
                new_names, where)
            truth.append({"doc": doc, "line": line_number, "status": status,
                          "suggestion": suggestion})
            count += 1
            written += 1
        with open(os.path.join(tree, doc), "w", encoding="utf-8") as handle:
            handle.write("\n".join(text) + "\n")
        doc_number += 1
    with open(os.path.join(out, "truth.json"), "w") as handle:
        json.dump({"old": old, "new": new, "seed": seed, "slug": slug, "anchors": truth}, handle)
    print_mix(truth)


def expected(cited, first, last, quote, new_swift, new_all, new_names, where):
    """The status and suggestion the checker must give, from the new tree alone."""
    if "/" in cited:
        resolved = cited if cited in new_all and not cited.lower().endswith(".md") else None
        if resolved is None:
            return missing(cited, quote, where, new_swift)
    else:
        candidates = new_names.get(cited, [])
        if len(candidates) > 1:
            return "ambiguous", None
        if not candidates:
            return missing(cited, quote, where, new_swift)
        resolved = candidates[0]
    lines = new_swift.get(resolved)
    if lines is None:
        lines = lines_of(new_all[resolved])
    if quote is None:
        return ("unverified", None) if last <= len(lines) else ("outOfRange", None)
    if last <= len(lines) and lines[first - 1:last] == quote:
        return "ok", None
    found = occurrences(lines, quote)
    if found:
        nearest = min(found, key=lambda i: abs(i + 1 - first))
        start, end = nearest + 1, nearest + len(quote)
        return "moved", f"{cited}:{start}" if start == end else f"{cited}:{start}-{end}"
    if last > len(lines):
        return "outOfRange", None
    return "changed", None


def in_history(path, first, last, quote, slug, new, new_all, indexed, new_swift, where, renames):
    """A permalink's status and suggestion in a work tree at the new commit with the history:
    its old lines looked for in its file, or in the file git saw it renamed to, or across the
    files of its extension; the suggestion is the link pinned to the new commit."""
    def status_in(lines):
        if last <= len(lines) and lines[first - 1:last] == quote:
            return "ok", None
        found = occurrences(lines, quote)
        if found:
            nearest = min(found, key=lambda i: abs(i + 1 - first))
            return "moved", (nearest + 1, nearest + len(quote))
        return ("outOfRange" if last > len(lines) else "changed"), None
    if path in new_all and not path.lower().endswith(".md"):
        status, lines = status_in(new_swift.get(path) or lines_of(new_all[path]))
        if status == "moved":
            return {"status": "moved", "suggestion": permalink(slug, new, path, *lines)}
        return {"status": status, "suggestion": None}
    target = renames.get(path)
    if target in indexed:
        status, lines = status_in(new_swift.get(target) or lines_of(indexed[target]))
        if status in ("ok", "moved"):
            start, end = lines if lines else (first, last)
            return {"status": "moved", "suggestion": permalink(slug, new, target, start, end)}
        return {"status": status, "suggestion": None}
    status, suggestion = missing(path, quote, where, new_swift)
    if suggestion:
        moved_path, span = suggestion.rsplit(":", 1)
        start, _, end = span.partition("-")
        suggestion = permalink(slug, new, moved_path, int(start), int(end or start))
    return {"status": status, "suggestion": suggestion}


def symbol_status(path, name, new_all, new_names, new_declarations):
    """The status of `PATH#NAME` in the new tree, without history."""
    if "/" not in path:
        # A bare name, as the checker resolves one: by file name across the tree.
        candidates = new_names.get(path, [])
        if len(candidates) != 1:
            return "ambiguous" if candidates else "missingFile"
        path = candidates[0]
    if path not in new_all or path.lower().endswith(".md"):
        return "missingFile"
    if path not in new_declarations:
        new_declarations[path] = declarations(new_all[path])
    count = len(matching(name, new_declarations[path]))
    return "ok" if count == 1 else "ambiguous" if count > 1 else "missingSymbol"


def missing(cited, quote, where, new_swift):
    if quote is None or not cited.lower().endswith(".swift"):
        return "missingFile", None
    found = []
    for path, i in where.get(quote[0], []):
        if new_swift[path][i:i + len(quote)] == quote:
            found.append((path, i))
            if len(found) > 1:
                break
    if len(found) == 1:
        path, i = found[0]
        start, end = i + 1, i + len(quote)
        return "missingFile", f"{path}:{start}" if start == end else f"{path}:{start}-{end}"
    return "missingFile", None


def print_mix(truth):
    counts = collections.Counter(entry["status"] for entry in truth)
    relocatable = sum(1 for e in truth if e["status"] == "missingFile" and e["suggestion"])
    total = len(truth)
    parts = [f"{status} {counts[status] / total:.1%}" for status in
             ("ok", "unverified", "moved", "changed", "missingFile", "missingSymbol", "ambiguous",
              "outOfRange", "outsideHistory")]
    print("mix: " + ", ".join(parts) + f" (missing files relocatable: {relocatable / total:.1%})")


def verify(out, report_path):
    truth = json.load(open(os.path.join(out, "truth.json")))["anchors"]
    report = json.load(open(report_path))
    results = {(r["doc"], r["line"]): r for r in report["anchors"]}
    differences = 0
    for entry in truth:
        result = results.get((entry["doc"], entry["line"]))
        got = (result["status"], result.get("suggestion")) if result else ("absent", None)
        if got != (entry["status"], entry["suggestion"]):
            differences += 1
            if differences <= 10:
                print(f"{entry['doc']}:{entry['line']}: truth {entry['status']} "
                      f"{entry['suggestion']}, checker {got[0]} {got[1]}")
    extra = len(results) - len(truth)
    print(f"verdicts: {len(truth) - differences} of {len(truth)} agree with the truth"
          + (f", {extra} results beyond it" if extra else ""))
    return 1 if differences or extra else 0


def subset(full_path, scoped_path):
    full = {(r["doc"], r["line"]): r for r in json.load(open(full_path))["anchors"]}
    scoped = json.load(open(scoped_path))["anchors"]
    differ = [r for r in scoped if full.get((r["doc"], r["line"])) != r]
    for r in differ[:10]:
        print(f"{r['doc']}:{r['line']}: incremental {r['status']}, full "
              f"{full.get((r['doc'], r['line']), {}).get('status', 'absent')}")
    print(f"incremental: {len(scoped) - len(differ)} of {len(scoped)} results equal the full run's")
    return 1 if differ or not scoped else 0


def renamed(out, tree, plain_path, history_path):
    git_dir = os.path.join(tree, ".git")
    new = json.load(open(history_path))
    plain = {(r["doc"], r["line"]): r for r in json.load(open(plain_path))["anchors"]}
    truth = {(e["doc"], e["line"]): e for e in
             json.load(open(os.path.join(out, "truth.json")))["anchors"]}
    renames = git_renames(git_dir, "HEAD")
    followed = problems = permalinks = 0
    def problem(message):
        nonlocal problems
        problems += 1
        if problems <= 10:
            print(message)
    for result in new["anchors"]:
        key = (result["doc"], result["line"])
        history = truth.get(key, {}).get("history")
        if history is not None:
            # A permalink: its truth in history, computed from the old lines and git's renames.
            permalinks += 1
            got = {"status": result["status"], "suggestion": result["suggestion"]}
            if got != history:
                problem(f"{result['doc']}:{result['line']}: permalink truth {history}, "
                        f"checker {got}")
            continue
        before = plain.get(key)
        target = renames.get(before["path"]) if before else None
        if before == result:
            if (before["status"] == "missingFile" and target
                    and os.path.isfile(os.path.join(tree, target))):
                problem(f"{result['doc']}:{result['line']}: {before['path']} was renamed to "
                        f"{target}, but the checker did not follow it")
            continue
        cited = before["path"] if before else ""
        targets = {v for k, v in renames.items() if k == cited or k.endswith("/" + cited)}
        if (before and before["status"] == "missingFile" and "was renamed to" in result["message"]
                and result["path"] in targets):
            followed += 1
            continue
        problem(f"{result['doc']}:{result['line']}: without history {before and before['status']}"
                f" {cited}, with history {result['status']} {result['path']}")
    missing = sum(1 for r in plain.values() if r["status"] == "missingFile")
    mix = collections.Counter(e["history"]["status"] for e in truth.values() if "history" in e)
    print(f"history: {followed} of {missing} missing-file anchors followed through git's renames "
          f"({len(renames)} renames in {git(git_dir, 'rev-list', '--count', 'HEAD').strip()} "
          f"commits); every other result equals the run without history; {permalinks} "
          f"permalinks agree with their truth ({', '.join(f'{k} {v}' for k, v in sorted(mix.items()))})"
          if not problems else f"history: {problems} results differ from their truth")
    return 1 if problems or not permalinks else 0


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0] not in ("generate", "verify", "mix", "subset", "renamed"):
        sys.exit(__doc__)
    if arguments[0] == "subset":
        sys.exit(subset(arguments[1], arguments[2]))
    if arguments[0] == "renamed":
        sys.exit(renamed(arguments[1], arguments[2], arguments[3], arguments[4]))
    if arguments[0] == "verify":
        sys.exit(verify(arguments[1], arguments[2]))
    if arguments[0] == "mix":
        print_mix(json.load(open(os.path.join(arguments[1], "truth.json")))["anchors"])
        return
    options = {"--anchors": "100000", "--per-doc": "25", "--old": None, "--new": "HEAD",
               "--seed": "20261130", "--slug": None}
    symbols = "--no-symbols" not in arguments
    arguments = [a for a in arguments if a != "--no-symbols"]
    positional = []
    rest = arguments[1:]
    while rest:
        item = rest.pop(0)
        if item in options:
            options[item] = rest.pop(0)
        else:
            positional.append(item)
    if len(positional) != 2:
        sys.exit(__doc__)
    slug = options["--slug"]
    if slug is None:
        slug = slug_of(positional[0])
    generate(positional[0], positional[1], int(options["--anchors"]), int(options["--per-doc"]),
             options["--old"], options["--new"], int(options["--seed"]), slug, symbols)


if __name__ == "__main__":
    main()
