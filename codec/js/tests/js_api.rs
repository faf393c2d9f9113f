//! The JavaScript export layer (the crate utf8lens-js, feature `main`), called with JS values exactly as the
//! generated glue calls it, and checked for results, error classes and messages, and for surviving
//! bad arguments. scripts/test-npm.sh runs it in Node and in headless Chromium
//! (WASM_BINDGEN_USE_BROWSER=1); there is no `wasm_bindgen_test_configure!`, so the environment
//! picks where it runs.
//!
//! ```text
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test -p utf8lens-js --target wasm32-unknown-unknown --test js_api
//! ```
//!
//! The package's JS wrapper (npm/exports.js) and the packed package itself are tested by
//! tests/npm/ in Node and Chromium.
#![cfg(all(target_arch = "wasm32", feature = "main"))]

use js_sys::{
    Array, ArrayBuffer, DataView, Object, RangeError, Reflect, TypeError, Uint16Array, Uint8Array,
};
use utf8lens_js as js;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

// The helpers that make hostile arguments, as functions built at run time rather than an
// `inline_js` snippet: each snippet is one more module the test page fetches alongside the
// package's own, and wasm-bindgen-test-runner's server (tiny_http) can leave one of several
// simultaneous new connections unanswered, so the page never starts (scripts/wasm-test-runner.sh).
fn js_helper(params: &str, body: &str, args: &[JsValue]) -> JsValue {
    let function = js_sys::Function::new_with_args(params, body);
    let args: Array = args.iter().collect();
    function
        .apply(&JsValue::UNDEFINED, &args)
        .expect("a test helper built from a literal body")
}

/// A Uint8Array whose buffer has been transferred away.
fn detached_view() -> Uint8Array {
    js_helper(
        "",
        "const view = new Uint8Array(new ArrayBuffer(4));
         structuredClone(view.buffer, { transfer: [view.buffer] });
         return view;",
        &[],
    )
    .unchecked_into()
}

/// A Uint8Array subclass over `bytes` whose `length` getter claims `claimed`.
fn lying_length(bytes: &Uint8Array, claimed: f64) -> JsValue {
    js_helper(
        "bytes, claimed",
        "class Lying extends Uint8Array { get length() { return claimed; } }
         return new Lying(bytes);",
        &[bytes.into(), claimed.into()],
    )
}

/// A transparent Proxy of `value`.
fn proxy_of(value: &JsValue) -> JsValue {
    js_helper(
        "value",
        "return new Proxy(value, {});",
        std::slice::from_ref(value),
    )
}

/// A Proxy whose every property read and prototype query throws.
fn throwing_proxy() -> JsValue {
    js_helper(
        "",
        "return new Proxy({}, {
           get() { throw new Error(\"trap\"); },
           getPrototypeOf() { throw new Error(\"trap\"); },
         });",
        &[],
    )
}

/// An object that claims Uint8Array's prototype without being one.
fn fake_uint8_array() -> JsValue {
    js_helper("", "return Object.create(Uint8Array.prototype);", &[])
}

/// An options object whose getter for `name` throws the caller's own SyntaxError.
fn throwing_options(name: &str) -> JsValue {
    js_helper(
        "name",
        "return { get [name]() { throw new SyntaxError(\"the caller's own getter\"); } };",
        &[name.into()],
    )
}

fn bytes(values: &[u8]) -> JsValue {
    Uint8Array::from(values).into()
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).expect("a property read on a plain object")
}

fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (key, value) in entries {
        Reflect::set(&o, &(*key).into(), value).expect("setting a property of a plain object");
    }
    o.into()
}

fn message(error: &JsValue) -> String {
    get(error, "message").as_string().unwrap_or_default()
}

/// Asserts that `error` is a TypeError whose message starts with `prefix`.
fn assert_type_error(error: JsValue, prefix: &str) {
    assert!(
        error.is_instance_of::<TypeError>(),
        "not a TypeError: {error:?}"
    );
    assert!(
        message(&error).starts_with(prefix),
        "{:?} should start with {prefix:?}",
        message(&error)
    );
}

fn assert_range_error(error: JsValue, prefix: &str) {
    assert!(
        error.is_instance_of::<RangeError>(),
        "not a RangeError: {error:?}"
    );
    assert!(
        message(&error).starts_with(prefix),
        "{:?} should start with {prefix:?}",
        message(&error)
    );
}

/// (offset, length, kind) of each error info object.
fn error_triples(infos: &Array) -> Vec<(f64, f64, String)> {
    infos
        .iter()
        .map(|e| {
            (
                get(&e, "offset").as_f64().unwrap_or(-1.0),
                get(&e, "length").as_f64().unwrap_or(-1.0),
                get(&e, "kind").as_string().unwrap_or_default(),
            )
        })
        .collect()
}

#[wasm_bindgen_test]
fn validate_answers_for_every_buffer_source() {
    assert_eq!(js::validate(&bytes(&[0xE2, 0x82, 0xAC])), Ok(true));
    assert_eq!(js::validate(&bytes(&[0xC0, 0xAF])), Ok(false));
    assert_eq!(js::validate(&bytes(&[])), Ok(true));
    let buffer = Uint8Array::from(&[0xFF, 0xE2, 0x82, 0xAC, 0xFF][..]).buffer();
    assert_eq!(js::validate(&buffer.clone().into()), Ok(false));
    assert_eq!(
        js::validate(&Uint8Array::new_with_byte_offset_and_length(&buffer, 1, 3).into()),
        Ok(true)
    );
    assert_eq!(js::validate(&DataView::new(&buffer, 1, 3).into()), Ok(true));
    assert_eq!(
        js::validate(&Uint16Array::new_with_length(2).into()),
        Ok(true)
    );
}

#[wasm_bindgen_test]
fn bytes_are_read_with_the_real_length_whatever_the_object_claims() {
    let input = Uint8Array::from(&[0x41, 0xFF][..]);
    assert_eq!(js::validate(&lying_length(&input, 1.0)), Ok(false));
    assert_eq!(
        js::validate(&lying_length(&input, 2f64.powi(40))),
        Ok(false)
    );
    assert_eq!(js::validate(&lying_length(&input, -1.0)), Ok(false));
    let ok = Uint8Array::from(&[0x6F, 0x6B][..]);
    assert_eq!(
        js::decode(&lying_length(&ok, 1.0), &JsValue::UNDEFINED).map(|s| s.as_string()),
        Ok(Some("ok".into()))
    );
}

#[wasm_bindgen_test]
fn non_buffer_sources_are_type_errors_naming_what_was_passed() {
    let cases: Vec<(JsValue, &str)> = vec![
        (JsValue::UNDEFINED, "got undefined"),
        (JsValue::NULL, "got null"),
        (JsValue::from_str("abc"), "got a string"),
        (JsValue::from_f64(1.0), "got a number"),
        (Array::of1(&JsValue::from_f64(65.0)).into(), "got an Array"),
        (Object::new().into(), "got an Object"),
        (
            proxy_of(&bytes(&[0x41])),
            "got a Uint8Array that is not a real one",
        ),
        (
            fake_uint8_array(),
            "got a Uint8Array that is not a real one",
        ),
        (throwing_proxy(), "got an object"),
    ];
    for (value, says) in cases {
        let error = js::validate(&value).expect_err("not a BufferSource");
        assert_type_error(
            error.clone(),
            "validate: expected a Uint8Array or another BufferSource",
        );
        assert!(
            message(&error).contains(says),
            "{:?} should say {says:?}",
            message(&error)
        );
    }
}

#[wasm_bindgen_test]
fn detached_buffers_are_refused_except_by_the_decoder() {
    assert_type_error(
        js::validate(&detached_view().into()).unwrap_err(),
        "validate: the ArrayBuffer is detached",
    );
    assert_type_error(
        js::inspect(&detached_view().buffer().into(), &JsValue::UNDEFINED).unwrap_err(),
        "inspect: the ArrayBuffer is detached",
    );
    let mut decoder =
        js::Utf8Decoder::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("a decoder");
    assert_eq!(
        decoder
            .decode(&detached_view().into(), &JsValue::UNDEFINED)
            .map(|s| s.as_string()),
        Ok(Some(String::new()))
    );
}

#[wasm_bindgen_test]
fn first_error_and_errors_report_maximal_subparts() {
    assert!(js::first_error(&bytes(b"ok"))
        .expect("bytes")
        .is_undefined());
    let first = js::first_error(&bytes(&[0x61, 0xED, 0xA0, 0x80])).expect("bytes");
    assert_eq!(get(&first, "offset").as_f64(), Some(1.0));
    assert_eq!(
        get(&first, "kind").as_string().as_deref(),
        Some("surrogate")
    );
    assert_eq!(
        get(&get(&first, "intended"), "codePoint").as_f64(),
        Some(f64::from(0xD800))
    );
    assert!(message(&first).contains("U+D800"), "{}", message(&first));

    let all = js::errors(
        &bytes(&[0x80, 0x41, 0xE4, 0xBD, 0xF4, 0x90, 0x80, 0x80, 0xC0]),
        &JsValue::UNDEFINED,
    )
    .expect("bytes");
    assert_eq!(
        error_triples(&all),
        vec![
            (0.0, 1.0, "unexpected-continuation".into()),
            (2.0, 2.0, "truncated".into()),
            (4.0, 1.0, "too-large".into()),
            (5.0, 1.0, "unexpected-continuation".into()),
            (6.0, 1.0, "unexpected-continuation".into()),
            (7.0, 1.0, "unexpected-continuation".into()),
            (8.0, 1.0, "invalid-byte".into()),
        ]
    );
    assert!(get(&all.get(0), "intended").is_undefined());
}

#[wasm_bindgen_test]
fn decode_policies_bom_and_fatal_errors() {
    let input = bytes(&[0x48, 0xF6, 0x68, 0x65]);
    let decode =
        |options: JsValue| js::decode(&input, &options).map(|s| s.as_string().unwrap_or_default());
    assert_eq!(decode(JsValue::UNDEFINED), Ok("H\u{FFFD}he".into()));
    assert_eq!(decode(JsValue::NULL), Ok("H\u{FFFD}he".into()));
    for (policy, expected) in [
        ("fffd", "H\u{FFFD}he"),
        ("drop", "Hhe"),
        ("latin1", "Höhe"),
        ("windows-1252", "Höhe"),
    ] {
        assert_eq!(
            decode(object(&[("replacement", policy.into())])),
            Ok(expected.into()),
            "{policy}"
        );
    }
    // utf8b: the byte F6 as the lone surrogate U+DCF6, which a Rust String cannot hold.
    let utf8b = js::decode(&input, &object(&[("replacement", "utf8b".into())])).expect("decodes");
    let utf8b: js_sys::JsString = utf8b.unchecked_into();
    assert_eq!(utf8b.length(), 4);
    assert_eq!(utf8b.char_code_at(1), f64::from(0xDCF6));

    let bom = bytes(&[0xEF, 0xBB, 0xBF, 0x41]);
    assert_eq!(
        js::decode(&bom, &JsValue::UNDEFINED).map(|s| s.as_string()),
        Ok(Some("A".into()))
    );
    let kept = js::decode(&bom, &object(&[("ignoreBOM", true.into())])).map(|s| s.as_string());
    assert_eq!(kept, Ok(Some("\u{FEFF}A".into())));

    let error = js::decode(
        &bytes(&[0xEF, 0xBB, 0xBF, 0x41, 0xC0, 0xAF]),
        &object(&[("fatal", true.into())]),
    )
    .unwrap_err();
    assert_type_error(
        error.clone(),
        "decode: invalid UTF-8 at offset 4 (invalid-byte)",
    );
    assert_eq!(get(&error, "offset").as_f64(), Some(4.0));
    assert_eq!(
        get(&error, "kind").as_string().as_deref(),
        Some("invalid-byte")
    );
}

#[wasm_bindgen_test]
fn decode_refuses_bad_options() {
    let input = bytes(b"a");
    assert_type_error(
        js::decode(&input, &"fatal".into()).unwrap_err(),
        "decode: options must be an object",
    );
    assert_type_error(
        js::decode(&input, &object(&[("replacement", "?".into())])).unwrap_err(),
        "decode: replacement must be",
    );
    assert_type_error(
        js::decode(&input, &object(&[("replacement", 1.into())])).unwrap_err(),
        "decode: option replacement must be a string",
    );
    // The caller's own getter's error comes back as it is.
    let own = js::decode(&input, &throwing_options("fatal")).unwrap_err();
    assert!(own.is_instance_of::<js_sys::SyntaxError>(), "{own:?}");
}

#[wasm_bindgen_test]
fn utf8_decoder_streams_and_reports_like_text_decoder() {
    let fatal = object(&[("fatal", true.into())]);
    let mut decoder = js::Utf8Decoder::new(&"UTF8".into(), &fatal).expect("a UTF-8 label");
    assert_eq!(
        (decoder.encoding(), decoder.fatal(), decoder.ignore_bom()),
        ("utf-8".to_owned(), true, false)
    );
    let stream = object(&[("stream", true.into())]);
    assert_eq!(
        decoder
            .decode(&bytes(&[0xE2, 0x82]), &stream)
            .map(|s| s.as_string()),
        Ok(Some(String::new()))
    );
    assert_eq!(
        decoder
            .decode(&bytes(&[0xAC]), &JsValue::UNDEFINED)
            .map(|s| s.as_string()),
        Ok(Some("€".into()))
    );
    let error = decoder
        .decode(&bytes(&[0x41, 0xFF]), &JsValue::UNDEFINED)
        .unwrap_err();
    assert_type_error(
        error.clone(),
        "Utf8Decoder.decode: invalid UTF-8 at offset 1 (invalid-byte)",
    );
    assert_eq!(get(&error, "offset").as_f64(), Some(1.0));
    assert_eq!(
        decoder
            .decode(&bytes(b"ok"), &JsValue::UNDEFINED)
            .map(|s| s.as_string()),
        Ok(Some("ok".into()))
    );
    assert_eq!(
        decoder
            .decode(&JsValue::UNDEFINED, &JsValue::UNDEFINED)
            .map(|s| s.as_string()),
        Ok(Some(String::new()))
    );
}

#[wasm_bindgen_test]
fn utf8_decoder_labels_and_options() {
    for label in [
        "utf-8",
        "utf8",
        " Unicode-1-1-UTF-8\n",
        "x-unicode20utf8",
        "unicode11utf8",
    ] {
        assert!(
            js::Utf8Decoder::new(&label.into(), &JsValue::UNDEFINED).is_ok(),
            "{label:?}"
        );
    }
    let error = js::Utf8Decoder::new(&"latin1".into(), &JsValue::UNDEFINED)
        .err()
        .expect("not UTF-8");
    assert_range_error(error, "Utf8Decoder: \"latin1\" is not a label of UTF-8");
    let error = js::Utf8Decoder::new(&8.into(), &JsValue::UNDEFINED)
        .err()
        .expect("not a string");
    assert_type_error(
        error,
        "Utf8Decoder: the label must be a string, got a number",
    );
    let error = js::Utf8Decoder::new(&JsValue::UNDEFINED, &7.into())
        .err()
        .expect("not an object");
    assert_type_error(error, "Utf8Decoder: options must be an object");
    let mut decoder =
        js::Utf8Decoder::new(&JsValue::UNDEFINED, &JsValue::UNDEFINED).expect("default");
    let error = decoder
        .decode(&"text".into(), &JsValue::UNDEFINED)
        .unwrap_err();
    assert_type_error(error, "Utf8Decoder.decode: expected a Uint8Array");
}

#[wasm_bindgen_test]
fn encode_and_encode_into_follow_text_encoder() {
    assert_eq!(js::encode(&"€".into()), Ok(vec![0xE2, 0x82, 0xAC]));
    let lone = js_sys::JsString::from_char_code1(0xD800);
    assert_eq!(js::encode(&lone.into()), Ok(vec![0xEF, 0xBF, 0xBD]));
    assert_type_error(
        js::encode(&42.into()).unwrap_err(),
        "encode: expected a string, got a number",
    );

    let dest = Uint8Array::new_with_length(5);
    let result = js::encode_into(&"a€b😀".into(), &dest.clone().into()).expect("encodes");
    assert_eq!(
        (
            get(&result, "read").as_f64(),
            get(&result, "written").as_f64()
        ),
        (Some(3.0), Some(5.0))
    );
    assert_eq!(dest.to_vec(), vec![0x61, 0xE2, 0x82, 0xAC, 0x62]);
    // The real length of a subclass that lies about it: nothing is written past the end.
    let short = Uint8Array::new_with_length(2);
    let result = js::encode_into(&"€".into(), &lying_length(&short, 8.0)).expect("encodes");
    assert_eq!(get(&result, "written").as_f64(), Some(0.0));
    let detached = js::encode_into(&"abc".into(), &detached_view().into()).expect("writes nothing");
    assert_eq!(get(&detached, "read").as_f64(), Some(0.0));
    for dest in [
        Uint16Array::new_with_length(2).into(),
        ArrayBuffer::new(4).into(),
        JsValue::NULL,
        proxy_of(&bytes(&[0; 4])),
    ] {
        assert_type_error(
            js::encode_into(&"a".into(), &dest).unwrap_err(),
            "encodeInto: the destination must be a Uint8Array",
        );
    }
}

#[wasm_bindgen_test]
fn code_points_are_checked_before_encoding() {
    assert_eq!(
        js::encode_code_point(&0x1F600.into()),
        Ok(vec![0xF0, 0x9F, 0x98, 0x80])
    );
    assert_eq!(js::encode_code_point(&0.into()), Ok(vec![0]));
    for cp in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1.5, -0.5] {
        assert_range_error(
            js::encode_code_point(&cp.into()).unwrap_err(),
            "encodeCodePoint: ",
        );
    }
    for cp in [-1.0, 1_114_112.0, 2f64.powi(32)] {
        assert_range_error(
            js::encode_code_point(&cp.into()).unwrap_err(),
            "encodeCodePoint: ",
        );
        assert_range_error(
            js::explain_code_point(&cp.into()).expect_err("out of range"),
            "explainCodePoint: ",
        );
    }
    assert_range_error(
        js::encode_code_point(&0xD800.into()).unwrap_err(),
        "encodeCodePoint: U+D800",
    );
    for value in [
        JsValue::from_str("65"),
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::TRUE,
    ] {
        assert_type_error(
            js::encode_code_point(&value).unwrap_err(),
            "encodeCodePoint: expected a code point number",
        );
    }
}

#[wasm_bindgen_test]
fn explain_code_point_is_plain_json() {
    let fill: JsValue = js::explain_code_point(&0x20AC.into())
        .expect("a scalar value")
        .into();
    assert_eq!(get(&fill, "label").as_string().as_deref(), Some("U+20AC"));
    assert_eq!(
        get(&fill, "bits").as_string().as_deref(),
        Some("0010000010101100")
    );
    let row = get(&fill, "row");
    assert_eq!(get(&row, "octets").as_f64(), Some(3.0));
    assert_eq!(
        get(&row, "template").as_string().as_deref(),
        Some("1110xxxx 10xxxxxx 10xxxxxx")
    );
    let octets: Array = get(&fill, "octets").unchecked_into();
    assert_eq!(octets.length(), 3);
    let lead = octets.get(0);
    assert_eq!(
        get(&lead, "template").as_string().as_deref(),
        Some("1110xxxx")
    );
    assert_eq!(get(&lead, "markerLength").as_f64(), Some(4.0));
    let sources: Vec<Option<f64>> = get(&lead, "bitSources")
        .unchecked_into::<Array>()
        .iter()
        .map(|s| s.as_f64())
        .collect();
    assert_eq!(
        sources,
        vec![
            None,
            None,
            None,
            None,
            Some(15.0),
            Some(14.0),
            Some(13.0),
            Some(12.0)
        ]
    );
    let bytes: Vec<f64> = get(&fill, "bytes")
        .unchecked_into::<Array>()
        .iter()
        .filter_map(|b| b.as_f64())
        .collect();
    assert_eq!(bytes, vec![226.0, 130.0, 172.0]);
    // JSON.stringify sees plain data.
    let json = js_sys::JSON::stringify(&fill)
        .expect("plain JSON")
        .as_string()
        .unwrap_or_default();
    assert!(json.starts_with("{\"codePoint\":8364,"), "{json}");
}

#[wasm_bindgen_test]
fn inspect_gives_roles_and_segments() {
    let report: JsValue = js::inspect(&bytes(&[0x41, 0xE2, 0x82, 0xAC, 0xFF]), &JsValue::UNDEFINED)
        .expect("bytes")
        .into();
    let roles: Vec<String> = get(&report, "roles")
        .unchecked_into::<Array>()
        .iter()
        .filter_map(|r| r.as_string())
        .collect();
    assert_eq!(
        roles,
        ["ascii", "lead", "continuation", "continuation", "invalid"]
    );
    assert_eq!(get(&report, "valid"), JsValue::FALSE);
    let segments: Array = get(&report, "segments").unchecked_into();
    assert_eq!(segments.length(), 3);
    let euro = segments.get(1);
    assert_eq!(
        (get(&euro, "offset").as_f64(), get(&euro, "length").as_f64()),
        (Some(1.0), Some(3.0))
    );
    assert_eq!(get(&euro, "codePoint").as_f64(), Some(f64::from(0x20AC)));
    assert_eq!(get(&euro, "char").as_string().as_deref(), Some("€"));
    assert_eq!(
        get(&get(&segments.get(2), "error"), "kind")
            .as_string()
            .as_deref(),
        Some("invalid-byte")
    );
    let empty: JsValue = js::inspect(&bytes(&[]), &JsValue::UNDEFINED)
        .expect("bytes")
        .into();
    assert_eq!(get(&empty, "valid"), JsValue::TRUE);
}

#[wasm_bindgen_test]
fn variants_decode_encode_and_refuse() {
    let cesu = bytes(&[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80]);
    assert_eq!(
        js::decode_variant(&cesu, &"cesu-8".into()).map(|s| s.as_string()),
        Ok(Some("\u{10400}".into()))
    );
    let mutf = js::decode_variant(&bytes(&[0xC0, 0x80]), &"mutf-8".into()).map(|s| s.as_string());
    assert_eq!(mutf, Ok(Some("\0".into())));
    let code_points = js::decode_variant_code_points(
        &bytes(&[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
        &"rfc2279".into(),
    )
    .expect("RFC 2279");
    assert_eq!(code_points.get(0).as_f64(), Some(f64::from(0x7FFF_FFFFu32)));
    assert_eq!(
        js::encode_variant(&"😀".into(), &"cesu-8".into()),
        Ok(vec![0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80])
    );
    let lone = js_sys::JsString::from_char_code1(0xD800);
    assert_eq!(
        js::encode_variant(&lone.clone().into(), &"wtf-8".into()),
        Ok(vec![0xED, 0xA0, 0x80])
    );

    let malformed =
        js::decode_variant(&bytes(&[0x41, 0xF0, 0x9F, 0x98, 0x80]), &"cesu-8".into()).unwrap_err();
    assert_type_error(malformed.clone(), "decodeVariant: ");
    assert_eq!(get(&malformed, "offset").as_f64(), Some(1.0));
    let beyond =
        js::decode_variant(&bytes(&[0xF8, 0x88, 0x80, 0x80, 0x80]), &"rfc2279".into()).unwrap_err();
    assert_range_error(
        beyond,
        "decodeVariant: the value 0x200000 is above U+10FFFF",
    );
    assert_range_error(
        js::encode_variant(&lone.into(), &"cesu-8".into()).unwrap_err(),
        "encodeVariant: ",
    );
    for name in [
        JsValue::from_str("utf-8"),
        JsValue::from_str(""),
        JsValue::NULL,
        JsValue::from_f64(8.0),
    ] {
        assert_type_error(
            js::decode_variant(&bytes(b"a"), &name).unwrap_err(),
            "decodeVariant: the variant must be",
        );
        assert_type_error(
            js::encode_variant(&"a".into(), &name).unwrap_err(),
            "encodeVariant: the variant must be",
        );
    }
}

/// A JS exception escaping through the wasm frames (a getter throwing inside a js-sys import not
/// marked `catch`) used to leave wasm-bindgen's stacks unrestored: after about a thousand, every
/// call failed. These are the arguments that did it, many times over, then good calls.
#[wasm_bindgen_test]
fn thousands_of_hostile_arguments_leave_the_layer_working() {
    let input = Uint8Array::from(&[0x41, 0xE2, 0x82, 0xAC][..]);
    let hostile = [
        lying_length(&input, 1.0),
        lying_length(&input, 2f64.powi(40)),
        proxy_of(&input.clone().into()),
        fake_uint8_array(),
        throwing_proxy(),
        detached_view().into(),
    ];
    for round in 0..2000 {
        let value = &hostile[round % hostile.len()];
        let _ = js::validate(value);
        let _ = js::errors(value, &JsValue::UNDEFINED);
        let _ = js::decode(value, &throwing_options("fatal"));
        let _ = js::encode_into(&"abc".into(), value);
        let _ = js::decode_variant(value, value);
    }
    assert_eq!(js::validate(&input.clone().into()), Ok(true));
    assert_eq!(
        js::decode(&input.into(), &JsValue::UNDEFINED).map(|s| s.as_string()),
        Ok(Some("A€".into()))
    );
    assert_eq!(
        js::errors(&bytes(&[0x80]), &JsValue::UNDEFINED).map(|a| a.length()),
        Ok(1)
    );
}

/// The zero-copy buffer, without the package's JS wrapper: what is written through `bytes` is what
/// the methods read, they answer as the top-level functions do, and bad capacities and lengths are
/// TypeErrors and RangeErrors naming the method.
#[wasm_bindgen_test]
fn utf8_input_buffer_reads_its_region_in_place() {
    let buffer = js::Utf8InputBuffer::new(&8.into()).expect("a capacity of 8");
    assert_eq!(buffer.capacity(), 8.0);
    let view = buffer.bytes();
    assert_eq!(view.length(), 8);
    view.copy_from(&[0x61, 0xED, 0xA0, 0x80, 0xE2, 0x82, 0xAC, 0x21]);
    assert_eq!(buffer.validate(&1.into()), Ok(true));
    assert_eq!(buffer.validate(&8.into()), Ok(false));
    let first = buffer.first_error(&8.into()).expect("a length");
    assert_eq!(
        get(&first, "kind").as_string().as_deref(),
        Some("surrogate")
    );
    let all = buffer
        .errors(&8.into(), &JsValue::UNDEFINED)
        .expect("a length");
    let top = js::errors(&view.slice(0, 8).into(), &JsValue::UNDEFINED).expect("bytes");
    assert_eq!(error_triples(&all), error_triples(&top));
    let limited = buffer
        .errors(&8.into(), &object(&[("limit", 2.into())]))
        .expect("a length");
    assert_eq!(error_triples(&limited), error_triples(&all)[..2]);
    let list = buffer
        .error_list(&8.into(), &object(&[("limit", 1.into())]))
        .expect("a length");
    let offsets: Vec<f64> = Array::from(&get(&list, "offsets"))
        .iter()
        .filter_map(|v| v.as_f64())
        .collect();
    assert_eq!(offsets, [1.0]);
    assert_eq!(get(&list, "more").as_bool(), Some(true));
    assert_eq!(
        buffer
            .decode(&8.into(), &JsValue::UNDEFINED)
            .map(|s| s.as_string()),
        Ok(Some("a\u{FFFD}\u{FFFD}\u{FFFD}€!".into()))
    );
    assert_eq!(
        buffer
            .decode(&4.into(), &object(&[("replacement", "latin1".into())]))
            .map(|s| s.as_string()),
        Ok(Some("a\u{ED}\u{A0}\u{80}".into()))
    );
    let fatal = buffer
        .decode(&8.into(), &object(&[("fatal", true.into())]))
        .unwrap_err();
    assert_type_error(
        fatal.clone(),
        "Utf8InputBuffer.decode: invalid UTF-8 at offset 1 (surrogate)",
    );
    assert_eq!(get(&fatal, "offset").as_f64(), Some(1.0));
    assert_eq!(
        buffer
            .decode(&7.into(), &JsValue::NULL)
            .map(|s| s.as_string()),
        Ok(Some("a\u{FFFD}\u{FFFD}\u{FFFD}€".into()))
    );
    assert_type_error(
        buffer.decode(&1.into(), &"fatal".into()).unwrap_err(),
        "Utf8InputBuffer.decode: options must be an object",
    );

    for length in [
        JsValue::UNDEFINED,
        JsValue::NULL,
        "1".into(),
        Array::new().into(),
    ] {
        assert_type_error(
            buffer.validate(&length).unwrap_err(),
            "Utf8InputBuffer.validate: length must be a number of bytes, got",
        );
    }
    for length in [-1.0, 0.5, f64::NAN, f64::INFINITY] {
        assert_range_error(
            buffer
                .errors(&length.into(), &JsValue::UNDEFINED)
                .unwrap_err(),
            "Utf8InputBuffer.errors: length must be a whole number of bytes from 0 up",
        );
    }
    assert_range_error(
        buffer.first_error(&9.into()).unwrap_err(),
        "Utf8InputBuffer.firstError: length 9 is more than the buffer's capacity of 8 bytes",
    );

    assert_type_error(
        js::Utf8InputBuffer::new(&"8".into())
            .map(|_| ())
            .unwrap_err(),
        "Utf8InputBuffer: capacity must be a number of bytes, got a string",
    );
    for capacity in [-1.0, 1.5, f64::NAN, 2f64.powi(29) + 1.0, 2f64.powi(53)] {
        assert_range_error(
            js::Utf8InputBuffer::new(&capacity.into())
                .map(|_| ())
                .unwrap_err(),
            "Utf8InputBuffer: capacity",
        );
    }
    let empty = js::Utf8InputBuffer::new(&0.into()).expect("a capacity of 0");
    assert_eq!(empty.bytes().length(), 0);
    assert_eq!(empty.validate(&0.into()), Ok(true));
}
