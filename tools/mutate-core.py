"""Applies each of a list of small deliberate changes to Sources/ProfileCore, one at a time, runs
the golden replays against the changed core, and reports which the corpus caught. The sources
are restored after every mutation, whatever happens.

usage: python3 tools/mutate-core.py [NAME ...]     (default: every mutation)"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = os.path.join(ROOT, "Sources", "ProfileCore")

# (name, file, text to find, replacement): each text must occur exactly once.
MUTATIONS = [
    ("retry-on-permanent", "ProfileCore.swift",
     "return (.failure(.modelStopped(.modelFailed(message))), attempts)",
     "if attempts < policy.maxAttempts { continue }\n          return (.failure(.modelStopped(.modelFailed(message))), attempts)"),
    ("never-retry-transient", "ProfileCore.swift", "if attempts >= policy.maxAttempts {", "if attempts >= 1 {"),
    ("off-by-one-chunk-packing", "ChunkPlanner.swift",
     "if next.tokens > promptBudget, !current.isEmpty {\n          close()",
     "if next.tokens > promptBudget + 40, !current.isEmpty {\n          close()"),
    ("section-numbered-by-chunk", "ProfileCore.swift",
     "verified(answer, pages: chunk.pages, source: prompt)",
     "verified(answer, pages: PageRange(page: chunk.number), source: prompt)"),
    ("saving-a-partial-summary", "ProfileCore.swift",
     "      let pageFailures = plan.unreadable.map {",
     "      try? await core.store.saveSummary(summary)\n      let pageFailures = plan.unreadable.map {"),
    ("skipping-the-title-call", "ProfileCore.swift", "if sections.count > 1 {", "if sections.count > 99 {"),
    ("dropping-the-count-check", "ProfileCore.swift",
     "guard output.count == texts.count else {", "guard output.count >= 0 || output.count == texts.count else {"),
    ("not-re-proving-language", "ProfileCore.swift",
     "guard core.languages.proves(text, isIn: command.targetLanguage) else {", "guard true else {"),
    ("ignoring-the-budget", "ProfileCore.swift", "guard calls < policy.maxModelCalls else {", "guard true else {"),
    ("malformed-never-retried", "ProfileCore.swift", "if malformed >= 2 {", "if malformed >= 1 {"),
    ("unavailable-fails-only-the-chunk", "ProfileCore.swift",
     "return (.failure(.modelStopped(.modelUnavailable)), attempts)",
     "return (.failure(.stepFailed(.modelUnavailable)), attempts)"),
    ("rejected-stops-the-run", "ProfileCore.swift",
     'return (.failure(.stepFailed(.modelFailed("rejected: \\(message)"))), attempts)',
     'return (.failure(.modelStopped(.modelFailed("rejected: \\(message)"))), attempts)'),
    ("unreadable-page-skipped-silently", "ProfileCore.swift",
     "      plan.unreadable.map(\\.pageNumber)\n      + failures", "      [Int]()\n      + failures"),
    ("facts-not-verified", "ProfileCore.swift", "let missing = check.unverified(point)", "let missing: [String] = []"),
    ("no-checkpoint-after-each-chunk", "ProfileCore.swift",
     "      if let failure = await saveProgress(state, plan: plan) { throw Stop(failure) }\n", ""),
    ("stale-checkpoint-accepted", "ProfileCore.swift", "saved.fingerprint == plan.fingerprint", "saved.version > 0"),
    ("store-load-failure-ignored", "ProfileCore.swift",
     "      checkpoint = try await core.store.loadCheckpoint(for: command)\n    } catch {\n      throw Stop(.executionStoreUnavailable)",
     "      checkpoint = try await core.store.loadCheckpoint(for: command)\n    } catch {\n      checkpoint = nil"),
    ("invented-headline-kept", "ProfileCore.swift",
     'headline =\n        pages.first == pages.last ? "Page \\(pages.first)" : "Pages \\(pages.first)–\\(pages.last)"',
     "headline = headline + \"\""),
]


def run(command):
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)


def main():
    wanted = set(sys.argv[1:])
    selected = [m for m in MUTATIONS if not wanted or m[0] in wanted]
    caught = 0
    rows = []
    for name, file, find, replace in selected:
        path = os.path.join(CORE, file)
        original = open(path, encoding="utf-8").read()
        if original.count(find) != 1:
            print(f"{name}: the text to change no longer stands once in {file}; update tools/mutate-core.py", file=sys.stderr)
            sys.exit(2)
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original.replace(find, replace))
            build = run(["swift", "build", "--product", "contract-kit"])
            if build.returncode != 0:
                rows.append((name, "does not compile", ""))
                continue
            replay = run([".build/debug/contract-kit", "golden", "replay", "--dir", "Golden", "--format", "json"])
            if replay.returncode == 0:
                rows.append((name, "MISSED", ""))
            else:
                caught += 1
                failing = [line.split('"')[3] for line in replay.stdout.splitlines() if '"name"' in line]
                statuses = [line for line in replay.stdout.splitlines() if '"status"' in line and '"passed"' not in line]
                detail = f"{len(statuses)} scenarios failed" if replay.returncode == 1 else f"replay exited {replay.returncode}"
                rows.append((name, "caught", detail))
        finally:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original)
    run(["swift", "build", "--product", "contract-kit"])
    for name, verdict, detail in rows:
        print(f"{verdict:8} {name:36} {detail}")
    print(f"caught {caught} of {len(selected)} mutations ({100 * caught // max(len(selected), 1)}%)")
    sys.exit(0 if caught == len(selected) else 1)


if __name__ == "__main__":
    main()
