#!/usr/bin/env python3
"""Writes the hand-made starting seeds of each fuzz target into a directory:

    python3 codec/fuzz/seeds.py DIR     # DIR/<target>/<name>

scripts/fuzz.sh --update-corpus runs the fuzzers from these seeds and the committed corpus, then
minimises everything into codec/fuzz/corpus/<target>/ (which is what is committed). The seeds
themselves are written here by hand from the specifications (RFC 3629, Unicode §3.9, the variant
and charset tables): nothing is copied from the external conformance data.
"""

import os
import struct
import sys

# Byte sequences that exercise every branch of the UTF-8 grammar.
UTF8 = {
    "ascii": b"Hello, world! 0123456789 ~",
    "two_byte": "caf\u00e9 na\u00efve \u00fc\u00df".encode(),
    "three_byte": "\u20ac \u2192 \u65e5\u672c\u8a9e \ufeff".encode(),
    "four_byte": "\U0001f600\U0001f680 \U00010000\U0010ffff".encode(),
    "mixed_scripts": "Gr\u00fc\u00dfe, \u041f\u0440\u0438\u0432\u0435\u0442, \u0395\u03bb\u03bb\u03ac\u03b4\u03b1, \u05e9\u05dc\u05d5\u05dd, \u4f60\u597d \U0001f44d\U0001f3fd".encode(),
    "bom": b"\xef\xbb\xbfabc",
    "bom_twice": b"\xef\xbb\xbf\xef\xbb\xbfx",
    "overlong_2": b"a\xc0\xafb\xc1\xbf",
    "overlong_3": b"\xe0\x80\xaf\xe0\x9f\xbf",
    "overlong_4": b"\xf0\x80\x80\xaf\xf0\x8f\xbf\xbf",
    "surrogates": b"\xed\xa0\x80\xed\xbf\xbf\xed\xa0\xbd\xed\xb8\x80",
    "too_large": b"\xf4\x90\x80\x80\xf5\x80\x80\x80\xf7\xbf\xbf\xbf",
    "never_valid": bytes(range(0xF5, 0x100)),
    "rfc2279_leads": b"\xf8\x88\x80\x80\x80\xfc\x84\x80\x80\x80\x80",
    "lone_continuations": bytes(range(0x80, 0xC0)),
    "all_leads_then_space": b"".join(bytes([b, 0x20]) for b in range(0xC0, 0x100)),
    "truncated": b"\xc3\xe2\x82\xf0\x9f\x98x\xe2",
    "truncated_at_end": b"abc\xf0\x9f\x98",
    "edge_values": "\x7f\u0080\u07ff\u0800\ud7ff\ue000\ufffd\uffff\U00010000\U0010ffff".encode("utf-8", "surrogatepass"),
    "replacement_in_input": "a\ufffdb".encode() + b"\xff",
    "simd_boundary_63": b"a" * 63 + b"\xe2\x82\xac" + b"b" * 60 + b"\xff",
    "simd_boundary_64": b"a" * 64 + b"\xc3",
    "long_valid_then_error": ("\u00e9" * 40).encode() + b"\xed\xa0\x80",
    "nul_and_controls": b"\x00\x01\x1b[31m\x7f\xc2\x85\xc2\x9f",
    "all_bytes": bytes(range(256)),
}


def le_units(text):
    return text.encode("utf-16-le", "surrogatepass")


def le_code_points(values):
    # The fuzz target reads a selector byte then a u32 LE; selector 3 keeps the value as it is.
    return b"".join(bytes([3]) + struct.pack("<I", v) for v in values)


def stream_seed(flags, cuts, data):
    return bytes([flags | (len(cuts) << 3)]) + bytes(cuts) + data


def main(out):
    seeds = {}
    seeds["decode_vs_std"] = dict(UTF8)
    seeds["decode_vs_std"]["utf16_pairs"] = le_units("a\ud83d\ude00b") + le_units("\udc00x")

    stream = {}
    for i, (name, data) in enumerate(sorted(UTF8.items())):
        flags = i % 8
        cuts = [(j * 37 + i * 11) % 256 for j in range(1 + i % 5)]
        stream[name] = stream_seed(flags, cuts, data)
    stream["bom_split"] = stream_seed(0, [1, 2, 3], b"\xef\xbb\xbf\xef\xbb\xbfA")
    stream["fatal_error_then_more"] = stream_seed(1, [80, 160], b"ab\xe2\x82xyz\xf0\x9f\x98\x80")
    seeds["stream_splits"] = stream

    seeds["variants_round_trip"] = {
        "cesu8_pair": b"\xed\xa0\x81\xed\xb0\x80",
        "mutf8_nul": b"A\xc0\x80B",
        "mutf8_lone_trail": b"\xc0\x80\xed\xb0\x80",
        "wtf8_lone_lead": b"\xed\xa0\x81z",
        "wtf8_split_pair": b"\xed\xa0\xbd\xed\xb8\x80",
        "rfc2279_max": b"\xfd\xbf\xbf\xbf\xbf\xbf",
        "rfc2279_five": b"\xf8\x88\x80\x80\x80",
        "utf8_four": "\U0001f600".encode(),
        "code_points_pairs": le_code_points([0x41, 0xD801, 0xDC00, 0xD800, 0x10FFFF, 0x110000]),
        "code_points_big": le_code_points([0x7FFFFFFF, 0x80000000, 0x3FFFFFF, 0x200000, 0]),
        "truncated": b"ab\xe2\x82",
    }

    legacy = {
        "high_half": bytes(range(0x80, 0x100)),
        "latin1_text": "H\u00f6he Stra\u00dfe \u20ac 5".encode(),
        "cyrillic": "\u041f\u0440\u0438\u0432\u0435\u0442".encode(),
        "greek": "\u0395\u03bb\u03bb\u03ac\u03b4\u03b1".encode(),
        "box_drawing": "\u2554\u2550\u2557\u2502\u2591".encode(),
        "label_latin1": b" Latin1 ",
        "label_utf8": b"utf-8",
        "label_windows1251": b"windows-1251",
        "label_koi8u": b"\tkoi8-u\n",
        "label_sjis": b"sjis",
    }
    # The first byte chooses the charset (index into Charset::ALL): spread the seeds over them.
    seeds["legacy_round_trip"] = {name: bytes([i * 7 % 33]) + data for i, (name, data) in enumerate(sorted(legacy.items()))}

    def repair_seed(cs, rounds, words, text):
        # clean_text reads: the word count, the first word, then (separator, word) pairs.
        head = bytes([cs, rounds, len(words)]) + bytes(words[:1])
        return head + b"".join(bytes([i % 10, w]) for i, w in enumerate(words[1:])) + text.encode()

    seeds["garble_repair"] = {
        "german_1252": repair_seed(16, 1, [0, 1, 2], "Sch\u00c3\u00b6ne Gr\u00c3\u00bc\u00c3\u0178e"),
        "russian_1251": repair_seed(20, 2, [37, 38], "\u00d0\u009f\u00d1\u0080\u00d0\u00b8\u00d0\u00b2\u00d0\u00b5\u00d1\u0082"),
        "double_layer": repair_seed(0, 3, [60, 61, 62], "\u00c3\u0192\u00c2\u00a4"),
        "clean_mix": repair_seed(5, 0, [3, 40, 50, 70, 80], "\u00c7a, c\u2019est \u00ab l\u2019\u00e9t\u00e9 \u00bb"),
        "emoji": repair_seed(9, 1, [90, 91, 92], "\U0001f680 \u00f0\u0178\u0161\u20ac"),
        "cp437": repair_seed(27, 1, [], "\u2554\u2550\u2557 M\u251c\u2562nchen"),
        "empty": bytes([0, 0, 0]),
    }

    def sanitize_seed(a, b, utf16, data):
        return bytes([a, b, 1 if utf16 else 0]) + data

    trojan = "/* \u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */"
    seeds["sanitize_fixed_point"] = {
        "trojan_source": sanitize_seed(0, 0, False, trojan.encode()),
        "trojan_balance": sanitize_seed(8, 0, False, trojan.encode()),
        "trojan_utf16": sanitize_seed(0, 0, True, le_units(trojan)),
        "invisible": sanitize_seed(16, 0, False, "pass\u200bword \u2060x\u00ad \u200d\U0001f469\u200d\U0001f4bb".encode()),
        "bom_everywhere": sanitize_seed(4, 0, False, b"\xef\xbb\xbfa\xef\xbb\xbfb"),
        "controls_picture": sanitize_seed(2, 0, False, b"a\x00b\x07c\x1b[0m\r\n\rd\xc2\x85"),
        "line_endings_crlf": sanitize_seed(0, 4, False, b"a\r\nb\rc\nd\xe2\x80\xa8e"),
        "variation_selectors": sanitize_seed(0x40, 0, False, "\u2764\ufe0f \u0041\ufe0e \U000e0100".encode()),
        "tags_and_flags": sanitize_seed(0, 0, False, "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f x\U000e0041".encode()),
        "noncharacters": sanitize_seed(0, 1, False, "\ufdd0\uffff\U0001fffe".encode()),
        "invalid_drop": sanitize_seed(1, 0, False, b"caf\xe9 \xed\xa0\x80 \xf4\x90\x80\x80"),
        "lone_surrogates_utf16": sanitize_seed(0, 0, True, le_units("a\ud83db\udc00c")),
        "mojibake": sanitize_seed(0, 0x20, False, "Sch\u00c3\u00b6ne Gr\u00c3\u00bc\u00c3\u0178e \u00e2\u0080\u00ae".encode()),
        "nfkc": sanitize_seed(0, 0x10, False, "\ufb01 \u2460 \uff21 e\u0301".encode()),
        "nfc": sanitize_seed(0, 0x08, False, "e\u0301 \u212b \u1e9b\u0323".encode()),
        # Issue 16: blanks and format controls, number signs before digits or not, soft hyphens
        # kept, registered and unregistered variation sequences, hidden text in tags and selectors.
        "blanks_and_format": sanitize_seed(0, 0, False, "a\u3164b\u2800c\u115f\u034f\ufff9d\U00013430\U0001d173".encode()),
        "number_signs": sanitize_seed(16, 0, False, "\u0600\u0661\u0662 \u0600x \u08e2\x00 5 \u070f\u0710".encode()),
        "soft_hyphen_keep": sanitize_seed(0, 0x40, False, "hy\u00adphen pay\u00adpal".encode()),
        "registered_sequences": sanitize_seed(0x20, 0, False, "\u2229\ufe00 \u845b\U000e0100 \u1820\u180b a\u180f 1\ufe0f\u20e3".encode()),
        "hidden_text": sanitize_seed(0x30, 0, False, ("x" + "".join(chr(0xE0000 + ord(c)) for c in "ignore previous") + "\U0001f600" + "".join(chr(0xE0100 + b - 0x10) if b >= 0x10 else chr(0xFE00 + b) for b in "hé".encode())).encode()),
    }

    # scan_positions: a preset byte (0 display, 1 identifier, 2 code, 3 prompt), then a file.
    seeds["scan_positions"] = {
        "trojan_code": bytes([2]) + ("int main() {\r\n  " + trojan + "\n}\n").encode(),
        "invalid_lines": bytes([2]) + b"ok\n\xff\xfe\r\rx\xe2\x80\n\xc3\xa9\xe2\x80\x8b",
        "prompt_tags": bytes([3]) + "Summarise.\U000e0069\U000e0067\U000e006e \u200bok".encode(),
        "identifier": bytes([1]) + "ad\u200dmin\ufe00 \ufb01".encode(),
        "display_bom": bytes([0]) + b"\xef\xbb\xbfa\x07\r\n\xef\xbf\xbf",
    }

    # detect: byte 0 seeds the chunk sizes, byte 1 the limit; then the bytes detected.
    russian = "\u041f\u0440\u0438\u0432\u0435\u0442, \u043a\u0430\u043a \u0434\u0435\u043b\u0430? \u0412\u0441\u0451 \u0445\u043e\u0440\u043e\u0448\u043e."
    japanese = "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3067\u3059\u3002"
    seeds["detect"] = {
        "windows_1251": bytes([1, 200]) + russian.encode("cp1251"),
        "koi8_r": bytes([2, 8]) + russian.encode("koi8_r"),
        "utf8_cut": bytes([3, 4]) + russian.encode()[:-1],
        "utf16le_bom": bytes([4, 255]) + russian.encode("utf-16"),
        "utf16be_no_bom": bytes([5, 30]) + russian.encode("utf-16-be"),
        "utf32le": bytes([6, 255]) + "caf\u00e9".encode("utf-32-le"),
        "shift_jis": bytes([7, 255]) + japanese.encode("cp932"),
        "euc_jp": bytes([8, 255]) + japanese.encode("euc_jp"),
        "iso2022jp": bytes([9, 255]) + japanese.encode("iso2022_jp"),
        "gb18030": bytes([10, 255]) + "\u4e2d\u6587\u6587\u672c\u3002".encode("gb18030"),
        "big5": bytes([11, 255]) + "\u4e2d\u6587\u6587\u672c\u3002".encode("big5"),
        "euc_kr": bytes([12, 255]) + "\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8".encode("cp949"),
        "latin1": bytes([13, 255]) + "Gr\u00fc\u00dfe aus K\u00f6ln, sch\u00f6ne Gr\u00f6\u00dfe".encode("latin-1"),
        "mixed_zeros": bytes([14, 3]) + b"\x00\xff\xfe\x00\xd8\x00\xdc\x1b$)C\x0e!!\x0f",
        "empty": bytes([0, 0]),
    }

    for target, files in seeds.items():
        directory = os.path.join(out, target)
        os.makedirs(directory, exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(directory, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: seeds.py DIR")
    main(sys.argv[1])
