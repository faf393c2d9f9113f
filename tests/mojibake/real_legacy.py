#!/usr/bin/env python3
"""Legacy as legacy on real text: repair on sentences of real text in their own legacy charset
shown in another, per pipeline, beside ftfy.

    python3 tests/mojibake/real_legacy.py

The evaluation set's legacy cases (tests/mojibake/eval.jsonl) are mostly short Western strings.
This measures the same damage on real prose in 23 languages: the texts of
../shared/conformance/uchardet-test (its UTF-8 file, or where a language has none the first file
CPython decodes by its name, `windows-1250.txt`) and Wikipedia's Mars article in
../shared/conformance/unicode-lipsum/wikipedia_mars, cut into sentences of 20–160 characters. Each
sentence is encoded in a charset its language was written in and decoded in one it was often
shown in, by CPython's codecs (windows-125x and windows-874 pass the bytes they leave undefined as
C1 controls, as WHATWG's decoders do), at most 30 sentences a pipeline, and only sentences the
damage changes. The cases are written to target/mojibake/real-legacy.jsonl (nothing is copied
into the repository) and scored by the Rust report
(`cargo run --release -p utf8lens-tests --example mojibake_eval -- --set FILE --export FILE`);
ftfy 6 (`fix_encoding`, from target/mojibake-venv) runs on the same inputs. With CI=true a
missing text is a failure. Prints one row per pipeline: exact repairs, and wrong repairs (an
output that is neither the input nor the original); exits with status 1 below the measured state
(MIN_EXACT_SHARE exact, at most MAX_WRONG wrong).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_eval import ROOT, ensure_venv  # noqa: E402

SHARED = (ROOT / ".." / "shared" / "conformance").resolve()
UCHARDET = SHARED / "uchardet-test"
MARS = SHARED / "unicode-lipsum" / "wikipedia_mars"
OUTPUT = ROOT / "target" / "mojibake" / "real-legacy.jsonl"
PER_PIPELINE = 30
# The floors of the measured state (799 of 839 exact, 2 wrong, 2026-11-30).
MIN_EXACT_SHARE = 0.95
MAX_WRONG = 2
MIN_CHARS, MAX_CHARS = 20, 160

# Wikipedia's Mars article, by language.
MARS_FILES = {"cs": "czech", "fr": "french", "de": "german", "el": "greek", "he": "hebrew",
              "ar": "arabic", "ru": "russian", "tr": "turkish", "pt": "portuguese", "th": "thai"}

# language -> (the charset it was written in, the one it was shown in), CPython codec names.
PIPELINES = {
    "ru": [("koi8_r", "cp1251"), ("cp1251", "koi8_r"), ("cp866", "cp1251"), ("cp1251", "latin-1"),
           ("cp1251", "cp1252")],
    "bg": [("cp1251", "cp1252")],
    "el": [("cp1253", "cp1252"), ("iso8859_7", "cp1252")],
    "he": [("cp1255", "cp1252")],
    "ar": [("cp1256", "cp1252")],
    "cs": [("cp1250", "cp1252"), ("iso8859_2", "latin-1")],
    "pl": [("cp1250", "cp1252"), ("iso8859_2", "latin-1")],
    "hu": [("cp1250", "cp1252"), ("cp852", "cp1250")],
    "sk": [("cp1250", "cp1252")],
    "hr": [("cp1250", "cp1252")],
    "sl": [("cp1250", "cp1252")],
    "tr": [("cp1254", "cp1252")],
    "th": [("cp874", "cp1252")],
    "lt": [("cp1257", "cp1252")],
    "lv": [("cp1257", "cp1252")],
    "fr": [("mac_roman", "cp1252"), ("cp1252", "mac_roman"), ("cp850", "latin-1"),
           ("cp437", "cp1252")],
    "de": [("mac_roman", "cp1252"), ("cp1252", "mac_roman"), ("cp850", "latin-1"),
           ("cp437", "cp1252")],
    "es": [("mac_roman", "cp1252"), ("cp1252", "mac_roman"), ("cp850", "latin-1"),
           ("cp437", "cp1252")],
    "pt": [("mac_roman", "cp1252"), ("cp1252", "mac_roman"), ("cp850", "latin-1")],
    "it": [("mac_roman", "cp1252"), ("cp1252", "mac_roman"), ("cp850", "latin-1")],
    "sv": [("mac_roman", "cp1252"), ("cp1252", "mac_roman"), ("cp850", "latin-1")],
    "da": [("mac_roman", "cp1252"), ("cp850", "latin-1")],
    "fi": [("mac_roman", "cp1252"), ("cp850", "latin-1")],
}


def missing(path: Path) -> None:
    if os.environ.get("CI") == "true":
        sys.exit(f"real_legacy.py: {path} is missing (CI=true)")
    print(f"real_legacy.py: {path} is missing, skipped", file=sys.stderr)


def texts(lang: str) -> str:
    found = []
    folder = UCHARDET / lang
    if folder.is_dir():
        found += [p.read_text(encoding="utf-8") for p in sorted(folder.glob("utf-8*"))]
        # No UTF-8 text: the first one in a charset CPython knows by its file's name.
        for path in sorted(folder.glob("*.txt")) if not found else []:
            try:
                found.append(path.read_bytes().decode(path.stem))
                break
            except (LookupError, UnicodeDecodeError):
                continue
    else:
        missing(folder)
    if lang in MARS_FILES:
        path = MARS / f"{MARS_FILES[lang]}.utf8.txt"
        if path.exists():
            found.append(path.read_text(encoding="utf-8"))
        else:
            missing(path)
    return " ".join(found)


def shown(data: bytes, codec: str) -> str:
    """`data` decoded in `codec`, a byte it leaves undefined passed as a C1 control (WHATWG)."""
    out = []
    for byte in data:
        try:
            out.append(bytes([byte]).decode(codec))
        except UnicodeDecodeError:
            if not codec.startswith("cp125") and codec != "cp874":
                raise
            out.append(chr(byte))
    return "".join(out)


def build() -> list[dict]:
    cases = []
    for lang, pipelines in PIPELINES.items():
        sentences = []
        for piece in re.split(r"(?<=[.!?])\s+|\n+", texts(lang)):
            piece = piece.strip()
            if len(piece) > MAX_CHARS:
                piece = piece[:MAX_CHARS].rsplit(" ", 1)[0]
            if len(piece) >= MIN_CHARS:
                sentences.append(piece)
        for real, display in pipelines:
            taken = 0
            for sentence in sentences:
                try:
                    damaged = shown(sentence.encode(real), display)
                except (UnicodeEncodeError, UnicodeDecodeError):
                    continue
                if damaged == sentence:
                    continue
                cases.append({"class": "legacy as legacy", "source": f"real text ({lang})",
                              "pipeline": f"{lang} {real} → {display}", "input": damaged,
                              "expected": sentence, "lossy": False})
                taken += 1
                if taken == PER_PIPELINE:
                    break
    return cases


def main() -> int:
    cases = build()
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with OUTPUT.open("w", encoding="utf-8") as out:
        for case in cases:
            out.write(json.dumps(case, ensure_ascii=False) + "\n")
    ensure_venv()
    import ftfy  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as tmp:
        export = Path(tmp) / "ours.jsonl"
        command = ["cargo", "run", "--release", "--quiet", "-p", "utf8lens-tests", "--example",
                   "mojibake_eval", "--", "--set", str(OUTPUT), "--export", str(export)]
        report = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if not export.exists():
            sys.stderr.write(report.stdout + report.stderr)
            sys.exit("real_legacy.py: the Rust report failed")
        scored = [json.loads(line) for line in export.read_text(encoding="utf-8").split("\n") if line]

    # pipeline -> [cases, ours exact, ours wrong, ftfy exact]
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for case in scored:
        row = rows[case["pipeline"]]
        row[0] += 1
        row[1] += case["ours"] == case["expected"]
        row[2] += case["ours"] not in (case["expected"], case["input"])
        row[3] += ftfy.fix_encoding(case["input"]) == case["expected"]
    print(f"real_legacy.py: {len(scored)} sentences of real text, {OUTPUT.relative_to(ROOT)}")
    print(f"ftfy {ftfy.__version__} (fix_encoding) on the same inputs\n")
    print("| pipeline | n | utf8lens exact | wrong | ftfy exact |")
    print("|---|---:|---:|---:|---:|")
    total = [0, 0, 0, 0]
    for pipeline in sorted(rows):
        r = rows[pipeline]
        total = [a + b for a, b in zip(total, r)]
        print(f"| {pipeline} | {r[0]} | {r[1]} | {r[2]} | {r[3]} |")
    n = max(total[0], 1)
    print(f"| **all** | {total[0]} | **{total[1]} ({100 * total[1] / n:.2f}%)** | {total[2]} | "
          f"{total[3]} ({100 * total[3] / n:.2f}%) |")
    # The measured state, as tests/tests/mojibake_eval.rs guards the set's: a change that repairs
    # fewer sentences or makes more wrong outputs fails the benchmark, and so the test command.
    if total[1] / n < MIN_EXACT_SHARE or total[2] > MAX_WRONG:
        print(f"real_legacy.py: below the measured state (at least {100 * MIN_EXACT_SHARE:.1f}% "
              f"exact, at most {MAX_WRONG} wrong)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
