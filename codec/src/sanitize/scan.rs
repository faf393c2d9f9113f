//! Checking files without changing them: [`scan`] gives each finding of the sanitiser with its
//! byte offsets, its line and column, and the [`Rule`] it breaks; [`Locator`] turns byte offsets
//! into lines and columns. The npm package's `utf8lens scan` command is a thin layer over these.

use core::fmt;
use core::ops::Range;

use super::clean::{clean_utf8, Mode};
use super::policy::{Confusables, Policy};
use super::report::{Action, Found};
use super::Input;

/// A position in text, as people count it: both 1-based.
///
/// Lines end after LF, after CR LF, and after a CR not followed by LF (what editors and compilers
/// count; U+2028, U+2029 and NEL do not end a line here). The column counts characters (code
/// points) from the start of the line, each maximal invalid UTF-8 sequence counting as one, as it
/// would be one U+FFFD; so it is neither a byte nor a UTF-16 column.
///
/// ```
/// use utf8lens::sanitize::{Location, Locator};
///
/// let mut locator = Locator::new("ab\r\né\u{202E}".as_bytes());
/// assert_eq!(locator.locate(6), Location { line: 2, column: 2 });
/// assert_eq!(locator.locate(6).to_string(), "2:2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Turns byte offsets of UTF-8 text (possibly malformed) into [`Location`]s. Asked in increasing
/// order, as findings come, it reads the text once; an earlier offset makes it start again from the
/// top. An offset past the end is taken as the end; one inside a character counts that character's
/// earlier bytes as invalid.
///
/// ```
/// use utf8lens::sanitize::Locator;
///
/// let text = b"one\ntwo \xFF three\rfour";
/// let mut locator = Locator::new(text);
/// assert_eq!(locator.locate(10).to_string(), "2:7"); // "three": the invalid byte counts as one
/// assert_eq!(locator.locate(17).to_string(), "3:2"); // after a lone CR
/// assert_eq!(locator.locate(0).to_string(), "1:1");
/// ```
#[derive(Debug, Clone)]
pub struct Locator<'a> {
    bytes: &'a [u8],
    /// How far the line count has read: every line break before it is counted.
    at: usize,
    line: usize,
    line_start: usize,
    /// An offset on the current line whose column is known, and that column.
    known: usize,
    column: usize,
}

impl<'a> Locator<'a> {
    /// A locator over `bytes`.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Locator::new(b"").locate(0).to_string(), "1:1");
    /// ```
    pub fn new(bytes: &'a [u8]) -> Locator<'a> {
        Locator {
            bytes,
            at: 0,
            line: 1,
            line_start: 0,
            known: 0,
            column: 1,
        }
    }

    /// The line and column of byte offset `offset`.
    ///
    /// ```
    /// let mut locator = utf8lens::sanitize::Locator::new(b"a\nb\n");
    /// assert_eq!((locator.locate(2).line, locator.locate(2).column), (2, 1));
    /// ```
    pub fn locate(&mut self, offset: usize) -> Location {
        let offset = offset.min(self.bytes.len());
        if offset < self.at {
            *self = Locator::new(self.bytes);
        }
        let from = self.at;
        for (i, &byte) in self
            .bytes
            .get(from..offset)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let ends_line = match byte {
                b'\n' => true,
                b'\r' => self.bytes.get(from + i + 1) != Some(&b'\n'),
                _ => false,
            };
            if ends_line {
                self.line += 1;
                self.line_start = from + i + 1;
            }
        }
        self.at = offset;
        if self.known < self.line_start {
            self.known = self.line_start;
            self.column = 1;
        }
        let stretch = self.bytes.get(self.known..offset).unwrap_or_default();
        let column = self.column
            + stretch
                .utf8_chunks()
                .map(|chunk| {
                    chunk.valid().chars().count() + usize::from(!chunk.invalid().is_empty())
                })
                .sum::<usize>();
        // Counting on from an offset inside a character would count its other bytes as invalid:
        // only an offset that cannot be inside one (not a continuation byte) is remembered.
        if !self
            .bytes
            .get(offset)
            .is_some_and(|&b| (0x80..0xC0).contains(&b))
        {
            self.known = offset;
            self.column = column;
        }
        Location {
            line: self.line,
            column,
        }
    }
}

/// The rule a [`Finding`] breaks: the scanner's grouping of the sanitiser's kinds of finding.
///
/// ```
/// use utf8lens::sanitize::{Found, Rule};
///
/// assert_eq!(Rule::of(&Found::BidiControl('\u{202E}')), Rule::Bidi);
/// assert_eq!(Rule::of(&Found::Tag('\u{E0041}')).name(), "invisible");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// Invalid UTF-8 (or a lone surrogate).
    InvalidUtf8,
    /// A bidirectional control: Trojan Source, CVE-2021-42574.
    Bidi,
    /// An invisible character: zero width characters, tags outside emoji flags, variation
    /// selectors outside emoji, a byte order mark.
    Invisible,
    /// A control character or NUL.
    Control,
    /// A noncharacter.
    Noncharacter,
    /// A word that mixes scripts in a confusable way (UTS #39), such as `pаypal` with a Cyrillic
    /// `а`: in code, an identifier that looks like another.
    Confusable,
    /// Anything else the policy reports (a line break it would change).
    Other,
}

impl Rule {
    /// The rule of a finding of the sanitiser.
    ///
    /// ```
    /// use utf8lens::sanitize::{Found, Rule};
    ///
    /// assert_eq!(Rule::of(&Found::Nul), Rule::Control);
    /// ```
    pub fn of(found: &Found) -> Rule {
        match found {
            Found::Malformed(_) | Found::LoneSurrogate(_) => Rule::InvalidUtf8,
            Found::BidiControl(_)
            | Found::UnmatchedBidi(_)
            | Found::UnclosedBidi(_)
            | Found::BidiOverflow(_) => Rule::Bidi,
            Found::Invisible(_) | Found::Tag(_) | Found::VariationSelector(_) | Found::Bom => {
                Rule::Invisible
            }
            Found::Nul | Found::Control(_) => Rule::Control,
            Found::Noncharacter(_) => Rule::Noncharacter,
            #[cfg(feature = "confusables")]
            Found::Confusable(_) => Rule::Confusable,
            // Hidden text is found on tag characters or variation selectors: invisible.
            Found::HiddenText(_) => Rule::Invisible,
            _ => Rule::Other,
        }
    }

    /// The rule's name, as the scanner prints it: `invalid-utf8`, `bidi`, `invisible`, `control`,
    /// `noncharacter`, `confusable`, `other`.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Rule::InvalidUtf8.name(), "invalid-utf8");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Rule::InvalidUtf8 => "invalid-utf8",
            Rule::Bidi => "bidi",
            Rule::Invisible => "invisible",
            Rule::Control => "control",
            Rule::Noncharacter => "noncharacter",
            Rule::Confusable => "confusable",
            Rule::Other => "other",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One finding of [`scan`]: where (bytes, line, column), what, which rule, and what the policy
/// does about it.
///
/// Its `Display` is the scanner's line without the file name: `line:column: rule: what`.
///
/// ```
/// use utf8lens::sanitize::{scan, Policy};
///
/// let findings = scan(b"x = 1\ny = \"\xE2\x80\xAE\"", &Policy::code());
/// assert_eq!(findings[0].to_string(), "2:6: bidi: U+202E RIGHT-TO-LEFT OVERRIDE");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The bytes found, in the input: never past its end.
    pub range: Range<usize>,
    /// The line of `range.start`, from 1.
    pub line: usize,
    /// The column of `range.start` in characters, from 1 (see [`Location`]).
    pub column: usize,
    /// The rule it breaks.
    pub rule: Rule,
    /// What was found: its `Display` is the code point and the name (`U+202E RIGHT-TO-LEFT
    /// OVERRIDE`), its [`reason`](Found::reason) why it matters.
    pub found: Found,
    /// What the policy does about it ([`Action::Flagged`] for every finding of [`Policy::code`]).
    pub action: Action,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.line, self.column, self.rule, self.found
        )
    }
}

/// Every finding of the sanitiser in UTF-8 `bytes` (possibly malformed) under `policy`, in order,
/// each with its byte range, line, column and rule; an empty list for clean text. Nothing is
/// rewritten: the policy's rewriting steps (normalisation, mojibake repair) are not run, and with
/// [`Policy::code`] every finding is only flagged. [`Policy::fixing`] of the same policy is what
/// removes them.
///
/// One pass over the text (SIMD validation, then a scan that decodes only at the lead bytes of the
/// characters that can matter), and a second over the text before the last finding to count lines.
/// It never panics, and every range lies inside the input.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{scan, Action, Policy, Rule};
///
/// let source = b"// ok\nlet admin\xE2\x80\x8B = false; \xFF\n";
/// let findings = scan(source, &Policy::code());
/// let summary: Vec<_> = findings.iter().map(|f| (f.range.clone(), f.line, f.column, f.rule)).collect();
/// assert_eq!(summary, [(15..18, 2, 10, Rule::Invisible), (28..29, 2, 21, Rule::InvalidUtf8)]);
/// assert_eq!(findings[0].found.to_string(), "U+200B ZERO WIDTH SPACE");
/// assert_eq!(findings[0].action, Action::Flagged);
/// assert!(scan(b"plain text\n", &Policy::code()).is_empty());
/// ```
pub fn scan(bytes: &[u8], policy: &Policy) -> Vec<Finding> {
    let mut cleaned = clean_utf8(bytes, policy, Mode::Full);
    // The look-alike flags, as `sanitize` adds them after cleaning: a confusable identifier.
    if policy.confusables == Confusables::Flag {
        cleaned = super::flag_lookalikes(Input::Utf8(bytes), cleaned);
    }
    let mut locator = Locator::new(bytes);
    cleaned
        .changes
        .into_iter()
        .map(|change| {
            let start = change.input.start.min(bytes.len());
            let end = change.input.end.clamp(start, bytes.len());
            let Location { line, column } = locator.locate(start);
            Finding {
                range: start..end,
                line,
                column,
                rule: Rule::of(&change.found),
                found: change.found,
                action: change.action,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "confusables")]
    #[test]
    fn a_confusable_identifier_is_a_finding_of_its_own_rule() {
        // `pаypal` with a Cyrillic а, on line 2: what `sanitize` flags, `scan` reports.
        let source = "fn main() {\n    let p\u{430}ypal = 1;\n}\n";
        let findings = scan(source.as_bytes(), &Policy::code());
        let confusable: Vec<_> = findings
            .iter()
            .filter(|f| f.rule == Rule::Confusable)
            .map(|f| (f.line, f.column))
            .collect();
        assert_eq!(confusable, [(2, 9)]);
    }

    /// Lines and columns the slow way: split on line breaks, count characters of the lossy decoding.
    fn naive(bytes: &[u8], offset: usize) -> Location {
        let before = bytes.get(..offset).unwrap_or(bytes);
        let mut line = 1;
        let mut start = 0;
        for (i, &b) in before.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                line += 1;
                start = i + 1;
            }
        }
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        Location { line, column }
    }

    #[test]
    fn locations_match_the_slow_count() {
        let text = b"a\r\n\xC3\xA9\xFF\xE2\x80\rb\n\n\xF0\x9F\x98\x80x\r";
        let boundaries: Vec<usize> = (0..=text.len()).collect();
        let mut forward = Locator::new(text);
        for &offset in &boundaries {
            // Offsets inside a character are allowed; only boundaries are compared.
            let got = forward.locate(offset);
            if !matches!(offset, 4 | 8 | 13..=15) {
                assert_eq!(got, naive(text, offset), "offset {offset}");
            }
        }
        let mut backward = Locator::new(text);
        assert_eq!(backward.locate(17), naive(text, 17));
        assert_eq!(backward.locate(3), naive(text, 3));
        assert_eq!(backward.locate(1000), naive(text, text.len()));
    }

    #[test]
    fn findings_of_each_rule() {
        let text = "a\u{202E}\u{2066}b\r\n\u{200B}\u{7}\u{FFFF}\u{FEFF}";
        let findings = scan(text.as_bytes(), &Policy::code());
        let rules: Vec<_> = findings
            .iter()
            .map(|f| (f.rule.name(), f.line, f.column))
            .collect();
        assert_eq!(
            rules,
            [
                ("bidi", 1, 2),
                ("bidi", 1, 3),
                ("invisible", 2, 1),
                ("control", 2, 2),
                ("noncharacter", 2, 3),
                ("invisible", 2, 4)
            ]
        );
        let mut bom = b"\xEF\xBB\xBFx".to_vec();
        assert_eq!(scan(&bom, &Policy::code())[0].rule, Rule::Invisible);
        bom.push(0xC0);
        assert_eq!(scan(&bom, &Policy::code())[1].rule, Rule::InvalidUtf8);
    }
}
