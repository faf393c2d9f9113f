//! Every case of flenniken/utf8tests (`../shared/conformance/flenniken-utf8tests/utf8tests.txt`):
//! valid cases decode to themselves; invalid ones give the file's expected output when replacing
//! with U+FFFD (`decode_lossy`, `Replacement::Fffd`, a non-fatal `StreamDecoder`) and when skipping
//! (`Replacement::Drop`), fail `validate` and a fatal `StreamDecoder`, and agree with std.

use utf8lens::{Replacement, StreamDecoder};
use utf8lens_tests::hex;
use utf8lens_tests::oracle::check_against_std;
use utf8lens_tests::{data, summary};

/// One test line: `num:valid:ASCII`, `num:valid hex:HEX` or
/// `num:invalid hex:HEX:SKIPPED:REPLACED`, where `nothing` stands for no bytes.
#[derive(Debug)]
struct Case {
    id: String,
    input: Vec<u8>,
    /// `(expected when skipping, expected when replacing)`; `None` for valid cases.
    invalid: Option<(Vec<u8>, Vec<u8>)>,
}

fn hex_field(field: &str) -> Vec<u8> {
    let field = field.trim();
    if field == "nothing" {
        return Vec::new();
    }
    hex::parse(field).unwrap_or_else(|e| panic!("{e}"))
}

fn parse(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, rest) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("no id in {line:?}"));
        let (kind, rest) = rest
            .split_once(':')
            .unwrap_or_else(|| panic!("no type in {line:?}"));
        let case = match kind.trim() {
            // The ASCII form keeps its spaces: the bytes are exactly what follows the colon.
            "valid" => Case {
                id: id.trim().into(),
                input: rest.as_bytes().to_vec(),
                invalid: None,
            },
            "valid hex" => Case {
                id: id.trim().into(),
                input: hex_field(rest),
                invalid: None,
            },
            "invalid hex" => {
                let fields: Vec<&str> = rest.split(':').collect();
                let [input, skipped, replaced] = fields[..] else {
                    panic!("want 3 fields after the type in {line:?}")
                };
                Case {
                    id: id.trim().into(),
                    input: hex_field(input),
                    invalid: Some((hex_field(skipped), hex_field(replaced))),
                }
            }
            other => panic!("unknown line type {other:?} in {line:?}"),
        };
        cases.push(case);
    }
    cases
}

fn check(case: &Case) -> Result<(), String> {
    let input = &case.input;
    let show = |b: &[u8]| format!("[{}]", hex::format(b));
    let fail = |what: &str, want: &[u8], got: &[u8]| {
        Err(format!(
            "{} input {}: {what}: expected {}, got {}",
            case.id,
            show(input),
            show(want),
            show(got)
        ))
    };
    // std must agree with the file; otherwise the file, not the codec, is the odd one out.
    check_against_std(input).map_err(|e| format!("{}: {e}", case.id))?;
    let (skipped, replaced) = match &case.invalid {
        None => {
            if utf8lens::validate(input).is_err() {
                return Err(format!("{}: valid case {} rejected", case.id, show(input)));
            }
            (input.clone(), input.clone())
        }
        Some((skipped, replaced)) => {
            if utf8lens::validate(input).is_ok() {
                return Err(format!(
                    "{}: invalid case {} accepted",
                    case.id,
                    show(input)
                ));
            }
            (skipped.clone(), replaced.clone())
        }
    };
    let lossy = utf8lens::decode_lossy(input);
    if lossy.as_bytes() != replaced {
        return fail("decode_lossy (replace)", &replaced, lossy.as_bytes());
    }
    let fffd = utf8lens::decode_with(input, Replacement::Fffd);
    if fffd.as_bytes() != replaced {
        return fail("decode_with(Fffd) (replace)", &replaced, fffd.as_bytes());
    }
    let dropped = utf8lens::decode_with(input, Replacement::Drop);
    if dropped.as_bytes() != skipped {
        return fail("decode_with(Drop) (skip)", &skipped, dropped.as_bytes());
    }
    // ignore_bom so that a leading EF BB BF would be output like the one-shot functions do.
    match StreamDecoder::new(false, true).decode(input, false) {
        Ok(s) if s.as_bytes() == replaced => {}
        Ok(s) => return fail("StreamDecoder non-fatal (replace)", &replaced, s.as_bytes()),
        Err(e) => return Err(format!("{}: non-fatal StreamDecoder failed: {e}", case.id)),
    }
    let fatal = StreamDecoder::new(true, true).decode(input, false);
    if fatal.is_err() != case.invalid.is_some() {
        return Err(format!(
            "{}: fatal StreamDecoder on {} gave {:?}",
            case.id,
            show(input),
            fatal.map_err(|e| e.to_string())
        ));
    }
    Ok(())
}

#[test]
fn flenniken_utf8tests_replace_and_skip() {
    let Some(text) = data::read_text("flenniken-utf8tests/utf8tests.txt") else {
        return;
    };
    let cases = parse(&text);
    let invalid = cases.iter().filter(|c| c.invalid.is_some()).count();
    let mut ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(
        ids.len(),
        cases.len(),
        "test ids are unique in utf8tests.txt"
    );

    let failures: Vec<String> = cases.iter().filter_map(|c| check(c).err()).collect();
    summary(
        &format!(
            "flenniken utf8tests ({} valid, {invalid} invalid, each replace + skip)",
            cases.len() - invalid
        ),
        cases.len() - failures.len(),
        cases.len(),
    );
    for failure in &failures {
        eprintln!("  FAIL {failure}");
    }
    assert!(
        failures.is_empty(),
        "{} flenniken cases failed (listed above)",
        failures.len()
    );
}
