#!/usr/bin/env python3
"""utf8lens repair beside ftfy on the real-world mojibake evaluation set (tests/mojibake/eval.jsonl).

    python3 tests/mojibake/run.py            # every case
    python3 tests/mojibake/run.py --quick    # every 7th case: seconds once built
    python3 tests/mojibake/run.py --report   # exit 0 even when a clean text was changed (bench.sh)
    python3 tests/mojibake/run.py --lowercased  # the set as a pipeline that lowercases text after
                                                # the damage makes it (the report's --lowercased)
    python3 tests/mojibake/run.py --uppercased  # the same, uppercased

Runs the Rust report (`cargo run --release -p utf8lens-tests --example mojibake_eval -- --export`),
then ftfy 6 (pinned in requirements.txt, installed into target/mojibake-venv when missing) on the
same inputs, and prints one table: clean texts changed, and exact repairs per damage class, ours
and ftfy's. ftfy is called as `ftfy.fix_encoding(text)`, its encoding fixer alone: `fix_text` also
straightens quotes and normalises, which would count as changes to clean text. ftfy is only called
here; its code is not read and nothing of it is in utf8lens. Exit status 1 when utf8lens changed
a clean text.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_eval import ROOT, ensure_venv  # noqa: E402

LEGACY = "legacy as legacy"


def main() -> int:
    ensure_venv()
    import ftfy  # noqa: PLC0415

    quick = "--quick" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        export = Path(tmp) / "ours.jsonl"
        command = ["cargo", "run", "--release", "--quiet", "-p", "utf8lens-tests", "--example",
                   "mojibake_eval", "--", "--export", str(export)] + (["--quick"] if quick else [])
        command += [a for a in sys.argv[1:] if a in ("--lowercased", "--uppercased")]
        report = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if not export.exists():
            sys.stderr.write(report.stdout + report.stderr)
            sys.exit("run.py: the Rust report failed")
        cases = [json.loads(line) for line in export.read_text(encoding="utf-8").split("\n") if line]

    # class -> [cases, ours exact, ftfy exact]
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    changed_ours, changed_ftfy = [], []
    for case in cases:
        theirs = ftfy.fix_encoding(case["input"])
        row = rows[case["class"]]
        row[0] += 1
        row[1] += case["ours"] == case["expected"]
        row[2] += theirs == case["expected"]
        if case["class"] == "clean":
            if case["ours"] != case["input"]:
                changed_ours.append((case["input"], case["ours"]))
            if theirs != case["input"]:
                changed_ftfy.append((case["input"], theirs))

    def pct(ok: int, n: int) -> str:
        return f"{100 * ok / n:.2f}%" if n else "–"

    print(f"{report.stdout.splitlines()[0] if report.stdout else ''}")
    print(f"ftfy {ftfy.__version__} (fix_encoding) on the same cases\n")
    print("| cases | n | utf8lens exact | ftfy exact |")
    print("|---|---:|---:|---:|")
    clean = rows.pop("clean", [0, 0, 0])
    print(f"| clean texts changed | {clean[0]} | **{clean[0] - clean[1]}** | {clean[0] - clean[2]} |")
    total = [0, 0, 0]
    for cls in sorted(rows):
        r = rows[cls]
        total = [a + b for a, b in zip(total, r)]
        print(f"| {cls} | {r[0]} | {pct(r[1], r[0])} | {pct(r[2], r[0])} |")
    print(f"| **all damaged** | {total[0]} | **{pct(total[1], total[0])}** | {pct(total[2], total[0])} |")
    print(f"\nGoals: 0 clean texts changed; ≥ 97% exact on damaged cases; {LEGACY} ≥ 95%.")
    for name, changed in (("utf8lens", changed_ours), ("ftfy", changed_ftfy)):
        if changed:
            print(f"\nclean texts {name} changed ({len(changed)}), the first ones:")
            for before, after in changed[:10]:
                print(f"  {before!r} -> {after!r}")
    # --report: print only (the benchmark command), since tests/tests/mojibake_eval.rs is the gate.
    return 1 if changed_ours and "--report" not in sys.argv[1:] else 0


if __name__ == "__main__":
    sys.exit(main())
