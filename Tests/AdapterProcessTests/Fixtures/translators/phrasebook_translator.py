#!/usr/bin/env python3
"""A translator served over the kit's adapter protocol (JSON-RPC 2.0, one JSON object per line)
that answers from a phrasebook of numbered sentences: people's translations, not a model's.

  python3 phrasebook_translator.py SAMPLES.json

SAMPLES.json holds parallel templates by language, {"en": ["Removed {n} files.", ...], "de":
[...]}, as Benchmarks/meaning/human-templates.py prints them. A text is read as sample sentences
with whitespace between (where two sentences start alike, the longer is tried first, and the
other if the rest does not read), each is answered with its translation carrying the same
number, and they are joined as the target language joins sentences. A text that is not made of
sample sentences, or a language without samples, is an error.
"""
import json
import sys

PLACEHOLDER = "{n}"


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def primary(language):
    return language.split("-")[0].split("_")[0]


def templates(samples, language):
    found = samples.get(language) or samples.get(primary(language))
    if not found:
        raise LookupError("no samples for " + language)
    return found


def translator(samples, source, target):
    pairs = []
    for index, (original, translation) in enumerate(zip(templates(samples, source), templates(samples, target))):
        if original.count(PLACEHOLDER) == 1:
            prefix, suffix = original.split(PLACEHOLDER)
            pairs.append((-(len(prefix) + len(suffix)), index, prefix, suffix, translation))
    pairs.sort()
    joiner = "" if primary(target) in ("ja", "zh") else " "

    def sentences(text, start, dead):
        while start < len(text) and text[start].isspace():
            start += 1
        if start == len(text):
            return []
        if start in dead:
            return None
        for _, _, prefix, suffix, translation in pairs:
            if not text.startswith(prefix, start):
                continue
            end = start + len(prefix)
            digits = end
            while digits < len(text) and text[digits] in "0123456789":
                digits += 1
            if digits == end or not text.startswith(suffix, digits):
                continue
            rest = sentences(text, digits + len(suffix), dead)
            if rest is not None:
                return [translation.replace(PLACEHOLDER, text[end:digits])] + rest
        dead.add(start)
        return None

    def translate(text):
        if not text.strip():
            return text
        found = sentences(text, 0, set())
        if found is None:
            raise ValueError("not made of sample sentences: " + json.dumps(text, ensure_ascii=False)[:200])
        # A space where nothing would part two runs of ASCII letters or digits ("522" "523").
        joined = found[0]
        for sentence in found[1:]:
            touching = joined[-1:].isascii() and joined[-1:].isalnum() and sentence[:1].isascii() and sentence[:1].isalnum()
            joined += (" " if touching and not joiner else joiner) + sentence
        return joined

    return translate


def main():
    samples = load(sys.argv[1])
    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            if request["method"] != "translate":
                raise NotImplementedError("this translator does not serve " + request["method"])
            params = request["params"]
            translate = translator(samples, params["from"], params["to"])
            response = {"jsonrpc": "2.0", "id": request["id"], "result": [translate(text) for text in params["texts"]]}
        except NotImplementedError as error:
            response = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": str(error)}}
        except Exception as error:
            response = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32000, "message": type(error).__name__ + ": " + str(error)}}
        sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
