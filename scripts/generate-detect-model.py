#!/usr/bin/env python3
"""Generates codec/src/detect/model.rs: the text model behind `utf8lens::detect`.

Usage (from anywhere; paths are relative to this script's repository):

    python3 scripts/generate-detect-model.py           # rewrite codec/src/detect/model.rs and
                                                       # static/frequent-words.txt
    python3 scripts/generate-detect-model.py --check   # regenerate to a temporary file and compare;
                                                       # exit 1 if the committed file differs
    python3 scripts/generate-detect-model.py --stats   # also print the model's size

The model needs the `wordfreq` package from PyPI, at the exact version pinned in
scripts/detect-requirements.txt (its word lists are part of the package, so a pinned version makes
the output reproducible). When the running Python cannot import it, this script creates a virtual
environment in target/detect-venv, installs the pinned requirements there with pip and re-runs
itself with that environment's Python. If that install fails, the script stops with exit status 3
and a message; the Rust test that runs `--check` treats that as a skip, except under CI=true, where
it is a failure.

Sources (docs/DETECT.md cites their licences):

* wordfreq 3.1.1 (PyPI): word frequency lists of 40 languages. Code Apache-2.0; its data files are
  redistributable under CC BY-SA 4.0. For each language we take the 25,000 most frequent words with
  their frequencies and count, weighted by frequency, the letters and the letter pairs of the
  words, with a word boundary before and after each word.
* pyspellchecker 0.9.1 (PyPI, MIT; its word counts come from OpenSubtitles): only which spelling
  of a German word is the more frequent, with ß or with ss, as wordfreq folds ß into ss.
* unicode-lipsum (../shared/conformance/unicode-lipsum, MIT/Apache-2.0; the Wikipedia articles
  CC BY-SA): running text, used only for what wordfreq lacks. Esperanto and Thai letter statistics
  come from its `wikipedia_mars/{esperanto,thai}.utf8.txt`; the lead- and trail-byte statistics of
  the CJK multi-byte encodings come from its Chinese, Japanese and Korean texts (lipsum and
  wikipedia_mars), encoded with CPython's codecs.
* dictionary-et 2.0.0 (npm, pinned in scripts/detect/package.json): the Institute of the Estonian
  Language's Estonian word list as a hunspell dictionary (LGPL-2.1), for Estonian, which wordfreq
  lacks. Its 282,173 stems count once each; its own mojibake (š, ž as ð, þ) is undone first.
* The legacy charsets we detect but the codec does not decode (detection-only tables): ibm855 and
  x-mac-ce from CPython's codecs (cp855, mac_latin2), which are generated from the Unicode
  Consortium's mapping files.

Never the uchardet test files: they are the test set.

The model, per language: an alphabet (the up to 62 most frequent letters of its script, lowercase,
each at least 1/4000 of the letters), and a table of the letter-pair probabilities P(next | prev)
over classes 0 = word boundary, 1..=K = the alphabet, K+1 = any other letter. Each probability is
stored as a cost in bits, -log2 P rounded and capped at 15, in 4 bits (two per byte). And, for
each Latin-script language with word frequencies, its COMMON_WORDS most frequent words of ASCII
letters: mojibake repair reads a short text's language from them. And its FREQUENT_WORDS most
frequent words of four letters or more with a letter beyond ASCII, and its FREQUENT_SHORT_WORDS most
frequent of three letters: a misreading of a legacy charset spoils them, and a reading that restores
one is evidence for mojibake repair. And its TINY_WORDS words of one or two letters with a letter
beyond ASCII among its most frequent (`à`, `è`, `på`).
"""

from __future__ import annotations

import argparse
import codecs
import difflib
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = (ROOT / ".." / "shared" / "conformance").resolve()
OUTPUT = ROOT / "codec" / "src" / "detect" / "model.rs"
# The same model's frequent words beyond ASCII, for a build without them (the inspector's), which
# loads them when first needed.
WORDS_OUTPUT = ROOT / "static" / "frequent-words.txt"
REQUIREMENTS = ROOT / "scripts" / "detect-requirements.txt"
VENV = ROOT / "target" / "detect-venv"
COMMAND = "python3 scripts/generate-detect-model.py"
WORDFREQ_VERSION = "3.1.1"

TOP_WORDS = 25_000
# Per Latin-script language, its most frequent words of ASCII letters (two letters or more): the
# words that tell a short text's language (`de`, `the`, `und`), for mojibake repair.
COMMON_WORDS = 50
# Per Latin-script language, its most frequent words of LONG_FREQUENT_LETTERS letters or more with a
# letter beyond ASCII (`così`, `września`, `planète`), and its FREQUENT_SHORT_WORDS most frequent
# of MIN_FREQUENT_LETTERS letters (`été`, `più`, `não`): a reading of a legacy charset that makes
# one of a word no language writes is evidence, for mojibake repair. The short words have a quota
# of their own so that they do not push longer words out of the list.
FREQUENT_WORDS = 300
FREQUENT_SHORT_WORDS = 30
# Per Latin-script language, its words of one or two letters with a letter beyond ASCII among its
# TINY_WORDS_RANK most frequent, TINY_WORDS at most (French `à`, Italian `è`, Swedish `på`): a
# reading that makes one where another makes a sign alone reads the text as its language writes.
TINY_WORDS = 8
TINY_WORDS_RANK = 100
MIN_FREQUENT_LETTERS = 3
LONG_FREQUENT_LETTERS = 4
MAX_LETTERS = 62
MIN_LETTER_SHARE = 1 / 4000
COST_STEP = 2
MAX_LEVEL = 7
ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyz"

# (ISO 639-1 code we report, script, source, source's name). wordfreq case-folds its words, which
# turns German ß into ss: each German word with ss takes the spelling with ß where pyspellchecker's
# German list counts that one more often (SHARP_S). Greek's final sigma, folded into σ, is restored
# at word ends. wordfreq's `sh` list is Serbo-Croatian in Latin script (Croatian, Bosnian, Serbian
# Latin); we report it as `hr`.
LANGUAGES = [
    # Latin script
    ("en", "LATIN", "wordfreq", "en"), ("fr", "LATIN", "wordfreq", "fr"),
    ("de", "LATIN", "wordfreq", "de"), ("es", "LATIN", "wordfreq", "es"),
    ("it", "LATIN", "wordfreq", "it"), ("pt", "LATIN", "wordfreq", "pt"),
    ("nl", "LATIN", "wordfreq", "nl"), ("ca", "LATIN", "wordfreq", "ca"),
    ("sv", "LATIN", "wordfreq", "sv"), ("da", "LATIN", "wordfreq", "da"),
    ("nb", "LATIN", "wordfreq", "nb"), ("fi", "LATIN", "wordfreq", "fi"),
    ("is", "LATIN", "wordfreq", "is"), ("cs", "LATIN", "wordfreq", "cs"),
    ("sk", "LATIN", "wordfreq", "sk"), ("pl", "LATIN", "wordfreq", "pl"),
    ("hu", "LATIN", "wordfreq", "hu"), ("sl", "LATIN", "wordfreq", "sl"),
    ("hr", "LATIN", "wordfreq", "sh"), ("ro", "LATIN", "wordfreq", "ro"),
    ("tr", "LATIN", "wordfreq", "tr"), ("lt", "LATIN", "wordfreq", "lt"),
    ("lv", "LATIN", "wordfreq", "lv"), ("vi", "LATIN", "wordfreq", "vi"),
    ("eo", "LATIN", "lipsum", "wikipedia_mars/esperanto.utf8.txt"),
    ("et", "LATIN", "hunspell", "dictionary-et"),
    # Cyrillic
    ("ru", "CYRILLIC", "wordfreq", "ru"), ("uk", "CYRILLIC", "wordfreq", "uk"),
    ("bg", "CYRILLIC", "wordfreq", "bg"), ("mk", "CYRILLIC", "wordfreq", "mk"),
    # Greek, Hebrew, Arabic script, Thai
    ("el", "GREEK", "wordfreq", "el"), ("he", "HEBREW", "wordfreq", "he"),
    ("ar", "ARABIC", "wordfreq", "ar"), ("fa", "ARABIC", "wordfreq", "fa"),
    ("ur", "ARABIC", "wordfreq", "ur"),
    ("th", "THAI", "lipsum", "wikipedia_mars/thai.utf8.txt"),
]

# The languages whose wordfreq words get their ß back (`strasse` -> `straße`, `dass` stays), from
# pyspellchecker's word list of the same language (PyPI, pinned in scripts/detect-requirements.txt;
# its frequencies are counted from OpenSubtitles).
SHARP_S = {"de"}

# Hunspell word lists from npm (scripts/detect/package.json, pinned by its lockfile), for languages
# wordfreq lacks. Each stem of the .dic counts once (the list has no frequencies). npm's
# dictionary-et 2.0.0 is itself mojibake: its source's ISO-8859-13 bytes were read as Latin-1, so
# š and ž (F0, FE) came out as ð and þ while ä õ ö ü (the same bytes in both) came through; the
# (name, source charset) below undoes that, a reading the Debian package myspell-et (ISO-8859-15,
# 2,066 š and 1,099 ž, the same counts as the npm file's ð and þ) confirms.
HUNSPELL_NODE_MODULES = ROOT / "scripts" / "detect" / "node_modules"
HUNSPELL_MISREAD = {"dictionary-et": "iso8859_13"}

# The CJK multi-byte encodings: (our name, CPython codec, texts under unicode-lipsum).
CJK = [
    ("shift_jis", "cp932", ["lipsum/Japanese-Lipsum.utf8.txt", "wikipedia_mars/japanese.utf8.txt"]),
    ("euc-jp", "euc_jp", ["lipsum/Japanese-Lipsum.utf8.txt", "wikipedia_mars/japanese.utf8.txt"]),
    ("gb18030", "gb18030", ["lipsum/Chinese-Lipsum.utf8.txt", "wikipedia_mars/chinese.utf8.txt"]),
    ("big5", "big5hkscs", ["lipsum/Chinese-Lipsum.utf8.txt", "wikipedia_mars/chinese.utf8.txt"]),
    ("euc-kr", "cp949", ["lipsum/Korean-Lipsum.utf8.txt", "wikipedia_mars/korean.utf8.txt"]),
]

# Single-byte charsets the codec has no table for, detected with a table of their own.
# (name, CPython codec)
EXTRA_CHARSETS = [
    ("ibm855", "cp855"),
    ("x-mac-ce", "mac_latin2"),
]


class DataError(Exception):
    """A source is missing or not what this script expects."""


class MissingWordfreq(Exception):
    """wordfreq could not be imported or installed."""


# --- wordfreq, installed on demand -------------------------------------------------------------


def import_wordfreq():
    try:
        import wordfreq  # noqa: PLC0415
    except ImportError:
        return None
    return wordfreq


def reexec_in_venv() -> int:
    """Installs the pinned requirements into target/detect-venv and re-runs this script there."""
    python = VENV / "bin" / "python"
    if os.environ.get("UTF8LENS_DETECT_VENV") == "1":
        raise MissingWordfreq(f"wordfreq is still missing inside {VENV}")
    try:
        if not python.exists():
            print(f"generate-detect-model.py: creating {VENV.relative_to(ROOT)}", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        print(f"generate-detect-model.py: pip install -r {REQUIREMENTS.relative_to(ROOT)}",
              file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-r", str(REQUIREMENTS)], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        raise MissingWordfreq(f"cannot install wordfreq=={WORDFREQ_VERSION}: {e}") from e
    env = dict(os.environ, UTF8LENS_DETECT_VENV="1")
    return subprocess.run([str(python), str(Path(__file__).resolve()), *sys.argv[1:]],
                          env=env).returncode


# --- text statistics ---------------------------------------------------------------------------


def is_letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


def lower(ch: str) -> str:
    """The scorer's case folding: the first character of the lowercase form (İ -> i)."""
    return ch.lower()[0]


def windows1258_form(word: str) -> str:
    """Vietnamese as windows-1258 spells it: base letters with a circumflex, breve or horn
    precomposed (â ê ô ă ơ ư), tone marks as combining characters."""
    out = []
    for ch in unicodedata.normalize("NFD", word):
        if out and unicodedata.combining(ch):
            composed = unicodedata.normalize("NFC", out[-1] + ch)
            if len(composed) == 1:
                try:
                    composed.encode("cp1258")
                except UnicodeEncodeError:
                    pass
                else:
                    out[-1] = composed
                    continue
        out.append(ch)
    return "".join(out)


def splits(script: str, alphabet: list[str], levels: list[int]) -> list[tuple[str, str, str]]:
    """The precomposed letters a model spells as a letter and a mark of its alphabet, where its
    sources write that letter and mark together: Vietnamese, whose model reads windows-1258's
    spelling (`ẻ` as `e` + U+0309), while text is nearly always precomposed (NFC). Lowercase only:
    the scorer lowercases first. Only those of Latin Extended Additional (U+1EA0..U+1EF9), which no
    single-byte charset decodes to. The others (`ã`, `ì`, `ò`, `õ`, `ý`, `ĩ`, `ũ`) are what bytes
    read in the wrong charset become (`cafÃ` is UTF-8's C3 read as Latin-1; ISO-8859-4 and -10
    have `ĩ` and `ũ`): as Vietnamese they would make mojibake cheap, so they keep the price of a
    letter outside the alphabet."""
    index = {ch: i + 1 for i, ch in enumerate(alphabet)}
    if not any(unicodedata.combining(ch) for ch in alphabet):
        return []
    classes = len(alphabet) + 2
    shared = range(1, 27) if script == "LATIN" else range(0)
    stored = [(a, b) for a in range(classes) for b in range(classes)
              if not (a in shared and b in shared)]
    level_of = dict(zip(stored, levels))
    out = []
    for cp in range(0x1EA0, 0x1EFA):
        ch = chr(cp)
        if not is_letter(ch) or ch != ch.lower() or ch in index:
            continue
        form = windows1258_form(ch)
        if (len(form) == 2 and form[0] in index and form[1] in index
                and level_of.get((index[form[0]], index[form[1]]), MAX_LEVEL) < MAX_LEVEL):
            out.append((ch, form[0], form[1]))
    return out


def words_of_wordfreq(wordfreq, code: str) -> list[tuple[str, float]]:
    freqs = wordfreq.get_frequency_dict(code, wordlist="best")
    ranked = sorted(freqs.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_WORDS]
    if code in SHARP_S:
        ranked = with_sharp_s(ranked, spelling_counts(code))
    return ranked


def spelling_counts(code: str) -> dict[str, int]:
    """pyspellchecker's word counts for `code` (its `resources/<code>.json.gz`)."""
    import gzip  # noqa: PLC0415
    import json  # noqa: PLC0415
    try:
        import spellchecker  # noqa: PLC0415
    except ImportError as e:
        raise DataError(f"pyspellchecker is missing ({REQUIREMENTS.relative_to(ROOT)})") from e
    path = Path(spellchecker.__file__).parent / "resources" / f"{code}.json.gz"
    if not path.is_file():
        raise DataError(f"{path} is missing")
    return json.loads(gzip.decompress(path.read_bytes()))


def sharp_s_spellings(word: str) -> list[str]:
    """`word` with each choice of its non-overlapping `ss` written as `ß`, `word` itself first."""
    at = word.find("ss")
    if at < 0:
        return [word]
    rest = sharp_s_spellings(word[at + 2:])
    return [word[:at] + "ss" + r for r in rest] + [word[:at] + "ß" + r for r in rest]


def with_sharp_s(words: list[tuple[str, float]], counts: dict[str, int]) -> list[tuple[str, float]]:
    """A case-folded word list with ß back: each word with `ss` is spelt as the list `counts`
    counts it most often (`strasse` -> `straße`, `weiss` -> `weiß`, `dass` and `muss` stay)."""
    out: Counter[str] = Counter()
    for word, freq in words:
        spellings = sharp_s_spellings(word)
        out[max(spellings, key=lambda w: (counts.get(w, 0), w == word))] += freq
    return sorted(out.items(), key=lambda kv: (-kv[1], kv[0]))


def words_of_text(relative: str) -> list[tuple[str, float]]:
    path = DATA / "unicode-lipsum" / relative
    if not path.is_file():
        raise DataError(f"{path} is missing (../shared/conformance/unicode-lipsum)")
    text = path.read_text(encoding="utf-8")
    # Words are runs of letters and marks (Thai writes vowels and tones as combining marks, and no
    # spaces between words: its "words" are whole phrases).
    counts = Counter(m.group(0).lower() for m in re.finditer(r"\S+", "".join(
        ch if is_letter(ch) else " " for ch in text)))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def words_of_hunspell(package: str) -> list[tuple[str, float]]:
    """The stems of an npm hunspell dictionary (`index.dic`), each with weight 1."""
    dic = HUNSPELL_NODE_MODULES / package / "index.dic"
    if not dic.is_file():
        lock = HUNSPELL_NODE_MODULES.parent
        print(f"generate-detect-model.py: npm ci in {lock.relative_to(ROOT)}", file=sys.stderr)
        try:
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=lock, check=True)
        except (OSError, subprocess.CalledProcessError) as e:
            raise DataError(f"cannot install {package} from {lock.relative_to(ROOT)}: {e}") from e
    if not dic.is_file():
        raise DataError(f"{dic} is missing after npm ci")
    lines = dic.read_text(encoding="utf-8").split("\n")[1:]  # the first line is the count
    misread = HUNSPELL_MISREAD.get(package)
    counts: Counter[str] = Counter()
    for line in lines:
        word = line.split("/", 1)[0].strip()
        if not word:
            continue
        if misread is not None:
            word = word.encode("latin-1").decode(misread)
        counts[word] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def script_of(ch: str) -> str:
    """The script of a letter, from its Unicode name's first word (LATIN, CYRILLIC, THAI...)."""
    return unicodedata.name(ch, "?").split()[0]


def letter_model(code: str, script: str, words: list[tuple[str, float]]):
    """The alphabet of a language and P(next class | previous class) as a matrix of floats."""
    if code == "vi":
        words = [(windows1258_form(w), f) for w, f in words]
    if code == "el":
        words = [(w[:-1] + "ς" if w.endswith("σ") else w, f) for w, f in words]
    letters: Counter[str] = Counter()
    for word, freq in words:
        for ch in word:
            if is_letter(ch):
                letters[lower(ch)] += freq
    total = sum(letters.values())
    ranked = sorted(letters.items(), key=lambda kv: (-kv[1], kv[0]))
    # Only letters of the language's own script (and combining marks): Latin words in a Russian or
    # Thai list are foreign, and "another letter" is all the model needs to know about them. A Latin
    # alphabet always starts with a..z, whose pairs the Latin languages share (LATIN_ASCII_PAIRS).
    own = [ch for ch, n in ranked
           if n / total >= MIN_LETTER_SHARE
           and (unicodedata.combining(ch) or script_of(ch) == script)]
    if script == "LATIN":
        extra = sorted(ch for ch in own if not ch.isascii())[:MAX_LETTERS - 26]
        alphabet = list(ASCII_LETTERS) + extra
    else:
        alphabet = sorted(own[:MAX_LETTERS])
    index = {ch: i + 1 for i, ch in enumerate(alphabet)}
    other = len(alphabet) + 1
    classes = len(alphabet) + 2

    def class_of(ch: str) -> int:
        # In a language of another script, an ASCII letter is a word boundary: Latin words and
        # markup in Russian text say nothing about which Russian letters follow which.
        if not is_letter(ch) or (script != "LATIN" and ch.isascii()):
            return 0
        return index.get(lower(ch), other)

    pairs = [[0.0] * classes for _ in range(classes)]
    for word, freq in words:
        seq = [0] + [class_of(ch) for ch in word] + [0]
        for a, b in zip(seq, seq[1:]):
            pairs[a][b] += freq
    # Between words: the word list has no punctuation or digits, which in running text follow a
    # boundary about one time in four; the same guess for every language.
    pairs[0][0] = sum(pairs[0]) / 3
    probs = []
    for a in range(classes):
        row = pairs[a]
        n = sum(row)
        # Additive smoothing, small: unseen pairs cost the cap.
        alpha = n * 1e-6 + 1e-12
        denom = n + alpha * classes
        probs.append([(row[b] + alpha) / denom for b in range(classes)])
    return alphabet, probs


def level(p: float) -> int:
    """A probability as a 3-bit level: its cost -log2 p in steps of COST_STEP bits, capped."""
    return min(MAX_LEVEL, max(0, round(-math.log2(p) / COST_STEP)))


def latin_ascii_pairs(languages) -> list[int]:
    """The levels of the pairs of two ASCII letters, averaged over the Latin-script languages."""
    latin = [probs for _code, script, _src, _alphabet, probs in languages if script == "LATIN"]
    out = []
    for a in range(1, 27):
        for b in range(1, 27):
            out.append(level(sum(p[a][b] for p in latin) / len(latin)))
    return out


def language_levels(script: str, alphabet: list[str], probs) -> list[int]:
    """A language's levels in stored order: every pair, except for a Latin language the pairs of two
    ASCII letters (classes 1..=26), which LATIN_ASCII_PAIRS holds."""
    classes = len(alphabet) + 2
    shared = range(1, 27) if script == "LATIN" else range(0)
    return [level(probs[a][b]) for a in range(classes) for b in range(classes)
            if not (a in shared and b in shared)]


# --- charsets ----------------------------------------------------------------------------------


def read_python_codec(name: str) -> list[int | None]:
    table: list[int | None] = []
    for byte in range(0x80, 0x100):
        try:
            ch = bytes([byte]).decode(name)
        except UnicodeDecodeError:
            table.append(None)
        else:
            table.append(ord(ch))
    return table


def extra_charsets():
    out = []
    for name, codec in EXTRA_CHARSETS:
        table = read_python_codec(codec)
        for cp in table:
            if cp is not None and (cp < 0x80 or cp > 0xFFFF):
                raise DataError(f"{name}: code point U+{cp:04X} does not fit the table")
        out.append((name, codec, table))
    return out


# --- CJK byte statistics -----------------------------------------------------------------------


def cjk_model(name: str, codec: str, sources: list[str]):
    """Costs of each lead byte (80..FF) and each trail byte (40..FF) of the encoding's double-byte
    characters in real text, -log2 P rounded and capped."""
    leads: Counter[int] = Counter()
    trails: Counter[int] = Counter()
    for relative in sources:
        path = DATA / "unicode-lipsum" / relative
        if not path.is_file():
            raise DataError(f"{path} is missing")
        text = path.read_text(encoding="utf-8")
        for ch in text:
            if ord(ch) < 0x80:
                continue
            try:
                encoded = ch.encode(codec)
            except UnicodeEncodeError:
                continue
            if len(encoded) != 2:
                continue  # gb18030's four-byte forms and EUC-JP's three-byte ones are rare
            leads[encoded[0]] += 1
            trails[encoded[1]] += 1

    def levels(counts: Counter[int], lo: int) -> list[int]:
        total = sum(counts.values())
        if total == 0:
            raise DataError(f"{name}: no double-byte characters in {sources}")
        return [level(counts[b] / total) if counts[b] else MAX_LEVEL for b in range(lo, 0x100)]

    return levels(leads, 0x80), levels(trails, 0x40)


# --- output ------------------------------------------------------------------------------------


def pack(costs: list[int]) -> list[int]:
    if len(costs) % 2:
        costs = costs + [MAX_LEVEL]
    return [costs[i] | (costs[i + 1] << 4) for i in range(0, len(costs), 2)]


def rust_str(s: str) -> str:
    out = []
    for ch in s:
        if unicodedata.combining(ch) or not ch.isprintable():
            out.append(f"\\u{{{ord(ch):04x}}}")
        elif ch in '"\\':
            out.append("\\" + ch)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def rust_char(ch: str) -> str:
    return "'" + rust_str(ch)[1:-1].replace("'", "\\'") + "'"


def render(languages, ascii_pairs, extras, cjk) -> str:
    out = [
        f"// DO NOT EDIT. Generated by `{COMMAND}` from wordfreq {WORDFREQ_VERSION} and ../shared/conformance.",
        "//! The text model of `detect`: letter-pair costs per language, CJK byte costs, and the tables",
        "//! of the single-byte charsets that only the detector knows. docs/DETECT.md says how it is built.",
        "//!",
        "//! A cost is stored as a 3-bit level in a nibble (two per byte, low nibble first): the cost in",
        "//! bits is `level * COST_STEP`, -log2 of the probability, rounded; [`MAX_LEVEL`] is also the",
        "//! level of what the sources never show.",
        "",
        "/// Bits per level.",
        f"pub(super) const COST_STEP: u32 = {COST_STEP};",
        "",
        "/// The highest level, that of unseen pairs.",
        f"pub(super) const MAX_LEVEL: u8 = {MAX_LEVEL};",
        "",
        "/// A language's letter model.",
        "pub(super) struct LanguageModel {",
        "    /// ISO 639-1 code.",
        "    pub(super) code: &'static str,",
        "    /// Whether the alphabet is Latin: then it starts with a..z (classes 1..=26), and the pairs of",
        "    /// two of those are in [`LATIN_ASCII_PAIRS`] instead of [`LanguageModel::pairs`].",
        "    pub(super) latin: bool,",
        "    /// The alphabet, lowercase: letter `i` of it is class `i + 1`. Class 0 is a word boundary",
        "    /// (anything not a letter), class `len + 1` any other letter.",
        "    pub(super) alphabet: &'static str,",
        "    /// Number of classes: letters + 2.",
        "    pub(super) classes: usize,",
        "    /// Level of class `b` after class `a`, row by row, leaving out what `latin` says.",
        "    pub(super) pairs: &'static [u8],",
        "    /// Precomposed letters outside the alphabet that it spells as a letter and a mark of its",
        "    /// own (Vietnamese `ẻ`: `e` and U+0309, as windows-1258 writes it): `[letter, base, mark]`.",
        "    pub(super) splits: &'static [[char; 3]],",
        "}",
        "",
        "/// Levels of the pairs of two ASCII letters (a..z after a..z), shared by the Latin languages:",
        "/// the average of their probabilities.",
        "#[rustfmt::skip]",
        f"pub(super) static LATIN_ASCII_PAIRS: [u8; {len(pack(ascii_pairs))}] = [",
    ]
    packed = pack(ascii_pairs)
    for start in range(0, len(packed), 13):
        out.append("    " + ", ".join(f"0x{v:02X}" for v in packed[start:start + 13]) + ",")
    out.append("];")
    out.append("")
    for code, script, source, alphabet, levels, _common, _frequent, _tiny in languages:
        classes = len(alphabet) + 2
        packed = pack(levels)
        const = f"PAIRS_{code.upper()}"
        out.append(f"/// Letter-pair levels of `{code}` ({source}), {classes} classes.")
        out.append("#[rustfmt::skip]")
        out.append(f"static {const}: [u8; {len(packed)}] = [")
        for start in range(0, len(packed), 16):
            out.append("    " + ", ".join(f"0x{v:02X}" for v in packed[start:start + 16]) + ",")
        out.append("];")
        out.append("")
    for code, script, _source, alphabet, levels, _common, _frequent, _tiny in languages:
        split = splits(script, alphabet, levels)
        if not split:
            continue
        out.append(f"/// The precomposed letters `{code}`'s model spells as a letter and a mark: [letter, base, mark].")
        out.append("#[rustfmt::skip]")
        out.append(f"static SPLITS_{code.upper()}: [[char; 3]; {len(split)}] = [")
        for start in range(0, len(split), 4):
            cells = " ".join(f"[{rust_char(a)}, {rust_char(b)}, {rust_char(c)}]," for a, b, c in split[start:start + 4])
            out.append("    " + cells)
        out.append("];")
        out.append("")
    out.append("/// Every language model.")
    out.append(f"pub(super) static LANGUAGES: [LanguageModel; {len(languages)}] = [")
    for code, script, _source, alphabet, levels, _common, _frequent, _tiny in languages:
        out.append("    LanguageModel {")
        out.append(f'        code: "{code}",')
        out.append(f"        latin: {'true' if script == 'LATIN' else 'false'},")
        out.append(f"        alphabet: {rust_str(''.join(alphabet))},")
        out.append(f"        classes: {len(alphabet) + 2},")
        out.append(f"        pairs: &PAIRS_{code.upper()},")
        split = splits(script, alphabet, levels)
        if split:
            out.append(f"        splits: &SPLITS_{code.upper()},")
        else:
            out.append("        splits: &[],")
        out.append("    },")
    out.append("];")
    out.append("")
    out.append("/// Each language's most frequent words of ASCII letters, sorted, separated by spaces, in the order")
    out.append("/// of [`LANGUAGES`] (Latin-script languages with word frequencies only): what tells a short")
    out.append("/// text's language. Apart from [`LANGUAGES`], so that a build that only detects leaves them out.")
    out.append(f"pub(super) static COMMON_WORDS: [&str; {len(languages)}] = [")
    for code, _script, _source, _alphabet, _levels, common, _frequent, _tiny in languages:
        out.append(f"    // {code}")
        out.append(f"    {rust_str(' '.join(common))},")
    out.append("];")
    out.append("")
    out.append(f"/// Each language's words of one or two letters with a letter beyond ASCII among its {TINY_WORDS_RANK}")
    out.append(f"/// most frequent, {TINY_WORDS} at most (`à`, `è`, `på`), sorted, separated by spaces, in the order of")
    out.append("/// [`LANGUAGES`] (Latin-script languages with word frequencies only), for mojibake repair.")
    out.append(f"pub(super) static TINY_WORDS: [&str; {len(languages)}] = [")
    for code, _script, _source, _alphabet, _levels, _common, _frequent, tiny in languages:
        out.append(f"    // {code}")
        out.append(f"    {rust_str(' '.join(tiny))},")
    out.append("];")
    out.append("")
    out.append(f"/// Each language's {FREQUENT_WORDS} most frequent words of four letters or more and "
               f"{FREQUENT_SHORT_WORDS} of three with a")
    out.append("/// letter beyond ASCII (small letters), sorted, separated by spaces, in the order of")
    out.append("/// [`LANGUAGES`] (Latin-script languages with word frequencies only): the words a misreading of")
    out.append("/// a legacy charset spoils (`così`, `września`, `été`), for mojibake repair. Apart from")
    out.append("/// [`LANGUAGES`], so that a build that only detects leaves them out.")
    out.append("#[cfg(feature = \"frequent-words\")]")
    out.append(f"pub(super) static FREQUENT_WORDS: [&str; {len(languages)}] = [")
    for code, _script, _source, _alphabet, _levels, _common, frequent, _tiny in languages:
        out.append(f"    // {code}")
        out.append(f"    {rust_str(' '.join(frequent))},")
    out.append("];")
    out.append("")
    out.append("/// The single-byte charsets the codec does not decode, known to the detector only: the name and")
    out.append("/// the characters of bytes 80..=FF (0 = undefined).")
    out.append(f"pub(super) static EXTRA_CHARSETS: [(&str, [u16; 128]); {len(extras)}] = [")
    for name, codec, table in extras:
        out.append(f'    // {name}, from CPython codec {codec}')
        out.append(f'    ("{name}", [')
        for start in range(0, 128, 8):
            cells = ", ".join("0" if v is None else f"0x{v:04X}" for v in table[start:start + 8])
            out.append(f"        {cells},")
        out.append("    ]),")
    out.append("];")
    out.append("")
    out.append("/// A CJK encoding's byte levels in real text.")
    out.append("pub(super) struct CjkModel {")
    out.append("    /// Our name of the encoding.")
    out.append("    pub(super) name: &'static str,")
    out.append("    /// Level of lead byte `0x80 + i` at nibble `i`.")
    out.append("    pub(super) leads: [u8; 64],")
    out.append("    /// Level of trail byte `0x40 + i` at nibble `i`.")
    out.append("    pub(super) trails: [u8; 96],")
    out.append("}")
    out.append("")
    out.append("/// The CJK encodings' byte statistics.")
    out.append(f"pub(super) static CJK: [CjkModel; {len(cjk)}] = [")
    for name, leads, trails in cjk:
        out.append("    CjkModel {")
        out.append(f'        name: "{name}",')
        out.append("        #[rustfmt::skip]")
        out.append(f"        leads: [{', '.join(f'0x{v:02X}' for v in pack(leads))}],")
        out.append("        #[rustfmt::skip]")
        out.append(f"        trails: [{', '.join(f'0x{v:02X}' for v in pack(trails))}],")
        out.append("    },")
    out.append("];")
    out.append("")
    return "\n".join(out)


def data_bytes(languages, ascii_pairs, extras, cjk) -> bytes:
    """The bytes of the generated statics, as they sit in a WebAssembly module's data section."""
    blob = bytearray(pack(ascii_pairs))
    for _code, _script, _source, alphabet, levels, common, frequent, tiny in languages:
        blob += "".join(alphabet).encode("utf-8") + bytes(pack(levels)) + " ".join(common).encode()
        blob += " ".join(frequent).encode("utf-8") + " ".join(tiny).encode("utf-8")
        blob += b"".join(ord(c).to_bytes(4, "little") for row in splits(_script, alphabet, levels) for c in row)
    for _name, _codec, table in extras:
        blob += b"".join((v or 0).to_bytes(2, "little") for v in table)
    for _name, leads, trails in cjk:
        blob += bytes(pack(leads)) + bytes(pack(trails))
    return bytes(blob)


def rustfmt(path: Path) -> None:
    exe = shutil.which("rustfmt")
    if exe is None:
        raise DataError("rustfmt is not on PATH (install it with `rustup component add rustfmt`)")
    subprocess.run([exe, "--edition", "2021", str(path)], check=True)


def common_words(script: str, source: str, words: list[tuple[str, float]]) -> list[str]:
    """The language's COMMON_WORDS most frequent words of ASCII letters, sorted; none for a
    script other than Latin, for a word list without frequencies (hunspell's stems), or for one
    counted from a single article (Esperanto's Mars article, whose most frequent words include
    `marso`, `wiki` and `https`)."""
    if script != "LATIN" or source in ("hunspell", "lipsum"):
        return []
    common = []
    for word, _freq in words:
        if len(word) >= 2 and all("a" <= ch <= "z" for ch in word) and word not in common:
            common.append(word)
            if len(common) == COMMON_WORDS:
                break
    return sorted(common)


def frequent_words(script: str, source: str, words: list[tuple[str, float]]) -> list[str]:
    """The language's FREQUENT_WORDS most frequent words of at least LONG_FREQUENT_LETTERS letters
    and its FREQUENT_SHORT_WORDS most frequent of MIN_FREQUENT_LETTERS letters, one of them or more
    beyond ASCII, sorted; none for a script other than Latin, or for words that are not wordfreq's
    (hunspell's stems have no frequencies, and Esperanto's come from the Mars article, whose
    sentences the repair evaluation reads)."""
    if script != "LATIN" or source != "wordfreq":
        return []
    long, short = [], []
    for word, _freq in words:
        if not (all(is_letter(ch) for ch in word) and any(ord(ch) > 0x7F for ch in word)):
            continue
        if len(word) >= LONG_FREQUENT_LETTERS:
            if len(long) < FREQUENT_WORDS and word not in long:
                long.append(word)
        elif len(word) == MIN_FREQUENT_LETTERS:
            if len(short) < FREQUENT_SHORT_WORDS and word not in short:
                short.append(word)
        if len(long) == FREQUENT_WORDS and len(short) == FREQUENT_SHORT_WORDS:
            break
    return sorted(long + short)


def tiny_words(script: str, source: str, words: list[tuple[str, float]]) -> list[str]:
    """The language's words of one or two letters, one of them or more beyond ASCII, among its
    TINY_WORDS_RANK most frequent words, TINY_WORDS at most, sorted; none for a script other than
    Latin or for words that are not wordfreq's."""
    if script != "LATIN" or source != "wordfreq":
        return []
    tiny = []
    for word, _freq in words[:TINY_WORDS_RANK]:
        if (len(word) <= 2 and all(is_letter(ch) for ch in word)
                and any(ord(ch) > 0x7F for ch in word) and word not in tiny):
            tiny.append(word)
            if len(tiny) == TINY_WORDS:
                break
    return sorted(tiny)


def build(wordfreq):
    models = []
    common = {}
    frequent = {}
    tiny = {}
    for code, script, source, name in LANGUAGES:
        if source == "lipsum":
            words = words_of_text(name)
            label = f"unicode-lipsum `{name}`"
        elif source == "hunspell":
            words = words_of_hunspell(name)
            label = f"npm `{name}` (its stems, unweighted)"
        else:
            words = words_of_wordfreq(wordfreq, name)
            label = f"wordfreq `{name}`"
        if code in SHARP_S:
            label += ", ß from pyspellchecker"
        frequent[code] = frequent_words(script, source, words)
        tiny[code] = tiny_words(script, source, words)
        common[code] = common_words(script, source, words)
        alphabet, probs = letter_model(code, script, words)
        models.append((code, script, label, alphabet, probs))
    ascii_pairs = latin_ascii_pairs(models)
    languages = [(code, script, label, alphabet, language_levels(script, alphabet, probs),
                  common[code], frequent[code], tiny[code])
                 for code, script, label, alphabet, probs in models]
    extras = extra_charsets()
    cjk = [(name, *cjk_model(name, codec, sources)) for name, codec, sources in CJK]
    return languages, ascii_pairs, extras, cjk


def spellchecker_installed() -> bool:
    try:
        import spellchecker  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def installed_wordfreq_version() -> str:
    from importlib.metadata import version  # noqa: PLC0415
    return version("wordfreq")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate to a temporary file and compare with the committed one")
    parser.add_argument("--stats", action="store_true", help="print the model's size")
    args = parser.parse_args()
    wordfreq = import_wordfreq()
    if (wordfreq is None or installed_wordfreq_version() != WORDFREQ_VERSION
            or not spellchecker_installed()):
        try:
            return reexec_in_venv()
        except MissingWordfreq as e:
            print(f"generate-detect-model.py: {e}", file=sys.stderr)
            return 3
    try:
        model = build(wordfreq)
    except DataError as e:
        print(f"generate-detect-model.py: {e}", file=sys.stderr)
        return 2
    text = render(*model)
    if args.stats:
        import gzip  # noqa: PLC0415
        for code, _script, _source, alphabet, levels, common, frequent, _tiny in model[0]:
            print(f"  {code}: {len(alphabet)} letters, {len(pack(levels))} bytes, "
                  f"{len(common)} common words, {len(frequent)} frequent words beyond ASCII")
        blob = data_bytes(*model)
        print(f"model data: {len(blob)} bytes raw, {len(gzip.compress(blob, 9))} bytes gzip -9")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "model.rs"
        fresh.write_text(text, encoding="utf-8")
        try:
            rustfmt(fresh)
        except (DataError, subprocess.CalledProcessError) as e:
            print(f"generate-detect-model.py: {e}", file=sys.stderr)
            return 2
        generated = fresh.read_text(encoding="utf-8")
    words_file = frequent_words_file(model[0])
    outputs = [(OUTPUT, generated), (WORDS_OUTPUT, words_file)]
    if args.check:
        stale = []
        for path, text in outputs:
            rel = path.relative_to(ROOT)
            committed = path.read_text(encoding="utf-8") if path.is_file() else ""
            if committed != text:
                stale.append(rel)
                sys.stdout.writelines(difflib.unified_diff(
                    committed.splitlines(keepends=True), text.splitlines(keepends=True),
                    f"{rel} (committed)", f"{rel} (regenerated)"))
        if not stale:
            print(f"generate-detect-model.py: {OUTPUT.relative_to(ROOT)} and "
                  f"{WORDS_OUTPUT.relative_to(ROOT)} are up to date")
            return 0
        print(f"generate-detect-model.py: {', '.join(map(str, stale))} differ from what `{COMMAND}` "
              "generates; run it and commit the result", file=sys.stderr)
        return 1
    for path, text in outputs:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"generate-detect-model.py: wrote {OUTPUT.relative_to(ROOT)} ({len(model[0])} languages, "
          f"{len(model[2])} extra charsets, {len(model[3])} CJK encodings) and "
          f"{WORDS_OUTPUT.relative_to(ROOT)}")
    return 0


def frequent_words_file(languages) -> str:
    """The frequent words beyond ASCII as the inspector fetches them (`mojibake::load_frequent_words`):
    one line a language with any, its code then its words, separated by spaces."""
    return "".join(f"{code} {' '.join(frequent)}\n"
                   for code, _script, _source, _alphabet, _levels, _common, frequent, _tiny in languages
                   if frequent)

if __name__ == "__main__":
    sys.exit(main())
