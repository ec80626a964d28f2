"""Mutation testing by mutant schemata: of the reference core (judged by the golden corpus) and
of the reference adapters (judged by the conformance suites).

Generates mutants from the sources (see schemata.py for the operators), compiles all of them into
one build of a scratch copy of the package under .build/mutants, and runs each mutant with
CONTRACT_KIT_MUTANT=N. The working tree is never edited.

--target core (the default): a mutant of Sources/ProfileCore is killed by golden when the replay
of the golden corpus fails (or crashes, or hangs past the timeout). Golden survivors then run the
core's unit tests (ProfileCoreTests): those they fail are "killed by tests only".

--target adapters: a mutant of a reference adapter (the file and in-memory stores, the text
provider, the extractive executor, the sample-corpus translator and the OpenAI-compatible error
mapping) is killed when the suite its adapter answers to reports a failed rule, required or
recommended, or crashes or hangs. A store mutant that survives in process runs the store suite
again out of process (adapter-host-example store), where crashes are real SIGKILLs,
store.powerLoss replays the recorded file operations and store.diskFull fails them.

Marks in Benchmarks/mutants/equivalent.json (core) and adapters-equivalent.json take a mutant out
of the count, with a one-line reason; a mark that no mutant matches, or whose mutant is killed, is
an error. A mark's "kind" is "equivalent" (the default: the mutant behaves as the original does)
or "admitted" (it behaves otherwise, in a way the contract allows, such as which sentences a
summary keeps: a suite that failed it would be a false alarm); the report lists the two apart. A mutant whose rewrite does not compile is rolled back and listed as stillborn.

usage: python3 Benchmarks/mutants/mutate.py [--target core|adapters] [--quick] [--min-score PERCENT]
                                            [--file NAME ...] [--jobs N] [--json FILE]
  --quick        core: skip the unit-test pass (golden kills and survivors only); adapters: every
                 fourth mutant of each file, by id, so every file and operator is sampled
  --min-score    fail (exit 1) when fewer than PERCENT of non-equivalent mutants are killed
                 (default 90; --min-golden is the old spelling)
  --file         judge only the mutants of the named source file (repeatable), to triage one
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import schemata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRATCH = os.path.join(ROOT, ".build", "mutants")
PACKAGE = os.path.join(SCRATCH, "package")
BUILD = os.path.join(SCRATCH, "build")
CORE = os.path.join("Sources", "ProfileCore")
VARIABLE = "CONTRACT_KIT_MUTANT"
# Files not mutated, and why: what golden replay compares is the outcome's canonical JSON and the
# boundary calls, so text rendering and the real clock are outside what it can judge.
NOT_MUTATED = {
    "ProfileOutcome+Rendering.swift": "presentation, not a decision (ProfileOutcomeRenderingTests covers it)",
    "ProfileClock.swift": "the real and the immediate clock; replays wait on the golden clock",
}
# The reference adapters' files, each with the suite that judges it. The store suite runs
# FileExecutionStore and InMemoryExecutionStore; the document suite, the text provider; the
# executor suite, ExtractiveModelExecutor; the translator suite, SampleCorpusTranslator; and the
# mapping rules of the executor suite, OpenAICompatibleModelExecutor.map (no server is called).
ADAPTER_FILES = {
    "Sources/ProfileAdapters/FileExecutionStore.swift": "store",
    "Sources/ProfileAdapters/InMemoryExecutionStore.swift": "store",
    "Sources/ProfileAdapters/POSIXFile.swift": "store",
    "Sources/ProfileAdapters/SlotRecord.swift": "store",
    "Sources/ProfileAdapters/TextDocumentProvider.swift": "document",
    "Sources/ProfileAdapters/DocumentDirectory.swift": "document",
    "Sources/ProfileAdapters/ExtractiveModelExecutor.swift": "executor",
    "Sources/ReferenceSuites/SampleCorpusTranslator.swift": "translator",
    "Sources/OpenAICompatible/OpenAICompatibleModelExecutor+Mapping.swift": "openai-mapping",
}
ADAPTERS_NOT_MUTATED = {
    "SHA256.swift": "names the store's files: any deterministic hash without collisions keeps the contract, so its constants are equivalent (SHA256Tests pins it to FIPS 180-4 vectors)",
    "RecordChecksum.swift": "the store records' checksum: another mixing constant or shift is another checksum; what the store does with a mismatch is mutated in SlotRecord.swift",
}
# The command line of each suite, after `contract-kit conformance run`.
SUITES = {
    "store": ["--suite", "store"],
    "document": ["--suite", "document", "--provider", "text"],
    "executor": ["--suite", "executor"],
    "translator": ["--suite", "translator"],
    "openai-mapping": [
        "--suite", "executor", "--executor", "openai", "--base-url", "http://127.0.0.1:9/v1",
        "--rule", "executor.knownErrors,executor.deterministicMapping,executor.cancellationNotTransient,executor.unknownIsPermanent"],
}
# Store mutants that survive in process run again with the store in its own process.
OUT_OF_PROCESS = {"Sources/ProfileAdapters/FileExecutionStore.swift", "Sources/ProfileAdapters/POSIXFile.swift",
                  "Sources/ProfileAdapters/SlotRecord.swift"}
TARGETS = {
    "core": {"equivalents": os.path.join(ROOT, "Benchmarks", "mutants", "equivalent.json"), "name": "mutate-core"},
    "adapters": {"equivalents": os.path.join(ROOT, "Benchmarks", "mutants", "adapters-equivalent.json"), "name": "mutate-adapters"},
}
TIMEOUT = 60
# A check's limit in the adapters' runs: each call of the kit's in-process adapters returns in
# milliseconds, so a call under way for 5 s is a mutant that hangs (the default is 10).
CHECK_TIMEOUT = "5"
NAME = "mutate-core"


def fail(message, code=2):
    print(NAME + ": " + message, file=sys.stderr)
    sys.exit(code)


def tracked_files():
    # Tracked files and new ones not ignored: a file added to the core but not yet committed is
    # part of what the build needs.
    result = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
        capture_output=True)
    if result.returncode != 0:
        fail("git ls-files failed in %s; run from a clone of the repository" % ROOT)
    return [p for p in result.stdout.decode().split("\0") if p]


def write_if_changed(path, data):
    """Writes `data`, keeping the file (and its timestamp, so the build stays incremental) when
    it already holds it."""
    if os.path.exists(path):
        with open(path, "rb") as handle:
            if handle.read() == data:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def target_of(relative):
    """Which target mutates a file, and with which operators and call targets: ("core", ...),
    ("adapters", ...), or (None, (None, None)) for a file left as it is."""
    name = os.path.basename(relative)
    if os.path.dirname(relative) == CORE and name.endswith(".swift") and name not in NOT_MUTATED:
        return "core", (schemata.CORE_OPERATORS, schemata.CALL_TARGETS)
    if relative in ADAPTER_FILES:
        return "adapters", (schemata.ADAPTER_OPERATORS, schemata.ADAPTER_CALLS)
    return None, (None, None)


def prepare(skipped=None, write=True):
    """The scratch package: a copy of every tracked file, with the mutated files of both targets
    rewritten as schemata (one build serves both), and a switch file in each module they are in.
    `skipped` maps a file to the lines rolled back. Returns the sites as (file name, Site, source
    line, target, path in the repository) in id order; with `write` false, only the sites,
    nothing written."""
    skipped = skipped or {}
    files = tracked_files()
    wanted = set()
    sites = []
    next_id = 1
    declarations = {}
    for relative in sorted(files):
        source_path = os.path.join(ROOT, relative)
        which, (operators, calls) = target_of(relative)
        if not os.path.isfile(source_path) or not (which or write):
            continue
        target = os.path.join(PACKAGE, relative)
        wanted.add(os.path.normpath(target))
        with open(source_path, "rb") as handle:
            data = handle.read()
        name = os.path.basename(relative)
        if which:
            text = data.decode()
            result = schemata.rewrite(text, next_id, relative, operators, calls, frozenset(skipped.get(relative, ())))
            next_id += len(result.sites)
            lines = text.split("\n")
            for site in result.sites:
                sites.append((name, site, lines[site.line - 1].strip(), which, relative))
            data = result.source.encode()
            declarations.setdefault(os.path.dirname(relative), []).extend(result.declarations)
        if write:
            write_if_changed(target, data)
    if not write:
        return sites
    for module, module_declarations in sorted(declarations.items()):
        support = os.path.join(PACKAGE, module, "MutantSchemata.swift")
        wanted.add(os.path.normpath(support))
        write_if_changed(support, schemata.support_source(VARIABLE, module_declarations).encode())
    # Files deleted from the tree go from the copy too.
    for directory, _, names in os.walk(PACKAGE):
        for name in names:
            path = os.path.normpath(os.path.join(directory, name))
            if path not in wanted:
                os.remove(path)
    return sites


def mutant_key(entry):
    """A mutant across rewrites (ids shift when a site is rolled back): file, line and change."""
    return (entry[4], entry[1].line, entry[1].operator, entry[1].before, entry[1].after)


def swift(arguments, **kwargs):
    return subprocess.run(
        ["swift"] + arguments + ["--package-path", PACKAGE, "--scratch-path", BUILD], **kwargs)


ERROR = re.compile(r"^(/[^:]+\.swift):(\d+):\d+: error: (.*)$")


def compile_errors(output):
    """The (file relative to the scratch package, line, message) of each error in a build's
    output."""
    errors = []
    for line in output.splitlines():
        match = ERROR.match(line)
        if match:
            path = os.path.relpath(os.path.realpath(match.group(1)), os.path.realpath(PACKAGE))
            errors.append((path, int(match.group(2)), match.group(3)))
    return errors


def build_products(tests):
    products = ["contract-kit", "adapter-host-example"] if not tests else [None]
    for product in products:
        arguments = ["build", "--product", product] if product else ["build", "--build-tests"]
        result = swift(arguments, capture_output=True, text=True)
        if result.returncode != 0:
            return result.stdout + result.stderr
    return None


ROLLBACKS = os.path.join(SCRATCH, "rollbacks.json")


def known_rollbacks():
    """The lines an earlier run rolled back, for each file whose text is still what it was then,
    so that the next run (mutate-core, then mutate-adapters in CI) builds once."""
    try:
        with open(ROLLBACKS) as handle:
            saved = json.load(handle)
    except (OSError, json.JSONDecodeError):
        return {}
    skipped = {}
    for relative, entry in saved.items():
        try:
            with open(os.path.join(ROOT, relative), "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
        except OSError:
            continue
        if digest == entry.get("sha256"):
            skipped[relative] = set(entry.get("lines", []))
    return skipped


def save_rollbacks(skipped):
    saved = {}
    for relative, lines in skipped.items():
        with open(os.path.join(ROOT, relative), "rb") as handle:
            saved[relative] = {"sha256": hashlib.sha256(handle.read()).hexdigest(), "lines": sorted(lines)}
    with open(ROLLBACKS, "w") as handle:
        json.dump(saved, handle, indent=1, sort_keys=True)


def build(tests=False):
    """Builds the scratch package; a rewrite that does not type-check is rolled back (the file
    rewritten without sites on the lines the compiler named, Stryker's "compile error rollback")
    and the build retried. Returns the binaries' folder, the sites and the stillborn sites: those
    of this build's rollbacks, and those an earlier run rolled back (`prepare` left them out)."""
    skipped = known_rollbacks()
    sites = prepare(skipped)
    stillborn = []
    if skipped:
        # The stillborn of an earlier run: the sites a rewrite without those rollbacks has more.
        kept = {mutant_key(e) for e in sites}
        stillborn = [e for e in prepare({}, write=False) if mutant_key(e) not in kept]
    for _ in range(12):
        output = build_products(tests)
        if output is None:
            save_rollbacks(skipped)
            binary = subprocess.run(
                ["swift", "build", "--package-path", PACKAGE, "--scratch-path", BUILD, "--show-bin-path"],
                capture_output=True, text=True).stdout.strip()
            return binary, sites, stillborn
        errors = compile_errors(output)
        by_file = {}
        for entry in sites:
            by_file.setdefault(entry[4], []).append(entry[1])
        rolled = 0
        for path, line, message in errors:
            covering = [site for site in by_file.get(path, []) if site.line <= line <= site.end_line]
            if not covering:
                # An error a mutant causes further down (a constant used before it is set, a
                # missing return): the nearest mutant above it goes, one a round.
                above = [site for site in by_file.get(path, []) if site.end_line < line]
                if not above:
                    print("%s:%d: error: %s" % (path, line, message), file=sys.stderr)
                    fail("generator bug: the mutant schemata do not compile where no mutant is (above); fix Benchmarks/mutants/schemata.py", 1)
                line = max(above, key=lambda site: site.end_line).line
            if line not in skipped.setdefault(path, set()):
                skipped[path].add(line)
                rolled += 1
        if not rolled:
            print(output[-3000:], file=sys.stderr)
            fail("the scratch build failed and rolling back changed nothing (above); fix Benchmarks/mutants/schemata.py", 1)
        previous = sites
        sites = prepare(skipped)
        kept = {mutant_key(e) for e in sites}
        stillborn += [e for e in previous if mutant_key(e) not in kept]
    fail("generator bug: the mutant schemata still do not compile after 12 rounds of rollback; fix Benchmarks/mutants/schemata.py", 1)


def golden(binary, mutant, artifacts):
    environment = dict(os.environ, **{VARIABLE: str(mutant), "GOLDEN_ARTIFACTS": artifacts})
    environment.pop("GOLDEN_RECORD", None)
    try:
        result = subprocess.run(
            [os.path.join(binary, "contract-kit"), "golden", "replay", "--dir", os.path.join(ROOT, "Golden")],
            env=environment, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if result.returncode == 0:
        return "survived", ""
    if result.returncode < 0:
        return "crashed", ""
    failed = [line.split(":")[0] for line in result.stdout.splitlines() if line and not line.startswith(" ") and ": " in line and not line.startswith("30 scenarios")]
    return "killed", failed[0] if failed else ""


def suite(binary, mutant, name, out_of_process=False):
    """Runs one suite on a mutant: ("survived", ""), or a verdict and the first failed rule."""
    arguments = [os.path.join(binary, "contract-kit"), "conformance", "run"] + SUITES[name]
    if out_of_process:
        # Only the rules whose in-process check is a stand-in: every other rule judged the same
        # store code in process already.
        arguments += ["--adapter-command", os.path.join(binary, "adapter-host-example") + " store",
                      "--rule", "store.crash,store.powerLoss,store.diskFull"]
    if name != "openai-mapping":  # the mapping rules call no adapter
        arguments += ["--check-timeout", CHECK_TIMEOUT]
    arguments += ["--format", "json"]
    environment = dict(os.environ, **{VARIABLE: str(mutant)})
    for variable in ("CONTRACT_KIT_RULES", "CONTRACT_KIT_SEED", "CONTRACT_KIT_EXAMPLES", "CONTRACT_KIT_PIN"):
        environment.pop(variable, None)
    scratch = tempfile.mkdtemp(prefix="mutant-%d-" % mutant, dir=os.path.join(SCRATCH, "runs"))
    try:
        result = subprocess.run(
            arguments + ["--scratch", scratch], env=environment, capture_output=True, text=True,
            timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if result.returncode < 0:
        return "crashed", ""
    try:
        runs = json.loads(result.stdout)
    except json.JSONDecodeError:
        return ("crashed" if result.returncode != 0 else "unreadable"), result.stderr.strip()[:200]
    failed = [r["id"] for run in runs for r in run["report"]["results"] if r["status"] == "failed"]
    if failed:
        return "killed", failed[0]
    if result.returncode != 0:
        return "killed", "exit %d" % result.returncode
    return "survived", ""


def judge(binary, entry, artifacts):
    """The verdict of one mutant: golden for the core, its suite for an adapter (and the store
    suite out of process for a store file's survivor)."""
    _, site, _, which, relative = entry
    if which == "core":
        return golden(binary, site.id, artifacts)
    verdict = suite(binary, site.id, ADAPTER_FILES[relative])
    if verdict[0] == "survived" and relative in OUT_OF_PROCESS:
        verdict = suite(binary, site.id, "store", out_of_process=True)
        if verdict[0] != "survived":
            return verdict[0], verdict[1] + " (out of process)"
    return verdict


def unit_tests(mutant):
    environment = dict(os.environ, **{VARIABLE: str(mutant)})
    try:
        result = swift(["test", "--skip-build", "--filter", "ProfileCoreTests"], env=environment,
                       capture_output=True, text=True, timeout=TIMEOUT * 5)
    except subprocess.TimeoutExpired:
        return True
    return result.returncode != 0


def site_key(entry):
    return (entry[0], entry[1].operator, entry[1].before, entry[1].after, entry[2])


def load_equivalents(path):
    if not os.path.exists(path):
        return []
    try:
        with open(path) as handle:
            marks = json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        fail("%s cannot be read (%s); fix its JSON" % (os.path.relpath(path, ROOT), error))
    for index, mark in enumerate(marks):
        missing = [k for k in ("file", "operator", "before", "after", "line", "reason") if not mark.get(k)]
        if missing:
            fail("%s: $[%d]: missing %s; every mark names its mutant and a one-line reason" % (
                os.path.relpath(path, ROOT), index, ", ".join(missing)))
        if mark.get("kind", "equivalent") not in ("equivalent", "admitted"):
            fail("%s: $[%d]: kind %r; write \"equivalent\" or \"admitted\"" % (
                os.path.relpath(path, ROOT), index, mark["kind"]))
    return marks


def apply_marks(sites, marks):
    """The (kind, reason) by mutant id for the mutants the marks name, and a problem for each
    mark that names no mutant (the code it named has changed: re-check it, then update or drop
    it)."""
    keyed = {}
    for entry in sites:
        keyed.setdefault(site_key(entry), []).append(entry)
    equivalent, problems = {}, []
    for mark in marks:
        key = (mark["file"], mark["operator"], mark["before"], mark["after"], mark["line"])
        if key not in keyed:
            problems.append(
                "stale equivalent mark: no %s mutant %s -> %s in %s at `%s`; re-check it, then update or drop it"
                % (key[1], key[2], key[3], key[0], key[4]))
            continue
        for entry in keyed[key]:
            equivalent[entry[1].id] = (mark.get("kind", "equivalent"), mark["reason"])
    return equivalent, problems


def describe(entry):
    name, site, line = entry[:3]
    before = site.before.replace("\n", " ")
    if len(before) > 60:
        before = before[:57] + "..."
    after = site.after.replace("\n", " ")
    if len(after) > 60:
        after = after[:57] + "..."
    return "%s:%d %s: %s -> %s" % (name, site.line, site.operator, before, after)


def quick_sample(sites):
    """Every fourth mutant of each file, by its position in the file, so every file and (over
    the file) every operator is sampled."""
    chosen, seen = [], {}
    for entry in sites:
        position = seen.get(entry[4], 0)
        seen[entry[4]] = position + 1
        if position % 4 == 0:
            chosen.append(entry)
    return chosen


def main():
    global NAME, TIMEOUT
    parser = argparse.ArgumentParser(add_help=True)
    parser.add_argument("--target", choices=sorted(TARGETS), default="core")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--min-score", "--min-golden", dest="min_score", type=float, default=90.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--json")
    parser.add_argument("--file", action="append", default=[])
    options = parser.parse_args()
    NAME = TARGETS[options.target]["name"]

    started = time.monotonic()
    binary, all_sites, all_stillborn = build()
    sites = [e for e in all_sites if e[3] == options.target]
    stillborn = [e for e in all_stillborn if e[3] == options.target]
    artifacts = os.path.join(SCRATCH, "artifacts")
    os.makedirs(os.path.join(SCRATCH, "runs"), exist_ok=True)
    equivalent, problems = apply_marks(sites, load_equivalents(TARGETS[options.target]["equivalents"]))

    clock = time.monotonic()
    if options.target == "core":
        baseline = [golden(binary, 0, artifacts)]
    else:
        baseline = [suite(binary, 0, name) for name in sorted(set(ADAPTER_FILES.values()))]
        baseline.append(suite(binary, 0, "store", out_of_process=True))
    # A mutant that loops forever is killed (the run would hang CI); allow it 20 times the
    # unmutated run of its slowest suite, at least 10 s (60 s for the suites, whose checks stop a
    # hung call after CHECK_TIMEOUT).
    slowest = (time.monotonic() - clock) / (1 if options.target == "core" else 2)
    TIMEOUT = max(10.0 if options.target == "core" else 60.0, 20 * slowest)
    broken = [v for v in baseline if v[0] != "survived"]
    if broken:
        fail("the unmutated schemata fail (%s); the generator changed behaviour" % ", ".join("%s %s" % v for v in broken), 1)

    judged = quick_sample(sites) if options.quick and options.target == "adapters" else sites
    if options.file:
        unknown = sorted(set(options.file) - {e[0] for e in sites})
        if unknown:
            fail("--file %s: no mutant of the %s target is in it; name one of %s" % (
                ", ".join(unknown), options.target, ", ".join(sorted({e[0] for e in sites}))))
        judged = [e for e in judged if e[0] in options.file]
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        outcomes = list(pool.map(lambda e: judge(binary, e, artifacts), judged))

    killed, survivors = [], []
    for entry, (verdict, rule) in zip(judged, outcomes):
        if verdict != "survived":
            killed.append((entry, verdict, rule))
            if entry[1].id in equivalent:
                problems.append("wrong equivalent mark: %s is killed (%s)" % (describe(entry), rule or verdict))
        else:
            survivors.append(entry)

    killed_tests, survived = [], []
    tests_ran = options.target == "core" and not options.quick and any(e[1].id not in equivalent for e in survivors)
    if tests_ran:
        build(tests=True)
    for entry in survivors:
        if entry[1].id in equivalent:
            continue
        if tests_ran and unit_tests(entry[1].id):
            killed_tests.append(entry)
        else:
            survived.append(entry)

    judged_ids = {e[1].id for e in judged}
    non_equivalent = len(judged) - len([i for i in equivalent if i in judged_ids])
    rate = 100.0 * len(killed) / non_equivalent if non_equivalent else 100.0
    files = sorted({e[0] for e in sites})
    by = "golden" if options.target == "core" else "the suites"
    sampled = ""
    if options.quick and options.target == "adapters":
        sampled = " (--quick: every fourth of each file, %d judged)" % len(judged)
    if options.file:
        sampled += " (--file: %d judged)" % len(judged)
    print("mutants generated:    %d in %s%s" % (len(sites), ", ".join(files), sampled))
    for name, reason in sorted((NOT_MUTATED if options.target == "core" else ADAPTERS_NOT_MUTATED).items()):
        print("  not mutated: %s (%s)" % (name, reason))
    if options.target == "adapters":
        print("stillborn:            %d (did not compile, rolled back)" % len(stillborn))
    print("killed by %s:%s%d (%.1f%% of %d %s)" % (
        by, " " * max(1, 11 - len(by)), len(killed), rate, non_equivalent,
        "non-equivalent" if options.target == "core" else "neither equivalent nor admitted"))
    if options.target == "adapters":
        rules = {}
        for _, _, rule in killed:
            rules[rule or "(crash or hang)"] = rules.get(rule or "(crash or hang)", 0) + 1
        for rule, count in sorted(rules.items(), key=lambda item: (-item[1], item[0])):
            print("  %4d %s" % (count, rule))
    else:
        print("killed by tests only: %s" % (len(killed_tests) if not options.quick else "not run (--quick)"))
        for entry in killed_tests:
            print("  " + describe(entry))
    equivalents_file = os.path.relpath(TARGETS[options.target]["equivalents"], ROOT)
    for kind, heading in (("equivalent", "equivalent:          "), ("admitted", "admitted:            ")):
        marked = [e for e in judged if e[1].id in equivalent and equivalent[e[1].id][0] == kind]
        if kind == "admitted" and not marked:
            continue
        what = "the contract admits what they change; " if kind == "admitted" else ""
        print("%s %d (%sreasons in %s)" % (heading, len(marked), what, equivalents_file))
        for entry in marked:
            print("  %s: %s" % (describe(entry), equivalent[entry[1].id][1]))
    print("survived:             %d" % len(survived))
    for entry in survived:
        print("  " + describe(entry))
    print("took %.0f s" % (time.monotonic() - started))
    if options.json:
        killed_ids = {e[1].id: (v, r) for e, v, r in killed}
        with open(options.json, "w") as handle:
            json.dump([{
                "id": e[1].id, "file": e[0], "line": e[1].line, "operator": e[1].operator,
                "before": e[1].before, "after": e[1].after, "source": e[2],
                "verdict": (equivalent[e[1].id][0] if e[1].id in equivalent else "killed" if e[1].id in killed_ids
                            else "tests" if e in killed_tests else "survived"),
                "by": killed_ids.get(e[1].id, ("", ""))[1],
            } for e in judged], handle, indent=2, sort_keys=True)
    for problem in problems:
        print(NAME + ": " + problem, file=sys.stderr)
    if problems:
        return 1
    print("target %s kill %.0f%% or more of non-equivalent mutants: %s" % (
        by, options.min_score, "met" if rate >= options.min_score else "NOT MET"))
    if rate < options.min_score:
        advice = "add or sharpen a scenario" if options.target == "core" else "add a rule or a monitor promise that catches it, or mark it equivalent with its reason"
        print("%s: %s kill %.1f%% of non-equivalent mutants, below %.0f%%; %s for a survivor above" % (
            NAME, by, rate, options.min_score, advice), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
