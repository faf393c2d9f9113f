//! Sanitising text: making it well-formed and free of invisible tricks, and saying what changed.
//!
//! [`sanitize`] takes UTF-8 bytes (possibly malformed) or UTF-16 code units (possibly with lone
//! surrogates) and a [`Policy`], and returns the clean text with one [`Change`] per finding.
//!
//! # What it does, in order
//!
//! 1. **Clean** (`clean.rs`): one scan that decodes the input and handles invalid sequences, lone
//!    surrogates, NUL, controls, byte order marks, bidirectional controls, invisible characters,
//!    tags, variation selectors, noncharacters and line breaks, as the policy says.
//! 2. **Rewrite** (`rewrite.rs`, only when asked): mojibake repair and Unicode normalisation,
//!    line by line, each followed by another clean, repeated until nothing changes (at most
//!    [`MAX_ROUNDS`] rounds), so that a repair cannot reveal something unclean (mojibake of a bidi
//!    override) and the result is a fixed point. With mojibake repair the first scan only
//!    decodes, because repair needs to see the C1 controls that garbling leaves.
//!
//! # Presets and the scanner
//!
//! [`Preset`] names four vetted policies (`display`, `identifier`, `code`, `prompt`), also
//! available as [`Policy::display`] and its siblings. [`scan`] checks UTF-8 bytes without changing
//! them and gives each finding with its line, column and [`Rule`]: the engine of the npm package's
//! `utf8lens scan` command for CI.
//!
//! # Guarantees
//!
//! * The output is always well-formed (a Rust `String`; for JavaScript, free of lone surrogates).
//! * **Idempotent**: sanitising the output again with the same policy changes nothing and reports
//!   nothing but the same flags. Every contextual decision looks back at the output and ahead at
//!   characters the pass never changes.
//! * **Bounded**: the output is at most [`Input::max_output_len`] long: 3 bytes per input byte for
//!   UTF-8 input, 2 UTF-16 code units per input code unit for UTF-16 input (more only with
//!   normalisation, whose expansion Unicode bounds: NFC 3×, NFKC 11× in UTF-8 and 18× in UTF-16).
//! * It never panics.
//!
//! # Examples
//!
//! ```
//! use utf8lens::sanitize::{sanitize, Policy};
//!
//! // A Trojan Source line: the override makes the comment swallow the check on screen.
//! let line = "/* \u{202E} } \u{2066}if (isAdmin)\u{2069} \u{2066} begin admins only */";
//! let clean = sanitize(line, &Policy::default());
//! assert_eq!(clean.text, "/*  } if (isAdmin)  begin admins only */");
//! assert_eq!(clean.changes.len(), 4);
//! assert!(clean.changes.iter().all(|c| c.found.kind() == "bidi-control"));
//! ```

mod chars;
mod clean;
#[cfg(feature = "confusables")]
mod lookalike;
mod offsets;
mod policy;
mod presets;
mod report;
mod rewrite;
mod scan;
mod ucd;

// The module's public API, from its private files; `Input`, `sanitize`, `sanitize_with` and
// `MAX_ROUNDS` are defined below.
pub use self::policy::{
    Bidi, Bom, Confusables, Controls, Invalid, Invisible, LineEndings, Noncharacters, NormalForm,
    Policy, SoftHyphens, VariationSelectors,
};
pub use self::presets::{normalization_rule, Preset, UnknownPreset};
pub use self::report::{Action, Carrier, Change, Found, HiddenText, MojibakeFound, Sanitized};
pub use self::rewrite::Normalizer;
pub use self::scan::{scan, Finding, Location, Locator, Rule};
pub use self::ucd::UNICODE_VERSION;

use self::clean::{clean_utf16, clean_utf8, Mode};
use self::offsets::{Edit, Mapped, Side};
use crate::utf16::Utf16Cursor;

/// How many rounds of rewriting and cleaning [`sanitize`] does at most before it stops looking
/// for a fixed point. Real text settles in one or two.
pub const MAX_ROUNDS: usize = 4;

/// What [`sanitize`] reads: UTF-8 bytes or UTF-16 code units, either possibly malformed.
///
/// `&str`, `&[u8]`, `&[u16]` and their owned forms convert into it.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::Input;
///
/// assert_eq!(Input::from("ab"), Input::Utf8(b"ab"));
/// let units: &[u16] = &[0xD800, 0x61];
/// assert_eq!(Input::from(units).len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input<'a> {
    /// UTF-8 bytes; offsets are in bytes.
    Utf8(&'a [u8]),
    /// UTF-16 code units (a JavaScript string); offsets are in code units.
    Utf16(&'a [u16]),
}

impl Input<'_> {
    /// The input's length in its own units.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Input::from("é").len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        match self {
            Input::Utf8(bytes) => bytes.len(),
            Input::Utf16(units) => units.len(),
        }
    }

    /// Whether the input is empty.
    ///
    /// ```
    /// assert!(utf8lens::sanitize::Input::from("").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most the sanitised text can measure: in bytes for UTF-8 input, in UTF-16 code units
    /// for UTF-16 input. It is the input's length times 3 (UTF-8) or 2 (UTF-16): one byte can
    /// become U+FFFD or a control picture (3 bytes); one code unit can become CR LF, or an opener
    /// plus the closer added for it. Normalisation raises the factor to Unicode's bounds for it:
    /// 3 for NFC, 11 (UTF-8) or 18 (UTF-16) for NFKC.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Input, Policy};
    ///
    /// let input = Input::from(&b"\xFF\xFF"[..]);
    /// assert_eq!(input.max_output_len(&Policy::default()), 6);
    /// assert_eq!(sanitize(input, &Policy::default()).text.len(), 6);
    /// ```
    pub fn max_output_len(&self, policy: &Policy) -> usize {
        self.len()
            .saturating_mul(growth_factor(self, normal_form(policy)))
    }

    fn measure(&self, text: &str) -> usize {
        match self {
            Input::Utf8(_) => text.len(),
            Input::Utf16(_) => text.encode_utf16().count(),
        }
    }
}

fn growth_factor(input: &Input<'_>, form: Option<NormalForm>) -> usize {
    match (input, form) {
        (Input::Utf8(_), Some(NormalForm::Nfkc)) => 11,
        (Input::Utf16(_), Some(NormalForm::Nfkc)) => 18,
        (_, Some(NormalForm::Nfc)) => 3,
        (Input::Utf8(_), None) => 3,
        (Input::Utf16(_), None) => 2,
    }
}

#[cfg(feature = "normalize")]
fn normal_form(policy: &Policy) -> Option<NormalForm> {
    policy.normalization
}

#[cfg(not(feature = "normalize"))]
fn normal_form(_: &Policy) -> Option<NormalForm> {
    None
}

impl<'a> From<&'a str> for Input<'a> {
    fn from(text: &'a str) -> Input<'a> {
        Input::Utf8(text.as_bytes())
    }
}

impl<'a> From<&'a String> for Input<'a> {
    fn from(text: &'a String) -> Input<'a> {
        Input::Utf8(text.as_bytes())
    }
}

impl<'a> From<&'a [u8]> for Input<'a> {
    fn from(bytes: &'a [u8]) -> Input<'a> {
        Input::Utf8(bytes)
    }
}

impl<'a, const N: usize> From<&'a [u8; N]> for Input<'a> {
    fn from(bytes: &'a [u8; N]) -> Input<'a> {
        Input::Utf8(bytes)
    }
}

impl<'a> From<&'a Vec<u8>> for Input<'a> {
    fn from(bytes: &'a Vec<u8>) -> Input<'a> {
        Input::Utf8(bytes)
    }
}

impl<'a> From<&'a [u16]> for Input<'a> {
    fn from(units: &'a [u16]) -> Input<'a> {
        Input::Utf16(units)
    }
}

impl<'a> From<&'a Vec<u16>> for Input<'a> {
    fn from(units: &'a Vec<u16>) -> Input<'a> {
        Input::Utf16(units)
    }
}

/// Sanitises `input` as `policy` says: the clean, well-formed text and every change made.
///
/// Idempotent, bounded (see [`Input::max_output_len`]) and never panics; the module
/// documentation of the [`Policy`] fields says what each option does and why it matters.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{sanitize, Action, Policy};
///
/// // Bytes: a Latin-1 byte, a zero width space inside a word, a noncharacter.
/// let clean = sanitize(&b"caf\xE9 pass\xE2\x80\x8Bword \xEF\xBF\xBF"[..], &Policy::default());
/// assert_eq!(clean.text, "caf\u{FFFD} password \u{FFFD}");
/// let kinds: Vec<_> = clean.changes.iter().map(|c| (c.found.kind(), c.action, c.input.clone())).collect();
/// assert_eq!(kinds, [
///     ("malformed", Action::Replaced, 3..4),
///     ("invisible", Action::Removed, 9..12),
///     ("noncharacter", Action::Replaced, 17..20),
/// ]);
///
/// // UTF-16, as a JavaScript string: a lone surrogate and an unclosed override.
/// let units: Vec<u16> = vec![0x61, 0xD83D, 0x62, 0x202E, 0x63];
/// let clean = sanitize(&units, &Policy::default());
/// assert_eq!(clean.text, "a\u{FFFD}bc");
/// assert_eq!(clean.changes[0].input, 1..2);
/// assert_eq!(clean.changes[1].input, 3..4);
///
/// // Idempotent.
/// let again = sanitize(&clean.text, &Policy::default());
/// assert_eq!(again.text, clean.text);
/// assert!(again.changes.is_empty());
/// ```
pub fn sanitize<'a>(input: impl Into<Input<'a>>, policy: &Policy) -> Sanitized {
    #[cfg(feature = "normalize")]
    let normalizer = policy.normalization.map(rewrite::crate_normalizer);
    #[cfg(not(feature = "normalize"))]
    let normalizer: Option<Normalizer<'_>> = None;
    run(input.into(), policy, normalizer.as_ref())
}

/// [`sanitize`], with Unicode normalisation by `normalizer` (used instead of any
/// `policy.normalization`): for a caller that has a normaliser of its own, such as the npm package,
/// which passes the JavaScript engine's `String.prototype.normalize`.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{sanitize_with, Action, NormalForm, Normalizer, Policy};
///
/// // A stand-in for NFC that only composes e + U+0301 COMBINING ACUTE ACCENT.
/// let compose = |text: &str| text.contains("e\u{301}").then(|| text.replace("e\u{301}", "\u{E9}"));
/// let clean = sanitize_with("Cafe\u{301}\u{200B}", &Policy::default(), &Normalizer::new(NormalForm::Nfc, &compose));
/// assert_eq!(clean.text, "Caf\u{E9}");
/// let kinds: Vec<_> = clean.changes.iter().map(|c| (c.found.kind(), c.action)).collect();
/// assert_eq!(kinds, [("unnormalized", Action::Normalized), ("invisible", Action::Removed)]);
/// ```
pub fn sanitize_with<'a>(
    input: impl Into<Input<'a>>,
    policy: &Policy,
    normalizer: &Normalizer<'_>,
) -> Sanitized {
    run(input.into(), policy, Some(normalizer))
}

/// The look-alike flags of one cleaning step's result (`lookalike.rs`); without the feature
/// `confusables`, none.
pub(crate) fn flag_lookalikes(input: Input<'_>, result: Sanitized) -> Sanitized {
    #[cfg(feature = "confusables")]
    return lookalike::flag(input, result);
    #[cfg(not(feature = "confusables"))]
    {
        let _ = input;
        result
    }
}

/// The look-alike flags of a final text; without the feature `confusables`, none.
fn find_lookalikes(text: &str) -> Vec<Change> {
    #[cfg(feature = "confusables")]
    return lookalike::find(text);
    #[cfg(not(feature = "confusables"))]
    {
        let _ = text;
        Vec::new()
    }
}

/// [`sanitize`] with the normaliser given, if any: the cleaning and rewriting steps, then the
/// look-alike flags on the final text (`lookalike.rs`).
fn run(input: Input<'_>, policy: &Policy, normalizer: Option<&Normalizer<'_>>) -> Sanitized {
    let lookalikes = policy.confusables == Confusables::Flag;
    // One cleaning step and nothing else, with its look-alike flags.
    let clean_only = || {
        let result = clean_input(input, policy, Mode::Full);
        match lookalikes {
            true => flag_lookalikes(input, result),
            false => result,
        }
    };
    if !policy.repair_mojibake && normalizer.is_none() {
        return clean_only();
    }
    let clean = |mode| clean_input(input, policy, mode);
    let first = clean(if policy.repair_mojibake {
        Mode::DecodeOnly
    } else {
        Mode::Full
    });
    let mut chain = Chain::new(first, matches!(input, Input::Utf16(_)));
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        if policy.repair_mojibake {
            changed |= chain.step(rewrite::repair_mojibake(&chain.text));
            changed |= chain.clean(policy);
        }
        if let Some(normalizer) = normalizer {
            changed |= chain.step(rewrite::normalize(&chain.text, normalizer));
            changed |= chain.clean(policy);
        }
        if !changed {
            break;
        }
    }
    if lookalikes {
        chain.flag(find_lookalikes(&chain.text));
    }
    let result = chain.finish();
    let factor = growth_factor(&input, normalizer.map(|n| n.form));
    if input.measure(&result.text) > input.len().saturating_mul(factor) {
        // Only a repair that grew the text past the bound gets here: give up the rewrites.
        return clean_only();
    }
    result
}

// Not inlined: `run` calls it in three places, and each copy of the scanner would cost the wasm
// build several kilobytes.
#[inline(never)]
fn clean_input(input: Input<'_>, policy: &Policy, mode: Mode) -> Sanitized {
    match input {
        Input::Utf8(bytes) => clean_utf8(bytes, policy, mode),
        Input::Utf16(units) => clean_utf16(units, policy, mode),
    }
}

/// The steps so far: the text, each step's edits, and every change with the step it came from.
struct Chain {
    text: String,
    /// The first step's output, kept to count UTF-16 code units in it when the input is UTF-16.
    first: Option<String>,
    /// `steps[0]` maps the input (in its units) to the first text (bytes); each further step
    /// maps the previous text to the next (bytes to bytes).
    steps: Vec<Vec<Edit>>,
    /// Each change with the index of the step that made it: its input is on the `src` side and
    /// its output on the `dst` side of that step.
    changes: Vec<(Change, usize)>,
}

impl Chain {
    fn new(first: report::Sanitized, utf16: bool) -> Chain {
        let mut chain = Chain {
            text: String::new(),
            first: utf16.then(|| first.text.clone()),
            steps: Vec::new(),
            changes: Vec::new(),
        };
        chain.step(first);
        chain
    }

    /// Adds a step; whether it changed the text.
    fn step(&mut self, result: report::Sanitized) -> bool {
        let edits: Vec<Edit> = result
            .changes
            .iter()
            .filter(|c| c.action != report::Action::Flagged)
            .map(|c| Edit {
                src: c.input.clone(),
                dst: c.output.clone(),
            })
            .collect();
        if result.changes.is_empty() && !self.steps.is_empty() {
            return false;
        }
        let changed = !edits.is_empty();
        let index = self.steps.len();
        self.steps.push(edits);
        self.changes
            .extend(result.changes.into_iter().map(|c| (c, index)));
        self.text = result.text;
        changed
    }

    /// A cleaning step over the current text. Its flags replace the earlier ones: it sees every
    /// flagged character still in the text.
    fn clean(&mut self, policy: &Policy) -> bool {
        let result = clean_utf8(self.text.as_bytes(), policy, Mode::Full);
        self.changes
            .retain(|(c, _)| c.action != report::Action::Flagged);
        self.step(result)
    }

    /// Adds flags found on the current text (each with its range in the text on both sides), as a
    /// step that changes nothing, so that `finish` maps them back to the input through every step.
    fn flag(&mut self, flags: Vec<Change>) {
        if !flags.is_empty() {
            let text = self.text.clone();
            self.step(Sanitized {
                text,
                changes: flags,
            });
        }
    }

    /// Every change with its input range in the input's units and its output range in the final
    /// text, ordered by output position.
    fn finish(self) -> Sanitized {
        let Chain {
            text,
            first,
            steps,
            changes,
        } = self;
        // For UTF-16 input: UTF-16 offsets on the first text, of the copied stretches' starts and
        // of the positions in them. Both come in nearly increasing order, so each cursor walks the
        // text about once.
        let mut cursors = first
            .as_deref()
            .map(|t| (Utf16Cursor::new(t), Utf16Cursor::new(t)));
        let mut to_input = |mapped: Mapped, pos: usize| match (mapped, &mut cursors) {
            (Mapped::Copied { from, to }, Some((starts, positions))) => {
                to + positions
                    .units_at(pos)
                    .saturating_sub(starts.units_at(from))
            }
            (other, _) => offsets::same_units(other, pos),
        };
        // The changes of each step are in output order; the steps' runs are merged at the end.
        let mut runs: Vec<Vec<Change>> = Vec::new();
        let mut run_index = usize::MAX;
        for (mut change, index) in changes {
            for later in steps.iter().skip(index + 1) {
                change.output = offsets::range_forward(later, &change.output);
            }
            if index > 0 {
                let mut input = change.input.clone();
                for earlier in steps.iter().take(index).skip(1).rev() {
                    input = offsets::range_backward(earlier, &input);
                }
                let first_edits = steps.first().map(Vec::as_slice).unwrap_or_default();
                let start = to_input(
                    offsets::backward(first_edits, input.start, Side::Start),
                    input.start,
                );
                let end = match input.is_empty() {
                    true => start,
                    false => to_input(
                        offsets::backward(first_edits, input.end, Side::End),
                        input.end,
                    ),
                };
                change.input = start..end.max(start);
            }
            if index != run_index {
                runs.push(Vec::new());
                run_index = index;
            }
            if let Some(run) = runs.last_mut() {
                run.push(change);
            }
        }
        let changes = runs.into_iter().reduce(merge_by_output).unwrap_or_default();
        Sanitized { text, changes }
    }
}

/// Merges two lists of changes ordered by output position (then input position) into one; on a
/// tie the first list's change comes first.
fn merge_by_output(a: Vec<Change>, b: Vec<Change>) -> Vec<Change> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    loop {
        let take_b = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => (y.output.start, y.input.start) < (x.output.start, x.input.start),
            (None, Some(_)) => true,
            (_, None) => false,
        };
        match if take_b { b.next() } else { a.next() } {
            Some(change) => merged.push(change),
            None => return merged,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mojibake() -> Policy {
        Policy {
            repair_mojibake: true,
            ..Policy::default()
        }
    }

    #[test]
    fn mojibake_repair_then_clean() {
        // "â€®" is U+202E RIGHT-TO-LEFT OVERRIDE garbled through windows-1252: the repair
        // reveals it, and the clean after it removes it.
        let clean = sanitize("GrÃ¼ÃŸe \u{200B}aus KÃ¶ln", &mojibake());
        assert_eq!(clean.text, "Grüße aus Köln");
        let kinds: Vec<_> = clean.changes.iter().map(|c| c.found.kind()).collect();
        assert!(
            kinds.contains(&"mojibake") && kinds.contains(&"invisible"),
            "{kinds:?}"
        );
        let again = sanitize(&clean.text, &mojibake());
        assert_eq!(again.text, clean.text);
        assert!(again.changes.is_empty());
    }

    #[test]
    fn a_repair_that_reveals_a_bidi_override_is_cleaned() {
        let garbled = crate::mojibake::garble(
            "a\u{202E}b Grüße aus Köln",
            crate::charset::Charset::Windows1252,
        );
        assert_eq!(garbled, "aâ€®b GrÃ¼ÃŸe aus KÃ¶ln");
        let clean = sanitize(&garbled, &mojibake());
        assert_eq!(clean.text, "ab Grüße aus Köln");
        let kinds: Vec<_> = clean.changes.iter().map(|c| c.found.kind()).collect();
        assert_eq!(kinds, ["mojibake", "bidi-control"]);
        // The override was inside the repaired stretch, so its input is that stretch.
        let (repair, bidi) = (&clean.changes[0], &clean.changes[1]);
        assert_eq!(&garbled[repair.input.clone()], "â€®b GrÃ¼ÃŸe aus KÃ¶");
        assert_eq!(bidi.input, repair.input);
        assert_eq!(bidi.output, 1..1);
    }

    #[test]
    fn offsets_of_later_steps_map_back_to_utf16_input() {
        let text = "é\u{200B}x\nGrÃ¼ÃŸe";
        let units: Vec<u16> = text.encode_utf16().collect();
        let clean = sanitize(&units, &mojibake());
        assert_eq!(clean.text, "éx\nGrüße");
        let repair = clean
            .changes
            .iter()
            .find(|c| c.found.kind() == "mojibake")
            .unwrap();
        let expected: Vec<u16> = "Ã¼ÃŸ".encode_utf16().collect();
        assert_eq!(units.get(repair.input.clone()), Some(&expected[..]));
        assert_eq!(&clean.text[repair.output.clone()], "üß");
        let invisible = clean
            .changes
            .iter()
            .find(|c| c.found.kind() == "invisible")
            .unwrap();
        assert_eq!(invisible.input, 1..2);
    }

    #[test]
    fn flags_are_reported_once_after_rewrites() {
        let policy = Policy {
            invisible: Invisible::Flag,
            ..mojibake()
        };
        let clean = sanitize("a\u{200B}b GrÃ¼ÃŸe", &policy);
        assert_eq!(clean.text, "a\u{200B}b Grüße");
        assert_eq!(
            clean
                .changes
                .iter()
                .filter(|c| c.action == Action::Flagged)
                .count(),
            1
        );
        let flag = clean
            .changes
            .iter()
            .find(|c| c.action == Action::Flagged)
            .unwrap();
        assert_eq!((flag.input.clone(), flag.output.clone()), (1..4, 1..4));
    }

    #[test]
    fn the_bound_holds_for_the_worst_inputs() {
        let policy = Policy {
            controls: Controls::Picture,
            line_endings: LineEndings::CrLf,
            bidi: Bidi::Balance,
            ..Policy::default()
        };
        for input in [
            &b"\xFF\xFF\xFF"[..],
            b"\x01\x02",
            b"\n\n\r",
            "\u{202E}\u{2067}".as_bytes(),
        ] {
            let input = Input::from(input);
            assert!(sanitize(input, &policy).text.len() <= input.max_output_len(&policy));
        }
        let units: Vec<u16> = vec![0x202E, 0x0A, 0xD800, 0x2067];
        let input = Input::from(&units);
        let out = sanitize(input, &policy);
        assert!(
            out.text.encode_utf16().count() <= input.max_output_len(&policy),
            "{:?}",
            out.text
        );
    }
}

/// Normalisation (feature `normalize`), and a random property test of every promise with it: a
/// small generator over the characters where NFC and NFKC do something, mixed with the ones the
/// cleaner handles. `cargo test -p utf8lens --features normalize --lib sanitize`.
#[cfg(all(test, feature = "normalize"))]
mod normalize_tests {
    use super::*;
    use unicode_normalization::{is_nfc, is_nfkc};
    use utf8lens_testkit::Rng;

    fn nfc() -> Policy {
        Policy {
            normalization: Some(NormalForm::Nfc),
            ..Policy::default()
        }
    }

    #[test]
    fn nfc_and_nfkc() {
        let clean = sanitize("cafe\u{301} ﬁ\u{200B}x", &nfc());
        assert_eq!(clean.text, "café ﬁx");
        let kinds: Vec<_> = clean
            .changes
            .iter()
            .map(|c| (c.found.kind(), c.input.clone()))
            .collect();
        assert_eq!(kinds, [("unnormalized", 3..6), ("invisible", 10..13)]);
        let nfkc = Policy {
            normalization: Some(NormalForm::Nfkc),
            ..Policy::default()
        };
        assert_eq!(sanitize("ﬁ ² Ａ", &nfkc).text, "fi 2 A");
        // Removing the zero width space joins e and the accent: the second clean round sees it.
        assert_eq!(sanitize("e\u{200B}\u{301}", &nfc()).text, "é");
        // NFKC turns the pictograph ™ into letters: a joiner after it no longer joins emoji.
        assert_eq!(sanitize("™\u{200D}🚀", &nfkc).text, "TM🚀");
        assert_eq!(sanitize("\u{FDFA}", &nfkc).text.chars().count(), 18);
    }

    #[test]
    fn random_inputs_keep_every_promise_with_normalisation() {
        const PIECES: &[&str] = &[
            "e",
            "\u{301}",
            "\u{327}",
            "\u{308}",
            "Å",
            "A\u{30A}",
            "ﬁ",
            "²",
            "™",
            "\u{200D}",
            "🚀",
            "👩",
            "\u{200B}",
            "\u{202E}",
            "\u{2066}",
            "\u{2069}",
            "\r",
            "\n",
            "\u{FDFA}",
            "\u{1D160}",
            "\u{390}",
            "\u{FEFF}",
            "\u{1}",
            "\u{FFFF}",
            "Ã¤",
            "â€®",
            "한",
            "\u{1100}\u{1161}",
            "\u{E0067}",
            "\u{FE0F}",
        ];
        let policies = [
            nfc(),
            Policy {
                normalization: Some(NormalForm::Nfkc),
                ..Policy::default()
            },
            Policy {
                normalization: Some(NormalForm::Nfc),
                repair_mojibake: true,
                bidi: Bidi::Balance,
                invisible: Invisible::Flag,
                line_endings: LineEndings::CrLf,
                ..Policy::default()
            },
            Policy {
                normalization: Some(NormalForm::Nfkc),
                controls: Controls::Picture,
                ..Policy::default()
            },
        ];
        let seed = std::env::var("UTF8LENS_PROPTEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok());
        let seed: u64 = seed.unwrap_or(0x5EED_2026);
        let mut rng = Rng::new(seed);
        for case in 0..500 {
            let mut text = String::new();
            for _ in 0..rng.below(24) {
                let piece = *rng.pick(PIECES);
                text.push_str(piece);
            }
            let units: Vec<u16> = text.encode_utf16().collect();
            for policy in &policies {
                for input in [Input::from(&text), Input::from(&units)] {
                    let clean = sanitize(input, policy);
                    let context = format!(
                        "case {case} (seed {seed}) {text:?} {policy:?}: {:?}",
                        clean.text
                    );
                    let measured = input.measure(&clean.text);
                    assert!(measured <= input.max_output_len(policy), "bound: {context}");
                    let again = sanitize(&clean.text, policy);
                    assert_eq!(again.text, clean.text, "idempotence: {context}");
                    assert!(
                        again.changes.iter().all(|c| c.action == Action::Flagged),
                        "{context}"
                    );
                    match policy.normalization {
                        Some(NormalForm::Nfkc) => assert!(is_nfkc(&clean.text), "NFKC: {context}"),
                        _ => assert!(is_nfc(&clean.text), "NFC: {context}"),
                    }
                }
            }
        }
    }
}
