//! The conformance report: every external suite in `../shared/conformance` and the exhaustive
//! sweeps, counted case by case (a failure does not stop the count), rendered as
//! `docs/CONFORMANCE.md`.
//!
//! As a test it fails if any case fails, or if the committed `docs/CONFORMANCE.md` is not what this
//! run renders (regenerate it with `bash scripts/conformance-report.sh`, which sets
//! `UTF8LENS_CONFORMANCE_REPORT` to the file to write). The suites' own tests (`kuhn.rs`,
//! `wpt_vectors.rs`, `flenniken.rs`, `charsets.rs`, `exhaustive.rs`) check more per case; this
//! file counts the same cases, with the same oracles (`utf8lens_tests::oracle` and std), so the
//! numbers in the report are the numbers CI checks.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;
use utf8lens::charset::{Charset, Fallback};
use utf8lens::{Replacement, StreamDecoder};
use utf8lens_tests::data;
use utf8lens_tests::hex::{self, code_points};
use utf8lens_tests::oracle::check_against_std;

/// One line of the report.
struct Row {
    group: &'static str,
    suite: String,
    checked: String,
    passed: u64,
    total: u64,
}

#[derive(Default)]
struct Report {
    rows: Vec<Row>,
    failures: Vec<String>,
    missing: Vec<String>,
}

impl Report {
    fn add(
        &mut self,
        group: &'static str,
        suite: impl Into<String>,
        checked: &str,
        passed: u64,
        total: u64,
    ) {
        self.rows.push(Row {
            group,
            suite: suite.into(),
            checked: checked.to_owned(),
            passed,
            total,
        });
    }

    fn fail(&mut self, what: String) {
        if self.failures.len() < 50 {
            self.failures.push(what);
        }
    }
}

fn bytes(hex_text: &str) -> Vec<u8> {
    hex::parse(hex_text).unwrap_or_else(|e| panic!("{e}"))
}

// --- Kuhn -----------------------------------------------------------------------------------------

/// Markus Kuhn's stress test, line by line: each line gives one U+FFFD per maximal subpart that
/// std's `Utf8Chunks` finds (the file's own "|" column counts in a different unit; see kuhn.rs).
fn kuhn(report: &mut Report) {
    let Some(file) = data::read("kuhn-utf8-test/UTF-8-test.txt") else {
        report.missing.push("kuhn-utf8-test/UTF-8-test.txt".into());
        return;
    };
    let lines: Vec<&[u8]> = file.split(|&b| b == b'\n').collect();
    let mut passed = 0;
    for (i, line) in lines.iter().enumerate() {
        let in_input: usize = line
            .utf8_chunks()
            .map(|c| c.valid().matches('\u{FFFD}').count())
            .sum();
        let produced = utf8lens::decode_lossy(line).matches('\u{FFFD}').count() - in_input;
        let subparts = line
            .utf8_chunks()
            .filter(|c| !c.invalid().is_empty())
            .count();
        if produced == subparts && check_against_std(line).is_ok() {
            passed += 1;
        } else {
            report.fail(format!(
                "kuhn line {}: {produced} U+FFFD, {subparts} maximal subparts",
                i + 1
            ));
        }
    }
    report.add(
        "Markus Kuhn's UTF-8 decoder stress test",
        "UTF-8-test.txt, per line",
        "one U+FFFD per maximal subpart; segments, errors and lossy decoding agree with std",
        passed,
        lines.len() as u64,
    );
    let whole_ok = check_against_std(&file).is_ok();
    if !whole_ok {
        report.fail("kuhn: the whole file disagrees with std".into());
    }
    report.add(
        "Markus Kuhn's UTF-8 decoder stress test",
        "UTF-8-test.txt, whole file",
        "every view of the 22,781 bytes at once agrees with std",
        u64::from(whole_ok),
        1,
    );
}

// --- WPT ------------------------------------------------------------------------------------------

/// Whether a decode call's result matches a vector's expectation: code points, or "TypeError".
fn matches(expected: &Value, got: &Result<String, utf8lens::StreamError>) -> bool {
    match (expected, got) {
        (Value::Array(cps), Ok(text)) => {
            let want: Vec<u32> = cps
                .iter()
                .filter_map(Value::as_u64)
                .filter_map(|c| u32::try_from(c).ok())
                .collect();
            want.len() == cps.len() && code_points(text) == want
        }
        (Value::String(name), Err(_)) => name == "TypeError",
        _ => false,
    }
}

fn units(value: &Value) -> Vec<u16> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_u64)
                .filter_map(|u| u16::try_from(u).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// A vector file: its name, what is checked, and the check of one vector.
type VectorFile = (&'static str, &'static str, fn(&Value) -> bool);

fn wpt(report: &mut Report) {
    const GROUP: &str = "web-platform-tests Encoding vectors (wpt-utf8-vectors)";
    let files: [VectorFile; 6] = [
        (
            "utf8-decode.json",
            "one TextDecoder.decode per vector",
            |v| {
                let got = StreamDecoder::new(v["fatal"] == true, v["ignoreBOM"] == true)
                    .decode(&bytes(v["bytes"].as_str().unwrap_or("")), false);
                matches(&v["expected"], &got)
            },
        ),
        (
            "utf8-decode-stream.json",
            "every chunk with stream: true, then the flush; each call's output",
            |v| {
                let mut decoder = StreamDecoder::new(v["fatal"] == true, v["ignoreBOM"] == true);
                let chunks = v["chunks"].as_array().cloned().unwrap_or_default();
                let per_call = v["expected_per_call"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                per_call.len() == chunks.len() + 1
                    && chunks
                        .iter()
                        .map(|c| (bytes(c.as_str().unwrap_or("")), true))
                        .chain([(Vec::new(), false)])
                        .zip(&per_call)
                        .all(|((chunk, stream), expected)| {
                            matches(expected, &decoder.decode(&chunk, stream))
                        })
            },
        ),
        (
            "utf8-decode-sequences.json",
            "the exact call order on a reused decoder",
            |v| {
                let mut decoder = StreamDecoder::new(v["fatal"] == true, v["ignoreBOM"] == true);
                v["calls"].as_array().is_some_and(|calls| {
                    calls.iter().all(|call| {
                        let input = call["input"].as_str().map(bytes).unwrap_or_default();
                        matches(
                            &call["expected"],
                            &decoder.decode(&input, call["stream"] == true),
                        )
                    })
                })
            },
        ),
        (
            "utf8-encode.json",
            "TextEncoder.encode, lone surrogates included",
            |v| {
                utf8lens::utf16_to_utf8(&units(&v["input_utf16"])).as_bytes()
                    == bytes(v["expected_bytes"].as_str().unwrap_or(""))
            },
        ),
        (
            "utf8-encodeinto.json",
            "TextEncoder.encodeInto: read, written and the bytes",
            |v| {
                let size = v["destination_length"]
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .unwrap_or(0);
                let mut dest = vec![0u8; size];
                let (read, written) =
                    utf8lens::utf16_to_utf8_into(&units(&v["input_utf16"]), &mut dest);
                let want = bytes(v["expected_bytes"].as_str().unwrap_or(""));
                Some(read as u64) == v["expected_read"].as_u64()
                    && Some(written as u64) == v["expected_written"].as_u64()
                    && dest.get(..written) == Some(&want[..])
            },
        ),
        (
            "utf8-encode-stream.json",
            "TextEncoderStream, whole output (the API has no streaming encoder)",
            |v| {
                let input: Vec<u16> = v["input_chunks_utf16"]
                    .as_array()
                    .map(|c| c.iter().flat_map(units).collect())
                    .unwrap_or_default();
                let want: Vec<u8> = v["expected_output_chunks"]
                    .as_array()
                    .map(|c| {
                        c.iter()
                            .flat_map(|h| bytes(h.as_str().unwrap_or("")))
                            .collect()
                    })
                    .unwrap_or_default();
                utf8lens::utf16_to_utf8(&input).as_bytes() == want
            },
        ),
    ];
    for (file, checked, check) in files {
        let path = format!("wpt-utf8-vectors/{file}");
        let Some(text) = data::read_text(&path) else {
            report.missing.push(path);
            continue;
        };
        let vectors: Vec<Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut passed = 0;
        for v in &vectors {
            if check(v) {
                passed += 1;
            } else {
                report.fail(format!("{file}: {}", v["source"]));
            }
        }
        report.add(GROUP, file, checked, passed, vectors.len() as u64);
    }
}

// --- flenniken ------------------------------------------------------------------------------------

fn hex_field(field: &str) -> Vec<u8> {
    match field.trim() {
        "nothing" => Vec::new(),
        other => bytes(other),
    }
}

/// flenniken/utf8tests: valid cases decode to themselves; invalid ones fail validation and give the
/// file's expected output when replacing with U+FFFD and when skipping.
fn flenniken(report: &mut Report) {
    let Some(text) = data::read_text("flenniken-utf8tests/utf8tests.txt") else {
        report
            .missing
            .push("flenniken-utf8tests/utf8tests.txt".into());
        return;
    };
    let (mut valid, mut valid_passed, mut invalid, mut invalid_passed) = (0, 0, 0, 0);
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let Some((id, rest)) = line.split_once(':') else {
            panic!("no id in {line:?}")
        };
        let Some((kind, rest)) = rest.split_once(':') else {
            panic!("no type in {line:?}")
        };
        match kind.trim() {
            "valid" | "valid hex" => {
                let input = if kind.trim() == "valid" {
                    rest.as_bytes().to_vec()
                } else {
                    hex_field(rest)
                };
                valid += 1;
                let ok = utf8lens::validate(&input).is_ok()
                    && utf8lens::decode_lossy(&input).as_bytes() == input
                    && check_against_std(&input).is_ok();
                if ok {
                    valid_passed += 1;
                } else {
                    report.fail(format!("flenniken {id} (valid)"));
                }
            }
            "invalid hex" => {
                let fields: Vec<&str> = rest.split(':').collect();
                let [input, skipped, replaced] = fields[..] else {
                    panic!("want 3 fields in {line:?}")
                };
                let input = hex_field(input);
                invalid += 1;
                let ok = utf8lens::validate(&input).is_err()
                    && utf8lens::decode_lossy(&input).as_bytes() == hex_field(replaced)
                    && utf8lens::decode_with(&input, Replacement::Drop).as_bytes()
                        == hex_field(skipped)
                    && StreamDecoder::new(true, true)
                        .decode(&input, false)
                        .is_err()
                    && check_against_std(&input).is_ok();
                if ok {
                    invalid_passed += 1;
                } else {
                    report.fail(format!("flenniken {id} (invalid)"));
                }
            }
            other => panic!("unknown case type {other:?} in {line:?}"),
        }
    }
    const GROUP: &str = "flenniken/utf8tests";
    report.add(
        GROUP,
        "utf8tests.txt, valid cases",
        "validate, decode to the same bytes, agree with std",
        valid_passed,
        valid,
    );
    report.add(
        GROUP,
        "utf8tests.txt, invalid cases",
        "rejected; U+FFFD and skipping outputs as listed; a fatal decoder throws; agree with std",
        invalid_passed,
        invalid,
    );
}

// --- mapping tables -------------------------------------------------------------------------------

/// The mapping file a charset's table was generated from (scripts/generate-tables.py).
fn mapping_file(cs: Charset) -> String {
    match (cs, cs.name().strip_prefix("iso-")) {
        (Charset::Ibm437, _) => "unicode-mappings-vendors/CP437.TXT".into(),
        (Charset::Ibm850, _) => "unicode-mappings-vendors/CP850.TXT".into(),
        (Charset::Ibm852, _) => "unicode-mappings-vendors/CP852.TXT".into(),
        (_, Some(iso)) => format!("unicode-mappings-iso8859/{iso}.TXT"),
        (_, None) => format!("whatwg-encoding/index-{}.txt", cs.name()),
    }
}

/// A Unicode MAPPINGS file (`0xXX<TAB>0xXXXX<TAB>#...`) or a WHATWG index (`pointer<TAB>0xXXXX`,
/// byte = 0x80 + pointer, ASCII implied) as 256 entries; unlisted bytes are undefined.
fn parse_mapping(relative: &str) -> Option<[Option<char>; 256]> {
    let text = data::read_text(relative)?;
    let whatwg = relative.starts_with("whatwg-encoding/");
    let mut table = [None; 256];
    if whatwg {
        for b in 0..0x80u8 {
            table[usize::from(b)] = Some(char::from(b));
        }
    }
    for line in text.lines() {
        let body = line.split('#').next().unwrap_or("").trim();
        // WHATWG lines go on with the character and its name; a vendor file's undefined byte has
        // no second field.
        let mut fields = body.split_whitespace();
        let (Some(key), Some(code_point)) = (fields.next(), fields.next()) else {
            continue;
        };
        let index = if whatwg {
            key.parse::<usize>().ok().map(|p| 0x80 + p)
        } else {
            usize::from_str_radix(key.trim_start_matches("0x"), 16).ok()
        };
        let ch = u32::from_str_radix(code_point.trim_start_matches("0x"), 16)
            .ok()
            .and_then(char::from_u32);
        match (index, ch) {
            (Some(i), Some(c)) if i < 256 => table[i] = Some(c),
            _ => panic!("{relative}: cannot read {line:?}"),
        }
    }
    Some(table)
}

/// Every charset's table against its mapping file, byte by byte, in both directions: decoding each
/// of the 256 bytes, and encoding each defined character back to its byte.
fn mapping_tables(report: &mut Report) {
    for cs in Charset::ALL {
        let file = mapping_file(cs);
        let Some(table) = parse_mapping(&file) else {
            report.missing.push(file);
            continue;
        };
        let mut passed = 0;
        for byte in 0..=255u8 {
            let want = table[usize::from(byte)];
            let decoded = utf8lens::charset::decode_fatal(&[byte], cs)
                .ok()
                .and_then(|s| s.chars().next());
            let round_trip = match want {
                Some(ch) => {
                    utf8lens::charset::encode(ch.encode_utf8(&mut [0; 4]), cs, Fallback::Error).ok()
                        == Some(vec![byte])
                }
                None => true,
            };
            if cs.decode_byte(byte) == want && decoded == want && round_trip {
                passed += 1;
            } else {
                report.fail(format!(
                    "{cs} byte {byte:#04X}: file says {want:?}, decode_byte {:?}",
                    cs.decode_byte(byte)
                ));
            }
        }
        let name = Path::new(&file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        report.add(
            "Charset mapping tables, byte by byte",
            format!("{} ({name})", cs.name()),
            "all 256 bytes decode as the file says; defined ones encode back",
            passed,
            256,
        );
    }
}

// --- exhaustive sweeps ----------------------------------------------------------------------------

/// Runs `check` on every index in `0..total` over the available cores; returns how many passed
/// and the first few failures.
fn sweep(total: u64, check: impl Fn(u64) -> Result<(), String> + Sync) -> (u64, Vec<String>) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let per_thread = total.div_ceil(threads);
    let results: Vec<(u64, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let check = &check;
                scope.spawn(move || {
                    let mut passed = 0;
                    let mut failures = Vec::new();
                    for i in (t * per_thread)..((t + 1) * per_thread).min(total) {
                        match check(i) {
                            Ok(()) => passed += 1,
                            Err(e) if failures.len() < 5 => failures.push(e),
                            Err(_) => {}
                        }
                    }
                    (passed, failures)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("sweep thread"))
            .collect()
    });
    results
        .into_iter()
        .fold((0, Vec::new()), |(p, mut f), (tp, tf)| {
            f.extend(tf);
            (p + tp, f)
        })
}

fn check_scalar(cp: u32) -> Result<(), String> {
    let Some(ch) = char::from_u32(cp) else {
        return Ok(());
    };
    let mut buf = [0; 4];
    let want = ch.encode_utf8(&mut buf).as_bytes();
    let encoded = utf8lens::encode_code_point(cp).map_err(|e| format!("U+{cp:04X}: {e}"))?;
    let fill = utf8lens::explain(cp).map_err(|e| format!("U+{cp:04X}: {e}"))?;
    let back = utf8lens::from_utf8(want).map_err(|e| format!("U+{cp:04X}: {e}"))?;
    if encoded.as_bytes() != want
        || fill.bytes() != want
        || fill.code_point() != cp
        || !back.starts_with(ch)
    {
        return Err(format!(
            "U+{cp:04X}: encode/explain/decode disagree with std"
        ));
    }
    check_against_std(want)
}

fn exhaustive(report: &mut Report) {
    const GROUP: &str = "Exhaustive sweeps (std as the oracle)";
    let (passed, failures) = sweep(0x11_0000, |cp| {
        let cp = u32::try_from(cp).map_err(|e| e.to_string())?;
        if (0xD800..=0xDFFF).contains(&cp) {
            // A surrogate is no scalar value: encoding it must fail.
            return match utf8lens::encode_code_point(cp) {
                Err(_) => Ok(()),
                Ok(_) => Err(format!("U+{cp:04X} encoded")),
            };
        }
        check_scalar(cp)
    });
    failures.into_iter().for_each(|f| report.fail(f));
    // 1,112,064 scalar values plus the 2,048 surrogates that must be refused.
    report.add(
        GROUP,
        "every code point 0..=0x10FFFF",
        "scalar values encode, explain and decode as std does; surrogates are refused",
        passed,
        0x11_0000,
    );

    let (passed, failures) = sweep(256 + 65_536 + 16_777_216, |i| {
        let (len, n) = if i < 256 {
            (1, i)
        } else if i < 256 + 65_536 {
            (2, i - 256)
        } else {
            (3, i - 256 - 65_536)
        };
        let be = n.to_be_bytes();
        check_against_std(&be[8 - len..])
    });
    failures.into_iter().for_each(|f| report.fail(f));
    report.add(
        GROUP,
        "every input of 1, 2 and 3 bytes",
        "validate, from_utf8, segments, errors (kinds, intended code points), decode_lossy agree with std",
        passed,
        256 + 65_536 + 16_777_216,
    );
}

// --- rendering ------------------------------------------------------------------------------------

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn render(report: &Report) -> String {
    let mut md = String::new();
    let (passed, total): (u64, u64) = report
        .rows
        .iter()
        .fold((0, 0), |(p, t), r| (p + r.passed, t + r.total));
    let _ = writeln!(md, "<!-- DO NOT EDIT. Generated by `bash scripts/conformance-report.sh` (tests/tests/conformance_report.rs). -->");
    let _ = writeln!(md, "# Conformance report\n");
    let _ = writeln!(
        md,
        "How utf8lens fares on every external suite in `../shared/conformance` and on the exhaustive sweeps. \
         Each case is counted, not sampled; `cargo test -p utf8lens-tests --test conformance_report` runs the \
         same checks in CI and fails if a count drops or this page is out of date. The suites' own tests \
         (`tests/tests/kuhn.rs`, `wpt_vectors.rs`, `flenniken.rs`, `charsets.rs`, `exhaustive.rs`) check \
         each case in more detail.\n"
    );
    let _ = writeln!(
        md,
        "**{} of {} cases pass** in {} suites.",
        thousands(passed),
        thousands(total),
        report.rows.len()
    );
    let mut group = "";
    for row in &report.rows {
        if row.group != group {
            group = row.group;
            let _ = writeln!(md, "\n## {group}\n");
            let _ = writeln!(md, "| suite | passed | of | what is checked |");
            let _ = writeln!(md, "|---|---:|---:|---|");
        }
        let mark = if row.passed == row.total {
            ""
        } else {
            " **(failures)**"
        };
        let _ = writeln!(
            md,
            "| {}{mark} | {} | {} | {} |",
            row.suite,
            thousands(row.passed),
            thousands(row.total),
            row.checked
        );
    }
    if !report.missing.is_empty() {
        let _ = writeln!(md, "\n## Missing data\n");
        for file in &report.missing {
            let _ = writeln!(md, "- `{file}` was not found, so its suite was not run.");
        }
    }
    let _ = writeln!(
        md,
        "\n## Notes\n\n\
         - Kuhn's file marks its own expectations in a column that counts one U+FFFD per malformed sequence \
           in Kuhn's sense; utf8lens follows the Unicode Standard's maximal-subpart rule (§3.9) as WHATWG \
           and std do, so each line is judged by std's `Utf8Chunks` instead.\n\
         - The mapping tables are the files `scripts/generate-tables.py` reads: the Unicode Consortium's \
           ISO-8859 and DOS code page files, and the WHATWG indexes for the Windows code pages, KOI8, IBM866 \
           and Mac Roman. Undefined bytes must be undefined (U+FFFD, or an error when fatal), never mapped \
           silently.\n\
         - The four-byte sweep (83,886,080 inputs with leads F0..=F4) runs in `tests/tests/exhaustive.rs`; it \
           is not repeated here."
    );
    md
}

#[test]
fn conformance_report() {
    let mut report = Report::default();
    kuhn(&mut report);
    wpt(&mut report);
    flenniken(&mut report);
    mapping_tables(&mut report);
    exhaustive(&mut report);
    let rendered = render(&report);
    for row in &report.rows {
        eprintln!("{}: {}/{}", row.suite, row.passed, row.total);
    }
    for failure in &report.failures {
        eprintln!("  FAIL {failure}");
    }

    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/CONFORMANCE.md");
    if let Ok(target) = std::env::var("UTF8LENS_CONFORMANCE_REPORT") {
        std::fs::write(&target, &rendered).unwrap_or_else(|e| panic!("cannot write {target}: {e}"));
        eprintln!("wrote {target}");
    } else if report.missing.is_empty() {
        let on_disk = std::fs::read_to_string(&committed).unwrap_or_default();
        assert!(
            on_disk == rendered,
            "docs/CONFORMANCE.md is out of date: run bash scripts/conformance-report.sh and commit it"
        );
    }
    assert!(
        report.failures.is_empty(),
        "{} conformance cases failed (listed above)",
        report.failures.len()
    );
    assert!(report.rows.iter().all(|r| r.passed == r.total));
}
