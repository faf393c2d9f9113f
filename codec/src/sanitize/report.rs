//! What the sanitiser changed: [`Sanitized`], one [`Change`] per finding, each with what was
//! [`Found`], the [`Action`] taken and the reason.

use core::fmt;
use core::ops::Range;
use std::borrow::Cow;

use super::chars;
use super::policy::NormalForm;
use crate::byte_class::ErrorKind;
#[cfg(feature = "confusables")]
use crate::confusables::{MixedScriptConfusable, Severity};
use crate::mojibake::Encoding;

/// The result of [`sanitize`](crate::sanitize::sanitize): the clean text and every change, in order.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{sanitize, Action, Policy};
///
/// let clean = sanitize(&b"ok\xFF\x07"[..], &Policy::default());
/// assert_eq!(clean.text, "ok\u{FFFD}");
/// assert_eq!(clean.changes.len(), 2);
/// assert_eq!(clean.changes[1].action, Action::Removed);
/// assert!(!clean.is_unchanged());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Sanitized {
    /// The sanitised text: always well-formed.
    pub text: String,
    /// Every change (and every finding only flagged), ordered by position in the output.
    pub changes: Vec<Change>,
}

impl Sanitized {
    /// Whether nothing was found: the text is the input, decoded.
    ///
    /// ```
    /// assert!(utf8lens::sanitize::sanitize("plain text", &Default::default()).is_unchanged());
    /// ```
    pub fn is_unchanged(&self) -> bool {
        self.changes.is_empty()
    }
}

/// One finding: where it was in the input, where its result is in the output, what it was, what
/// was done and why.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{sanitize, Action, Found, Policy};
///
/// let clean = sanitize("a\u{202E}b", &Policy::default());
/// let change = &clean.changes[0];
/// assert_eq!((change.input.clone(), change.output.clone()), (1..4, 1..1));
/// assert_eq!(change.found, Found::BidiControl('\u{202E}'));
/// assert_eq!(change.action, Action::Removed);
/// assert_eq!(change.found.to_string(), "U+202E RIGHT-TO-LEFT OVERRIDE");
/// assert!(change.reason().contains("CVE-2021-42574"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// Where the finding is in the input, in the input's units: bytes for UTF-8 input, code units
    /// for UTF-16 input. Empty for an insertion. A finding of a later step (mojibake repair,
    /// normalisation, or a character that only a repair revealed) covers the input that step's
    /// text came from.
    pub input: Range<usize>,
    /// What the finding became in the output, in bytes of [`Sanitized::text`]: empty when it was
    /// removed, the same text when it was only flagged.
    pub output: Range<usize>,
    /// What was found.
    pub found: Found,
    /// What was done.
    pub action: Action,
}

impl Change {
    /// Why the finding matters, in a sentence; for mojibake, the explanation of the repair.
    ///
    /// ```
    /// let clean = utf8lens::sanitize::sanitize("a\u{0}b", &Default::default());
    /// assert!(clean.changes[0].reason().starts_with("NUL"));
    /// ```
    pub fn reason(&self) -> Cow<'static, str> {
        self.found.reason()
    }
}

/// What the sanitiser found.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::Found;
///
/// assert_eq!(Found::Control('\u{1B}').kind(), "control");
/// assert_eq!(Found::Control('\u{1B}').to_string(), "U+001B ESCAPE");
/// assert_eq!(Found::LoneSurrogate(0xD800).to_string(), "lone surrogate 0xD800");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// A malformed UTF-8 sequence (one maximal subpart) of this kind.
    Malformed(ErrorKind),
    /// A UTF-16 code unit in U+D800–U+DFFF without its other half.
    LoneSurrogate(u16),
    /// U+0000 NULL.
    Nul,
    /// A C0 control other than TAB, LF and CR, DEL, or a C1 control.
    Control(char),
    /// U+FEFF as a byte order mark.
    Bom,
    /// A bidirectional control, removed under [`Bidi::Remove`](crate::sanitize::Bidi::Remove).
    BidiControl(char),
    /// A PDF or PDI with nothing open to close, removed under
    /// [`Bidi::Balance`](crate::sanitize::Bidi::Balance).
    UnmatchedBidi(char),
    /// An opener still open at the end of its paragraph: its closer was inserted.
    UnclosedBidi(char),
    /// An opener nested deeper than the bidirectional algorithm's limit (125), removed.
    BidiOverflow(char),
    /// An invisible character: zero width, word joiner, invisible operator, U+FEFF inside text,
    /// U+180E, a deprecated format character.
    Invisible(char),
    /// A tag character outside an emoji flag.
    Tag(char),
    /// A variation selector without a registered variation sequence: not after a character
    /// StandardizedVariants.txt or emoji-variation-sequences.txt lists it with, nor (VS17–VS256)
    /// after a CJK unified ideograph.
    VariationSelector(char),
    /// The first character of a run of tag characters outside an emoji flag, or of a run of two or
    /// more unregistered variation selectors, with what the run spells. The run's other characters
    /// are reported one by one, as [`Found::Tag`] or [`Found::VariationSelector`], so that a text
    /// has one finding per character whatever it hides.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Carrier, Found, Policy};
    ///
    /// let hidden: String = "hi!".chars().map(|c| char::from_u32(0xE0000 + c as u32).unwrap()).collect();
    /// let clean = sanitize(&format!("Nice weather.{hidden}"), &Policy::default());
    /// assert_eq!(clean.text, "Nice weather.");
    /// let Found::HiddenText(found) = &clean.changes[0].found else { panic!() };
    /// assert_eq!((found.carrier, found.text().as_ref()), (Carrier::Tags, "hi!"));
    /// assert_eq!(clean.changes[0].found.to_string(), "hidden text: 'hi!' (3 tag characters)");
    /// ```
    HiddenText(Box<HiddenText>),
    /// A noncharacter.
    Noncharacter(char),
    /// A line break other than the chosen one: CR LF, CR, LF, NEL, U+2028 or U+2029.
    LineBreak(&'static str),
    /// Mojibake, with how it was repaired.
    Mojibake(Box<MojibakeFound>),
    /// Text that was not in the chosen normalisation form.
    Unnormalized(NormalForm),
    /// A word that mixes scripts in a confusable way, such as `pаypal` with a Cyrillic `а`
    /// (flagged under [`Confusables::Flag`](crate::sanitize::Confusables::Flag), never changed).
    #[cfg(feature = "confusables")]
    Confusable(Box<MixedScriptConfusable>),
}

/// What a run of invisible characters spells: see [`Found::HiddenText`].
///
/// ```
/// use utf8lens::sanitize::{sanitize, Carrier, Found, Policy};
///
/// // "ok" hidden in variation selectors after an emoji: 0x6F and 0x6B are VS96 and VS92.
/// let clean = sanitize("😀\u{E015F}\u{E015B}", &Policy::default());
/// assert_eq!(clean.text, "😀");
/// let Found::HiddenText(found) = &clean.changes[0].found else { panic!() };
/// assert_eq!(found.carrier, Carrier::VariationSelectors);
/// assert_eq!((found.bytes.as_slice(), found.characters), (&b"ok"[..], 2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HiddenText {
    /// What the text was hidden in.
    pub carrier: Carrier,
    /// The bytes the run spells: for tags, the ASCII character of each tag (U+E0020–U+E007E; the
    /// LANGUAGE TAG and CANCEL TAG spell nothing); for variation selectors, VS1–VS16 as
    /// 0x00–0x0F and VS17–VS256 as 0x10–0xFF, the usual way of hiding bytes in them.
    pub bytes: Vec<u8>,
    /// How many characters the run has.
    pub characters: usize,
}

impl HiddenText {
    /// The bytes as text, decoded as UTF-8 (each invalid sequence as U+FFFD).
    ///
    /// ```
    /// use utf8lens::sanitize::{Carrier, HiddenText};
    ///
    /// let found = HiddenText { carrier: Carrier::VariationSelectors, bytes: b"caf\xC3\xA9".to_vec(), characters: 5 };
    /// assert_eq!(found.text(), "café");
    /// ```
    pub fn text(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.bytes)
    }

    /// Whether the bytes are text: valid UTF-8 without controls other than whitespace.
    ///
    /// ```
    /// use utf8lens::sanitize::{Carrier, HiddenText};
    ///
    /// let bytes = HiddenText { carrier: Carrier::VariationSelectors, bytes: vec![0x0F, 0x0F], characters: 2 };
    /// assert!(!bytes.is_text());
    /// ```
    pub fn is_text(&self) -> bool {
        core::str::from_utf8(&self.bytes)
            .is_ok_and(|t| !t.chars().any(|c| c.is_control() && !c.is_whitespace()))
    }
}

/// The invisible characters a [`HiddenText`] was spelled in.
///
/// ```
/// assert_eq!(utf8lens::sanitize::Carrier::Tags.as_str(), "tags");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Carrier {
    /// Tag characters U+E0000–U+E007F outside an emoji flag.
    Tags,
    /// Variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF.
    VariationSelectors,
}

impl Carrier {
    /// The lowercase name the JavaScript API uses: `"tags"` or `"variation-selectors"`.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Carrier::VariationSelectors.as_str(), "variation-selectors");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Carrier::Tags => "tags",
            Carrier::VariationSelectors => "variation-selectors",
        }
    }
}

/// What a mojibake repair found: the layers undone, outermost first, and their explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct MojibakeFound {
    /// Each layer as (the charset the text was wrongly shown in, the encoding it really was in).
    pub layers: Vec<(Encoding, Encoding)>,
    /// One sentence per layer, as [`RepairStep::sentence`](crate::mojibake::RepairStep::sentence) says it.
    pub explanation: String,
    /// The repair's confidence, 0 to 1; see [`Repair::confidence`](crate::mojibake::Repair::confidence).
    pub confidence: f32,
}

impl Found {
    /// The kebab-case name of the kind of finding, as the JavaScript API and the inspector's
    /// `data-issue` attribute spell it.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Found::UnclosedBidi('\u{2067}').kind(), "bidi-unclosed");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Found::Malformed(_) => "malformed",
            Found::LoneSurrogate(_) => "lone-surrogate",
            Found::Nul => "nul",
            Found::Control(_) => "control",
            Found::Bom => "bom",
            Found::BidiControl(_) => "bidi-control",
            Found::UnmatchedBidi(_) => "bidi-unmatched",
            Found::UnclosedBidi(_) => "bidi-unclosed",
            Found::BidiOverflow(_) => "bidi-overflow",
            Found::Invisible(_) => "invisible",
            Found::Tag(_) => "tag",
            Found::VariationSelector(_) => "variation-selector",
            Found::HiddenText(_) => "hidden-text",
            Found::Noncharacter(_) => "noncharacter",
            Found::LineBreak(_) => "line-break",
            Found::Mojibake(_) => "mojibake",
            Found::Unnormalized(_) => "unnormalized",
            #[cfg(feature = "confusables")]
            Found::Confusable(_) => "confusable",
        }
    }

    /// The code point found, for the findings that are one character (not for hidden text, which
    /// is about a run).
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Found::Invisible('\u{200B}').code_point(), Some(0x200B));
    /// assert_eq!(utf8lens::sanitize::Found::Bom.code_point(), Some(0xFEFF));
    /// ```
    pub fn code_point(&self) -> Option<u32> {
        match self {
            Found::LoneSurrogate(unit) => Some(u32::from(*unit)),
            Found::Nul => Some(0),
            Found::Bom => Some(0xFEFF),
            Found::Control(c)
            | Found::BidiControl(c)
            | Found::UnmatchedBidi(c)
            | Found::UnclosedBidi(c)
            | Found::BidiOverflow(c)
            | Found::Invisible(c)
            | Found::Tag(c)
            | Found::VariationSelector(c)
            | Found::Noncharacter(c) => Some(u32::from(*c)),
            _ => None,
        }
    }

    /// Why this kind of finding matters.
    ///
    /// ```
    /// assert!(utf8lens::sanitize::Found::Noncharacter('\u{FFFF}').reason().contains("internal use"));
    /// ```
    pub fn reason(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Found::Malformed(_) => {
                "Not UTF-8: readers disagree on what these bytes mean, and strict ones refuse the whole text."
            }
            Found::LoneSurrogate(_) => {
                "Half of a UTF-16 surrogate pair is no character: it cannot be encoded in UTF-8, and \
                 TextEncoder, fetch and JSON turn it into U+FFFD or an error."
            }
            Found::Nul => {
                "NUL ends a string in C, so it cuts text short in logs, databases and parsers, and \
                 can hide what follows it from a check."
            }
            Found::Control(_) => {
                "A control character has no glyph; it can rewrite a terminal (escape sequences), \
                 break XML and JSON consumers, and in text is usually a sign of corruption."
            }
            Found::Bom => {
                "A byte order mark is an encoding signature, not text: left in, it makes equal \
                 strings differ and breaks parsers."
            }
            Found::BidiControl(_) => {
                "Bidirectional controls reorder how text is displayed without being seen, so code or \
                 a name can read differently from what it is (Trojan Source, CVE-2021-42574)."
            }
            Found::UnmatchedBidi(_) => {
                "A closing bidirectional control with nothing open to close does nothing but hide in \
                 the text (Trojan Source, CVE-2021-42574)."
            }
            Found::UnclosedBidi(_) => {
                "An embedding, override or isolate left open would reorder everything displayed after \
                 it, outside this text too (Trojan Source, CVE-2021-42574); its closer was added."
            }
            Found::BidiOverflow(_) => {
                "Bidirectional controls nested deeper than the Unicode Bidirectional Algorithm's limit \
                 of 125 are ignored by it and only serve to confuse other readers."
            }
            Found::Invisible(_) => {
                "An invisible character changes nothing on screen but makes equal-looking words \
                 differ, which defeats filters, search and duplicate checks (spoofing)."
            }
            Found::Tag(_) => {
                "Tag characters are invisible; outside an emoji flag they can carry hidden text, \
                 such as instructions smuggled to a language model."
            }
            Found::VariationSelector(_) => {
                "A variation selector outside a registered variation sequence is invisible, and a \
                 run of them can hide arbitrary data inside one visible character."
            }
            Found::HiddenText(hidden) => {
                return Cow::Owned(match hidden.carrier {
                    Carrier::Tags => format!(
                        "Tag characters outside an emoji flag spell text no one sees: {}. This is \
                         how instructions are smuggled to a language model (prompt injection).",
                        Shown(hidden)
                    ),
                    Carrier::VariationSelectors => format!(
                        "A run of variation selectors spells bytes no one sees: {}. One visible \
                         character can carry a whole hidden message this way.",
                        Shown(hidden)
                    ),
                })
            }
            Found::Noncharacter(_) => {
                "Noncharacters are reserved for a program's internal use (sentinels) and must not be \
                 exchanged as text."
            }
            Found::LineBreak(_) => {
                "Mixed line breaks make lines split, count and compare differently across tools; \
                 they were made uniform."
            }
            Found::Mojibake(found) => return Cow::Owned(found.explanation.clone()),
            #[cfg(feature = "confusables")]
            Found::Confusable(word) => return Cow::Owned(confusable_reason(word)),
            Found::Unnormalized(_) => {
                "Text that looks the same should compare the same: it was brought into the chosen \
                 Unicode normalisation form."
            }
        })
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Malformed(kind) => write!(f, "malformed UTF-8 ({})", kind.as_str()),
            Found::LoneSurrogate(unit) => write!(f, "lone surrogate 0x{unit:04X}"),
            Found::Nul => f.write_str("U+0000 NULL"),
            Found::Bom => f.write_str("U+FEFF BYTE ORDER MARK"),
            Found::LineBreak(which) => write!(f, "line break {which}"),
            Found::Mojibake(found) => {
                f.write_str("mojibake (")?;
                for (i, (encode, decode)) in found.layers.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", then ")?;
                    }
                    write!(f, "{decode} read as {encode}")?;
                }
                f.write_str(")")
            }
            Found::Unnormalized(form) => write!(f, "text not in {form}"),
            Found::HiddenText(hidden) => {
                let carrier = match hidden.carrier {
                    Carrier::Tags => "tag characters",
                    Carrier::VariationSelectors => "variation selectors",
                };
                write!(f, "{} ({} {carrier})", Shown(hidden), hidden.characters)
            }
            #[cfg(feature = "confusables")]
            Found::Confusable(word) => write!(
                f,
                "mixed-script confusable \"{}\" ({})",
                word.word,
                word.scripts.join(", ")
            ),
            other => {
                let c = other
                    .code_point()
                    .and_then(char::from_u32)
                    .unwrap_or('\u{FFFD}');
                match (chars::name(c), chars::variation_selector_number(c)) {
                    (Some(name), _) => write!(f, "U+{:04X} {name}", u32::from(c)),
                    (None, Some(n)) => write!(f, "U+{:04X} VARIATION SELECTOR-{n}", u32::from(c)),
                    (None, None) => write!(f, "U+{:04X}", u32::from(c)),
                }
            }
        }
    }
}

/// How many characters of hidden text a finding's description shows.
const SHOWN_CHARS: usize = 200;

/// Hidden text as a description shows it: `hidden text: '...'`, at most [`SHOWN_CHARS`]
/// characters with the controls escaped, or `hidden bytes: 0F 0F` when it is not text.
struct Shown<'a>(&'a HiddenText);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hidden = self.0;
        if hidden.is_text() {
            f.write_str("hidden text: '")?;
            let text = hidden.text();
            for c in text.chars().take(SHOWN_CHARS) {
                match c {
                    '\n' => f.write_str("\\n")?,
                    '\r' => f.write_str("\\r")?,
                    '\t' => f.write_str("\\t")?,
                    c => write!(f, "{c}")?,
                }
            }
            if text.chars().nth(SHOWN_CHARS).is_some() {
                f.write_str("…")?;
            }
            f.write_str("'")
        } else {
            f.write_str("hidden bytes:")?;
            for b in hidden.bytes.iter().take(SHOWN_CHARS / 3) {
                write!(f, " {b:02X}")?;
            }
            if hidden.bytes.len() > SHOWN_CHARS / 3 {
                f.write_str(" …")?;
            }
            Ok(())
        }
    }
}

/// Why a mixed-script confusable word matters, with what it passes for.
#[cfg(feature = "confusables")]
fn confusable_reason(word: &MixedScriptConfusable) -> String {
    let proof = match word.severity {
        Severity::High => format!(
            "every letter has a look-alike in one script (it compares as \"{}\")",
            word.skeleton
        ),
        Severity::Medium => {
            "the letters of one of its scripts all have look-alikes in another".to_owned()
        }
    };
    format!(
        "A word that mixes scripts ({}) where {proof} can pass for another word in a link, a name \
         or an identifier (UTS #39 mixed-script confusable, {} severity); it was only flagged.",
        word.scripts.join(", "),
        word.severity
    )
}

/// What the sanitiser did about a finding.
///
/// ```
/// assert_eq!(utf8lens::sanitize::Action::Inserted.as_str(), "inserted");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Removed: the output range is empty.
    Removed,
    /// Replaced: by U+FFFD, a control picture, or another line break.
    Replaced,
    /// Added where there was nothing: a closing bidirectional control.
    Inserted,
    /// Left as it was and only reported.
    Flagged,
    /// Mojibake undone.
    Repaired,
    /// Brought into a normalisation form.
    Normalized,
}

impl Action {
    /// The lowercase name the JavaScript API uses.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Action::Flagged.as_str(), "flagged");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Removed => "removed",
            Action::Replaced => "replaced",
            Action::Inserted => "inserted",
            Action::Flagged => "flagged",
            Action::Repaired => "repaired",
            Action::Normalized => "normalized",
        }
    }
}
