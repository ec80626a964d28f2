#!/usr/bin/env python3
"""Measures a running OpenAI-compatible model server on this kit's real requests.

usage: compare-models.py URL [--label NAME] [--json FILE] [--samples N] [--only summary|translation]
       compare-models.py --dry-run

URL is the API base that `tools/llm-server start` prints (http://127.0.0.1:PORT/v1; a bare
http://127.0.0.1:PORT works too). Nothing is started or stopped here: serve one model, run this,
serve the next, run this again, and compare the tables.

What it sends is what the kit's adapters send, built by them: `model-requests`
(Benchmarks/Sources/model-requests, built here in release) prints every request's body byte for byte,
with the answers bounded as `--bound-answers` (what CI uses) bounds them; this script only sends
it.

* Summary requests: every distinct `model` call recorded in Golden/*.json (deduplicated by
  prompt), as OpenAICompatibleModelExecutor sends it.
* Translation requests: batches of 1, 3 and 8 numbered sentences from the translator suite's
  samples, each batch with its own numbers, for English into each script family and the
  reference suites' pairs, as OpenAICompatibleTranslator sends it.

`--dry-run` builds the requests and prints how many there are, without a server (CI runs it).

What it measures:

* summary: valid (decodes as the core decodes it: an object with a non-blank string `title`,
  and for chunks a list of strings `points`), invented numbers (numbers in the answer that the
  prompt does not hold, as Sources/ProfileCore/FactCheck.swift reads them, asked of
  `model-requests --invented`: `,` and `'` between digits ignored, leading zeros dropped; the core
  withholds such points), latency, completion tokens, answers cut off at max_tokens.
* translation: count kept (exactly N strings back), each item in the target language (a script
  check for ko/ja/zh/ar/ru/hi; for Latin targets a CRUDE stopword vote among en/de/fr/es), each
  item's number kept, and items that are copies of their source.

Python 3 standard library only.
"""
import argparse
import difflib
import json
import os
import re
import statistics
import subprocess
import sys
import time
import unicodedata
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))  # the kit: Benchmarks/llm/ is two down


# --- HTTP ---------------------------------------------------------------------------------------

def chat(base, body, timeout):
    """One chat completion, the kit's request body as it is; returns (content or None, seconds,
    completion tokens, finish reason, generation tokens/s from llama-server's timings, error)."""
    request = urllib.request.Request(
        base + "/chat/completions", body.encode("utf-8"),
        {"Content-Type": "application/json", "Accept": "application/json"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")[:200]
        return None, time.monotonic() - start, 0, None, None, f"HTTP {error.code}: {detail}"
    except Exception as error:  # timeouts, refused connections: recorded, not fatal
        return None, time.monotonic() - start, 0, None, None, f"{type(error).__name__}: {error}"
    seconds = time.monotonic() - start
    choice = (answer.get("choices") or [{}])[0]
    content = (choice.get("message") or {}).get("content")
    tokens = (answer.get("usage") or {}).get("completion_tokens", 0)
    speed = (answer.get("timings") or {}).get("predicted_per_second")
    return content, seconds, tokens, choice.get("finish_reason"), speed, None


def server_model(base, timeout):
    """The model file the server reports (llama-server's /props), for the table's header."""
    try:
        props = json.load(urllib.request.urlopen(base.rsplit("/v1", 1)[0] + "/props", timeout=timeout))
        return os.path.basename(props.get("model_path", "")) or "?"
    except Exception:
        return "?"


# --- Summary requests ---------------------------------------------------------------------------

def model_requests():
    """Benchmarks/Sources/model-requests, built here in release: its path."""
    build = subprocess.run(["swift", "build", "-c", "release", "--product", "model-requests"],
                           cwd=os.path.join(ROOT, "Benchmarks"), capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit("compare-models: swift build --product model-requests failed:\n"
                 + (build.stdout + build.stderr)[-2000:])
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"],
                            cwd=os.path.join(ROOT, "Benchmarks"),
                            capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(binary, "model-requests")


def kit_requests(binary):
    """The kit's requests, as Benchmarks/Sources/model-requests prints them (one JSON object a
    line; `body` is the request's body as the adapter sends it, a string)."""
    run = subprocess.run([binary], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("compare-models: model-requests failed:\n" + run.stderr[-2000:])
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


class InventedNumbers:
    """The numbers of an answer that its prompt does not hold, as the core's fact check reads
    numbers: asked of `model-requests --invented`, one question a line, so that this script
    keeps no copy of the rule (digit groups, separators, leading zeros)."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "--invented"], cwd=ROOT, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def __call__(self, source, lines):
        self.process.stdin.write(json.dumps({"source": source, "lines": lines}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            sys.exit("compare-models: model-requests --invented ended without an answer")
        return json.loads(answer)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def on_topic(answer, prompt):
    """CRUDE: whether most of the answer's lines (title and points) share a word with the
    prompt: a word of 4+ letters, or for text without spaces (CJK) any 2 letters in a row.
    An answer of timestamps or URLs fails it; a copy of the prompt passes it."""
    def keys(text):
        words = {w for w in re.findall(r"[^\W\d_]{4,}", text.lower())}
        for run in re.findall(r"[^\W\d_]+", text):
            if not run.isascii():
                words |= {run[i:i + 2] for i in range(len(run) - 1)}
        return words
    source = keys(prompt)
    lines = [answer["title"]] + list(answer.get("points", []))
    return sum(bool(keys(line) & source) for line in lines) * 2 >= len(lines)


def decode_summary(content, kind):
    """The answer as the core decodes it (ProfileCore.decode), or None when it would not."""
    try:
        answer = json.loads(content)
    except (TypeError, ValueError):
        return None
    if not isinstance(answer, dict) or not isinstance(answer.get("title"), str):
        return None
    if not answer["title"].strip():
        return None
    if kind == "summaryChunk":
        points = answer.get("points")
        if not isinstance(points, list) or not all(isinstance(p, str) for p in points):
            return None
    return answer


def run_summaries(base, requests, timeout, log, invented_numbers):
    records = []
    for index, request in enumerate(r for r in requests if r["kind"] == "summary"):
        kind = request["schema"]
        content, seconds, used, finish, speed, error = chat(base, request["body"], timeout)
        answer = decode_summary(content, kind) if content is not None else None
        invented, topical, pointless = [], False, False
        if answer is not None:
            topical = on_topic(answer, request["prompt"])
            # No real point: none with 3 letters (an empty list, blanks, "1", "2", …).
            pointless = kind == "summaryChunk" and not any(
                len(re.findall(r"[^\W\d_]", p)) >= 3 for p in answer["points"])
            texts = [answer["title"]] + list(answer.get("points", []))
            invented = invented_numbers(request["prompt"], texts)
        records.append({"stepID": request["stepID"], "scenario": request["scenario"],
                        "schema": kind, "prompt": request["prompt"], "content": content,
                        "valid": answer is not None, "invented": invented, "on_topic": topical, "pointless": pointless, "seconds": seconds,
                        "tokens": used, "finish": finish, "speed": speed, "error": error})
        log(f"summary {index + 1:2d} {kind:12s} {seconds:6.1f}s {used:4d} tok "
            f"{'valid' if answer else 'INVALID'} {'invented ' + ','.join(invented) if invented else ''}"
            f"{' ERROR ' + error if error else ''}")
    return records


# --- Translation requests -----------------------------------------------------------------------

def script_counts(text):
    counts = {}
    for character in text:
        if unicodedata.category(character).startswith("L"):
            name = unicodedata.name(character, "")
            script = next((v for k, v in SCRIPTS.items() if name.startswith(k)), "other")
            counts[script] = counts.get(script, 0) + 1
    return counts


def in_language(text, language):
    """Whether `text` is in `language`: a script check (most letters in the target's script;
    Japanese needs some kana, Chinese none), and for Latin targets a crude stopword vote."""
    counts = script_counts(text)
    letters = sum(counts.values())
    if letters == 0:
        return False
    share = lambda *scripts: sum(counts.get(s, 0) for s in scripts) / letters
    if language == "ko":
        return share("hangul") >= 0.5
    if language == "ja":
        return share("kana", "han") >= 0.5 and counts.get("kana", 0) > 0
    if language == "zh":
        return share("han") >= 0.5 and counts.get("kana", 0) == 0
    if language in ("ar", "ru", "hi"):
        return share({"ar": "arabic", "ru": "cyrillic", "hi": "devanagari"}[language]) >= 0.5
    if share("latin") < 0.5:
        return False
    words = re.findall(r"\w+", text.lower())
    votes = {lang: sum(w in stop for w in words) + sum(c in ACCENTS.get(lang, "") for c in text.lower())
             for lang, stop in STOPWORDS.items()}
    best = max(votes.values())
    return best > 0 and votes[language] == best and list(votes.values()).count(best) == 1


def is_copy(output, source):
    """An echo of the source (with or without its "N. " prefix), by a 0.9 similarity ratio."""
    strip = lambda s: re.sub(r"^\s*\d+\.\s*", "", s).strip().lower()
    return difflib.SequenceMatcher(None, strip(output), strip(source)).ratio() >= 0.9


def run_translations(base, requests, timeout, log):
    records = []
    for request in (r for r in requests if r["kind"] == "translation"):
        source, target, texts = request["source"], request["target"], request["texts"]
        size = len(texts)
        content, seconds, used, finish, speed, error = chat(base, request["body"], timeout)
        try:
            items = json.loads(content)["translations"]
            items = [i if isinstance(i, str) else json.dumps(i) for i in items]
        except Exception:
            items = None  # the adapter throws here: no list of strings came back
        checks = []
        for i, text in enumerate(texts):
            output = items[i] if items is not None and i < len(items) else None
            checks.append({
                "source": text, "output": output,
                "language": output is not None and in_language(output, target),
                "copy": output is not None and is_copy(output, text),
                "number": output is not None and str(request["numbers"][i]) in output,
                # the same output as an earlier item of the batch (from different sources)
                "repeat": output is not None and items[:i].count(output) > 0})
        records.append({"pair": f"{source}:{target}", "size": size, "content": content,
                        "kept": items is not None and len(items) == size, "items": checks,
                        "seconds": seconds, "tokens": used, "finish": finish, "speed": speed,
                        "error": error})
        log(f"translate {source}:{target} x{size} {seconds:6.1f}s {used:4d} tok "
            f"{'kept' if records[-1]['kept'] else 'COUNT LOST'} "
            f"lang {sum(c['language'] for c in checks)}/{size} "
            f"copies {sum(c['copy'] for c in checks)}{' ERROR ' + error if error else ''}")
    return records


# --- Report -------------------------------------------------------------------------------------

def rate(hits, total):
    return f"{hits}/{total} ({100 * hits / total:.0f}%)" if total else "-"


def timing_rows(records):
    seconds = [r["seconds"] for r in records]
    tokens = sum(r["tokens"] for r in records)
    speeds = [r["speed"] for r in records if r["speed"]]
    return [
        ("latency mean / median / max", f"{statistics.mean(seconds):.2f} / "
                                        f"{statistics.median(seconds):.2f} / {max(seconds):.2f} s"),
        ("completion tokens (total, mean)", f"{tokens}, {tokens / len(records):.0f}"),
        ("tokens/s end to end", f"{tokens / sum(seconds):.1f}"),
        ("tokens/s generation (server)", f"{statistics.mean(speeds):.1f}" if speeds else "-"),
        ("cut off at max_tokens", rate(sum(r["finish"] == "length" for r in records), len(records))),
        ("server errors", rate(sum(r["error"] is not None for r in records), len(records))),
    ]


def report(label, model, summaries, translations, wall):
    rows = [("model", f"{label} ({model})"), ("wall time", f"{wall:.0f} s")]
    if summaries:
        valid = [r for r in summaries if r["valid"]]
        rows += [("", ""), (f"SUMMARY ({len(summaries)} distinct golden requests)", ""),
                 ("valid JSON of the right shape", rate(len(valid), len(summaries))),
                 ("  chunk / title", f"{rate(sum(r['valid'] for r in summaries if r['schema'] == 'summaryChunk'), sum(r['schema'] == 'summaryChunk' for r in summaries))}"
                                     f" / {rate(sum(r['valid'] for r in summaries if r['schema'] == 'summaryTitle'), sum(r['schema'] == 'summaryTitle' for r in summaries))}"),
                 ("valid answers with an invented number", rate(sum(bool(r["invented"]) for r in valid), len(valid))),
                 ("valid answers on topic (crude word overlap)", rate(sum(r["on_topic"] for r in valid), len(valid))),
                 ("valid chunk answers with no real point", rate(sum(r["pointless"] for r in valid), sum(r["schema"] == "summaryChunk" for r in valid)))]
        rows += timing_rows(summaries)
    if translations:
        items = [c for r in translations for c in r["items"]]
        latin = [c for r in translations if r["pair"].split(":")[1] in STOPWORDS for c in r["items"]]
        script = [c for r in translations if r["pair"].split(":")[1] not in STOPWORDS for c in r["items"]]
        rows += [("", ""), (f"TRANSLATION ({len(translations)} batches of {'/'.join(sorted({str(r['size']) for r in translations}))}, {len(items)} texts)", ""),
                 ("count kept", rate(sum(r["kept"] for r in translations), len(translations))),
                 ("items in target language", rate(sum(c["language"] for c in items), len(items))),
                 ("  script targets (ko ja zh ar ru hi)", rate(sum(c["language"] for c in script), len(script))),
                 ("  Latin targets, crude stopwords", rate(sum(c["language"] for c in latin), len(latin))),
                 ("items copied from the source", rate(sum(c["copy"] for c in items), len(items))),
                 ("items repeating an earlier item of the batch", rate(sum(c["repeat"] for c in items), len(items))),
                 ("items keeping their number", rate(sum(c["number"] for c in items), len(items)))]
        rows += timing_rows(translations)
    width = max(len(k) for k, _ in rows)
    print("\n" + "\n".join(f"{k:<{width}}  {v}" if v or not k else k for k, v in rows))


def samples(summaries, translations, count):
    """A few answers to judge by eye: summary answers to an English chunk, a Korean chunk and a
    title call; translation batches of 3 into different scripts, the kept ones first."""
    picks = [lambda r: r["schema"] == "summaryChunk" and r["prompt"].isascii(),
             lambda r: r["schema"] == "summaryChunk" and not r["prompt"].isascii(),
             lambda r: r["schema"] == "summaryTitle"]
    for pick in picks[:count]:
        r = next((r for r in summaries if pick(r)), None)
        if r:
            print(f"\n[summary {r['stepID']} of {r['scenario']}]\n  prompt: {r['prompt'][:160]!r}\n"
                  f"  answer: {r['content']!r}")
    batches = sorted((r for r in translations if r["size"] == 3), key=lambda r: not r["kept"])
    shown = set()
    for r in batches:
        target = r["pair"].split(":")[1]
        if len(shown) < count and target not in shown:
            shown.add(target)
            print(f"\n[translation {r['pair']} x{r['size']}, {'kept' if r['kept'] else 'count lost'}]")
            if not r["kept"]:
                print(f"  raw answer: {(r['content'] or r['error'] or '')[:200]!r}")
            for c in r["items"]:
                print(f"  {c['source']!r}\n    -> {c['output']!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", nargs="?", help="the API base, such as http://127.0.0.1:8080/v1")
    parser.add_argument("--dry-run", action="store_true",
                        help="build the kit's requests and count them; send nothing")
    parser.add_argument("--label", default="model", help="a name for the table")
    parser.add_argument("--json", help="also write every request's record to this file")
    parser.add_argument("--samples", type=int, default=3, help="answers to print per kind")
    parser.add_argument("--only", choices=["summary", "translation"])
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds per call (default 120, OpenAICompatibleConfiguration's)")
    arguments = parser.parse_args()
    if not arguments.url and not arguments.dry_run:
        parser.error("the API base URL is required (or --dry-run)")
    binary = model_requests()
    requests = kit_requests(binary)
    invented_numbers = InventedNumbers(binary)
    if arguments.dry_run:
        kinds = [r["kind"] for r in requests]
        for kind in ("summary", "translation"):
            if kinds.count(kind) == 0:
                sys.exit(f"compare-models: model-requests printed no {kind} request")
        # The fact check's rule, asked once: regrouped digits are the same number, leading zeros
        # drop, and a number the prompt lacks is invented, as written.
        asked = invented_numbers("In 2024 the town had 1,200 people and 07 schools.",
                                 ["1200 people, 7 schools", "2025: 1,300 people"])
        if asked != ["1,300", "2025"]:
            sys.exit(f"compare-models: model-requests --invented answered {asked}, expected "
                     "['1,300', '2025']")
        invented_numbers.close()
        print(f"compare-models: {kinds.count('summary')} summary and {kinds.count('translation')} "
              "translation requests, as the kit's adapters build them; invented numbers as the "
              "fact check reads them")
        return
    base = arguments.url.rstrip("/")
    if not base.endswith("/v1"):
        base += "/v1"
    log = lambda line: print(line, file=sys.stderr, flush=True)
    model = server_model(base, 10)
    start = time.monotonic()
    summaries = run_summaries(base, requests, arguments.timeout, log, invented_numbers) if arguments.only != "translation" else []
    invented_numbers.close()
    translations = run_translations(base, requests, arguments.timeout, log) if arguments.only != "summary" else []
    wall = time.monotonic() - start
    report(arguments.label, model, summaries, translations, wall)
    samples(summaries, translations, arguments.samples)
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump({"label": arguments.label, "model": model, "wall": wall,
                       "summaries": summaries, "translations": translations},
                      file, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
