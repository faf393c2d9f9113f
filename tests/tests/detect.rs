//! `utf8lens::detect`: accuracy floors on the visible test set (uchardet's files), one case per
//! encoding family, properties on arbitrary bytes, and the text model generator's `--check`.
//!
//! The floors are what today's detector reaches, measured with the equivalence rule of the issue
//! (a guess counts when decoding with it gives the text the true charset gives), decoded here with
//! the codec's own tables; charsets it cannot decode (CJK, ibm852...) count only when named. They
//! guard against regressions; tests/detect/bench.py measures the same files against the peers.

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use utf8lens::charset::{self, Charset, Fallback};
use utf8lens::detect::{detect, rank_legacy, Detector, CHARSETS};
use utf8lens_tests::data;

/// Files (of the 121) right per group, at least: Unicode/ASCII, single-byte, CJK multi-byte.
const FLOORS: [(&str, usize); 3] = [("Unicode/ASCII", 33), ("single-byte", 74), ("CJK", 7)];

/// Names that the test set's files use for what the detector calls otherwise.
fn same_charset(truth: &str, guess: &str) -> bool {
    fn alias(name: &str) -> &str {
        match name {
            "uhc" => "euc-kr",
            "mac-centraleurope" => "x-mac-ce",
            "mac-cyrillic" => "x-mac-cyrillic",
            "ascii" => "us-ascii",
            other => other,
        }
    }
    alias(truth) == alias(guess)
}

/// The text of `bytes` in `charset`, if the codec (or std, for the UTF encodings) decodes it.
fn decode(bytes: &[u8], charset: &str) -> Option<String> {
    let units16 = |little: bool| -> Vec<u16> {
        bytes
            .chunks_exact(2)
            .map(|c| {
                if little {
                    u16::from_le_bytes([c[0], c[1]])
                } else {
                    u16::from_be_bytes([c[0], c[1]])
                }
            })
            .collect()
    };
    let units32 = |little: bool| -> String {
        bytes
            .chunks_exact(4)
            .map(|c| {
                let b = [c[0], c[1], c[2], c[3]];
                let v = if little {
                    u32::from_le_bytes(b)
                } else {
                    u32::from_be_bytes(b)
                };
                char::from_u32(v).unwrap_or('\u{FFFD}')
            })
            .collect()
    };
    let text = match charset {
        "utf-8" | "ascii" | "us-ascii" => String::from_utf8_lossy(bytes).into_owned(),
        "utf-16le" => String::from_utf16_lossy(&units16(true)),
        "utf-16be" => String::from_utf16_lossy(&units16(false)),
        "utf-32le" => units32(true),
        "utf-32be" => units32(false),
        "tis-620" => charset::decode(bytes, Charset::Iso8859_11),
        name => charset::decode(bytes, name.parse::<Charset>().ok()?),
    };
    Some(
        text.strip_prefix('\u{FEFF}')
            .map(str::to_owned)
            .unwrap_or(text),
    )
}

fn correct(bytes: &[u8], truth: &str, guess: &str) -> bool {
    if same_charset(truth, guess) {
        return true;
    }
    match (decode(bytes, truth), decode(bytes, guess)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

fn truth_of(path: &Path) -> String {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    match name.strip_suffix(".le").or(name.strip_suffix(".be")) {
        Some(stem) => format!("{stem}{}", &name[name.len() - 2..]),
        None => name.rsplit_once('.').map_or(name, |(s, _)| s).to_string(),
    }
}

fn group_of(truth: &str) -> usize {
    const CJK: [&str; 8] = [
        "shift_jis",
        "euc-jp",
        "iso-2022-jp",
        "gb18030",
        "big5",
        "euc-tw",
        "iso-2022-kr",
        "uhc",
    ];
    if truth.starts_with("utf-") || truth == "ascii" {
        0
    } else if CJK.contains(&truth) {
        2
    } else {
        1
    }
}

fn test_files() -> Option<Vec<PathBuf>> {
    let root = data::conformance_root().join("uchardet-test");
    if !root.is_dir() {
        if data::data_required() {
            panic!("CI=true but {} is missing", root.display());
        }
        eprintln!(
            "SKIPPED: {} not found (a failure when CI=true)",
            root.display()
        );
        return None;
    }
    let mut files = Vec::new();
    for lang in std::fs::read_dir(&root).expect("read uchardet-test") {
        let lang = lang.expect("dir entry").path();
        for file in std::fs::read_dir(&lang).expect("read language dir") {
            files.push(file.expect("dir entry").path());
        }
    }
    files.sort();
    Some(files)
}

#[test]
fn accuracy_on_the_visible_set_keeps_its_floor() {
    let Some(files) = test_files() else { return };
    assert!(files.len() >= 100, "only {} files", files.len());
    let mut right = [0usize; 3];
    let mut total = [0usize; 3];
    for path in &files {
        let bytes = std::fs::read(path).expect("read test file");
        let truth = truth_of(path);
        let group = group_of(&truth);
        total[group] += 1;
        let guess = detect(&bytes).best().charset();
        if correct(&bytes, &truth, guess) {
            right[group] += 1;
        } else {
            eprintln!("miss: {} -> {guess}", path.display());
        }
    }
    for (i, (name, floor)) in FLOORS.iter().enumerate() {
        eprintln!("detect {name}: {}/{}", right[i], total[i]);
        assert!(
            right[i] >= *floor,
            "{name}: {}/{} right, below the floor of {floor}",
            right[i],
            total[i]
        );
    }
}

#[test]
fn every_byte_order_mark() {
    let cases: [(&[u8], &str); 5] = [
        (b"\xEF\xBB\xBFna\xC3\xAFve", "utf-8"),
        (b"\xFF\xFEn\x00a\x00", "utf-16le"),
        (b"\xFE\xFF\x00n\x00a", "utf-16be"),
        (b"\xFF\xFE\x00\x00n\x00\x00\x00", "utf-32le"),
        (b"\x00\x00\xFE\xFF\x00\x00\x00n", "utf-32be"),
    ];
    for (bytes, name) in cases {
        let d = detect(bytes);
        assert_eq!(d.best().charset(), name);
        assert_eq!(d.best().confidence(), 1.0);
        assert!(d.best().reasons()[0].contains("byte order mark"));
    }
}

/// A byte order mark whose rest is invalid, before UTF-8 with a few errors (found by the fuzz target
/// `detect`): both weak candidates keep their order, and the confidences add up to at most 1 (they
/// were 0.5 and 0.65).
#[test]
fn a_broken_byte_order_mark_before_damaged_utf8() {
    let mut bytes = b"\xFF\xFE\x00\xD8\x04\xD0\x9F\x02C".to_vec();
    bytes.extend_from_slice("ривет, как дела? Всё хорошо".as_bytes());
    let d = detect(&bytes);
    let names: Vec<&str> = d.candidates().iter().take(2).map(|c| c.charset()).collect();
    assert_eq!(names, ["utf-8", "utf-16le"]);
    check_well_formed(&bytes).unwrap();
}

#[test]
fn utf16_and_utf32_without_bom() {
    let text = "Le cœur a ses raisons que la raison ne connaît point.\n";
    let le16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let le32: Vec<u8> = text
        .chars()
        .flat_map(|c| (c as u32).to_le_bytes())
        .collect();
    let be32: Vec<u8> = text
        .chars()
        .flat_map(|c| (c as u32).to_be_bytes())
        .collect();
    assert_eq!(detect(&le16).best().charset(), "utf-16le");
    assert_eq!(detect(&be16).best().charset(), "utf-16be");
    assert_eq!(detect(&le32).best().charset(), "utf-32le");
    assert_eq!(detect(&be32).best().charset(), "utf-32be");
    // Japanese with a line break: the zero bytes of U+000A decide the byte order.
    let ja = "日本語のテキストです。\nこんにちは、世界。\n";
    let le: Vec<u8> = ja.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(detect(&le).best().charset(), "utf-16le");
}

#[test]
fn ascii_and_utf8() {
    assert_eq!(detect(b"Hello, world!\n").best().charset(), "us-ascii");
    assert_eq!(detect("Grüße, Jürgen".as_bytes()).best().charset(), "utf-8");
    assert_eq!(detect("Привет".as_bytes()).best().charset(), "utf-8");
    assert_eq!(detect(b"").best().charset(), "utf-8");
    // Valid UTF-8 beats the Latin-1 reading of the same bytes ("Ã©").
    assert_eq!(detect(b"caf\xC3\xA9").best().charset(), "utf-8");
}

#[test]
fn one_text_per_single_byte_family() {
    // Texts written for this test, encoded with the codec's own tables.
    let cases: [(&str, Charset, &str); 12] = [
        ("Le cœur a ses raisons que la raison ne connaît point. Déjà vu, très élégant, où êtes-vous ?", Charset::Windows1252, "fr"),
        ("Příliš žluťoučký kůň úpěl ďábelské ódy. Čeština má háčky a čárky.", Charset::Windows1250, "cs"),
        ("Pchnąć w tę łódź jeża lub ośm skrzyń fig. Zażółć gęślą jaźń.", Charset::Iso8859_2, "pl"),
        ("Съешь же ещё этих мягких французских булок, да выпей чаю.", Charset::Koi8R, "ru"),
        ("Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.", Charset::Windows1251, "ru"),
        ("Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Η γλώσσα μου έδωσαν ελληνική.", Charset::Iso8859_7, "el"),
        ("דג סקרן שט בים מאוכזב ולפתע מצא חברה. שלום לכולם.", Charset::Windows1255, "he"),
        ("نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر ومغلف بجلد أزرق.", Charset::Windows1256, "ar"),
        ("Pijamalı hasta yağız şoföre çabucak güvendi. Görüşmek üzere, teşekkür ederim.", Charset::Windows1254, "tr"),
        ("Įlinkdama fechtuotojo špaga sublykčiojusi pragręžė apvalų arbūzą. Ačiū labai.", Charset::Windows1257, "lt"),
        ("เป็นมนุษย์สุดประเสริฐเลิศคุณค่า กว่าบรรดาฝูงสัตว์เดรัจฉาน", Charset::Windows874, "th"),
        ("Laŭ Ludoviko Zamenhof bongustas freŝa ĉeĥa manĝaĵo kun spicoj. Eĥoŝanĝo ĉiuĵaŭde.", Charset::Iso8859_3, "eo"),
    ];
    for (text, charset, lang) in cases {
        let bytes = charset::encode(text, charset, Fallback::Error).expect("encodable");
        let d = detect(&bytes);
        let best = d.best();
        assert_eq!(
            decode(&bytes, best.charset()),
            Some(charset::decode(&bytes, charset)),
            "{charset:?}: {best}"
        );
        assert_eq!(best.language(), Some(lang), "{charset:?}: {best}");
        assert!(best.reasons().len() >= 2, "{best}");
    }
}

#[test]
fn every_legacy_charset_ranked_once_the_detectors_choice_first() {
    let ascii = rank_legacy(b"plain ASCII");
    assert_eq!(ascii.len(), Charset::ALL.len());
    let Some(files) = test_files() else { return };
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        let ranked = rank_legacy(&bytes);
        let mut sorted: Vec<&str> = ranked.iter().map(|c| c.name()).collect();
        sorted.sort_unstable();
        let mut all: Vec<&str> = Charset::ALL.iter().map(|c| c.name()).collect();
        all.sort_unstable();
        assert_eq!(sorted, all, "{}: every charset once", path.display());
        // Where the detector's best reading is one of the codec's charsets, the ranking starts
        // with a charset that reads the bytes the same way.
        if let Some(best) = detect(&bytes).best().legacy_charset() {
            assert_eq!(
                charset::decode(&bytes, ranked[0]),
                charset::decode(&bytes, best),
                "{}: ranked {:?} first, detect chose {best:?}",
                path.display(),
                ranked[0]
            );
        }
    }
}

#[test]
fn cjk_by_structure() {
    // "日本語のテキストです。" in Shift_JIS and EUC-JP; "中文字符和汉字" in GB18030; "한국어 텍스트" in EUC-KR;
    // ISO-2022-JP with its escapes.
    let cases: [(&[u8], &str); 5] = [
        (b"\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x65\x83\x4c\x83\x58\x83\x67\x82\xc5\x82\xb7\x81\x42", "shift_jis"),
        (b"\xc6\xfc\xcb\xdc\xb8\xec\xa4\xce\xa5\xc6\xa5\xad\xa5\xb9\xa5\xc8\xa4\xc7\xa4\xb9\xa1\xa3", "euc-jp"),
        (b"\xd6\xd0\xce\xc4\xd7\xd6\xb7\xfb\xba\xcd\xba\xba\xd7\xd6", "gb18030"),
        (b"\xc7\xd1\xb1\xb9\xbe\xee \xc5\xd8\xbd\xba\xc6\xae", "euc-kr"),
        (b"\x1b$BF|K\\8l\x1b(B", "iso-2022-jp"),
    ];
    for (bytes, name) in cases {
        let d = detect(bytes);
        assert_eq!(d.best().charset(), name, "{}", d.best());
    }
}

#[test]
fn a_large_input_is_judged_by_its_first_megabyte() {
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(200_000);
    let bytes = charset::encode(&text, Charset::Windows1251, Fallback::Error).expect("encodable");
    let mut detector = Detector::new();
    for chunk in bytes.chunks(64 * 1024) {
        detector.feed(chunk);
    }
    assert!(detector.is_full());
    let d = detector.finish();
    assert_eq!(d.examined(), Detector::DEFAULT_LIMIT);
    assert_eq!(d.total(), bytes.len() as u64);
    assert_eq!(d.best().charset(), "windows-1251");
}

fn check_well_formed(bytes: &[u8]) -> Result<(), TestCaseError> {
    let d = detect(bytes);
    let candidates = d.candidates();
    prop_assert!(!candidates.is_empty());
    let mut sum = 0.0;
    for c in candidates {
        prop_assert!((0.0..=1.0).contains(&c.confidence()), "{c}");
        prop_assert!(CHARSETS.contains(&c.charset()), "{c}");
        prop_assert!(!c.reasons().is_empty(), "{c}");
        sum += c.confidence();
    }
    prop_assert!(sum <= 1.0 + 1e-9, "confidences add up to {sum}");
    prop_assert!(candidates
        .windows(2)
        .all(|w| w[0].confidence() >= w[1].confidence()));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_give_well_formed_candidates(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check_well_formed(&bytes)?;
    }

    #[test]
    fn high_bytes_and_zeros_give_well_formed_candidates(
        bytes in proptest::collection::vec(prop_oneof![Just(0u8), Just(0x20), 0x80u8..=0xFF, 0x40u8..=0x7E], 0..600)
    ) {
        check_well_formed(&bytes)?;
    }

    #[test]
    fn chunking_does_not_change_the_answer(bytes in proptest::collection::vec(any::<u8>(), 0..300), cut in 0usize..300) {
        let cut = cut.min(bytes.len());
        let mut detector = Detector::new();
        detector.feed(&bytes[..cut]);
        detector.feed(&bytes[cut..]);
        prop_assert_eq!(detector.finish(), detect(&bytes));
    }
}

#[test]
fn generated_model_is_up_to_date() {
    // Regenerates codec/src/detect/model.rs (installing the pinned wordfreq into target/detect-venv
    // if this Python lacks it) and compares it with the committed file.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if data::read("unicode-lipsum/wikipedia_mars/thai.utf8.txt").is_none() {
        return;
    }
    let output = match Command::new("python3")
        .arg("scripts/generate-detect-model.py")
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
    // Exit 3: wordfreq could not be installed (no network to PyPI).
    if output.status.code() == Some(3) && !data::data_required() {
        eprintln!(
            "SKIPPED: wordfreq cannot be installed; this is a failure when CI=true\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        return;
    }
    assert!(
        output.status.success(),
        "python3 scripts/generate-detect-model.py --check failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
