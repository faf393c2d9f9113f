//! The web-platform-tests Encoding vectors (and ExodusOSS/bytes' additions) from
//! `../shared/conformance/wpt-utf8-vectors/`, run through `StreamDecoder` and the UTF-16 encoders.
//! Expected outputs are code point arrays, compared exactly; `"TypeError"` means a fatal decoder
//! throws, i.e. `Err`. Every decoding vector is also run through the stream model, which then
//! serves as the oracle for the random chunk splits in `properties.rs`.

use serde::Deserialize;
use utf8lens::StreamDecoder;
use utf8lens_tests::hex::{self, code_points};
use utf8lens_tests::stream_model::{Call, ModelDecoder};
use utf8lens_tests::{data, summary};

/// One call's expected outcome.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(untagged)]
enum Outcome {
    CodePoints(Vec<u32>),
    /// Always `"TypeError"`.
    Thrown(String),
}

impl Outcome {
    fn matches(&self, got: &Result<String, utf8lens::StreamError>) -> bool {
        match (self, got) {
            (Outcome::CodePoints(cps), Ok(s)) => code_points(s) == *cps,
            (Outcome::Thrown(name), Err(_)) => name == "TypeError",
            _ => false,
        }
    }

    fn matches_model(&self, got: &Call) -> bool {
        match (self, got) {
            (Outcome::CodePoints(cps), Call::Text(s)) => code_points(s) == *cps,
            (Outcome::Thrown(name), Call::Error { .. }) => name == "TypeError",
            _ => false,
        }
    }
}

fn show(got: &Result<String, utf8lens::StreamError>) -> String {
    match got {
        Ok(s) => format!("{:?}", code_points(s)),
        Err(e) => format!("Err(offset {}, {:?}: {e})", e.offset(), e.kind()),
    }
}

fn load<T: for<'de> Deserialize<'de>>(file: &str) -> Option<Vec<T>> {
    let text = data::read_text(&format!("wpt-utf8-vectors/{file}"))?;
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}")))
}

fn bytes(hex_text: &str) -> Vec<u8> {
    hex::parse(hex_text).unwrap_or_else(|e| panic!("{e}"))
}

/// Prints the summary and every failure, then fails if there was any.
fn finish(suite: &str, total: usize, failures: Vec<String>) {
    summary(suite, total - failures.len(), total);
    for failure in &failures {
        eprintln!("  FAIL {failure}");
    }
    assert!(
        failures.is_empty(),
        "{suite}: {} of {total} vectors failed (listed above)",
        failures.len()
    );
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DecodeVector {
    source: String,
    bytes: String,
    fatal: bool,
    #[serde(rename = "ignoreBOM")]
    ignore_bom: bool,
    expected: Outcome,
}

#[test]
fn wpt_utf8_decode() {
    let Some(vectors) = load::<DecodeVector>("utf8-decode.json") else {
        return;
    };
    let mut failures = Vec::new();
    for v in &vectors {
        let input = bytes(&v.bytes);
        let got = StreamDecoder::new(v.fatal, v.ignore_bom).decode(&input, false);
        if !v.expected.matches(&got) {
            failures.push(format!(
                "{} [{}] fatal={}: expected {:?}, got {}",
                v.source,
                v.bytes,
                v.fatal,
                v.expected,
                show(&got)
            ));
        }
        let model = ModelDecoder::new(v.fatal, v.ignore_bom).decode(&input, false);
        assert!(
            v.expected.matches_model(&model),
            "stream model disagrees with {} [{}]: {model:?}",
            v.source,
            v.bytes
        );
    }
    finish("wpt utf8-decode", vectors.len(), failures);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StreamVector {
    source: String,
    chunks: Vec<String>,
    fatal: bool,
    #[serde(rename = "ignoreBOM")]
    ignore_bom: bool,
    expected: Outcome,
    expected_per_call: Vec<Outcome>,
}

#[test]
fn wpt_utf8_decode_stream() {
    let Some(vectors) = load::<StreamVector>("utf8-decode-stream.json") else {
        return;
    };
    let mut failures = Vec::new();
    let mut calls_checked = 0;
    for v in &vectors {
        assert_eq!(
            v.expected_per_call.len(),
            v.chunks.len() + 1,
            "{}: one entry per chunk plus the flush",
            v.source
        );
        let mut decoder = StreamDecoder::new(v.fatal, v.ignore_bom);
        let mut model = ModelDecoder::new(v.fatal, v.ignore_bom);
        let calls = v
            .chunks
            .iter()
            .map(|c| (bytes(c), true))
            .chain([(Vec::new(), false)]);
        let mut text = String::new();
        let mut threw = false;
        let mut failed = None;
        for (i, ((chunk, stream), expected)) in calls.zip(&v.expected_per_call).enumerate() {
            let got = decoder.decode(&chunk, stream);
            calls_checked += 1;
            if failed.is_none() && !expected.matches(&got) {
                failed = Some(format!(
                    "call {i} ([{}], stream={stream}): expected {expected:?}, got {}",
                    hex::format(&chunk),
                    show(&got)
                ));
            }
            let m = model.decode(&chunk, stream);
            assert!(
                expected.matches_model(&m),
                "stream model disagrees with {} call {i}: {m:?}",
                v.source
            );
            match got {
                Ok(s) => text.push_str(&s),
                Err(_) => threw = true,
            }
        }
        // The overall expectation must follow from the per-call ones.
        let overall = if threw {
            Outcome::Thrown("TypeError".into())
        } else {
            Outcome::CodePoints(code_points(&text))
        };
        if failed.is_none() && overall != v.expected {
            failed = Some(format!(
                "overall: expected {:?}, got {overall:?}",
                v.expected
            ));
        }
        if let Some(f) = failed {
            failures.push(format!(
                "{} chunks {:?} fatal={}: {f}",
                v.source, v.chunks, v.fatal
            ));
        }
    }
    eprintln!("wpt utf8-decode-stream: {calls_checked} decode calls checked");
    finish("wpt utf8-decode-stream", vectors.len(), failures);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SequenceVector {
    source: String,
    label: String,
    fatal: bool,
    #[serde(rename = "ignoreBOM")]
    ignore_bom: bool,
    calls: Vec<SequenceCall>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SequenceCall {
    /// `null` is `decode()` without input, which decodes an empty buffer.
    input: Option<String>,
    stream: bool,
    expected: Outcome,
}

#[test]
fn wpt_utf8_decode_sequences() {
    let Some(vectors) = load::<SequenceVector>("utf8-decode-sequences.json") else {
        return;
    };
    let mut failures = Vec::new();
    let mut calls_checked = 0;
    for v in &vectors {
        let mut decoder = StreamDecoder::new(v.fatal, v.ignore_bom);
        let mut model = ModelDecoder::new(v.fatal, v.ignore_bom);
        for (i, call) in v.calls.iter().enumerate() {
            let input = call.input.as_deref().map(bytes).unwrap_or_default();
            let got = decoder.decode(&input, call.stream);
            calls_checked += 1;
            let m = model.decode(&input, call.stream);
            assert!(
                call.expected.matches_model(&m),
                "stream model disagrees with {} call {i}: {m:?}",
                v.source
            );
            if !call.expected.matches(&got) {
                failures.push(format!(
                    "{} ({}, fatal={}, ignoreBOM={}) call {i} ({:?}, stream={}): expected {:?}, got {}",
                    v.source, v.label, v.fatal, v.ignore_bom, call.input, call.stream, call.expected, show(&got)
                ));
                break; // later calls depend on this one's state
            }
        }
    }
    eprintln!("wpt utf8-decode-sequences: {calls_checked} decode calls checked");
    finish("wpt utf8-decode-sequences", vectors.len(), failures);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EncodeVector {
    source: String,
    input_utf16: Vec<u16>,
    expected_bytes: String,
}

#[test]
fn wpt_utf8_encode() {
    let Some(vectors) = load::<EncodeVector>("utf8-encode.json") else {
        return;
    };
    let mut failures = Vec::new();
    for v in &vectors {
        let got = utf8lens::utf16_to_utf8(&v.input_utf16);
        if got.as_bytes() != bytes(&v.expected_bytes) {
            failures.push(format!(
                "{} {:?}: expected [{}], got [{}]",
                v.source,
                v.input_utf16,
                v.expected_bytes,
                hex::format(got.as_bytes())
            ));
        }
    }
    finish("wpt utf8-encode", vectors.len(), failures);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EncodeIntoVector {
    source: String,
    input_utf16: Vec<u16>,
    destination_length: usize,
    expected_read: usize,
    expected_written: usize,
    expected_bytes: String,
}

#[test]
fn wpt_utf8_encode_into() {
    let Some(vectors) = load::<EncodeIntoVector>("utf8-encodeinto.json") else {
        return;
    };
    let mut failures = Vec::new();
    for v in &vectors {
        // WPT fills the destination with 0 before the call (the "filler 0" in the names).
        let mut dest = vec![0u8; v.destination_length];
        let (read, written) = utf8lens::utf16_to_utf8_into(&v.input_utf16, &mut dest);
        let want = bytes(&v.expected_bytes);
        let ok = (read, written) == (v.expected_read, v.expected_written)
            && dest.get(..written) == Some(&want[..])
            && dest[written..].iter().all(|&b| b == 0);
        if !ok {
            failures.push(format!(
                "{}: expected read {} written {} [{}], got read {read} written {written} [{}]",
                v.source,
                v.expected_read,
                v.expected_written,
                v.expected_bytes,
                hex::format(&dest)
            ));
        }
    }
    finish("wpt utf8-encodeinto", vectors.len(), failures);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EncodeStreamVector {
    source: String,
    input_chunks_utf16: Vec<Vec<u16>>,
    expected_output_chunks: Vec<String>,
}

/// The API has no streaming encoder (no state carrying a high surrogate from one chunk to the
/// next), so the per-chunk outputs of TextEncoderStream cannot be expressed. What can be checked:
/// TextEncoderStream's output as a whole equals encoding the whole input at once, because a
/// surrogate pair split over chunks is joined and a lone one still becomes U+FFFD.
#[test]
fn wpt_utf8_encode_stream_concatenated() {
    let Some(vectors) = load::<EncodeStreamVector>("utf8-encode-stream.json") else {
        return;
    };
    let mut failures = Vec::new();
    for v in &vectors {
        let input: Vec<u16> = v.input_chunks_utf16.concat();
        let want: Vec<u8> = v
            .expected_output_chunks
            .iter()
            .flat_map(|c| bytes(c))
            .collect();
        let got = utf8lens::utf16_to_utf8(&input);
        if got.as_bytes() != want {
            failures.push(format!(
                "{} {:?}: expected [{}], got [{}]",
                v.source,
                v.input_chunks_utf16,
                hex::format(&want),
                hex::format(got.as_bytes())
            ));
        }
    }
    eprintln!("wpt utf8-encode-stream: whole-stream output only; per-chunk output needs a streaming encoder the API lacks");
    finish(
        "wpt utf8-encode-stream (concatenated)",
        vectors.len(),
        failures,
    );
}
