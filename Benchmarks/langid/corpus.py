"""Real, human-written text for language identification, from Debian packages installed by name
(Benchmarks/langid/install-sources), in two sources that never mix:

- the translations Debian packages ship as gettext catalogs (/usr/share/locale/<lang>/
  LC_MESSAGES/*.mo; English from their message IDs), written by each project's translators: short
  texts, the evaluation set (`mo_snippets`);
- the translated manual pages of manpages-l10n (/usr/share/man/<lang>/), longer running text,
  for training (`snippets`, `man_lines`), with lines left untranslated filtered out. Only the pages
  of the packages in `MAN_PACKAGES` are read, so the training text, and the tables
  build-model.py learns from it, are the same on any machine with the same package versions,
  whatever else it has installed.
"""
import functools
import glob
import gzip
import os
import random
import re
import struct
import subprocess
import sys

# The packages whose manual pages are the training text (install-sources installs them): the
# English pages of manpages and of the base tools manpages-l10n translates, and the translations.
MAN_PACKAGES = [
    "manpages", "manpages-dev", "coreutils", "apt", "dpkg", "bash", "tar", "grep", "sed",
    "findutils", "diffutils", "manpages-de", "manpages-fr", "manpages-es", "manpages-it",
    "manpages-nl", "manpages-pt-br", "manpages-ru", "manpages-ja", "manpages-zh",
]
# The packages whose gettext catalogs install-sources makes sure are there (the evaluation reads
# every installed catalog; see evaluate.py).
CATALOG_PACKAGES = ["coreutils", "apt", "dpkg", "bash", "tar", "grep", "sed", "findutils",
                    "diffutils", "gettext-base"]

# The kit's languages and the locale / man-page folders that hold them.
LOCALES = {
    "en": [], "de": ["de"], "fr": ["fr"], "es": ["es"], "it": ["it"], "nl": ["nl"],
    "pt": ["pt", "pt_BR"], "ru": ["ru"], "ja": ["ja"], "zh": ["zh_CN", "zh_TW"], "ko": ["ko"],
    "ar": ["ar"], "he": ["he"], "el": ["el"], "th": ["th"], "hi": ["hi"],
}
MAN = {
    "en": [""], "de": ["de"], "fr": ["fr"], "es": ["es"], "it": ["it"], "nl": ["nl"],
    "pt": ["pt", "pt_BR"], "ru": ["ru"], "ja": ["ja"], "zh": ["zh_CN", "zh_TW"], "ko": ["ko"],
}
LATIN = ["en", "de", "fr", "es", "it", "nl", "pt"]


def mo_pairs(path):
    """The (message ID, translation) pairs of one compiled gettext catalog."""
    with open(path, "rb") as handle:
        data = handle.read()
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic == 0x950412DE else ">"
    _, count, ids, strs = struct.unpack(endian + "4I", data[4:20])
    pairs = []
    for index in range(count):
        length, offset = struct.unpack(endian + "2I", data[ids + 8 * index: ids + 8 * index + 8])
        msgid = data[offset: offset + length]
        length, offset = struct.unpack(endian + "2I", data[strs + 8 * index: strs + 8 * index + 8])
        msgstr = data[offset: offset + length]
        if not msgid:
            continue  # the header
        pairs.append((msgid.split(b"\0")[0].decode("utf-8", "replace"),
                      msgstr.split(b"\0")[0].decode("utf-8", "replace")))
    return pairs


MARKUP = re.compile(r"%[-+ #0-9.*]*[a-zA-Z]|\$\{?\w+\}?|<[^>]*>|&(?=\w)|_(?=\w)|\{[^}]*\}|\\[ntr]")


def clean(text):
    text = MARKUP.sub(" ", text)
    return " ".join(text.split())


def translations(language):
    """The translations of every catalog for `language` (message IDs for English), without the
    ones left as the English original."""
    texts = []
    if language == "en":
        paths = sorted(glob.glob("/usr/share/locale/de/LC_MESSAGES/*.mo"))
        for path in paths:
            texts += [clean(msgid) for msgid, _ in mo_pairs(path)]
    else:
        for folder in LOCALES[language]:
            for path in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % folder)):
                texts += [clean(msgstr) for msgid, msgstr in mo_pairs(path)
                          if clean(msgstr) != clean(msgid)]
    return [t for t in texts if sum(c.isalpha() for c in t) >= 3]


ROFF = re.compile(r"\\f[BIRP]|\\f\(..|\\\(..|\\\*\(..|\\\*.|\\[-&|^e]|\\s[-+]?\d|\\.")


@functools.lru_cache(maxsize=None)
def packaged_files():
    """Every file the packages of `MAN_PACKAGES` install, from dpkg's own lists."""
    listed = subprocess.run(["dpkg-query", "-L"] + MAN_PACKAGES, capture_output=True, text=True)
    if listed.returncode != 0:
        missing = " ".join(line.split("'")[1] if "'" in line else line
                           for line in listed.stderr.splitlines() if "not installed" in line)
        sys.exit("corpus.py: the training packages are not all installed (%s); run "
                 "Benchmarks/langid/install-sources" % (missing or listed.stderr.strip()))
    return frozenset(listed.stdout.splitlines())


def man_paths(language):
    """The manual pages of `language` that a package of `MAN_PACKAGES` installs, in name order."""
    owned = packaged_files()
    paths = []
    for folder in MAN[language]:
        root = os.path.join("/usr/share/man", folder) if folder else "/usr/share/man"
        paths += sorted(p for p in glob.glob(os.path.join(root, "man[1-8]", "*.gz")) if p in owned)
    return paths


def man_lines(language, paths=None):
    lines = []
    for folder in [None]:
        for path in paths if paths is not None else man_paths(language):
            try:
                with gzip.open(path, "rt", encoding="utf-8", errors="strict") as handle:
                    source = handle.read()
            except (UnicodeDecodeError, OSError, EOFError):
                continue
            if source.startswith(".so "):
                continue
            for line in source.splitlines():
                if not line or line.startswith((".", "'", "\\\"")):
                    continue
                text = " ".join(ROFF.sub("", line).split())
                if text:
                    lines.append(text)
    return lines


def shingles(text):
    words = [w.strip(".,;:!?()\"'").lower() for w in text.split()]
    words = [w for w in words if w]
    if len(words) < 3:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i:i + 3]) for i in range(len(words) - 2)}


def english_shingles(language):
    """The word trigrams of the English originals of the pages translated into `language`."""
    names = {os.path.basename(p) for p in man_paths(language)}
    originals = [p for p in man_paths("en") if os.path.basename(p) in names]
    found = set()
    for line in man_lines("en", originals):
        found |= shingles(line)
    return found


def untranslated(text, english):
    runs = shingles(text)
    return bool(runs) and runs <= english


WORD = re.compile(r"^[^\W\d_][^\W\d_'’\-]*[.,;:!?]?$")


SCRIPT = {
    "ko": lambda c: "\uac00" <= c <= "\ud7af", "ru": lambda c: "\u0400" <= c <= "\u04ff",
    "ja": lambda c: "\u3040" <= c <= "\u30ff", "zh": lambda c: "\u4e00" <= c <= "\u9fff",
    "ar": lambda c: "\u0600" <= c <= "\u06ff", "he": lambda c: "\u0590" <= c <= "\u05ff",
    "el": lambda c: "\u0370" <= c <= "\u03ff", "th": lambda c: "\u0e00" <= c <= "\u0e7f",
    "hi": lambda c: "\u0900" <= c <= "\u097f",
}


def in_language_script(language, text):
    """Whether `text` is written in the language's own script: most letters in it (an untranslated
    English line in a Korean manual page is not Korean text)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return False
    if language in SCRIPT:
        return sum(SCRIPT[language](c) for c in letters) * 2 > len(letters)
    return all(c.isascii() or "\u00c0" <= c <= "\u024f" for c in letters)


def word_window(words, long):
    """A random run of 3 to 6 words (20 to 40 with `long`) of `words`, or `None` when there are
    too few."""
    size = random.randint(20, 40) if long else random.randint(3, 6)
    if len(words) < size:
        return None
    start = random.randint(0, len(words) - size)
    return words[start: start + size]


def mo_snippets(language, count, seed, long=False):
    """`count` snippets of 3 to 6 words (with `long`, 20 to 40) from a language's translations:
    the evaluation set, short texts written by people."""
    random.seed("mo-%s-%d" % (language, seed))
    texts = [t for t in translations(language) if in_language_script(language, t)]
    random.shuffle(texts)
    chosen, seen = [], set()
    for text in texts:
        window = word_window(text.split(), long)
        if window is None:
            continue
        snippet = " ".join(window)
        if snippet in seen:
            continue
        seen.add(snippet)
        chosen.append(snippet)
        if len(chosen) == count:
            break
    return chosen


def snippets(language, count, seed, long=False):
    """`count` snippets of 3 to 6 words (with `long`, 20 to 40) from the language's manual pages:
    runs of plain words (no options, paths or numbers) in the language's script, chosen with
    `seed`."""
    random.seed("%s-%d" % (language, seed))
    lines = man_lines(language)
    if language != "en":
        # A translated manual page keeps what its translators have not done yet as the English
        # original: a line whose every run of three words stands in the English original of the
        # same pages is English text, not this language's.
        english = english_shingles(language)
        lines = [line for line in lines if not untranslated(line, english)]
    if long:
        # Paragraphs: consecutive text lines joined, as a page reads.
        joined, current = [], []
        for line in lines:
            current.append(line)
            if len(" ".join(current).split()) >= 40:
                joined.append(" ".join(current))
                current = []
        lines = joined
    random.shuffle(lines)
    chosen = []
    seen = set()
    cjk = language in ("ja", "zh")
    for line in lines:
        if cjk:
            # No spaces between words: take 6 to 15 characters of running text (60 to 120 long).
            text = re.sub(r"[\x00-\x7f]+", " ", line).strip()
            low, high = (60, 120) if long else (6, 15)
            if len(text) < low + 2 or " " in text[:high]:
                continue
            snippet = text[: random.randint(low, high)]
        else:
            window = word_window(line.split(), long)
            if window is None or not all(WORD.match(w) for w in window):
                continue
            snippet = " ".join(window)
        if not in_language_script(language, snippet):
            continue
        if snippet in seen:
            continue
        seen.add(snippet)
        chosen.append(snippet)
        if len(chosen) == count:
            break
    return chosen
