//! The legacy charset tables against the mapping files they were generated from, byte by byte;
//! round trips; WHATWG label resolution against encodings.json; and the generator's `--check`.
//!
//! The mapping files are parsed here independently of `scripts/generate-tables.py`, so a bug in
//! the generator cannot hide behind the same bug in its check.

use std::process::Command;

use utf8lens::charset::{self, labels_of, resolve_label, Charset, Fallback};
use utf8lens_tests::data;

/// Where each charset's table comes from: (charset, Unicode mapping file) or (charset, WHATWG index).
enum Source {
    Unicode(&'static str),
    Whatwg(&'static str),
}

fn source(cs: Charset) -> Source {
    match cs {
        Charset::Iso8859_1 => Source::Unicode("unicode-mappings-iso8859/8859-1.TXT"),
        Charset::Iso8859_2 => Source::Unicode("unicode-mappings-iso8859/8859-2.TXT"),
        Charset::Iso8859_3 => Source::Unicode("unicode-mappings-iso8859/8859-3.TXT"),
        Charset::Iso8859_4 => Source::Unicode("unicode-mappings-iso8859/8859-4.TXT"),
        Charset::Iso8859_5 => Source::Unicode("unicode-mappings-iso8859/8859-5.TXT"),
        Charset::Iso8859_6 => Source::Unicode("unicode-mappings-iso8859/8859-6.TXT"),
        Charset::Iso8859_7 => Source::Unicode("unicode-mappings-iso8859/8859-7.TXT"),
        Charset::Iso8859_8 => Source::Unicode("unicode-mappings-iso8859/8859-8.TXT"),
        Charset::Iso8859_9 => Source::Unicode("unicode-mappings-iso8859/8859-9.TXT"),
        Charset::Iso8859_10 => Source::Unicode("unicode-mappings-iso8859/8859-10.TXT"),
        Charset::Iso8859_11 => Source::Unicode("unicode-mappings-iso8859/8859-11.TXT"),
        Charset::Iso8859_13 => Source::Unicode("unicode-mappings-iso8859/8859-13.TXT"),
        Charset::Iso8859_14 => Source::Unicode("unicode-mappings-iso8859/8859-14.TXT"),
        Charset::Iso8859_15 => Source::Unicode("unicode-mappings-iso8859/8859-15.TXT"),
        Charset::Iso8859_16 => Source::Unicode("unicode-mappings-iso8859/8859-16.TXT"),
        Charset::Ibm437 => Source::Unicode("unicode-mappings-vendors/CP437.TXT"),
        Charset::Ibm850 => Source::Unicode("unicode-mappings-vendors/CP850.TXT"),
        Charset::Ibm852 => Source::Unicode("unicode-mappings-vendors/CP852.TXT"),
        other => Source::Whatwg(other.name()),
    }
}

/// A Unicode MAPPINGS file as a 256-entry table: `0xXX<TAB>0xXXXX<TAB>#...`; unlisted bytes and
/// lines without a code point (the vendor files' `#UNDEFINED`) are undefined.
fn unicode_mapping(relative: &str) -> Option<[Option<char>; 256]> {
    let text = data::read_text(relative)?;
    let mut table = [None; 256];
    for line in text.lines() {
        let body = line.split('#').next().unwrap_or("").trim();
        let fields: Vec<&str> = body.split_whitespace().collect();
        let [byte, code_point] = fields[..] else {
            continue;
        };
        let byte = usize::from_str_radix(byte.trim_start_matches("0x"), 16)
            .unwrap_or_else(|_| panic!("{relative}: bad byte in {line:?}"));
        let code_point = u32::from_str_radix(code_point.trim_start_matches("0x"), 16)
            .ok()
            .and_then(char::from_u32)
            .unwrap_or_else(|| panic!("{relative}: bad code point in {line:?}"));
        assert!(
            table[byte].is_none(),
            "{relative}: byte {byte:#04x} listed twice"
        );
        table[byte] = Some(code_point);
    }
    Some(table)
}

/// The expected table of a charset, all 256 bytes.
fn expected(cs: Charset) -> Option<[Option<char>; 256]> {
    match source(cs) {
        Source::Unicode(file) => unicode_mapping(file),
        Source::Whatwg(name) => {
            let upper = data::whatwg_single_byte_index(name)?;
            let mut table = [None; 256];
            for b in 0..0x80u8 {
                table[usize::from(b)] = Some(char::from(b));
            }
            table[0x80..].copy_from_slice(&upper);
            Some(table)
        }
    }
}

#[test]
fn every_table_matches_its_mapping_file_for_all_256_bytes() {
    let mut checked = 0;
    for cs in Charset::ALL {
        let Some(table) = expected(cs) else { return };
        for byte in 0..=255u8 {
            assert_eq!(
                cs.decode_byte(byte),
                table[usize::from(byte)],
                "{cs} byte {byte:#04x} ({})",
                cs.source()
            );
            checked += 1;
        }
        let undefined: Vec<u8> = (0..=255u8)
            .filter(|&b| table[usize::from(b)].is_none())
            .collect();
        assert_eq!(cs.undefined_bytes(), undefined, "{cs}: undefined bytes");
    }
    eprintln!("charset tables: {checked} bytes checked against the mapping files");
    assert_eq!(checked, 33 * 256);
}

#[test]
fn true_iso_tables_are_not_the_browser_aliases() {
    // The three ISO charsets WHATWG aliases to Windows code pages differ from them in 80..=9F.
    for (iso, windows) in [
        (Charset::Iso8859_1, Charset::Windows1252),
        (Charset::Iso8859_9, Charset::Windows1254),
        (Charset::Iso8859_11, Charset::Windows874),
    ] {
        assert_eq!(iso.decode_byte(0x80), Some('\u{80}'), "{iso}");
        assert_eq!(windows.decode_byte(0x80), Some('€'), "{windows}");
        assert_eq!(resolve_label(iso.name()), Ok(windows));
        assert!(labels_of(iso).is_empty(), "{iso} is reached by no label");
    }
    // Where the README says Unicode's ISO tables and WHATWG's indexes agree, they do.
    for (iso, index) in [
        (Charset::Iso8859_2, "iso-8859-2"),
        (Charset::Iso8859_7, "iso-8859-7"),
        (Charset::Iso8859_15, "iso-8859-15"),
        (Charset::Iso8859_16, "iso-8859-16"),
    ] {
        let Some(whatwg) = data::whatwg_single_byte_index(index) else {
            return;
        };
        for (i, expected) in whatwg.iter().enumerate() {
            let byte = 0x80 + i as u8;
            assert_eq!(
                iso.decode_byte(byte),
                *expected,
                "{iso} {byte:#04x} vs index-{index}.txt"
            );
        }
    }
}

#[test]
fn every_defined_byte_round_trips_and_undefined_bytes_are_explicit() {
    let mut defined = 0;
    let mut undefined = 0;
    for cs in Charset::ALL {
        let bytes: Vec<u8> = (0..=255u8)
            .filter(|&b| cs.decode_byte(b).is_some())
            .collect();
        // Byte by byte...
        for &b in &bytes {
            let ch = cs.decode_byte(b).unwrap();
            assert_eq!(cs.encode_char(ch), Some(b), "{cs} {b:#04x} -> {ch:?}");
            defined += 1;
        }
        // ...and as one text, through the public string functions.
        let text = charset::decode_fatal(&bytes, cs).unwrap();
        assert_eq!(charset::decode(&bytes, cs), text);
        assert_eq!(
            charset::encode(&text, cs, Fallback::Error).unwrap(),
            bytes,
            "{cs}"
        );
        for b in cs.undefined_bytes() {
            let input = [b'a', b];
            assert_eq!(charset::decode(&input, cs), "a\u{FFFD}", "{cs} {b:#04x}");
            let err = charset::decode_fatal(&input, cs).unwrap_err();
            assert_eq!((err.byte(), err.offset(), err.charset()), (b, 1, cs));
            undefined += 1;
        }
    }
    eprintln!("charset round trips: {defined} defined bytes, {undefined} undefined bytes");
}

#[test]
fn unmappable_characters_name_the_character_and_its_offset() {
    let err = charset::encode("Straße → Köln", Charset::Iso8859_1, Fallback::Error).unwrap_err();
    assert_eq!((err.ch(), err.offset()), (Some('→'), 8));
    assert_eq!(
        err.to_string(),
        "U+2192 '→' at offset 8 cannot be encoded in iso-8859-1"
    );
    assert_eq!(
        charset::encode("Straße → Köln", Charset::Iso8859_1, Fallback::Question).unwrap(),
        b"Stra\xDFe ? K\xF6ln"
    );
    assert_eq!(
        charset::encode("Straße → Köln", Charset::Iso8859_1, Fallback::Ncr).unwrap(),
        b"Stra\xDFe &#8594; K\xF6ln"
    );
    assert_eq!(
        charset::encode("€", Charset::Windows1252, Fallback::Error).unwrap(),
        [0x80]
    );
    assert!(charset::encode("€", Charset::Iso8859_1, Fallback::Error).is_err());
    assert_eq!(
        charset::encode("€", Charset::Iso8859_15, Fallback::Error).unwrap(),
        [0xA4]
    );
}

#[derive(serde::Deserialize)]
struct Group {
    encodings: Vec<Encoding>,
}

#[derive(serde::Deserialize)]
struct Encoding {
    labels: Vec<String>,
    name: String,
}

#[test]
fn every_whatwg_label_resolves_as_in_a_browser() {
    let Some(json) = data::read_text("whatwg-encoding/encodings.json") else {
        return;
    };
    let groups: Vec<Group> = serde_json::from_str(&json).expect("encodings.json");
    let mut checked = 0;
    for encoding in groups.iter().flat_map(|g| &g.encodings) {
        let name = encoding.name.to_ascii_lowercase();
        let ours = if name == "iso-8859-8-i" {
            "iso-8859-8".to_owned()
        } else {
            name.clone()
        };
        let expected: Option<Charset> = ours.parse().ok();
        for label in &encoding.labels {
            for spelling in [
                label.clone(),
                label.to_ascii_uppercase(),
                format!("\t {label}\n"),
            ] {
                match (resolve_label(&spelling), expected) {
                    (Ok(cs), Some(want)) => assert_eq!(cs, want, "{spelling:?}"),
                    (Err(e), None) => {
                        assert_eq!(e.encoding(), Some(encoding.name.as_str()), "{spelling:?}")
                    }
                    (got, want) => panic!("{spelling:?}: got {got:?}, expected {want:?}"),
                }
                checked += 1;
            }
        }
    }
    assert!(resolve_label("latin-1").unwrap_err().encoding().is_none());
    assert!(resolve_label("").is_err());
    eprintln!("WHATWG labels: {checked} spellings resolved");
}

#[test]
fn generated_tables_are_up_to_date() {
    // Regenerates codec/src/charset/tables.rs from the conformance data into a temporary file and
    // compares it with the committed one.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if data::read("whatwg-encoding/encodings.json").is_none() {
        return;
    }
    let output = match Command::new("python3")
        .arg("scripts/generate-tables.py")
        .arg("--check")
        .current_dir(&root)
        .output()
    {
        Ok(output) => output,
        Err(e) if !data::data_required() => {
            eprintln!("SKIPPED: cannot run python3 ({e}); this is a failure when CI=true");
            return;
        }
        Err(e) => panic!("CI=true but python3 cannot run: {e}"),
    };
    assert!(
        output.status.success(),
        "python3 scripts/generate-tables.py --check failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
