#!/usr/bin/env python3
"""The development set of utf8lens::detect: what its rules and constants are tuned on.

    python3 tests/detect/dev.py [--misses] [--size N]

The visible test set (../shared/conformance/uchardet-test) is only measured, never tuned on. This
set is made instead from unicode-lipsum's Wikipedia articles (not the test set): for each article,
snippets of about N bytes (default 300) at fixed offsets, encoded with CPython's codecs into every
charset of the detector that encodes the snippet without loss and where the snippet has at least
one byte 80..=FF. Note that the Esperanto, Thai and German models are trained partly on the same
articles, so their figures here are optimistic. A guess counts as in bench.py: it decodes the
snippet to the same text.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import DATA, build_ours, correct, ours  # noqa: E402

ARTICLES = {
    "czech": ["iso-8859-2", "windows-1250", "ibm852", "x-mac-ce"],
    "english": ["windows-1252"],
    "esperanto": ["iso-8859-3"],
    "french": ["iso-8859-1", "windows-1252", "iso-8859-15", "macintosh", "ibm850"],
    "german": ["iso-8859-1", "windows-1252", "ibm437", "macintosh"],
    "greek": ["iso-8859-7", "windows-1253"],
    "hebrew": ["iso-8859-8", "windows-1255"],
    "persan": ["windows-1256"],
    "portuguese": ["iso-8859-1", "windows-1252", "ibm850"],
    "russian": ["windows-1251", "koi8-r", "iso-8859-5", "ibm866", "x-mac-cyrillic", "ibm855"],
    "thai": ["windows-874", "iso-8859-11"],
    "turkish": ["iso-8859-9", "windows-1254"],
    "vietnamese": ["windows-1258"],
    "arabic": ["iso-8859-6", "windows-1256"],
}

CODEC = {
    "ibm852": "cp852", "x-mac-ce": "mac_latin2", "x-mac-cyrillic": "mac_cyrillic",
    "ibm855": "cp855", "ibm866": "cp866", "ibm437": "cp437", "ibm850": "cp850",
    "macintosh": "mac_roman", "windows-874": "cp874",
}


def windows1258(text: str) -> str:
    """Vietnamese as windows-1258 spells it: the generator's own rule."""
    import importlib.util  # noqa: PLC0415
    path = Path(__file__).resolve().parent.parent.parent / "scripts" / "generate-detect-model.py"
    spec = importlib.util.spec_from_file_location("generate_detect_model", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.windows1258_form(text)


def main() -> int:
    size = 300
    if "--size" in sys.argv:
        size = int(sys.argv[sys.argv.index("--size") + 1])
    binary = build_ours()
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        for article, charsets in ARTICLES.items():
            text = (DATA / "unicode-lipsum" / "wikipedia_mars" / f"{article}.utf8.txt").read_text(encoding="utf-8")
            lines = [line for line in text.splitlines() if len(line) > 40]
            snippets = []
            for i in range(0, len(lines), max(1, len(lines) // 12)):
                snippet = " ".join(lines[i:i + 6])[:size]
                snippets.append(snippet)
            for charset in charsets:
                for n, snippet in enumerate(snippets):
                    if charset == "windows-1258":
                        snippet = windows1258(snippet)
                    try:
                        data = snippet.encode(CODEC.get(charset, charset))
                    except UnicodeEncodeError:
                        continue
                    if not any(b >= 0x80 for b in data):
                        continue
                    path = Path(tmp) / f"{article}-{charset}-{n}.txt"
                    path.write_bytes(data)
                    cases.append((path, article, charset))
        guesses = ours(binary, [p for p, _, _ in cases])
        right = defaultdict(int)
        total = defaultdict(int)
        misses = []
        for path, article, charset in cases:
            key = (article, charset)
            total[key] += 1
            guess = guesses.get(path, "")
            if correct(path.read_bytes(), charset, guess):
                right[key] += 1
            else:
                misses.append(f"{path.name}: {guess}")
    all_right = sum(right.values())
    all_total = sum(total.values())
    for key in sorted(total):
        print(f"{key[0]:>12} {key[1]:<16} {right[key]:>3}/{total[key]:<3}")
    print(f"dev set: {all_right}/{all_total} = {100 * all_right / max(1, all_total):.1f}%")
    if "--misses" in sys.argv:
        for line in misses:
            print("  miss", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
