//! What the sanitiser does with each kind of character: [`Policy`] and one enum per option.
//!
//! Every option has a default that is safe for text shown to people who did not write it; the
//! documentation of each says why the kind matters and when to choose otherwise.

use core::fmt;

/// What to do with invalid UTF-8 (each maximal subpart) and with lone UTF-16 surrogates.
///
/// They are not text: readers disagree on what they mean, and some refuse the whole input.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Invalid, Policy};
///
/// let replace = sanitize(&b"caf\xE9!"[..], &Policy::default());
/// assert_eq!(replace.text, "caf\u{FFFD}!");
/// let drop = sanitize(&b"caf\xE9!"[..], &Policy { invalid: Invalid::Drop, ..Policy::default() });
/// assert_eq!(drop.text, "caf!");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Invalid {
    /// Replace each with U+FFFD, as `TextDecoder` does (default): a reader still sees that
    /// something was there, and the count of errors is preserved.
    #[default]
    Replace,
    /// Remove them. Only when the text feeds something that must not contain U+FFFD; two words can
    /// run together.
    Drop,
}

/// What to do with control characters: the C0 controls other than TAB, LF and CR, DEL, and the
/// C1 controls (U+0080–U+009F). NUL is always removed.
///
/// Controls have no glyph; they can rewrite a terminal (ESC), ring bells, end strings in C (NUL)
/// and break XML (which forbids most of them). C1 controls in text are almost always mojibake.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Controls, Policy};
///
/// assert_eq!(sanitize("a\u{1B}[2Jb", &Policy::default()).text, "a[2Jb");
/// let shown = sanitize("a\u{1B}[2Jb", &Policy { controls: Controls::Picture, ..Policy::default() });
/// assert_eq!(shown.text, "a␛[2Jb");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Controls {
    /// Remove them (default).
    #[default]
    Remove,
    /// Replace each with its visible picture from the Control Pictures block (␛ for ESC, ␡ for DEL,
    /// ␤ for NEL); C1 controls, which have no picture, become U+FFFD. Useful in logs and viewers
    /// where the reader should see that a control was there.
    Picture,
    /// Leave them in the text and list each in the report (NUL is still removed): for source code
    /// and other text that is checked, not rewritten (the `code` preset, the scanner).
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Action, Controls, Policy};
    ///
    /// let flagged = sanitize("a\u{7}b", &Policy { controls: Controls::Flag, ..Policy::default() });
    /// assert_eq!((flagged.text.as_str(), flagged.changes[0].action), ("a\u{7}b", Action::Flagged));
    /// ```
    Flag,
}

/// Where U+FEFF counts as a byte order mark and is removed.
///
/// A byte order mark is an encoding signature, not text: left in, it makes equal strings differ,
/// breaks parsers (`JSON.parse("\u{FEFF}{}")` throws) and shows as `ï»¿` when the text is misread.
/// Inside text, U+FEFF is also an invisible character; [`Invisible`] decides about it there.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Bom, Invisible, Policy};
///
/// let flag = Policy { invisible: Invisible::Flag, ..Policy::default() };
/// assert_eq!(sanitize("\u{FEFF}a\u{FEFF}b", &flag).text, "a\u{FEFF}b");
/// let everywhere = Policy { bom: Bom::Everywhere, ..flag };
/// assert_eq!(sanitize("\u{FEFF}a\u{FEFF}b", &everywhere).text, "ab");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bom {
    /// Remove every U+FEFF at the start, before the first character kept (default).
    #[default]
    Start,
    /// Remove every U+FEFF, as a byte order mark: for text glued from several files, each of which
    /// began with one.
    Everywhere,
}

/// What to do with the bidirectional controls: the embeddings and overrides LRE, RLE, LRO, RLO and
/// their PDF; the isolates LRI, RLI, FSI and their PDI; the marks LRM, RLM and ALM.
///
/// They reorder how text is displayed without being seen, so that code, a file name or a user name
/// reads differently from what it is: `\u{202E}gpj.exe` shows as `exe.jpg`. This is the Trojan Source attack,
/// CVE-2021-42574. An unclosed override also reorders whatever the page shows after the text.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Bidi, Policy};
///
/// assert_eq!(sanitize("user\u{202E}gpj.exe", &Policy::default()).text, "usergpj.exe");
/// let balanced = sanitize("user\u{202E}gpj.exe", &Policy { bidi: Bidi::Balance, ..Policy::default() });
/// assert_eq!(balanced.text, "user\u{202E}gpj.exe\u{202C}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bidi {
    /// Remove all of them, marks included (default). Right-to-left text still displays correctly:
    /// the bidirectional algorithm orders it from the characters themselves; only rare mixed
    /// cases (a number after a Hebrew word) may show punctuation on the other side.
    #[default]
    Remove,
    /// Keep them, but balanced: every opener is closed before the end of its paragraph (a closer
    /// is added before the line break or at the end of the text), every closer with nothing to
    /// close is removed, and nesting deeper than the algorithm's limit of 125 is removed. Nothing
    /// leaks past the end of the text, but inside it the reordering stays: choose this for
    /// right-to-left content written with these controls, never for code.
    Balance,
    /// Leave every one in the text, unbalanced as it is, and list each in the report: for source
    /// code, where a reviewer decides (removing one inside a string literal changes the program).
    /// The `code` preset and the scanner use it.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Action, Bidi, Policy};
    ///
    /// let flagged = sanitize("a\u{202E}b", &Policy { bidi: Bidi::Flag, ..Policy::default() });
    /// assert_eq!(flagged.text, "a\u{202E}b");
    /// assert_eq!(flagged.changes[0].action, Action::Flagged);
    /// ```
    Flag,
}

/// What to do with invisible characters: every format character (General_Category Cf) and
/// default-ignorable code point that no other option is about, and the blanks that render as
/// nothing. Among them U+200B ZERO WIDTH SPACE, U+200C ZERO WIDTH NON-JOINER, U+200D ZERO WIDTH
/// JOINER, U+2060–U+2064 (WORD JOINER and the invisible operators), the deprecated format
/// characters U+206A–U+206F, U+FEFF inside text, U+180E MONGOLIAN VOWEL SEPARATOR, U+034F
/// COMBINING GRAPHEME JOINER, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the Khmer
/// inherent vowels U+17B4 and U+17B5, U+2800 BRAILLE PATTERN BLANK, interlinear annotation
/// U+FFF9–U+FFFB, the Egyptian hieroglyph, shorthand and musical format controls, U+00AD SOFT
/// HYPHEN (unless [`SoftHyphens::Keep`]), the Arabic number signs, and the tag characters
/// U+E0000–U+E007F (whose hidden text the report decodes).
///
/// They make equal-looking words differ (`pay\u{200B}pal` is not `paypal` to a filter, a search or a
/// duplicate check), and tag characters can carry whole hidden sentences, such as instructions
/// smuggled to a language model.
///
/// Kept whatever this says, because there they are spelling: a joiner inside an emoji sequence
/// (👩‍💻), ZWJ and ZWNJ between two letters of a script that uses them (Persian
/// `می‌خواهم`, Indic conjuncts), the tags of an emoji flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿), and a number sign
/// (Prepended_Concatenation_Mark: U+0600–U+0605, U+06DD, U+0890, U+0891, U+08E2, U+110BD,
/// U+110CD) followed by a digit, as in `\u{600}١٢٣`; U+070F SYRIAC ABBREVIATION MARK is also kept
/// before a Syriac letter.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Invisible, Policy};
///
/// assert_eq!(sanitize("pay\u{200B}pal 👩\u{200D}💻", &Policy::default()).text, "paypal 👩\u{200D}💻");
/// let flagged = sanitize("pay\u{200B}pal", &Policy { invisible: Invisible::Flag, ..Policy::default() });
/// assert_eq!((flagged.text.as_str(), flagged.changes.len()), ("pay\u{200B}pal", 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Invisible {
    /// Remove them (default).
    #[default]
    Remove,
    /// Leave them in the text and list each in the report, for a reviewer to decide.
    Flag,
}

/// What to do with variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF, and the Mongolian free
/// variation selectors U+180B–U+180D, U+180F) that are not part of a registered variation sequence.
///
/// A variation selector chooses a glyph variant of the character before it, but only for the
/// pairs Unicode registered: StandardizedVariants.txt (math symbols, CJK compatibility ideographs,
/// Mongolian letters, ...), emoji-variation-sequences.txt (`❤️`, `1️⃣`) and the Ideographic
/// Variation Database (VS17–VS256 after a CJK unified ideograph, for names). Anywhere else it is
/// invisible, and a run of them can encode arbitrary bytes inside a single visible character;
/// the report decodes such a run ([`Found::HiddenText`](super::Found::HiddenText)). Registered
/// sequences are always kept.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Policy, VariationSelectors};
///
/// // Registered: an emoji presentation, a math variant, an ideographic variant.
/// let kept = "❤\u{FE0F} \u{2229}\u{FE00} 葛\u{E0100}";
/// assert_eq!(sanitize(kept, &Policy::default()).text, kept);
/// assert_eq!(sanitize("a\u{FE0F}b\u{E0100}", &Policy::default()).text, "ab");
/// let keep = Policy { variation_selectors: VariationSelectors::Keep, ..Policy::default() };
/// assert_eq!(sanitize("a\u{E0100}", &keep).text, "a\u{E0100}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VariationSelectors {
    /// Keep every one, registered or not, and report none.
    Keep,
    /// Keep them but list each unregistered one in the report.
    Flag,
    /// Remove every unregistered one (default).
    #[default]
    Remove,
}

/// What to do with U+00AD SOFT HYPHEN.
///
/// It marks where a word may be hyphenated and is invisible unless a line breaks there, so
/// `pay\u{AD}pal` looks like `paypal` but is not equal to it. Some pipelines put soft hyphens in
/// on purpose (hyphenation of narrow columns, e-books): they keep them with [`SoftHyphens::Keep`].
///
/// ```
/// use utf8lens::sanitize::{sanitize, Policy, SoftHyphens};
///
/// assert_eq!(sanitize("pay\u{AD}pal", &Policy::default()).text, "paypal");
/// let keep = Policy { soft_hyphens: SoftHyphens::Keep, ..Policy::default() };
/// assert_eq!(sanitize("Silben\u{AD}trennung", &keep).text, "Silben\u{AD}trennung");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SoftHyphens {
    /// An invisible character like the others: [`Invisible`] decides (default).
    #[default]
    AsInvisible,
    /// Keep them, unreported: a legitimate hyphenation hint.
    Keep,
}

/// What to do with noncharacters: U+FDD0–U+FDEF and the last two code points of every plane
/// (U+FFFE, U+FFFF, U+1FFFE, … U+10FFFF).
///
/// They are reserved for a program's internal use (sentinels) and are not meant to be exchanged;
/// U+FFFE in particular is a byte-swapped byte order mark.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Noncharacters, Policy};
///
/// assert_eq!(sanitize("a\u{FFFF}b", &Policy::default()).text, "a\u{FFFD}b");
/// let remove = Policy { noncharacters: Noncharacters::Remove, ..Policy::default() };
/// assert_eq!(sanitize("a\u{FFFF}b", &remove).text, "ab");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Noncharacters {
    /// Replace each with U+FFFD (default), so that the reader sees something was there.
    #[default]
    Replace,
    /// Remove them.
    Remove,
}

/// Whether to normalise line breaks: CR LF, CR, LF, NEL (U+0085), U+2028 LINE SEPARATOR and U+2029
/// PARAGRAPH SEPARATOR.
///
/// Mixed line endings make lines count, split and compare differently across tools, and U+2028
/// ends a line in JavaScript source but not in JSON. With [`LineEndings::Keep`], NEL is a C1
/// control and [`Controls`] decides about it.
///
/// ```
/// use utf8lens::sanitize::{sanitize, LineEndings, Policy};
///
/// let lf = Policy { line_endings: LineEndings::Lf, ..Policy::default() };
/// assert_eq!(sanitize("a\r\nb\rc\u{2028}d", &lf).text, "a\nb\nc\nd");
/// let crlf = Policy { line_endings: LineEndings::CrLf, ..Policy::default() };
/// assert_eq!(sanitize("a\nb\r\nc", &crlf).text, "a\r\nb\r\nc");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LineEndings {
    /// Leave line breaks as they are (default): changing them changes the text's bytes, which a
    /// signature or a diff may care about.
    #[default]
    Keep,
    /// Every line break becomes LF.
    Lf,
    /// Every line break becomes CR LF.
    CrLf,
}

/// A Unicode normalisation form: the one `Policy::normalization` asks for (cargo feature
/// `normalize`), the one a [`Normalizer`](super::Normalizer) brings text into, and the one a
/// [`Found::Unnormalized`](super::Found::Unnormalized) finding names.
///
/// Canonically equivalent texts (`é` as one code point or as `e` plus a combining accent) look the
/// same but compare, hash and search differently. NFC makes them equal without changing how
/// anything looks. NFKC also folds compatibility variants (`ﬁ` to `fi`, full-width `Ａ` to `A`,
/// `²` to `2`): right for identifiers and search keys, lossy for prose.
///
/// Available without the feature `normalize`, which only adds the crate's own normaliser: a caller
/// with a normaliser of its own names the form it applies.
///
/// ```
/// use utf8lens::sanitize::NormalForm;
///
/// assert_eq!(NormalForm::Nfkc.as_str(), "NFKC");
/// assert_eq!(NormalForm::Nfc.to_string(), "NFC");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NormalForm {
    /// Canonical composition (NFC).
    Nfc,
    /// Compatibility composition (NFKC).
    Nfkc,
}

impl NormalForm {
    /// The form's name as Unicode (UAX #15) and `String.prototype.normalize` spell it: `"NFC"` or
    /// `"NFKC"`.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::NormalForm::Nfc.as_str(), "NFC");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            NormalForm::Nfc => "NFC",
            NormalForm::Nfkc => "NFKC",
        }
    }
}

impl fmt::Display for NormalForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether to flag words that mix scripts in a confusable way (UTS #39 mixed-script confusables):
/// `pаypal` with a Cyrillic `а` passes for `paypal` in a link, a user name or a sender's name.
///
/// The sanitiser flags them and never changes them: which letter was meant is not the sanitiser's
/// to decide, and rewriting letters would damage real text in those scripts. Each flag says the
/// word, its skeleton, the scripts it mixes and a [`Severity`](crate::confusables::Severity);
/// [`confusables`](crate::confusables) has the rules. Legitimate mixes are not flagged: Japanese
/// with Latin (`Tシャツ`), Latin with a script that looks nothing like it, a single-script word in
/// any script.
///
/// ```
/// use utf8lens::sanitize::{sanitize, Confusables, Policy};
///
/// let clean = sanitize("log in to p\u{430}ypal", &Policy::default());
/// assert_eq!(clean.text, "log in to p\u{430}ypal"); // flagged, not changed
/// assert_eq!(clean.changes[0].found.kind(), "confusable");
/// let quiet = Policy::default().with_confusables(Confusables::Ignore);
/// assert!(sanitize("log in to p\u{430}ypal", &quiet).changes.is_empty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Confusables {
    /// List each such word in the report, with a severity, and leave it as it is (default).
    #[default]
    Flag,
    /// Do not look for them: for text that is not shown as names or links, or where the check's
    /// cost matters (it looks up the scripts of every character of every non-ASCII word).
    Ignore,
}

/// Everything [`sanitize`](crate::sanitize::sanitize) does: one field per kind of character, each with a
/// safe default.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{sanitize, Bidi, LineEndings, Policy};
///
/// let policy = Policy { bidi: Bidi::Balance, line_endings: LineEndings::Lf, ..Policy::default() };
/// let clean = sanitize("\u{FEFF}שלום \u{2067}abc\r\n", &policy);
/// assert_eq!(clean.text, "שלום \u{2067}abc\u{2069}\n");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Policy {
    /// Invalid UTF-8 and lone surrogates; default [`Invalid::Replace`].
    pub invalid: Invalid,
    /// Control characters; default [`Controls::Remove`].
    pub controls: Controls,
    /// Byte order marks; default [`Bom::Start`].
    pub bom: Bom,
    /// Bidirectional controls; default [`Bidi::Remove`].
    pub bidi: Bidi,
    /// Invisible characters; default [`Invisible::Remove`].
    pub invisible: Invisible,
    /// Variation selectors outside registered sequences; default [`VariationSelectors::Remove`].
    pub variation_selectors: VariationSelectors,
    /// U+00AD SOFT HYPHEN; default [`SoftHyphens::AsInvisible`].
    pub soft_hyphens: SoftHyphens,
    /// Noncharacters; default [`Noncharacters::Replace`].
    pub noncharacters: Noncharacters,
    /// Line breaks; default [`LineEndings::Keep`].
    pub line_endings: LineEndings,
    /// The Unicode normalisation form to bring the text into, if any; default `None`. Needs the
    /// cargo feature `normalize` (without it, [`sanitize_with`](super::sanitize_with) takes a
    /// normaliser of the caller's).
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, NormalForm, Policy};
    ///
    /// let nfkc = Policy { normalization: Some(NormalForm::Nfkc), ..Policy::default() };
    /// assert_eq!(sanitize("ﬁ²", &nfkc).text, "fi2");
    /// ```
    #[cfg(feature = "normalize")]
    pub normalization: Option<NormalForm>,
    /// Whether to find and undo mojibake with [`repair`](crate::mojibake::repair), line by line; default
    /// `false`, because it is a heuristic (a careful one: clean text in any script is left alone).
    ///
    /// Text that was decoded with the wrong charset (`SchÃ¶ne GrÃ¼ÃŸe`) is unreadable, and its
    /// garbled characters hide what the text really contains, such as a bidi override garbled
    /// into `â€®`.
    pub repair_mojibake: bool,
    /// Words that mix scripts in a confusable way; default [`Confusables::Flag`].
    pub confusables: Confusables,
}

impl Policy {
    /// This policy with [`Policy::confusables`] set: a builder step for struct-update-free
    /// construction, as in `Policy::default().with_confusables(Confusables::Ignore)`.
    ///
    /// ```
    /// use utf8lens::sanitize::{Confusables, Policy};
    ///
    /// let policy = Policy::default().with_confusables(Confusables::Ignore);
    /// assert_eq!(policy.confusables, Confusables::Ignore);
    /// assert_eq!(Policy::default().confusables, Confusables::Flag);
    /// ```
    #[must_use]
    pub fn with_confusables(self, confusables: Confusables) -> Policy {
        Policy {
            confusables,
            ..self
        }
    }
}
