#!/usr/bin/env python3
"""Numbered sentences translated by people, for a translator suite whose translator answers with
human translations (HumanTranslatorTests reads this script's output).

Debian's gettext catalogs hold messages with one integer directive ("Removed %d packages.") and
their translations by each package's translators. A message translated into every language below
becomes one template per language, the directive replaced by the suite's placeholder {n}: a
phrasebook of real human translations, in parallel as TranslationSamples wants it. Messages with
any other directive, more than one line, or a digit beside the directive (which would run into
the suite's number) are left out, as is a message whose translation another message shares (its
reference would be ambiguous). Where packages disagree, the first package by name wins.

Prints JSON: {"en": [template, ...], "ko": [...], ...}, parallel lists sorted by the English
template, the same on any machine with the same package versions (Benchmarks/langid/
install-sources installs them by name).
"""
import gettext
import glob
import json
import re

FOLDERS = {"ko": "ko", "ja": "ja", "zh": "zh_CN", "es": "es", "fr": "fr", "de": "de"}
INTEGER = re.compile(r"%[-+ #0]*[0-9]*(?:hh|h|ll|l|z|j|t)?[diu]")
DIRECTIVE = re.compile(r"%")


def template(text):
    """`text` with its one integer directive as {n}, or None when it is not a usable template."""
    if text.endswith("\n"):
        text = text[:-1]
    if "\n" in text or "{" in text or "}" in text or text != text.strip() or not text:
        return None
    found = INTEGER.findall(text)
    if len(found) != 1 or len(DIRECTIVE.findall(text)) != 1:
        return None
    before, after = text.split(found[0])
    if (before and before[-1].isdigit()) or (after and after[0].isdigit()):
        return None
    return before + "{n}" + after


def catalog(folder):
    """Template pairs (English, translation) of every package's catalog for `folder`, the first
    package by name winning."""
    pairs = {}
    for path in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % folder)):
        try:
            with open(path, "rb") as handle:
                entries = gettext.GNUTranslations(handle)._catalog  # decoded by its charset
        except (OSError, UnicodeDecodeError, LookupError):
            continue  # a catalog that cannot be read holds no template
        for message, translation in sorted(entries.items(), key=lambda entry: str(entry[0])):
            if not isinstance(message, str):
                continue  # a plural form: (message, n)
            english, translated = template(message), template(translation)
            if english and translated and translated != english and 3 <= len(english.split()) <= 25:
                pairs.setdefault(english, translated)
    return pairs


def main():
    catalogs = {language: catalog(folder) for language, folder in FOLDERS.items()}
    shared = sorted(set.intersection(*(set(pairs) for pairs in catalogs.values())))
    # A translation two messages share is no reference for either.
    for pairs in catalogs.values():
        counts = {}
        for english in shared:
            counts[pairs[english]] = counts.get(pairs[english], 0) + 1
        shared = [english for english in shared if counts[pairs[english]] == 1]
    samples = {"en": shared}
    for language, pairs in catalogs.items():
        samples[language] = [pairs[english] for english in shared]
    print(json.dumps(samples, ensure_ascii=False, sort_keys=True))


if __name__ == "__main__":
    main()
