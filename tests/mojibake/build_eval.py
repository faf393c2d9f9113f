#!/usr/bin/env python3
"""Builds the real-world mojibake evaluation set, tests/mojibake/eval.jsonl.

    python3 tests/mojibake/build_eval.py            # (re)writes tests/mojibake/eval.jsonl
    python3 tests/mojibake/build_eval.py --check    # regenerates into a temporary file and diffs

Clean texts come from real data shipped in PyPI packages (pinned in requirements.txt, installed
into target/mojibake-venv when missing): Faker (names, addresses, companies in 60 locales), Babel
(CLDR: prices, units, dates, locale names), wordfreq (frequent words of 42 languages), emoji
(emoji with their CLDR names), CPython's own standard library source (lines of code), and
../shared/conformance/unicode-lipsum. Symbol-heavy texts are made from those words with the
characters of the macOS US keyboard's Option layer, the Unicode mathematical operators, arrows and
box drawing (named through CPython's unicodedata).

Damaged cases are made from clean texts by running real codecs the way real pipelines fail:
CPython's codecs (latin-1, cp125x strict with errors="replace", ISO-8859-x, KOI8, DOS, Mac), and
the WHATWG windows-125x decoders that let undefined bytes through as C1 controls (their tables are
the standard's indexes in ../shared/conformance/whatwg-encoding). Each case records what a perfect repair returns:
the original text, with one U+FFFD per character that lost a byte for good. A lossy case records
the original too: a repair may tell a lost character by its place (`â€�` after a word is `”`,
whose byte windows-1252 leaves undefined) and give it back.

Deterministic: a fixed seed, pinned packages; the stdlib lines depend on CPython's minor version
(3.11 was used; --check says so when it differs). docs/MOJIBAKE.md describes the set and its
licences. Never reads ftfy's or chardet's test data (held-out evaluations of issue 13).
"""

from __future__ import annotations

import codecs
import difflib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = ROOT / "tests" / "mojibake"
OUT = HERE / "eval.jsonl"
VENV = ROOT / "target" / "mojibake-venv"
LIPSUM = (ROOT / ".." / "shared" / "conformance" / "unicode-lipsum").resolve()
SEED = 13
PYTHON = "3.11"


def ensure_venv() -> None:
    """Re-runs this script inside target/mojibake-venv with the pinned packages."""
    pins = dict(
        line.split("==")
        for line in (HERE / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    )
    try:
        from importlib.metadata import version  # noqa: PLC0415

        if all(version(name) == pin for name, pin in pins.items()):
            return
    except Exception:  # noqa: BLE001 - any missing package means: install
        pass
    if os.environ.get("UTF8LENS_MOJIBAKE_VENV") == "1":
        sys.exit(f"{Path(sys.argv[0]).name}: the pinned packages are still missing in {VENV}")
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-r", str(HERE / "requirements.txt")],
        check=True,
    )
    env = dict(os.environ, UTF8LENS_MOJIBAKE_VENV="1")
    os.execve(str(python), [str(python), *sys.argv], env)


def score_with_rust(cases: list[dict], output: Path, name: str) -> list[dict]:
    """Writes `cases` to `output` (JSON lines) and returns them as the Rust report scored them
    (`mojibake_eval --set output --export FILE`): each case with `ours`, repair's output. Exits
    with the report's output when it fails; `name` is the calling script's."""
    output.parent.mkdir(parents=True, exist_ok=True)
    with output.open("w", encoding="utf-8") as out:
        for case in cases:
            out.write(json.dumps(case, ensure_ascii=False) + "\n")
    with tempfile.TemporaryDirectory() as tmp:
        export = Path(tmp) / "ours.jsonl"
        command = ["cargo", "run", "--release", "--quiet", "-p", "utf8lens-tests", "--example",
                   "mojibake_eval", "--", "--set", str(output), "--export", str(export)]
        report = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if not export.exists():
            sys.stderr.write(report.stdout + report.stderr)
            sys.exit(f"{name}: the Rust report failed")
        return [json.loads(line) for line in export.read_text(encoding="utf-8").split("\n")
                if line]


def scored_cases(cases: list[dict], output: Path, name: str) -> list[dict]:
    """`cases`, each with `ours`, repair's output, as [`score_with_rust`] scores them (the report
    keeps the cases' order, and each case keeps its own fields)."""
    return [dict(case, ours=out["ours"])
            for case, out in zip(cases, score_with_rust(cases, output, name))]


def exact_and_wrong(damaged: list[dict]) -> tuple[int, int]:
    """How many scored damaged cases came back exactly, and how many came out neither as they
    were nor as they should be."""
    exact = sum(c["ours"] == c["expected"] for c in damaged)
    wrong = sum(c["ours"] not in (c["expected"], c["input"]) for c in damaged)
    return exact, wrong


# --- decoders ----------------------------------------------------------------------------------

# WHATWG single-byte decoders, from the standard's own indexes in ../shared/conformance: byte
# 80+i decodes to table[i] (U+FFFD where the standard leaves a byte undefined). Not from Node's
# TextDecoder, which this set once used: Node 20 decodes windows-1252 as ISO-8859-1 (80-9F as C1
# controls), KOI8-U as RFC 2319, windows-1253's AA as U+00AA and windows-874's DB-DE and FC-FF as
# private-use characters, so its "windows-1252" cases were Latin-1 cases under another name.
WHATWG_LABELS = [f"windows-{n}" for n in range(1250, 1259)] + ["windows-874"]
WHATWG_INDEXES = (ROOT / ".." / "shared" / "conformance" / "whatwg-encoding").resolve()


def whatwg_tables() -> dict[str, list[str]]:
    tables = {}
    for label in WHATWG_LABELS:
        path = WHATWG_INDEXES / f"index-{label}.txt"
        if not path.exists():
            sys.exit(f"build_eval.py: {path} is missing (the shared conformance data)")
        index = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            fields = line.split("\t")
            if len(fields) >= 2 and fields[0].strip().isdigit():
                index[int(fields[0])] = chr(int(fields[1], 16))
        tables[label] = [index.get(i, LOST) for i in range(128)]
    return tables


class Decoder:
    """A single-byte decoder: `name` is what the record says, `glyph(b)` what byte b becomes
    (None when the decoder fails on it)."""

    def __init__(self, name: str, glyph):
        self.name = name
        self.glyph = glyph

    def decode(self, data: bytes) -> str | None:
        out = []
        for b in data:
            g = self.glyph(b)
            if g is None:
                return None
            out.append(g)
        return "".join(out)


def python_decoder(codec: str, name: str, errors: str = "strict") -> Decoder:
    def glyph(b: int) -> str | None:
        try:
            return bytes([b]).decode(codec, errors=errors)
        except UnicodeDecodeError:
            return None
    return Decoder(name, glyph)


def whatwg_decoder(label: str, tables: dict[str, list[str]]) -> Decoder:
    table = tables[label]
    # Fatal, as TextDecoder(label, {fatal: true}): a byte the standard leaves undefined fails.
    return Decoder(f"{label} (WHATWG)",
                   lambda b: chr(b) if b < 0x80 else None if table[b - 0x80] == LOST else table[b - 0x80])


def build_decoders(tables) -> dict[str, Decoder]:
    d = {
        "latin-1": python_decoder("latin-1", "iso-8859-1"),
        "cp1252-replace": python_decoder("cp1252", "windows-1252 (CPython, errors=replace)", "replace"),
        "koi8-r": python_decoder("koi8_r", "koi8-r"),
        "koi8-u": python_decoder("koi8_u", "koi8-u"),
        "cp866": python_decoder("cp866", "ibm866"),
        "cp437": python_decoder("cp437", "ibm437"),
        "cp850": python_decoder("cp850", "ibm850"),
        "mac_roman": python_decoder("mac_roman", "macintosh"),
    }
    for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16):
        d[f"iso8859-{n}"] = python_decoder(f"iso8859_{n}", f"iso-8859-{n}")
    for label in WHATWG_LABELS:
        d[label] = whatwg_decoder(label, tables)
    return d


# --- clean texts -------------------------------------------------------------------------------

FAKER_LOCALES = [
    "ar_AA", "az_AZ", "bg_BG", "bn_BD", "bs_BA", "cs_CZ", "da_DK", "de_AT", "de_CH", "de_DE",
    "el_GR", "en_GB", "en_US", "es_ES", "es_MX", "et_EE", "fa_IR", "fi_FI", "fr_CA", "fr_FR",
    "ga_IE", "he_IL", "hi_IN", "hr_HR", "hu_HU", "hy_AM", "id_ID", "is_IS", "it_IT", "ja_JP",
    "ka_GE", "ko_KR", "lt_LT", "lv_LV", "mk_MK", "mt_MT", "ne_NP", "nl_NL", "no_NO", "pl_PL",
    "pt_BR", "pt_PT", "ro_RO", "ru_RU", "sk_SK", "sl_SI", "sq_AL", "sr_BA", "sv_SE", "ta_IN",
    "th_TH", "tr_TR", "uk_UA", "uz_UZ", "vi_VN", "zh_CN", "zh_TW", "de_LI", "es_AR", "fr_CH",
]

CURRENCIES = ["EUR", "GBP", "JPY", "INR", "RUB", "USD", "CNY", "KRW", "TRY", "UAH", "ILS", "PLN",
              "CZK", "CHF", "BRL", "THB", "VND", "NGN", "PHP", "KZT", "SEK", "HUF", "IRR", "EGP"]
MONEY_LOCALES = ["fr_FR", "de_DE", "de_CH", "en_GB", "en_IN", "hi_IN", "ja_JP", "zh_CN", "ru_RU",
                 "uk_UA", "tr_TR", "he_IL", "ar_EG", "fa_IR", "pl_PL", "cs_CZ", "pt_BR", "es_ES",
                 "it_IT", "nl_NL", "sv_SE", "ko_KR", "th_TH", "vi_VN", "hu_HU", "bn_BD", "el_GR",
                 "fr_CA", "en_US", "kk_KZ"]
UNITS = ["temperature-celsius", "temperature-fahrenheit", "area-square-meter", "area-square-kilometer",
         "volume-cubic-meter", "electric-ohm", "duration-microsecond", "length-micrometer",
         "speed-kilometer-per-hour", "angle-degree", "angle-arc-minute", "concentr-permille",
         "mass-kilogram", "acceleration-meter-per-square-second", "power-kilowatt",
         "energy-kilowatt-hour", "length-inch", "length-foot", "volume-liter", "pressure-hectopascal",
         "frequency-megahertz", "digital-megabyte", "concentr-percent", "angle-radian"]
UNIT_LOCALES = ["en", "de", "fr", "ru", "ja", "zh", "el", "he", "ar", "hi", "pl", "cs", "tr", "ko",
                "th", "uk", "sv", "fi", "vi", "pt", "es", "it", "hu", "ro", "fa"]

# The Option layer of the macOS US keyboard (Option + a key, without Shift, then with Shift), as
# printed on the keys: what "symbols typed on a Mac" are.
MAC_OPTION = "¡™£¢∞§¶•ªº–≠œ∑´®†¥¨ˆøπ“‘«åß∂ƒ©˙∆˚¬…æΩ≈ç√∫˜µ≤≥÷⁄€‹›ﬁﬂ‡°·‚—±Œ„´‰ˇÁ¨ˆØ∏”’»ÅÍÎÏ˝ÓÔÒÚÆ¸˛Ç◊ı˜Â¯˘¿"
TYPOGRAPHY = [("“", "”"), ("‘", "’"), ("„", "“"), ("«\u00a0", "\u00a0»"), ("«", "»"), ("‚", "‘"),
              ("»", "«"), ("「", "」"), ("(", ")"), ("\"", "\"")]
MARKS = ["™", "©", "®", "…", "—", "–", "•", "·", "°", "‰", "†", "‡", "§", "¶", "′", "″", "№", "℃"]


def unicode_range(lo: int, hi: int, cats=("Sm", "So")) -> list[str]:
    return [chr(c) for c in range(lo, hi + 1)
            if unicodedata.category(chr(c)) in cats and unicodedata.name(chr(c), "")]


def words_of(lang: str, n: int = 3000) -> list[str]:
    from wordfreq import top_n_list  # noqa: PLC0415
    return [w for w in top_n_list(lang, n) if any(ch.isalpha() for ch in w)]


def clean_texts(rng: random.Random) -> list[dict]:
    from babel import Locale, dates, numbers, units  # noqa: PLC0415
    import datetime  # noqa: PLC0415
    import emoji  # noqa: PLC0415
    from faker import Faker  # noqa: PLC0415
    from wordfreq import available_languages  # noqa: PLC0415

    out: list[dict] = []

    def add(kind: str, source: str, text: str) -> None:
        text = text.strip()
        if text:
            out.append({"kind": kind, "source": source, "text": text})

    # The table: clean texts that an earlier repair damaged.
    for text in ["Size: 12×…", "Since 1999—∞", "Ω≈ç√∫", "ÀÉÎÕÜ"]:
        add("issue", "issue 13", text)

    # Names, addresses and companies.
    for locale in FAKER_LOCALES:
        fake = Faker(locale)
        fake.seed_instance(SEED)
        for _ in range(14):
            add("names", f"Faker {locale} name", fake.name())
        for _ in range(3):
            add("names", f"Faker {locale} address", fake.address())
        for _ in range(3):
            try:
                add("names", f"Faker {locale} company", fake.company())
            except AttributeError:
                add("names", f"Faker {locale} city", fake.city())

    # Prices, units and dates (CLDR through Babel).
    for _ in range(320):
        locale, currency = rng.choice(MONEY_LOCALES), rng.choice(CURRENCIES)
        amount = rng.choice([rng.randint(1, 99), round(rng.uniform(0.5, 99999), 2)])
        add("prices", f"Babel {locale} {currency}", numbers.format_currency(amount, currency, locale=locale))
    for _ in range(220):
        locale, unit = rng.choice(UNIT_LOCALES), rng.choice(UNITS)
        value = rng.choice([rng.randint(1, 500), round(rng.uniform(-40, 1000), 1)])
        length = rng.choice(["short", "narrow", "long"])
        try:
            text = units.format_unit(value, unit, length=length, locale=locale)
        except Exception:  # noqa: BLE001 - a unit a locale has no data for
            continue
        if unit.split("-", 1)[1] not in text:  # Babel falls back to the unit's id
            add("units", f"Babel {locale} {unit}", text)
    for _ in range(140):
        locale = rng.choice(UNIT_LOCALES + MONEY_LOCALES)
        moment = datetime.datetime(rng.randint(1990, 2030), rng.randint(1, 12), rng.randint(1, 28),
                                   rng.randint(0, 23), rng.randint(0, 59))
        form = rng.choice(["full", "long", "medium"])
        add("dates", f"Babel {locale} {form}", dates.format_datetime(moment, form, tzinfo=None, locale=locale)
            if form != "full" else dates.format_date(moment, form, locale=locale))
    langs = sorted({loc.split("_")[0] for loc in MONEY_LOCALES + UNIT_LOCALES + FAKER_LOCALES})
    for lang in langs:
        try:
            loc = Locale.parse(lang)
        except Exception:  # noqa: BLE001
            continue
        add("names", f"Babel {lang} display name", loc.get_display_name(lang) or "")
        for other in rng.sample(langs, 3):
            add("names", f"Babel {lang} language name", loc.languages.get(other, ""))

    # Words and short phrases in 42 languages, some capitalised or in capitals.
    for lang in sorted(available_languages()):
        words = words_of(lang)
        for i in range(16):
            phrase = " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))
            if i % 5 == 3:
                phrase = phrase.upper()
            elif i % 5 == 4:
                phrase = phrase.title()
            add("words", f"wordfreq {lang}", phrase)

    # Windows and Mac typography around real words.
    all_words = {lang: words_of(lang, 800) for lang in ["en", "fr", "de", "es", "it", "pt", "nl",
                                                         "pl", "cs", "ru", "el", "sv", "tr", "hu"]}
    for _ in range(260):
        lang = rng.choice(sorted(all_words))
        words = all_words[lang]
        phrase = " ".join(rng.choice(words) for _ in range(rng.randint(1, 5)))
        left, right = rng.choice(TYPOGRAPHY)
        mark = rng.choice(MARKS)
        form = rng.randint(0, 5)
        text = {
            0: f"{left}{phrase}{right}",
            1: f"{phrase.capitalize()}{mark}",
            2: f"{phrase} {mark} {rng.choice(words)}",
            3: f"{mark} {rng.randint(1990, 2025)} {phrase.title()}",
            4: f"{phrase}…",
            5: f"{rng.randint(1, 99)}{mark} {left}{phrase}{right}",
        }[form]
        add("typography", f"wordfreq {lang} + typography", text)
    # Accented capitals: the capitals of Latin-1, Latin Extended-A and Greek, as people type them
    # in codes, headings and lists.
    capitals = [c for c in map(chr, range(0xC0, 0x17F)) if c.isupper()] + list("ΆΈΉΊΌΎΏ")
    for _ in range(60):
        add("capitals", "Latin-1 and Latin Extended-A capitals",
            "".join(rng.choice(capitals) for _ in range(rng.randint(2, 8))))

    # Symbols typed on a Mac, mathematics, arrows, box drawing.
    math = unicode_range(0x2200, 0x22FF) + list("±×÷¬µ°′″∞√∫≈≠≤≥")
    arrows = unicode_range(0x2190, 0x21FF)
    boxes = [chr(c) for c in range(0x2500, 0x2580)]
    letters = "xyzabnkfgt"
    for _ in range(140):
        add("mac-symbols", "macOS US keyboard, Option layer",
            "".join(rng.choice(MAC_OPTION) for _ in range(rng.randint(2, 8))))
    for _ in range(80):
        words = all_words[rng.choice(["en", "fr", "de"])]
        add("mac-symbols", "macOS US keyboard, Option layer + wordfreq",
            f"{rng.choice(words)} {''.join(rng.choice(MAC_OPTION) for _ in range(rng.randint(1, 3)))} "
            f"{rng.randint(1, 2025)}{rng.choice(MAC_OPTION)}")
    for _ in range(200):
        a, b = rng.choice(letters), rng.choice(letters)
        op, op2 = rng.choice(math), rng.choice(math)
        n = rng.randint(0, 999)
        form = rng.randint(0, 6)
        text = {
            0: f"{a} {op} {b}",
            1: f"{a}{op}{n}",
            2: f"{op}{a} {op2} {n}",
            3: f"f({a}) {op} {n} {op2} {b}",
            4: f"{n}{op}{op2}",
            5: f"Size: {n}{op}{rng.choice(MARKS)}",
            6: f"{op}{op2}{rng.choice(math)}",
        }[form]
        add("math", "Unicode mathematical operators (unicodedata)", text)
    for _ in range(80):
        form = rng.randint(0, 3)
        a1, a2 = rng.choice(arrows), rng.choice(arrows)
        w = rng.choice(all_words["en"])
        text = {
            0: f"{w} {a1} {rng.choice(all_words['en'])}",
            1: f"{a1}{a2}",
            2: f"{rng.randint(1, 99)} {a1} {rng.randint(1, 99)}",
            3: f"Since {rng.randint(1900, 2024)}{rng.choice(MARKS)}{rng.choice(math)}",
        }[form]
        add("math", "Unicode arrows (unicodedata)", text)
    for _ in range(90):
        form = rng.randint(0, 3)
        w = rng.choice(all_words["en"])
        text = {
            0: f"├── {w}",
            1: f"│   └── {w}.rs",
            2: "".join(rng.choice(boxes) for _ in range(rng.randint(2, 12))),
            3: f"│ {w} │ {rng.randint(0, 999)} │",
        }[form]
        add("box", "box drawing (unicodedata)", text)

    # Emoji with their CLDR names in a few languages, and in sentences.
    names = ["en", "es", "fr", "de", "ru", "ja", "pt", "it", "ko", "zh", "ar", "tr", "fa", "id"]
    emojis = sorted(emoji.EMOJI_DATA)
    for _ in range(220):
        e = rng.choice(emojis)
        lang = rng.choice(names)
        name = emoji.EMOJI_DATA[e].get(lang) or emoji.EMOJI_DATA[e]["en"]
        name = name.strip(":").replace("_", " ")
        form = rng.randint(0, 2)
        text = {0: f"{e} {name}", 1: f"{name} {e}{rng.choice(emojis)}", 2: e * rng.randint(1, 3)}[form]
        add("emoji", f"emoji {lang}", text)

    # Code: lines of CPython's standard library, most of them with characters beyond ASCII.
    out.extend(stdlib_lines(rng))

    # Excerpts of the unicode-lipsum texts.
    out.extend(lipsum_excerpts(rng, 260))
    return out


def stdlib_lines(rng: random.Random) -> list[dict]:
    import sysconfig  # noqa: PLC0415
    lib = Path(sysconfig.get_paths()["stdlib"])
    non_ascii, ascii_lines = set(), set()
    for path in sorted(lib.rglob("*.py")):
        if "site-packages" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rel = path.relative_to(lib).as_posix()
        for line in text.splitlines():
            line = line.strip()
            if not 8 <= len(line) <= 160 or "\\" in line:
                continue
            if any(unicodedata.category(c).startswith("C") for c in line):
                continue
            (ascii_lines if line.isascii() else non_ascii).add((rel, line))
    picked = rng.sample(sorted(non_ascii), min(260, len(non_ascii)))
    picked += rng.sample(sorted(ascii_lines), 40)
    return [{"kind": "code", "source": f"CPython {PYTHON} Lib/{rel}", "text": line} for rel, line in picked]


def lipsum_files() -> list[Path]:
    if not LIPSUM.is_dir():
        sys.exit(f"build_eval.py: {LIPSUM} is missing (the shared conformance data)")
    return sorted(p for p in LIPSUM.rglob("*.utf8.txt"))


def lipsum_excerpts(rng: random.Random, n: int) -> list[dict]:
    prose: list[tuple[str, str]] = []
    for path in lipsum_files():
        rel = path.relative_to(LIPSUM).as_posix()
        for line in path.read_text(encoding="utf-8").lstrip("\ufeff").splitlines():
            line = line.strip()
            if len(line) >= 30 and not re.search(r"[\[\]()|/#*_<>{}=%]", line):
                prose.append((rel, line))
    out = []
    for _ in range(n):
        rel, line = rng.choice(prose)
        words = line.split(" ")
        start = rng.randrange(len(words))
        end = min(len(words), start + rng.randint(1, 40))
        text = " ".join(words[start:end])[:400]
        out.append({"kind": "lipsum", "source": f"unicode-lipsum {rel}", "text": text})
    return out


# --- damage ------------------------------------------------------------------------------------

C1 = {chr(c) for c in range(0x80, 0xA0)}
LOST = "\ufffd"


class Garbling:
    """UTF-8 (or CESU-8) bytes read by a decoder, glyph by glyph, each glyph knowing which source
    character it came from, so that the damage done later says which characters lost a byte."""

    def __init__(self, text: str, decoder: Decoder, cesu: bool = False):
        self.text = text
        self.glyphs: list[tuple[int, str]] = []  # (source char index, glyph)
        self.ok = True
        for i, ch in enumerate(text):
            data = cesu8(ch) if cesu else ch.encode("utf-8")
            for b in data:
                g = decoder.glyph(b)
                if g is None:
                    self.ok = False
                    return
                self.glyphs.append((i, g))

    def shown(self) -> str:
        return "".join(g for _, g in self.glyphs)

    def damage(self, lose) -> set[int]:
        """Applies `lose(glyph) -> replacement or None (dropped)` to the glyphs it returns
        something other than the glyph for; returns the source characters that lost a byte."""
        lost, kept = set(), []
        for i, g in self.glyphs:
            r = lose(g)
            if r == g:
                kept.append((i, g))
                continue
            lost.add(i)
            if r is not None:
                kept.append((i, r))
        self.glyphs = kept
        return lost

    def replace(self, old: str, new: str) -> bool:
        """A lossless change of one glyph into another (a no-break space become a space)."""
        hit = any(g == old for _, g in self.glyphs)
        self.glyphs = [(i, new if g == old else g) for i, g in self.glyphs]
        return hit


def cesu8(ch: str) -> bytes:
    if ord(ch) < 0x10000:
        return ch.encode("utf-8")
    units = ch.encode("utf-16-be")
    hi, lo = int.from_bytes(units[:2], "big"), int.from_bytes(units[2:], "big")
    return chr(hi).encode("utf-8", "surrogatepass") + chr(lo).encode("utf-8", "surrogatepass")


def with_losses(text: str, lost: set[int]) -> str:
    return "".join(LOST if i in lost else ch for i, ch in enumerate(text))


def layers(text: str, decoders: list[Decoder]) -> str | None:
    for d in decoders:
        nxt = d.decode(text.encode("utf-8"))
        if nxt is None:
            return None
        text = nxt
    return text


def damaged_cases(clean: list[dict], dec: dict[str, Decoder], rng: random.Random) -> list[dict]:
    pool = [c for c in clean if not c["text"].isascii()]
    cases: list[dict] = []
    PER_CLASS = 240

    def emit(cls, src, garbled, expected, pipeline, lossy=False):
        if garbled is None or garbled == src["text"]:
            return False
        case = {"class": cls, "source": src["source"], "pipeline": pipeline,
                "input": garbled, "expected": expected, "lossy": lossy}
        if lossy:
            case["original"] = src["text"]
        cases.append(case)
        return True

    def fill(make, sources=pool, limit=PER_CLASS, tries=40):
        made = 0
        for _ in range(limit * tries):
            if made >= limit:
                break
            made += bool(make(rng.choice(sources)))

    western = ["latin-1", "windows-1252"]
    others = ["windows-1250", "windows-1251", "windows-1253", "windows-1254", "windows-1255",
              "windows-1256", "windows-1257", "windows-1258", "windows-874", "iso8859-2",
              "iso8859-4", "iso8859-5", "iso8859-7", "iso8859-9", "iso8859-10", "iso8859-13",
              "iso8859-15", "iso8859-16", "koi8-r", "koi8-u", "cp866", "cp437", "cp850", "mac_roman"]

    def one_layer(cls, names):
        def make(src):
            d = dec[rng.choice(names)]
            return emit(cls, src, layers(src["text"], [d]), src["text"], f"utf-8 → {d.name}")
        return make

    fill(one_layer("utf8 as windows-1252/latin-1", western))
    fill(one_layer("utf8 as other charset", others))

    def n_layers(n):
        def make(src):
            same = rng.random() < 0.6
            names = [rng.choice(western + others[:3] + ["mac_roman"])]
            for _ in range(n - 1):
                names.append(names[0] if same else rng.choice(western + ["windows-1250", "windows-1251", "mac_roman"]))
            ds = [dec[x] for x in names]
            return emit(f"{n} layers", src, layers(src["text"], ds), src["text"],
                        " → ".join(["utf-8"] + [d.name for d in ds]))
        return make

    fill(n_layers(2))
    fill(n_layers(3), limit=160)

    # Lost bytes: the five bytes windows-1252 leaves undefined, or every C1 byte through Latin-1.
    def lossy(src):
        way = rng.randrange(4)
        if way == 0:  # CPython's strict cp1252 with errors="replace"
            g = Garbling(src["text"], dec["cp1252-replace"])
            lost = {i for i, x in g.glyphs if x == LOST}
            pipeline = "utf-8 → windows-1252 (CPython, errors=replace): U+FFFD"
        elif way == 1:  # the same, then stored in a legacy charset with errors="replace": "?"
            g = Garbling(src["text"], dec["cp1252-replace"])
            lost = g.damage(lambda x: "?" if x == LOST else x)
            pipeline = "utf-8 → windows-1252 (CPython, errors=replace) → re-encoded with errors=replace: ?"
        elif way == 2:  # Latin-1, then C1 controls stripped
            g = Garbling(src["text"], dec["latin-1"])
            lost = g.damage(lambda x: None if x in C1 else x)
            pipeline = "utf-8 → iso-8859-1 → C1 controls removed"
        else:  # Latin-1, then stored as windows-1252 with errors="replace"
            g = Garbling(src["text"], dec["latin-1"])
            lost = g.damage(lambda x: "?" if x in C1 else x)
            pipeline = "utf-8 → iso-8859-1 → windows-1252 with errors=replace: C1 become ?"
        if not g.ok or not lost:
            return False
        return emit("lost bytes", src, g.shown(), with_losses(src["text"], lost), pipeline, lossy=True)

    # The example first: "Спасибо" with its 81 byte lost to "?".
    emit("lost bytes", {"source": "issue 13", "text": "Спасибо"}, "Ð¡Ð¿Ð°Ñ?Ð¸Ð±Ð¾", f"Спа{LOST}ибо",
         "utf-8 → windows-1252 (CPython, errors=replace) → re-encoded with errors=replace: ?", lossy=True)
    fill(lossy)

    # Sloppy decoders: the WHATWG windows-125x that let undefined bytes through as C1 controls.
    def sloppy(src):
        label = rng.choice(["windows-1252", "windows-1252", "windows-1250", "windows-1251",
                            "windows-1254", "windows-1257"])
        strict = python_decoder("cp" + label.split("-")[1], label)
        data = src["text"].encode("utf-8")
        if strict.decode(data) is not None:
            return False  # no undefined byte met: not this class
        return emit("sloppy windows-125x", src, dec[label].decode(data), src["text"],
                    f"utf-8 → {label} (WHATWG: undefined bytes become C1 controls)")

    fill(sloppy)

    # A no-break space (byte A0) become a plain space after the garbling.
    def nbsp(src):
        name = rng.choice(["windows-1252", "latin-1", "windows-1257", "windows-1250"])
        g = Garbling(src["text"], dec[name])
        if not g.ok or not g.replace("\u00a0", " "):
            return False
        return emit("no-break space lost", src, g.shown(), src["text"],
                    f"utf-8 → {dec[name].name} → U+00A0 replaced by a space")

    emit("no-break space lost", {"source": "issue 13", "text": "à bientôt"}, "Ã  bientÃ´t", "à bientôt",
         "utf-8 → windows-1252 (WHATWG) → U+00A0 replaced by a space")
    emit("no-break space lost", {"source": "issue 13", "text": "à bientôt"}, "Ã  bientôt", "à bientôt",
         "utf-8 → windows-1252 (WHATWG) → U+00A0 replaced by a space, beside correct text")
    fill(nbsp)

    # Mixed: garbled words beside correct ones; windows-1252 and Latin-1 garbling side by side.
    def partial(src):
        words = src["text"].split(" ")
        if len(words) < 2:
            return False
        start = rng.randrange(len(words))
        end = rng.randint(start + 1, min(len(words), start + 3))
        d = dec[rng.choice(western + ["windows-1251", "windows-1250"])]
        middle = layers(" ".join(words[start:end]), [d])
        if middle is None:
            return False
        text = " ".join(words[:start] + [middle] + words[end:])
        return emit("mixed", src, text, src["text"], f"some words: utf-8 → {d.name}")

    def side_by_side(src):
        words = src["text"].split(" ")
        if len(words) < 2:
            return False
        cut = rng.randint(1, len(words) - 1)
        a, b = " ".join(words[:cut]), " ".join(words[cut:])
        first, second = rng.sample([dec["windows-1252"], dec["latin-1"]], 2)
        ga, gb = layers(a, [first]), layers(b, [second])
        if ga is None or gb is None or ga == a or gb == b:
            return False
        return emit("mixed", src, ga + " " + gb, src["text"],
                    f"first words utf-8 → {first.name}, the rest utf-8 → {second.name}")

    def template(src):
        # A garbled field pasted into a correct sentence.
        d = dec[rng.choice(western)]
        field = layers(src["text"], [d])
        frame = rng.choice(["Bonjour {}, votre commande est prête.", "Sehr geehrte(r) {} — Ihre Bestellung",
                            "“{}” was added to your list…", "Name: {} · Status: ✓", "От: {} — «Привет»"])
        return emit("mixed", src, frame.format(field), frame.format(src["text"]),
                    f"a field utf-8 → {d.name} inside correct text")

    fill(partial, limit=100)
    fill(side_by_side, limit=80)
    fill(template, sources=[c for c in pool if c["kind"] == "names"], limit=60)

    # Emoji through CESU-8 (UTF-16 surrogates encoded one by one), then read as Latin-1/1252.
    astral = [c for c in clean if any(ord(ch) > 0xFFFF for ch in c["text"])]

    def emoji_cesu(src):
        d = dec[rng.choice(western)]
        g = Garbling(src["text"], d, cesu=True)
        if not g.ok:
            return False
        return emit("emoji through cesu-8", src, g.shown(), src["text"], f"cesu-8 → {d.name}")

    fill(emoji_cesu, sources=astral)

    # Indic and Thai: three-byte sequences with A0 or C1 bytes.
    indic = [c for c in pool if script_of(c["text"]) in ("indic", "thai")]

    def indic_damage(src):
        way = rng.randrange(3)
        if way == 0:
            g = Garbling(src["text"], dec[rng.choice(western)])
            if not g.ok or not g.replace("\u00a0", " "):
                return False
            return emit("indic and thai", src, g.shown(), src["text"], "utf-8 → windows-1252 → U+00A0 replaced by a space")
        if way == 1:
            g = Garbling(src["text"], dec["latin-1"])
            lost = g.damage(lambda x: None if x in C1 else x)
            pipeline = "utf-8 → iso-8859-1 → C1 controls removed"
        else:
            g = Garbling(src["text"], dec["cp1252-replace"])
            lost = g.damage(lambda x: "?" if x == LOST else x)
            pipeline = "utf-8 → windows-1252 (CPython, errors=replace) → ?"
        if not g.ok or not lost:
            return False
        return emit("indic and thai", src, g.shown(), with_losses(src["text"], lost), pipeline, lossy=True)

    fill(indic_damage, sources=indic)

    # Legacy bytes read as another legacy charset.
    pairs = [
        ("cyrillic", "koi8-r", "windows-1251"), ("cyrillic", "cp1251", "windows-1252"),
        ("cyrillic", "cp1251", "koi8-r"), ("cyrillic", "cp866", "windows-1251"),
        ("cyrillic", "cp1251", "latin-1"), ("cyrillic", "koi8-r", "windows-1252"),
        ("greek", "cp1253", "windows-1252"), ("greek", "iso8859_7", "windows-1252"),
        ("hebrew", "cp1255", "windows-1252"), ("arabic", "cp1256", "windows-1252"),
        ("arabic", "iso8859_6", "windows-1256"), ("thai", "cp874", "windows-1252"),
        ("latin", "mac_roman", "windows-1252"), ("latin", "cp1252", "mac_roman"),
        ("latin", "cp437", "windows-1252"), ("latin", "cp850", "latin-1"),
        ("latin", "cp1250", "windows-1252"), ("latin", "iso8859_2", "latin-1"),
    ]

    def legacy(src):
        script, real, shown = rng.choice([p for p in pairs if p[0] == script_of(src["text"])])
        try:
            data = src["text"].encode(real)
        except UnicodeEncodeError:
            return False
        garbled = dec[shown].decode(data)
        if garbled is None:
            return False
        return emit("legacy as legacy", src, garbled, src["text"], f"{codecs.lookup(real).name} → {dec[shown].name}")

    legacy_pool = [c for c in pool if script_of(c["text"]) in {p[0] for p in pairs}]
    fill(legacy, sources=legacy_pool, limit=300)
    return cases


def script_of(text: str) -> str:
    """The script of most of a text's letters, coarsely."""
    counts: dict[str, int] = {}
    for ch in text:
        if not ch.isalpha():
            continue
        name = unicodedata.name(ch, "")
        script = ("cyrillic" if "CYRILLIC" in name else "greek" if "GREEK" in name
                  else "hebrew" if "HEBREW" in name else "arabic" if "ARABIC" in name
                  else "thai" if "THAI" in name
                  else "indic" if any(s in name for s in ("DEVANAGARI", "BENGALI", "TAMIL", "GUJARATI",
                                                          "GURMUKHI", "TELUGU", "KANNADA", "MALAYALAM",
                                                          "ORIYA", "SINHALA"))
                  else "latin" if "LATIN" in name else "other")
        counts[script] = counts.get(script, 0) + 1
    return max(sorted(counts), key=counts.get) if counts else "none"


# --- output ------------------------------------------------------------------------------------


def build() -> list[str]:
    if sys.version_info[:2] != tuple(map(int, PYTHON.split("."))):
        print(f"build_eval.py: warning: CPython {sys.version_info[0]}.{sys.version_info[1]}, not {PYTHON}: "
              "the lines of code taken from its standard library differ", file=sys.stderr)
    rng = random.Random(SEED)
    dec = build_decoders(whatwg_tables())
    clean = clean_texts(rng)
    seen, unique = set(), []
    for c in clean:
        if c["text"] not in seen:
            seen.add(c["text"])
            unique.append(c)
    cases = damaged_cases(unique, dec, rng)
    lines = [json.dumps({"class": "clean", "kind": c["kind"], "source": c["source"], "input": c["text"],
                         "expected": c["text"], "lossy": False}, ensure_ascii=False) for c in unique]
    lines += [json.dumps(c, ensure_ascii=False) for c in cases]
    # The unicode-lipsum excerpts still steer the seeded choices above, so that the set stays the
    # same, but the cases made from them are not written: shared/conformance's texts are read in
    # place and never copied into the repository.
    return [line for line in lines if "unicode-lipsum" not in json.loads(line)["source"]]


def main() -> int:
    ensure_venv()
    lines = build()
    text = "\n".join(lines) + "\n"
    if "--check" in sys.argv[1:]:
        old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if old == text:
            print(f"build_eval.py: {OUT.relative_to(ROOT)} is up to date ({len(lines)} cases)")
            return 0
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as tmp:
            tmp.write(text)
        diff = difflib.unified_diff(old.splitlines(), text.splitlines(), "committed", "regenerated", n=0)
        for line in list(diff)[:20]:
            print(line)
        print(f"build_eval.py: {OUT.relative_to(ROOT)} differs from a fresh build ({tmp.name})")
        return 1
    OUT.write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    for line in lines:
        cls = json.loads(line)["class"]
        counts[cls] = counts.get(cls, 0) + 1
    for cls, n in counts.items():
        print(f"{n:6}  {cls}")
    print(f"build_eval.py: wrote {OUT.relative_to(ROOT)}: {len(lines)} cases, {len(text.encode()) // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
