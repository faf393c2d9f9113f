#!/usr/bin/env python3
"""Runs ftfy on the mojibake corpus exported by the mojibake_accuracy example and prints its accuracy
next to utf8lens's, as in docs/MOJIBAKE.md. A benchmark only: nothing in utf8lens uses Python.

    cargo run --release -p utf8lens --example mojibake_accuracy -- --export /tmp/mojibake.jsonl
    pip install ftfy
    python3 codec/examples/mojibake_accuracy/ftfy_compare.py /tmp/mojibake.jsonl

ftfy is called as `ftfy.fix_encoding(text)`, its mojibake fixer alone. (`ftfy.fix_text` also
straightens quotes, normalises to NFC and more, which would count as changes to clean text.)
"""

import json
import sys
from collections import defaultdict

try:
    import ftfy
except ImportError:
    sys.exit("ftfy_compare.py: ftfy is not installed (pip install ftfy)")


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    # group -> [ours long ok, ftfy long ok, long n, ours short ok, ftfy short ok, short n]
    groups: dict[str, list[int]] = defaultdict(lambda: [0] * 6)
    charsets: dict[str, list[int]] = defaultdict(lambda: [0] * 3)
    clean = [0, 0, 0]  # texts, ours changed, ftfy changed
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            fixed = ftfy.fix_encoding(case["garbled"])
            if case["group"] == "clean":
                clean[0] += 1
                clean[1] += case["ours"] != case["original"]
                clean[2] += fixed != case["original"]
                continue
            if not case["reversible"]:
                continue
            ours = case["ours"] == case["original"]
            theirs = fixed == case["original"]
            row = groups[case["group"]]
            base = 0 if case["long"] else 3
            row[base] += ours
            row[base + 1] += theirs
            row[base + 2] += 1
            if case["group"] == "1 layer" and case["long"]:
                c = charsets[case["label"]]
                c[0] += ours
                c[1] += theirs
                c[2] += 1

    def pct(ok: int, n: int) -> str:
        return f"{100 * ok / n:.2f}%" if n else "–"

    print(f"ftfy {ftfy.__version__} (fix_encoding) vs utf8lens repair: exact repairs\n")
    print("| damage | cases ≥ 20 chars | utf8lens | ftfy | cases < 20 chars | utf8lens | ftfy |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for group in sorted(groups):
        r = groups[group]
        print(f"| {group} | {r[2]} | {pct(r[0], r[2])} | {pct(r[1], r[2])} | {r[5]} | {pct(r[3], r[5])} | {pct(r[4], r[5])} |")
    print("\n| one layer, UTF-8 read as | cases ≥ 20 chars | utf8lens | ftfy |")
    print("|---|---:|---:|---:|")
    for label in sorted(charsets):
        c = charsets[label]
        print(f"| {label} | {c[2]} | {pct(c[0], c[2])} | {pct(c[1], c[2])} |")
    print(f"\nClean texts: {clean[0]}; changed by utf8lens: {clean[1]}; changed by ftfy: {clean[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
