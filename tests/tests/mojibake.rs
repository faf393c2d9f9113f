//! Mojibake: the seeds' tables reproduced exactly, traces, the matrix, repair on known cases, and
//! the accuracy targets of issue 4 measured on the generated corpus.
//!
//! The corpus generator is `codec/examples/mojibake_accuracy/corpus.rs` (shared with the
//! `mojibake_accuracy` example, which prints the full tables of docs/MOJIBAKE.md).

#[path = "../../codec/examples/mojibake_accuracy/corpus.rs"]
#[allow(dead_code)]
mod corpus;

use utf8lens::charset::Charset;
use utf8lens::mojibake::{
    self, garble, garble_rounds, garble_traced, misread_as_utf8, repair, Encoding,
};
use utf8lens::ErrorKind;
use utf8lens_tests::data;

/// The seeds' table: the UTF-8 bytes of each letter read as ISO-8859-1, ISO-8859-15 and
/// windows-1252. Written out by hand from the three code charts (C1 controls written as escapes).
const SEEDS: [(char, &str, &str, &str); 7] = [
    // letter, ISO-8859-1, ISO-8859-15, windows-1252
    ('ä', "Ã¤", "Ã€", "Ã¤"),
    ('ö', "Ã¶", "Ã¶", "Ã¶"),
    ('ü', "Ã¼", "ÃŒ", "Ã¼"),
    ('ß', "Ã\u{9F}", "Ã\u{9F}", "ÃŸ"),
    ('Ä', "Ã\u{84}", "Ã\u{84}", "Ã„"),
    ('Ö', "Ã\u{96}", "Ã\u{96}", "Ã–"),
    ('Ü', "Ã\u{9C}", "Ã\u{9C}", "Ãœ"),
];

#[test]
fn seeds_table_of_german_letters() {
    for (letter, latin1, latin9, windows) in SEEDS {
        let text = letter.to_string();
        assert_eq!(
            garble(&text, Charset::Iso8859_1),
            latin1,
            "{letter} as iso-8859-1"
        );
        assert_eq!(
            garble(&text, Charset::Iso8859_15),
            latin9,
            "{letter} as iso-8859-15"
        );
        assert_eq!(
            garble(&text, Charset::Windows1252),
            windows,
            "{letter} as windows-1252"
        );
    }
    // And back: a sentence with each letter, garbled in each of the three, repairs exactly.
    for word in ["Käse", "schön", "Tür", "groß", "Ärger", "Öl", "Übermut"] {
        let sentence = format!("Das Wort „{word}“ steht im Wörterbuch");
        for cs in [
            Charset::Iso8859_1,
            Charset::Iso8859_15,
            Charset::Windows1252,
        ] {
            let garbled = garble(&sentence, cs);
            assert_eq!(repair(&garbled).text, sentence, "{cs}: {garbled:?}");
        }
    }
}

#[test]
fn seeds_byte_order_mark() {
    for cs in [
        Charset::Iso8859_1,
        Charset::Iso8859_15,
        Charset::Windows1252,
    ] {
        assert_eq!(garble("\u{FEFF}", cs), "ï»¿", "{cs}");
    }
    let g = garble_traced("\u{FEFF}Hallo", Charset::Windows1252);
    let bom: Vec<(u8, Option<char>)> = g.trace.iter().take(3).map(|t| (t.byte, t.glyph)).collect();
    assert_eq!(
        bom,
        [(0xEF, Some('ï')), (0xBB, Some('»')), (0xBF, Some('¿'))]
    );
    assert!(g
        .trace
        .iter()
        .take(3)
        .all(|t| t.ch == '\u{FEFF}' && t.char_index == 0));
    // A garbled byte order mark in front of clean text is repaired on its own.
    assert_eq!(
        repair("ï»¿Hallo, schöne Grüße").text,
        "\u{FEFF}Hallo, schöne Grüße"
    );
    assert_eq!(
        repair("ï»¿Hallo, schÃ¶ne GrÃ¼ÃŸe").text,
        "\u{FEFF}Hallo, schöne Grüße"
    );
}

#[test]
fn seeds_hoehe_in_latin1_read_as_utf8() {
    let m = misread_as_utf8("Höhe", Charset::Iso8859_1).unwrap();
    assert_eq!(m.bytes, b"H\xF6he");
    assert_eq!(m.text, "H\u{FFFD}he");
    assert_eq!(m.replacements(), 1);
    let pieces: Vec<_> = m
        .pieces
        .iter()
        .map(|p| (p.bytes.clone(), p.output, p.error))
        .collect();
    assert_eq!(
        pieces,
        [
            (0..1, 'H', None),
            (1..2, '\u{FFFD}', Some(ErrorKind::InvalidByte)),
            (2..3, 'h', None),
            (3..4, 'e', None)
        ]
    );
    // The same word in windows-1252 and ISO-8859-15 reads the same way; in KOI8-R it cannot be
    // written at all.
    for cs in [Charset::Windows1252, Charset::Iso8859_15] {
        assert_eq!(misread_as_utf8("Höhe", cs).unwrap().text, "H\u{FFFD}he");
    }
    let err = misread_as_utf8("Höhe", Charset::Koi8R).unwrap_err();
    assert_eq!((err.ch(), err.offset()), (Some('ö'), 1));
}

#[test]
fn misread_swallows_characters_into_sequences() {
    // ä (E4) announces three bytes; ¶ (B6) continues; 'x' does not: E4 B6 is one U+FFFD.
    let m = misread_as_utf8("ä¶x", Charset::Iso8859_1).unwrap();
    assert_eq!(m.text, "\u{FFFD}x");
    assert_eq!(m.pieces[0].bytes, 0..2);
    assert_eq!(m.pieces[0].swallowed(), 1);
    assert_eq!(m.pieces[0].error, Some(ErrorKind::Truncated));
    // Mojibake read back as UTF-8 merges characters: two become one.
    let m = misread_as_utf8("GrÃ¼ÃŸe", Charset::Windows1252).unwrap();
    assert_eq!(m.text, "Grüße");
    assert_eq!(m.pieces.iter().map(|p| p.swallowed()).sum::<usize>(), 2);
}

#[test]
fn garble_trace_names_byte_character_and_glyph() {
    let g = garble_traced("a€", Charset::Iso8859_1);
    assert_eq!(g.text, "aâ\u{82}¬");
    let rows: Vec<_> = g
        .trace
        .iter()
        .map(|t| {
            (
                t.char_index,
                t.char_offset,
                t.ch,
                t.byte_index,
                t.byte,
                t.glyph,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (0, 0, 'a', 0, 0x61, Some('a')),
            (1, 1, '€', 0, 0xE2, Some('â')),
            (1, 1, '€', 1, 0x82, Some('\u{82}')),
            (1, 1, '€', 2, 0xAC, Some('¬')),
        ]
    );
    assert!(g.is_reversible());
    // In ISO-8859-8, C3 (the lead byte of ä) is undefined: shown as U+FFFD, not reversible.
    let g = garble_traced("ä", Charset::Iso8859_8);
    assert_eq!(g.text, "\u{FFFD}¤");
    assert!(!g.is_reversible());
}

#[test]
fn rounds_and_matrix() {
    let rounds = garble_rounds("ä", Charset::Windows1252, 3).unwrap();
    assert_eq!(rounds, ["Ã¤", "ÃƒÂ¤", "ÃƒÆ’Ã‚Â¤"]);
    assert!(garble_rounds("ä", Charset::Windows1252, 9).is_err());
    let rows = mojibake::matrix("Grüße");
    assert_eq!(rows.len(), 33);
    for row in &rows {
        assert_eq!(row.garbled, garble("Grüße", row.charset));
        assert_eq!(
            row.misread.as_ref().ok(),
            misread_as_utf8("Grüße", row.charset)
                .ok()
                .map(|m| m.text)
                .as_ref()
        );
    }
    let koi8 = rows.iter().find(|r| r.charset == Charset::Koi8R).unwrap();
    assert!(koi8.misread.is_err());
}

#[test]
fn repair_steps_are_data_with_a_sentence() {
    let original = "Ну что, поехали? 🚀 «Да!» — ответила она";
    let inner = garble(original, Charset::Windows1251);
    let outer = garble(&inner, Charset::Windows1252);
    let fixed = repair(&outer);
    assert_eq!(fixed.text, original);
    let steps: Vec<_> = fixed
        .steps
        .iter()
        .map(|s| (s.encode, s.decode, s.whole))
        .collect();
    assert_eq!(
        steps,
        [
            (Encoding::Legacy(Charset::Windows1252), Encoding::Utf8, true),
            (Encoding::Legacy(Charset::Windows1251), Encoding::Utf8, true),
        ]
    );
    assert_eq!(fixed.steps[0].before, outer);
    assert_eq!(fixed.steps[0].after, inner);
    assert_eq!(fixed.steps[1].after, original);
    assert!(fixed.steps[1]
        .sentence()
        .contains("UTF-8 read as windows-1251 (Cyrillic (Windows))"));
    assert!(fixed.confidence > 0.5 && fixed.confidence <= 1.0);
}

#[test]
fn repair_handles_mixes() {
    // DOS code page 437 bytes shown as Latin-1.
    let original = "Größe der Fläche: fünf Meter, über alles";
    let bytes = utf8lens::charset::encode(
        original,
        Charset::Ibm437,
        utf8lens::charset::Fallback::Error,
    )
    .unwrap();
    let shown = utf8lens::charset::decode(&bytes, Charset::Iso8859_1);
    let fixed = repair(&shown);
    assert_eq!(fixed.text, original);
    assert_eq!(fixed.steps[0].encode, Encoding::Legacy(Charset::Iso8859_1));
    assert_eq!(fixed.steps[0].decode, Encoding::Legacy(Charset::Ibm437));
    // Garbled and clean text in one string: only the garbled stretches change.
    let fixed = repair("Déjà vu: the cafÃ© was closed, the crème brûlée too");
    assert_eq!(
        fixed.text,
        "Déjà vu: the café was closed, the crème brûlée too"
    );
    assert!(!fixed.steps[0].whole);
}

#[test]
fn clean_text_is_left_alone() {
    for line in corpus::SENTENCES.lines().filter(|l| !l.starts_with('#')) {
        let Some((_, sentence)) = line.split_once('\t') else {
            continue;
        };
        let fixed = repair(sentence);
        assert_eq!(fixed.text, sentence);
        assert!(fixed.steps.is_empty(), "{sentence}");
    }
    for text in [
        "Zürich",
        "Ελληνικά",
        "日本語",
        "😀",
        "ÃŸ is how ß looks in windows-1252?",
        "Ça",
    ] {
        let fixed = repair(text);
        if text.starts_with('Ã') {
            continue; // a real garbling, correctly repaired or not: not clean text
        }
        assert!(fixed.steps.is_empty(), "{text}");
    }
}

/// The targets of issue 4, measured on the generated corpus: at least 99% exact repairs for one
/// layer and 95% for two, on originals of 20+ characters whose garbling kept every byte, and no
/// clean text changed. Unoptimised builds repair every ninth case (the clean texts all of them);
/// `cargo run --release -p utf8lens --example mojibake_accuracy` measures everything.
#[test]
fn accuracy_targets_on_the_corpus() {
    let root = data::conformance_root();
    let clean = match corpus::clean_texts(&root) {
        Ok(clean) => clean,
        Err(e) if !data::data_required() => {
            eprintln!("SKIPPED: {e} (this is a failure when CI=true)");
            return;
        }
        Err(e) => panic!("CI=true but the corpus cannot be read: {e}"),
    };
    let stress = corpus::clean_stress(&root, 4).expect("lipsum readable");
    let false_positives: Vec<_> = clean
        .iter()
        .chain(&stress)
        .filter(|t| repair(&t.text).text != t.text)
        .map(|t| &t.text)
        .collect();

    let stride = if cfg!(debug_assertions) { 9 } else { 1 };
    let cases = corpus::cases(&clean);
    let (mut one, mut one_ok, mut two, mut two_ok, mut three, mut three_ok) = (0, 0, 0, 0, 0, 0);
    for case in cases.iter().step_by(stride) {
        let original = &clean[case.clean];
        if !case.reversible || original.chars() < 20 {
            continue;
        }
        let corpus::Garbling::Utf8As(layers) = &case.garbling else {
            continue;
        };
        let exact = repair(&case.garbled).text == original.text;
        match layers.len() {
            1 => (one, one_ok) = (one + 1, one_ok + usize::from(exact)),
            2 => (two, two_ok) = (two + 1, two_ok + usize::from(exact)),
            _ => (three, three_ok) = (three + 1, three_ok + usize::from(exact)),
        }
    }
    let percent = |ok: usize, n: usize| 100.0 * ok as f64 / n.max(1) as f64;
    eprintln!(
        "mojibake accuracy (stride {stride}): 1 layer {one_ok}/{one} = {:.2}%, 2 layers {two_ok}/{two} = {:.2}%, \
         3 layers {three_ok}/{three} = {:.2}%; clean texts: {} of {} changed",
        percent(one_ok, one),
        percent(two_ok, two),
        percent(three_ok, three),
        false_positives.len(),
        clean.len() + stress.len()
    );
    assert!(
        one > 500 && two > 500,
        "the corpus is too small: {one} and {two} cases"
    );
    assert!(
        false_positives.is_empty(),
        "clean texts changed by repair: {false_positives:#?}"
    );
    assert!(percent(one_ok, one) >= 99.0, "one layer: {one_ok}/{one}");
    assert!(percent(two_ok, two) >= 95.0, "two layers: {two_ok}/{two}");
    // Not a target of the issue, but a floor against regressions.
    assert!(
        percent(three_ok, three) >= 95.0,
        "three layers: {three_ok}/{three}"
    );
}
