#!/usr/bin/env python3
"""Accuracy and speed of utf8lens::detect beside its peers, on the same files.

Usage (from anywhere):

    python3 tests/detect/bench.py              # accuracy on the visible set, speed on 1 MiB inputs
    BENCH_QUICK=1 python3 tests/detect/bench.py  # accuracy, and speed on one input with few runs
    python3 tests/detect/bench.py --misses     # also list every file we get wrong

Peers: chardet and jschardet from npm (tests/detect/package.json, installed here with `npm ci`),
chardet and charset-normalizer from PyPI (tests/detect/requirements.txt, installed into
target/detect-venv, where this script re-runs itself). Ours: the `detect` example of the codec
crate, built in release mode.

The visible test set is ../shared/conformance/uchardet-test/<lang>/<charset>.<ext>, read in place.
A guess counts when decoding the file with it gives exactly the text that decoding with the true
charset gives (a leading U+FEFF aside); CPython's codecs decode both, so charsets that utf8lens
cannot decode (CJK, ibm855...) are checked the same way. A charset Python has no codec for (viscii,
euc-tw) counts only when named exactly. With CI=true a missing test set is a failure.

Speed: MB/s of a whole detection of 1 MiB inputs made from unicode-lipsum texts (not the test set),
encoded with CPython's codecs: windows-1251 Russian, ISO-8859-1 French, Shift_JIS Japanese and
UTF-8 Greek.
"""

from __future__ import annotations

import codecs
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = ROOT / "tests" / "detect"
DATA = (ROOT / ".." / "shared" / "conformance").resolve()
TESTSET = DATA / "uchardet-test"
VENV = ROOT / "target" / "detect-venv"
QUICK = os.environ.get("BENCH_QUICK") == "1"
CI = os.environ.get("CI", "").strip().lower() in ("true", "1")

# Names that CPython spells differently (or decodes differently from WHATWG).
PYTHON_CODEC = {
    "ascii": "ascii",
    "us-ascii": "ascii",
    "utf-16le": "utf-16-le",
    "utf-16be": "utf-16-be",
    "utf-32le": "utf-32-le",
    "utf-32be": "utf-32-be",
    "mac-centraleurope": "mac_latin2",
    "x-mac-ce": "mac_latin2",
    "maccentraleurope": "mac_latin2",
    "mac-cyrillic": "mac_cyrillic",
    "x-mac-cyrillic": "mac_cyrillic",
    "maccyrillic": "mac_cyrillic",
    "macintosh": "mac_roman",
    "ibm852": "cp852",
    "ibm855": "cp855",
    "ibm866": "cp866",
    "ibm437": "cp437",
    "ibm850": "cp850",
    "windows-874": "cp874",
    "tis-620": "tis_620",
    "uhc": "cp949",
    "euc-kr": "cp949",  # WHATWG's euc-kr is Microsoft's UHC (code page 949)
    "big5": "big5hkscs",  # WHATWG's Big5 includes HKSCS
    "shift_jis": "cp932",  # WHATWG's Shift_JIS is windows-31j
    "gbk": "gb18030",
}

GROUPS = ("Unicode/ASCII", "single-byte", "CJK multi-byte")
CJK = {"shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-tw", "iso-2022-kr", "uhc"}


def group_of(truth: str) -> str:
    if truth.startswith("utf-") or truth == "ascii":
        return GROUPS[0]
    if truth in CJK:
        return GROUPS[2]
    return GROUPS[1]


def truth_of(path: Path) -> str:
    """The charset a file's name gives: utf-16.le is UTF-16LE without a BOM."""
    name = path.name
    if name.endswith((".le", ".be")):
        return name[:-3] + name[-2:]  # utf-16.le -> utf-16le
    return name.rsplit(".", 1)[0]


def normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-") if name else ""


def decode(data: bytes, name: str) -> str | None:
    name = normalise(name)
    codec = PYTHON_CODEC.get(name, PYTHON_CODEC.get(name.replace("-", "_"), name))
    if name == "shift-jis":
        codec = "cp932"
    try:
        codecs.lookup(codec)
    except LookupError:
        return None
    text = data.decode(codec, errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


def correct(data: bytes, truth: str, guess: str) -> bool:
    if not guess:
        return False
    if normalise(guess) == normalise(truth):
        return True
    expected = decode(data, truth)
    got = decode(data, guess)
    return expected is not None and got is not None and expected == got


# --- the detectors ---------------------------------------------------------------------------


def ensure_venv() -> None:
    """Re-runs this script inside target/detect-venv with the pinned PyPI peers."""
    try:
        import chardet  # noqa: F401, PLC0415
        import charset_normalizer  # noqa: F401, PLC0415
        from importlib.metadata import version  # noqa: PLC0415
        if version("chardet") == "7.7.0" and version("charset-normalizer") == "3.5.2":
            return
    except ImportError:
        pass
    if os.environ.get("UTF8LENS_DETECT_VENV") == "1":
        sys.exit("bench.py: the PyPI peers are still missing inside target/detect-venv")
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", str(HERE / "requirements.txt")], check=True)
    env = dict(os.environ, UTF8LENS_DETECT_VENV="1")
    sys.exit(subprocess.run([str(python), __file__, *sys.argv[1:]], env=env).returncode)


def ensure_npm() -> None:
    if not (HERE / "node_modules" / "jschardet").is_dir():
        subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=HERE,
                       check=True, stdout=subprocess.DEVNULL)


def build_ours() -> Path:
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "utf8lens", "--example", "detect"],
                   cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "examples" / "detect"


def ours(binary: Path, files: list[Path]) -> dict[Path, str]:
    out = subprocess.run([str(binary), "--best", *map(str, files)], check=True,
                         capture_output=True, text=True).stdout
    return {Path(line.split("\t")[0]): line.split("\t")[1] for line in out.splitlines()}


def npm_table(*args: str) -> tuple[list[str], dict[Path, list[str]]]:
    """peers.mjs's answer: the detectors' names (its header) and a row of values per file. The npm
    package's own detect is among them when target/npm/pkg is built."""
    out = subprocess.run(["node", str(HERE / "peers.mjs"), *args], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    names = out[0].split("\t")[1:]
    return names, {Path(line.split("\t")[0]): line.split("\t")[1:] for line in out[1:]}


def npm_peers(files: list[Path]) -> dict[str, dict[Path, str]]:
    names, rows = npm_table("guess", *map(str, files))
    return {name: {path: row[i] for path, row in rows.items()} for i, name in enumerate(names)}


def python_chardet(data: bytes) -> str:
    import chardet  # noqa: PLC0415
    return chardet.detect(data)["encoding"] or ""


def python_charset_normalizer(data: bytes) -> str:
    import charset_normalizer  # noqa: PLC0415
    best = charset_normalizer.from_bytes(data).best()
    return best.encoding if best else ""


# --- speed inputs ------------------------------------------------------------------------------


def speed_inputs(tmp: Path) -> list[Path]:
    specs = [
        ("ru-windows-1251", "wikipedia_mars/russian.utf8.txt", "cp1251"),
        ("fr-iso-8859-1", "wikipedia_mars/french.utf8.txt", "latin-1"),
        ("ja-shift_jis", "wikipedia_mars/japanese.utf8.txt", "cp932"),
        ("el-utf-8", "wikipedia_mars/greek.utf8.txt", "utf-8"),
    ]
    if QUICK:
        specs = specs[:1]
    out = []
    for name, source, codec in specs:
        text = (DATA / "unicode-lipsum" / source).read_text(encoding="utf-8")
        data = text.encode(codec, errors="ignore")
        data = (data * (1 + (1 << 20) // len(data)))[: 1 << 20]
        path = tmp / f"{name}.txt"
        path.write_bytes(data)
        out.append(path)
    return out


def main() -> int:
    ensure_venv()
    show_misses = "--misses" in sys.argv
    if not TESTSET.is_dir():
        message = f"bench.py: {TESTSET} is missing"
        if CI:
            print(message + " (CI=true: a failure)", file=sys.stderr)
            return 1
        print(message + "; skipped", file=sys.stderr)
        return 0
    ensure_npm()
    binary = build_ours()
    files = sorted(p for p in TESTSET.rglob("*") if p.is_file())
    guesses: dict[str, dict[Path, str]] = {"utf8lens": ours(binary, files)}
    guesses.update(npm_peers(files))
    timings: dict[str, float] = {}
    for name, fn in (("chardet (PyPI)", python_chardet),
                     ("charset-normalizer (PyPI)", python_charset_normalizer)):
        start = time.perf_counter()
        guesses[name] = {p: fn(p.read_bytes()) for p in files}
        timings[name] = time.perf_counter() - start

    detectors = list(guesses)
    totals = {g: 0 for g in GROUPS}
    right = {d: {g: 0 for g in GROUPS} for d in detectors}
    misses: dict[str, list[str]] = {d: [] for d in detectors}
    for path in files:
        data = path.read_bytes()
        truth = truth_of(path)
        group = group_of(truth)
        totals[group] += 1
        for d in detectors:
            guess = guesses[d].get(path, "")
            if correct(data, truth, guess):
                right[d][group] += 1
            else:
                misses[d].append(f"{path.relative_to(TESTSET)}: {guess or '(none)'}")

    print(f"== detect accuracy on {TESTSET.relative_to(DATA.parent)} ({len(files)} files)")
    header = f"{'detector':28}" + "".join(f"{g + f' ({totals[g]})':>22}" for g in GROUPS) + f"{'all':>10}"
    print(header)
    for d in detectors:
        cells = "".join(f"{right[d][g]:>10} = {100 * right[d][g] / max(1, totals[g]):5.1f}%  " for g in GROUPS)
        total = sum(right[d].values())
        print(f"{d:28}{cells}{100 * total / len(files):8.1f}%")
    if show_misses:
        for d in detectors:
            print(f"-- {d} misses ({len(misses[d])}):")
            for line in misses[d]:
                print(f"   {line}")

    print("== detect speed: MB/s of a whole detection of a 1 MiB input (higher is better)")
    runs = 2 if QUICK else 10
    with tempfile.TemporaryDirectory() as tmp:
        inputs = speed_inputs(Path(tmp))
        ours_speed = {}
        for path in inputs:
            out = subprocess.run([str(binary), "--speed", str(path)], check=True,
                                 capture_output=True, text=True).stdout.split("\t")
            ours_speed[path] = float(out[1])
        names, npm = npm_table("speed", str(runs), *map(str, inputs))
        short = {"chardet (npm)": "chardet npm", "jschardet (npm)": "jschardet", "utf8lens (npm)": "utf8lens npm"}
        print(f"{'input':22}{'utf8lens':>10}" + "".join(f"{short.get(n, n):>14}" for n in names)
              + f"{'chardet py':>12}{'ch-normalizer':>15}")
        for path in inputs:
            data = path.read_bytes()
            py = []
            for fn in (python_chardet, python_charset_normalizer):
                start = time.perf_counter()
                for _ in range(max(1, runs // 5)):
                    fn(data)
                py.append(len(data) / ((time.perf_counter() - start) / max(1, runs // 5)) / 1e6)
            print(f"{path.stem:22}{ours_speed[path]:>10.1f}" + "".join(f"{float(v):>14.1f}" for v in npm[path])
                  + f"{py[0]:>12.1f}{py[1]:>15.1f}")
        if "utf8lens (npm)" in names:
            js = [float(npm[p][names.index("utf8lens (npm)")]) for p in inputs]
            for peer in ("chardet (npm)", "jschardet (npm)"):
                ratios = [j / float(npm[p][names.index(peer)]) for j, p in zip(js, inputs)]
                print(f"utf8lens (npm) / {peer}: {' '.join(f'{r:.1f}x' for r in ratios)}"
                      f" (goal: faster than every JS peer, > 1.0x)")
        else:
            print("(utf8lens (npm) left out: target/npm/pkg is not built; scripts/bench.sh builds it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
