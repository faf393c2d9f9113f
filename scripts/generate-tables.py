#!/usr/bin/env python3
"""Generates codec/src/charset/tables.rs: the legacy charset tables and WHATWG's label list.

Usage (from anywhere; paths are relative to this script's repository):

    python3 scripts/generate-tables.py           # rewrite codec/src/charset/tables.rs
    python3 scripts/generate-tables.py --check   # regenerate to a temporary file and compare;
                                                 # exit 1 if the committed file differs

Sources, all under ../shared/conformance (read-only, never copied into the repository):

* iso-8859-1 ... iso-8859-16 (no -12): Unicode's true ISO tables,
  unicode-mappings-iso8859/8859-N.TXT, C1 controls included. Not WHATWG's aliases: there the labels
  iso-8859-1, -9 and -11 decode as windows-1252, -1254 and -874.
* windows-1250 ... windows-1258, windows-874, koi8-r, koi8-u, ibm866, macintosh, x-mac-cyrillic: WHATWG's
  single-byte indexes whatwg-encoding/index-<name>.txt, as browsers decode them.
* ibm437, ibm850, ibm852: Unicode's vendor tables unicode-mappings-vendors/CP437.TXT, CP850.TXT
  and CP852.TXT.
* Labels: whatwg-encoding/encodings.json (every label a browser accepts, and its encoding).

Each table is stored for bytes 0x80..=0xFF only, as UTF-16 code units (u16), with 0xFFFF for an
undefined byte. That is sound because this script checks, for every charset, that bytes 0x00..=0x7F
are ASCII, that no byte of the upper half maps to ASCII, that every code point is in the BMP and is
not U+FFFF, and that no two bytes share a code point (so encoding is the exact inverse of decoding).
Any surprise in the data stops the script with a message rather than producing a wrong table.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = (ROOT / ".." / "shared" / "conformance").resolve()
OUTPUT = ROOT / "codec" / "src" / "charset" / "tables.rs"
COMMAND = "python3 scripts/generate-tables.py"

UNDEFINED = 0xFFFF

# (canonical name, Rust variant, source kind, source file relative to DATA)
CHARSETS = (
    [(f"iso-8859-{n}", f"Iso8859_{n}", "unicode", f"unicode-mappings-iso8859/8859-{n}.TXT")
     for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)]
    + [(f"windows-{n}", f"Windows{n}", "whatwg", f"whatwg-encoding/index-windows-{n}.txt")
       for n in range(1250, 1259)]
    + [
        ("windows-874", "Windows874", "whatwg", "whatwg-encoding/index-windows-874.txt"),
        ("koi8-r", "Koi8R", "whatwg", "whatwg-encoding/index-koi8-r.txt"),
        ("koi8-u", "Koi8U", "whatwg", "whatwg-encoding/index-koi8-u.txt"),
        ("ibm866", "Ibm866", "whatwg", "whatwg-encoding/index-ibm866.txt"),
        ("macintosh", "Macintosh", "whatwg", "whatwg-encoding/index-macintosh.txt"),
        ("ibm437", "Ibm437", "unicode", "unicode-mappings-vendors/CP437.TXT"),
        ("ibm850", "Ibm850", "unicode", "unicode-mappings-vendors/CP850.TXT"),
        ("ibm852", "Ibm852", "unicode", "unicode-mappings-vendors/CP852.TXT"),
        ("x-mac-cyrillic", "XMacCyrillic", "whatwg", "whatwg-encoding/index-x-mac-cyrillic.txt"),
    ]
)

# WHATWG encoding names (lowercased) that decode with one of our tables. ISO-8859-8-I is ISO-8859-8
# with a different directionality hint; browsers decode it with the ISO-8859-8 index.
WHATWG_TO_OURS = {
    "iso-8859-8-i": "iso-8859-8",
}

LABELS_FILE = "whatwg-encoding/encodings.json"


class DataError(Exception):
    """The conformance data is missing or not what this script expects."""


def read_data(relative: str) -> str:
    path = DATA / relative
    if not path.is_file():
        raise DataError(
            f"missing {path}\n"
            "The conformance data must sit beside the project as ../shared/conformance "
            "(see its README.md); this script never downloads it."
        )
    return path.read_text(encoding="utf-8")


def parse_unicode_mapping(relative: str) -> dict[int, int]:
    """A Unicode MAPPINGS file: `0xXX<TAB>0xXXXX<TAB>#...`; an unlisted byte (or an empty code point
    column, as in the vendor tables' #UNDEFINED lines) is undefined."""
    table: dict[int, int] = {}
    for number, line in enumerate(read_data(relative).splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        fields = body.split()
        if len(fields) == 1:
            continue  # a byte listed without a code point: undefined
        if len(fields) != 2 or not all(re.fullmatch(r"0x[0-9A-Fa-f]+", f) for f in fields):
            raise DataError(f"{relative}:{number}: cannot parse {line!r}")
        byte, code_point = (int(f, 16) for f in fields)
        if byte > 0xFF:
            raise DataError(f"{relative}:{number}: byte {byte:#x} is not a single byte")
        if byte in table:
            raise DataError(f"{relative}:{number}: byte {byte:#04x} is listed twice")
        table[byte] = code_point
    return table


def parse_whatwg_index(relative: str) -> dict[int, int]:
    """A WHATWG single-byte index: `pointer<TAB>0xCODEPOINT<TAB>...`, byte = 0x80 + pointer; bytes
    0x00..=0x7F are ASCII by definition; a missing pointer is unmapped."""
    table = {b: b for b in range(0x80)}
    for number, line in enumerate(read_data(relative).splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) < 2 or not fields[0].isdigit() or not re.fullmatch(r"0x[0-9A-Fa-f]+", fields[1]):
            raise DataError(f"{relative}:{number}: cannot parse {line!r}")
        pointer, code_point = int(fields[0]), int(fields[1], 16)
        if pointer > 0x7F:
            raise DataError(f"{relative}:{number}: pointer {pointer} is outside 0..=127")
        if 0x80 + pointer in table:
            raise DataError(f"{relative}:{number}: pointer {pointer} is listed twice")
        table[0x80 + pointer] = code_point
    return table


def upper_half(name: str, table: dict[int, int]) -> list[int]:
    """Checks the invariants the Rust side relies on and returns bytes 0x80..=0xFF as u16 values."""
    for byte in range(0x80):
        if table.get(byte) != byte:
            raise DataError(
                f"{name}: byte {byte:#04x} maps to {table.get(byte)!r}, not to ASCII; "
                "the tables store only 0x80..=0xFF and assume the lower half is ASCII"
            )
    seen: dict[int, int] = {}
    row = []
    for byte in range(0x80, 0x100):
        code_point = table.get(byte)
        if code_point is None:
            row.append(UNDEFINED)
            continue
        if code_point < 0x80:
            raise DataError(f"{name}: byte {byte:#04x} maps to ASCII U+{code_point:04X}")
        if code_point >= UNDEFINED or 0xD800 <= code_point <= 0xDFFF:
            raise DataError(f"{name}: byte {byte:#04x} maps to U+{code_point:04X}, outside the BMP scalar values")
        if code_point in seen:
            raise DataError(
                f"{name}: bytes {seen[code_point]:#04x} and {byte:#04x} both map to U+{code_point:04X}; "
                "encoding would not be the inverse of decoding"
            )
        seen[code_point] = byte
        row.append(code_point)
    return row


def load_tables() -> list[tuple[str, str, str, list[int]]]:
    tables = []
    for name, variant, kind, relative in CHARSETS:
        parsed = parse_unicode_mapping(relative) if kind == "unicode" else parse_whatwg_index(relative)
        tables.append((name, variant, relative, upper_half(name, parsed)))
    return tables


def load_labels(ours: set[str]) -> list[tuple[str, str, str | None]]:
    """(label, WHATWG encoding name, our canonical name or None), sorted by label."""
    try:
        groups = json.loads(read_data(LABELS_FILE))
    except json.JSONDecodeError as e:
        raise DataError(f"{LABELS_FILE}: not JSON: {e}") from e
    labels: dict[str, tuple[str, str | None]] = {}
    for group in groups:
        for encoding in group["encodings"]:
            whatwg = encoding["name"]
            key = whatwg.lower()
            target = WHATWG_TO_OURS.get(key, key)
            charset = target if target in ours else None
            for label in encoding["labels"]:
                if label != label.strip().lower() or not label.isascii():
                    raise DataError(f"{LABELS_FILE}: label {label!r} is not trimmed lowercase ASCII")
                if label in labels:
                    raise DataError(f"{LABELS_FILE}: label {label!r} appears twice")
                labels[label] = (whatwg, charset)
    for name in ("windows-1252", "iso-8859-2", "koi8-r"):
        if name not in labels:
            raise DataError(f"{LABELS_FILE}: expected label {name!r} is missing")
    return [(label, whatwg, charset) for label, (whatwg, charset) in sorted(labels.items())]


def render(tables, labels) -> str:
    variants = {name: variant for name, variant, _, _ in tables}
    out = [
        f"// DO NOT EDIT. Generated by `{COMMAND}` from ../shared/conformance.",
        "//! The legacy charset tables and WHATWG's labels, generated from the conformance data.",
        "//!",
        "//! Each table holds bytes 0x80..=0xFF (bytes 0x00..=0x7F are ASCII in every charset here, which",
        "//! the generator checks) as UTF-16 code units; [`UNDEFINED`] marks a byte with no character.",
        "",
        "use super::Charset;",
        "",
        "/// A byte the charset leaves undefined. U+FFFF is a noncharacter that no table maps to.",
        f"pub(super) const UNDEFINED: u16 = 0x{UNDEFINED:04X};",
        "",
    ]
    for name, _variant, relative, row in tables:
        const = name.upper().replace("-", "_")
        out.append(f"/// {name}, from `{relative}`.")
        out.append("#[rustfmt::skip]")
        out.append(f"pub(super) const {const}: [u16; 128] = [")
        for start in range(0, 128, 8):
            cells = ", ".join("UNDEFINED" if v == UNDEFINED else f"0x{v:04X}" for v in row[start:start + 8])
            out.append(f"    {cells}, // {0x80 + start:02X}..={0x80 + start + 7:02X}")
        out.append("];")
        out.append("")
    encodings: list[tuple[str, str | None]] = []
    for _, whatwg, charset in labels:
        if (whatwg, charset) not in encodings:
            encodings.append((whatwg, charset))
    if len(encodings) > 255:
        raise DataError(f"{LABELS_FILE}: {len(encodings)} encodings do not fit the u8 indexes")
    out.append("/// Every label of the WHATWG Encoding Standard, sorted, separated by single spaces (one string")
    out.append("/// rather than a slice of strings: a third of the size in the WebAssembly module).")
    out.append("pub(super) const LABEL_NAMES: &str = concat!(")
    line = ""
    for i, (label, _, _) in enumerate(labels):
        piece = label + (" " if i + 1 < len(labels) else "")
        if len(line) + len(piece) > 88:
            out.append(f'    "{line}",')
            line = ""
        line += piece
    out.append(f'    "{line}",')
    out.append(");")
    out.append("")
    out.append("/// For each label of [`LABEL_NAMES`], in order, the encoding it names: an index into [`ENCODINGS`].")
    out.append("#[rustfmt::skip]")
    out.append(f"pub(super) const LABEL_TARGETS: [u8; {len(labels)}] = [")
    targets = [encodings.index((whatwg, charset)) for _, whatwg, charset in labels]
    for start in range(0, len(targets), 16):
        out.append("    " + ", ".join(str(t) for t in targets[start:start + 16]) + ",")
    out.append("];")
    out.append("")
    out.append("/// The encodings labels name: the WHATWG name, and our charset that decodes it, if any.")
    out.append(f"pub(super) const ENCODINGS: [(&str, Option<Charset>); {len(encodings)}] = [")
    for whatwg, charset in encodings:
        target = f"Some(Charset::{variants[charset]})" if charset else "None"
        out.append(f'    ("{whatwg}", {target}),')
    out.append("];")
    out.append("")
    return "\n".join(out)


def rustfmt(path: Path) -> None:
    exe = shutil.which("rustfmt")
    if exe is None:
        raise DataError("rustfmt is not on PATH (install it with `rustup component add rustfmt`)")
    subprocess.run([exe, "--edition", "2021", str(path)], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate to a temporary file and compare with the committed one")
    args = parser.parse_args()
    try:
        tables = load_tables()
        labels = load_labels({name for name, _, _, _ in tables})
    except DataError as e:
        print(f"generate-tables.py: {e}", file=sys.stderr)
        return 2
    text = render(tables, labels)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "tables.rs"
        fresh.write_text(text, encoding="utf-8")
        try:
            rustfmt(fresh)
        except (DataError, subprocess.CalledProcessError) as e:
            print(f"generate-tables.py: {e}", file=sys.stderr)
            return 2
        generated = fresh.read_text(encoding="utf-8")
    if args.check:
        committed = OUTPUT.read_text(encoding="utf-8") if OUTPUT.is_file() else ""
        if committed == generated:
            print(f"generate-tables.py: {OUTPUT.relative_to(ROOT)} is up to date")
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            committed.splitlines(keepends=True), generated.splitlines(keepends=True),
            f"{OUTPUT.relative_to(ROOT)} (committed)", f"{OUTPUT.relative_to(ROOT)} (regenerated)"))
        print(f"generate-tables.py: {OUTPUT.relative_to(ROOT)} differs from what `{COMMAND}` generates; "
              "run it and commit the result", file=sys.stderr)
        return 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(generated, encoding="utf-8")
    print(f"generate-tables.py: wrote {OUTPUT.relative_to(ROOT)} "
          f"({len(tables)} charsets, {len(labels)} labels)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
