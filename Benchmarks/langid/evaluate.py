"""Short-text language identification on real, human-written text (the translations Debian
packages ship; see corpus.py): the kit's built-in identifier against langid.py (restricted to the
same 16 languages), on the same snippets, in one run.

usage: python3 Benchmarks/langid/evaluate.py [--per-language N] [--seed S] [--long] [--check] [--pin]
  Prints which texts it evaluates (their SHA-256 and the packages they come from), a per-language
  table (accuracy of each) and the overall figures; --long evaluates runs of 20 to 40 words
  instead, to check that nothing is lost on long texts; --check exits 1 when the built-in
  identifier is behind langid.py overall, or below 90% on any language, or when the texts are not
  the ones evaluation-set.pins records for these options (a Debian update changed the catalogs:
  the published figures were measured on other texts); --pin records the texts' hash there.
"""
import argparse
import hashlib
import os
import subprocess
import sys

import corpus

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANGUAGES = ["ko", "ja", "zh", "ru", "ar", "he", "el", "th", "hi", "en", "es", "fr", "de", "it", "pt", "nl"]


def evaluation_set(per_language, seed, long):
    rows = []
    for language in LANGUAGES:
        texts = corpus.mo_snippets(language, per_language, seed, long=long)
        rows += [(language, text) for text in texts]
    return rows


PINS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "evaluation-set.pins")


def options_key(options):
    """The options that choose the texts, as evaluation-set.pins names them."""
    return "per-language=%d seed=%d %s" % (options.per_language, options.seed,
                                           "long" if options.long else "short")


def digest(rows):
    """The SHA-256 of the evaluation texts, each `language<TAB>text` on a line."""
    text = "".join("%s\t%s\n" % (language, t.replace("\n", " ")) for language, t in rows)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def pins():
    """The recorded hashes, by options."""
    if not os.path.exists(PINS):
        return {}
    found = {}
    with open(PINS, encoding="utf-8") as handle:
        for line in handle:
            if line.strip() and not line.startswith("#"):
                key, value = line.rstrip("\n").rsplit(" ", 1)
                found[key] = value
    return found


def package_versions():
    """`package=version` of the packages whose catalogs the texts come from."""
    listed = subprocess.run(["dpkg-query", "-W", "-f", "${Package}=${Version}\n"]
                            + corpus.CATALOG_PACKAGES, capture_output=True, text=True)
    return sorted(line for line in listed.stdout.splitlines() if line)


def kit(rows):
    binary = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", os.path.join(ROOT, "Benchmarks"),
         "--show-bin-path"], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", os.path.join(ROOT, "Benchmarks"),
         "--product", "langid-eval"], capture_output=True, check=True)
    text = "\n".join(t.replace("\n", " ") for _, t in rows) + "\n"
    out = subprocess.run([os.path.join(binary, "langid-eval")], input=text, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return out[: len(rows)]


def langid_py(rows):
    import langid
    langid.set_languages(LANGUAGES)
    return [langid.classify(text)[0] for _, text in rows]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-language", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--pin", action="store_true")
    options = parser.parse_args()
    rows = evaluation_set(options.per_language, options.seed, options.long)
    key, hashed = options_key(options), digest(rows)
    if options.pin:
        recorded = pins()
        recorded[key] = hashed
        with open(PINS, "w", encoding="utf-8") as handle:
            handle.write("# The SHA-256 of the texts Benchmarks/langid/evaluate.py evaluates, by its options; "
                         "written by --pin,\n# checked by --check.\n")
            for name in sorted(recorded):
                handle.write("%s %s\n" % (name, recorded[name]))
        print("evaluate.py: pinned %s %s" % (key, hashed))
        return
    versions = package_versions()
    print("texts: sha256 %s (%s), from %s" % (hashed[:16], key, ", ".join(versions)))
    answers = {"kit": kit(rows), "langid.py": langid_py(rows)}
    print("seed %d, %s texts: %d" % (options.seed, "long" if options.long else "short (3 to 6 words)", len(rows)))
    print("| language | texts | built-in | langid.py |")
    print("|---|---:|---:|---:|")
    totals = {name: 0 for name in answers}
    for language in LANGUAGES:
        indexes = [i for i, (l, _) in enumerate(rows) if l == language]
        if not indexes:
            continue
        cells = []
        for name, guesses in answers.items():
            right = sum(guesses[i] == language for i in indexes)
            totals[name] += right
            cells.append("%.1f%%" % (100.0 * right / len(indexes)))
        print("| %s | %d | %s |" % (language, len(indexes), " | ".join(cells)))
    print("| all | %d | %s |" % (len(rows), " | ".join("%.1f%%" % (100.0 * totals[n] / len(rows)) for n in answers)))
    if options.check:
        problems = []
        pinned = pins().get(key)
        if pinned != hashed:
            problems.append(
                "the texts (%s, sha256 %s) are not the pinned ones (%s in %s): the Debian "
                "catalogs changed; rerun, republish the figures (Benchmarks/benchmarks-page langid) and "
                "pin the new texts with --pin" % (key, hashed[:16],
                                                  pinned[:16] if pinned else "none",
                                                  os.path.relpath(PINS, ROOT)))
        if totals["kit"] < totals["langid.py"]:
            problems.append("the built-in identifier (%d right) is behind langid.py (%d right)" % (
                totals["kit"], totals["langid.py"]))
        for language in LANGUAGES:
            indexes = [i for i, (l, _) in enumerate(rows) if l == language]
            right = sum(answers["kit"][i] == language for i in indexes)
            if indexes and right * 10 < len(indexes) * 9:
                problems.append("%s is below 90%% (%d of %d)" % (language, right, len(indexes)))
        for problem in problems:
            print("langid: " + problem, file=sys.stderr)
        if problems:
            sys.exit(1)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
