#!/usr/bin/env python3
"""Two independent human translations of one English message, from Debian's gettext catalogs:
the calibration text of translator.meaning (MeaningCalibrationTests reads this script's output).

A message that two packages ship, each translated by its own project's translators, has two
renderings into one language. One is the reference, the other plays the translator's answer:
if the rule is sound, human translations never fail it. Only messages of 4 to 30 words whose two
renderings differ in more than whitespace (which chrF drops) are kept, so a shared catalog copied between packages proves nothing.

Prints JSON: {"ko": [[message, reference, answer], ...], ...}, sorted, the same on any machine
with the same package versions (Benchmarks/langid/install-sources installs them by name).
"""
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "langid"))
from corpus import mo_pairs, clean  # noqa: E402

FOLDERS = {"ko": ["ko"], "ja": ["ja"], "zh": ["zh_CN"], "es": ["es"], "fr": ["fr"], "de": ["de"]}


def renderings(language):
    by_message = {}
    for folder in FOLDERS[language]:
        for path in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % folder)):
            package = os.path.basename(path)[:-3].split("-")[0]
            for message, translation in mo_pairs(path):
                message, translation = clean(message), clean(translation)
                if not 4 <= len(message.split()) <= 30 or not translation or translation == message:
                    continue
                by_message.setdefault(message, {}).setdefault(package, translation)
    triples = []
    for message in sorted(by_message):
        seen = []
        for package in sorted(by_message[message]):
            text = by_message[message][package]
            if all("".join(text.split()) != "".join(other.split()) for other in seen):
                seen.append(text)
        if len(seen) >= 2:
            triples.append([message, seen[0], seen[1]])
    return triples


print(json.dumps({language: renderings(language) for language in FOLDERS}, ensure_ascii=False,
                 sort_keys=True))
