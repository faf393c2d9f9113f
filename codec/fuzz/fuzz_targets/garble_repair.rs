//! Mojibake: garbling, misreading and repair.
//!
//! - `garble`, `garble_traced`, `garble_rounds`, `misread_as_utf8`, `mojibake::matrix` and
//!   `repair` never panic on any text, and their outputs agree with each other (the trace covers
//!   every byte; a reversible garbling encodes back to the original bytes; the matrix row is the
//!   garbling);
//! - `repair`'s steps chain from the input to its answer, and its confidence is in 0..=1;
//! - clean text (real words in many scripts, chosen by the fuzzer) is never changed by `repair`,
//!   and neither is garbling it and repairing the result allowed to panic;
//! - lossy damage (issue 13) on top of the garbling: C1 controls dropped or stored as `?`, a
//!   U+FFFD stored as `?`, C1 controls replaced by U+FFFD, no-break spaces become spaces. Repair never panics, its steps stay
//!   consistent (each step's U+FFFD count covers the characters it says were lost), and repairing
//!   its answer again never changes it when the answer is the clean text;
//! - the garbling lowercased or uppercased (search keys, headings): repair never panics and its
//!   steps stay consistent.
//!
//! Input: byte 0 picks a charset, byte 1 the number of rounds, byte 2 the lossy damage and the
//! change of case; the next bytes choose clean words (see `utf8lens_fuzz::clean_text`); the rest,
//! read lossily, is the arbitrary text. Both texts are kept short: `repair` searches three layers deep over every
//! charset.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::charset::{self, Charset, Fallback};
use utf8lens::mojibake::{
    self, garble, garble_rounds, garble_traced, misread_as_utf8, repair, MAX_GARBLE_ROUNDS,
};
use utf8lens_fuzz::{clean_text, Options};

/// The most characters of arbitrary text given to the slow functions.
const MAX_CHARS: usize = 64;

fn check_repair(text: &str) -> utf8lens::mojibake::Repair {
    let fixed = repair(text);
    assert!(
        (0.0..=1.0).contains(&fixed.confidence),
        "confidence {}",
        fixed.confidence
    );
    let mut current = text;
    for step in &fixed.steps {
        assert_eq!(step.before, current, "steps chain");
        assert!(step.pieces >= 1);
        let replacements = step.after.chars().filter(|&c| c == '\u{FFFD}').count();
        assert!(replacements >= step.lost, "{} lost, {replacements} U+FFFD", step.lost);
        let _ = step.sentence();
        current = &step.after;
    }
    assert_eq!(current, fixed.text, "the last step gives the answer");
    fixed
}

fn check_garble(text: &str, cs: Charset) -> String {
    let garbled = garble(text, cs);
    let traced = garble_traced(text, cs);
    assert_eq!(traced.text, garbled);
    assert_eq!(traced.trace.len(), text.len(), "one trace entry per byte");
    for (t, &b) in traced.trace.iter().zip(text.as_bytes()) {
        assert_eq!((t.byte, t.glyph), (b, cs.decode_byte(b)));
    }
    if traced.is_reversible() {
        // Every byte had a glyph: encoding the glyphs gives the UTF-8 bytes back, and reading those
        // as UTF-8 gives the text.
        assert_eq!(
            charset::encode(&garbled, cs, Fallback::Error).as_deref(),
            Ok(text.as_bytes()),
            "{cs}"
        );
        let misread = misread_as_utf8(&garbled, cs).expect("reversible");
        assert_eq!(misread.text, text, "{cs}: misread undoes garble");
    }
    garbled
}

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let cs = Charset::ALL[usize::from(options.byte()) % Charset::ALL.len()];
    let rounds = usize::from(options.byte()) % (MAX_GARBLE_ROUNDS + 3);
    let damage = options.byte();
    let clean = clean_text(&mut options, 8);
    let arbitrary: String = String::from_utf8_lossy(options.rest())
        .chars()
        .take(MAX_CHARS)
        .collect();

    // Arbitrary text through every function.
    let garbled = check_garble(&arbitrary, cs);
    if let Ok(m) = misread_as_utf8(&arbitrary, cs) {
        assert_eq!(m.bytes.len(), arbitrary.chars().count());
        let covered: usize = m.pieces.iter().map(|p| p.bytes.len()).sum();
        assert_eq!(covered, m.bytes.len(), "pieces cover every byte once");
        assert_eq!(m.text, String::from_utf8_lossy(&m.bytes));
    }
    let short: String = arbitrary.chars().take(16).collect();
    match garble_rounds(&short, cs, rounds) {
        Ok(all) => {
            assert_eq!(all.len(), rounds);
            if let Some(first) = all.first() {
                assert_eq!(*first, garble(&short, cs));
            }
        }
        Err(e) => assert!(rounds > MAX_GARBLE_ROUNDS && e.rounds() == rounds),
    }
    let matrix = mojibake::matrix(&short);
    assert_eq!(matrix.len(), Charset::ALL.len());
    for row in &matrix {
        assert_eq!(row.garbled, garble(&short, row.charset));
    }
    check_repair(&arbitrary);
    check_repair(&garbled);

    // Clean text: repair leaves it alone; garbled, repair may or may not undo it, but never panics
    // and its steps stay consistent.
    let fixed = check_repair(&clean);
    assert_eq!(
        fixed.text,
        clean,
        "repair changed clean text {clean:?}: {:?}",
        fixed.steps.first().map(|s| s.sentence())
    );
    assert!(fixed.steps.is_empty());
    let garbled_clean = check_garble(&clean, cs);
    check_repair(&garbled_clean);

    // The same garbling, then damaged the way real pipelines lose bytes.
    let lossy: String = garbled_clean
        .chars()
        .filter_map(|c| match (damage % 6, c) {
            (1, '\u{80}'..='\u{9F}') => None,
            (2, '\u{80}'..='\u{9F}') | (3, '\u{FFFD}') => Some('?'),
            (4, '\u{A0}') => Some(' '),
            (5, '\u{80}'..='\u{9F}') => Some('\u{FFFD}'),
            _ => Some(c),
        })
        .collect();
    let fixed = check_repair(&lossy);
    if fixed.text == clean {
        assert_eq!(repair(&fixed.text).text, clean, "repairing the answer again");
    }

    // The garbling lowercased or uppercased after the damage.
    match (damage / 6) % 3 {
        1 => drop(check_repair(&garbled_clean.to_lowercase())),
        2 => drop(check_repair(&garbled_clean.to_uppercase())),
        _ => {}
    }
});
