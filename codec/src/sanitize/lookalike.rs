//! The look-alike step: flags the words of the sanitised text that mix scripts in a confusable way
//! ([`mixed_script_confusables`]), without changing them.
//!
//! It runs last, on the final text, so that it sees words as a reader will (a zero width space
//! removed from `pа\u{200B}ypal` joins the word), and maps each word back to the input through the
//! changes already made: here for a single cleaning step ([`flag`]), through the chain of steps in
//! `mod.rs` when the text was also rewritten.

use super::offsets::{self, Edit, Mapped, Side};
use super::report::{Action, Change, Found};
use super::{merge_by_output, Input, Sanitized};
use crate::confusables::mixed_script_confusables;
use crate::utf16::Utf16Cursor;

/// A [`Found::Confusable`] flag for each mixed-script confusable word of `text`, with its range in
/// `text` on both sides.
pub(super) fn find(text: &str) -> Vec<Change> {
    if crate::is_ascii(text.as_bytes()) {
        return Vec::new();
    }
    mixed_script_confusables(text)
        .into_iter()
        .map(|word| Change {
            input: word.range.clone(),
            output: word.range.clone(),
            found: Found::Confusable(Box::new(word)),
            action: Action::Flagged,
        })
        .collect()
}

/// `result`, the outcome of one cleaning step over `input`, with the flags of [`find`], their input
/// ranges mapped back through the step's changes.
pub(super) fn flag(input: Input<'_>, result: Sanitized) -> Sanitized {
    let mut flags = find(&result.text);
    if flags.is_empty() {
        return result;
    }
    // One step's changes do not overlap, so they are the edits from the input to the text.
    let edits: Vec<Edit> = result
        .changes
        .iter()
        .filter(|c| c.action != Action::Flagged)
        .map(|c| Edit {
            src: c.input.clone(),
            dst: c.output.clone(),
        })
        .collect();
    let utf16 = matches!(input, Input::Utf16(_));
    let (mut starts, mut positions) = (
        Utf16Cursor::new(&result.text),
        Utf16Cursor::new(&result.text),
    );
    // A position of the text in the input's units: inside a copied stretch, its distance from the
    // stretch's start, counted in code units for UTF-16 input.
    let mut to_input = |pos: usize, side: Side| match offsets::backward(&edits, pos, side) {
        Mapped::Copied { from, to } if utf16 => {
            to + positions
                .units_at(pos)
                .saturating_sub(starts.units_at(from))
        }
        mapped => offsets::same_units(mapped, pos),
    };
    for flag in &mut flags {
        let start = to_input(flag.output.start, Side::Start);
        let end = to_input(flag.output.end, Side::End).max(start);
        flag.input = start..end;
    }
    Sanitized {
        changes: merge_by_output(result.changes, flags),
        text: result.text,
    }
}

#[cfg(test)]
mod tests {
    use crate::confusables::Severity;
    use crate::sanitize::{sanitize, Action, Confusables, Found, Policy};

    #[test]
    fn flags_without_changing_and_maps_back_through_removals() {
        // A zero width space inside the spoof, and a bidi override before it: both removed, and
        // the word they joined flagged over its whole input stretch.
        let input = "\u{202E}go to p\u{430}\u{200B}ypal.com";
        let clean = sanitize(input, &Policy::default());
        assert_eq!(clean.text, "go to p\u{430}ypal.com");
        let flag = clean
            .changes
            .iter()
            .find(|c| c.action == Action::Flagged)
            .expect("a flag");
        assert_eq!(flag.output, 6..13);
        assert_eq!(&input[flag.input.clone()], "p\u{430}\u{200B}ypal");
        let Found::Confusable(word) = &flag.found else {
            panic!("{:?}", flag.found)
        };
        assert_eq!(
            (word.skeleton.as_str(), word.severity),
            ("paypal", Severity::High)
        );
        // Ordered by output position: the override (output 0), the flag (6), the space (8).
        let kinds: Vec<_> = clean.changes.iter().map(|c| c.found.kind()).collect();
        assert_eq!(kinds, ["bidi-control", "confusable", "invisible"]);
    }

    #[test]
    fn utf16_input_offsets_are_code_units() {
        // An astral character before the word: two code units, four bytes.
        let units: Vec<u16> = "😀 \u{455}cope".encode_utf16().collect();
        let clean = sanitize(&units, &Policy::default());
        assert_eq!(clean.changes.len(), 1);
        assert_eq!(clean.changes[0].input, 3..8);
        assert_eq!(clean.changes[0].output, 5..11);
    }

    #[test]
    fn idempotent_and_off_when_asked() {
        let text = "p\u{430}ypal, \u{43F}p\u{438}\u{432}\u{435}\u{442}, Tシャツ";
        let first = sanitize(text, &Policy::default());
        let again = sanitize(&first.text, &Policy::default());
        assert_eq!(again, first);
        assert_eq!(first.changes.len(), 2);
        let off = Policy::default().with_confusables(Confusables::Ignore);
        assert!(sanitize(text, &off).changes.is_empty());
    }
}
