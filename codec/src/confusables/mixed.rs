//! Mixed-script confusables (UTS #39 §4, §5): words that mix scripts in a way that hides it.

use core::fmt;
use core::ops::Range;

use unicode_script::{Script, UnicodeScript};

use super::restriction::RestrictionLevel;
use super::scripts::{resolve, scripts, ScriptSet};
use super::skeleton::skeleton;

/// How sure a [`MixedScriptConfusable`] finding is.
///
/// ```
/// use utf8lens::confusables::Severity;
///
/// assert!(Severity::High > Severity::Medium);
/// assert_eq!(Severity::High.as_str(), "high");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Every character of one of the word's scripts has a look-alike in another script
    /// (`unicode-security`'s potential mixed-script confusables), and the word mixes scripts more
    /// than UTS #39's moderately restrictive level allows: `пpивет` with a Latin `p` among
    /// Cyrillic letters. The look-alike word is likely, not proven: its skeleton still mixes
    /// scripts, because prototypes are often Latin.
    Medium,
    /// Proven: the word's skeleton is single-script, so a word of one script looks the same
    /// (`pаypal` with a Cyrillic `а` looks like `paypal`).
    High,
}

impl Severity {
    /// `"medium"` or `"high"`, as the JavaScript API spells it.
    ///
    /// ```
    /// assert_eq!(utf8lens::confusables::Severity::Medium.as_str(), "medium");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that mixes scripts in a confusable way, found by [`mixed_script_confusables`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MixedScriptConfusable {
    /// Where the word is, in bytes of the text searched.
    pub range: Range<usize>,
    /// The word.
    pub word: String,
    /// Its [`skeleton`](super::skeleton), what it is compared as.
    pub skeleton: String,
    /// The English names of the scripts it mixes, in order of appearance (see
    /// [`Scripts::used`](super::Scripts::used)).
    pub scripts: Vec<&'static str>,
    /// Its restriction level.
    pub level: RestrictionLevel,
    /// How sure the finding is.
    pub severity: Severity,
}

/// The words of `text` that mix scripts in a confusable way (UTS #39 §4's mixed-script
/// confusables): each word that is not single-script and either
///
/// * has a single-script skeleton, so a word of one script looks the same ([`Severity::High`]:
///   `pаypal`, `ѕcope`, `ցoogle` with an Armenian `ց`), or
/// * is less than moderately restrictive and has a script all of whose characters in the word
///   have look-alikes in another script ([`Severity::Medium`]: `пpивет`).
///
/// A word is a run of alphanumeric characters and combining marks (Inherited script). Japanese
/// with Latin (`Tシャツ`) and Latin with Han, Hangul or another script that looks nothing like it are
/// not flagged: UTS #39 counts them highly or moderately restrictive.
///
/// # Examples
///
/// ```
/// use utf8lens::confusables::{mixed_script_confusables, Severity};
///
/// let found = mixed_script_confusables("Log in to p\u{430}ypal, or buy a Tシャツ in 東京.");
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].word.as_str(), found[0].range.clone()), ("p\u{430}ypal", 10..17));
/// assert_eq!(found[0].skeleton, "paypal");
/// assert_eq!(found[0].scripts, ["Latin", "Cyrillic"]);
/// assert_eq!(found[0].severity, Severity::High);
///
/// let medium = mixed_script_confusables("\u{43F}p\u{438}\u{432}\u{435}\u{442}");
/// assert_eq!(medium[0].severity, Severity::Medium);
/// ```
pub fn mixed_script_confusables(text: &str) -> Vec<MixedScriptConfusable> {
    // An ASCII word is single-script, so only the words around non-ASCII characters are looked
    // at: a source file of mostly ASCII costs one search for bytes above 7F.
    let mut found = Vec::new();
    let mut cache = ScriptCache::new();
    let bytes = text.as_bytes();
    // Everything before `from` is settled, and `from..at` is ASCII.
    let mut from = 0;
    while from < bytes.len() {
        let at = from + crate::simd::ascii_prefix_len(bytes.get(from..).unwrap_or_default());
        if at == bytes.len() {
            break;
        }
        let Some(c) = text.get(at..).and_then(|rest| rest.chars().next()) else {
            break; // not reached: after ASCII, a byte above 7F starts a character
        };
        if !is_word_char(c) {
            from = at + c.len_utf8();
            continue;
        }
        let ascii_before = bytes.get(from..at).unwrap_or_default();
        let start = at
            - ascii_before
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
        let rest = text.get(at..).unwrap_or_default();
        let end = at
            + rest
                .char_indices()
                .find(|&(_, c)| !is_word_char(c))
                .map_or(rest.len(), |(i, _)| i);
        if let Some(word) = text.get(start..end) {
            found.extend(check_word(word, start, &mut cache));
        }
        from = end;
    }
    found
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || (!c.is_ascii() && c.script() == Script::Inherited)
}

/// The script sets of the characters seen last, by their low 8 bits: a text in one script uses
/// a few dozen letters, so nearly every look-up is a hit instead of two binary searches. Each slot
/// is filled when first asked for, so a text with few non-ASCII words pays for few look-ups.
struct ScriptCache(Vec<Option<(char, ScriptSet)>>);

impl ScriptCache {
    fn new() -> ScriptCache {
        ScriptCache(Vec::new())
    }

    fn get(&mut self, c: char) -> ScriptSet {
        if self.0.is_empty() {
            self.0 = vec![None; 256];
        }
        let slot = (u32::from(c) & 0xFF) as usize;
        match self.0.get_mut(slot) {
            Some(Some((cached, set))) if *cached == c => *set,
            Some(entry) => entry.insert((c, ScriptSet::of(c))).1,
            None => ScriptSet::of(c),
        }
    }
}

/// The finding for one word, if it is a mixed-script confusable.
fn check_word(word: &str, offset: usize, cache: &mut ScriptCache) -> Option<MixedScriptConfusable> {
    if word.is_ascii() || !resolve(word.chars().map(|c| cache.get(c))).is_empty() {
        return None; // single-script: nothing to hide
    }
    let found = scripts(word);
    let skeleton = skeleton(word);
    let severity = if !resolve(skeleton.chars().map(|c| cache.get(c))).is_empty() {
        Severity::High
    } else if found.level >= RestrictionLevel::MinimallyRestrictive && has_confusable_script(word) {
        Severity::Medium
    } else {
        return None;
    };
    Some(MixedScriptConfusable {
        range: offset..offset + word.len(),
        word: word.to_owned(),
        skeleton,
        scripts: found.used(),
        level: found.level,
        severity,
    })
}

/// Whether one of the scripts of `word` has only characters that have a look-alike in another
/// script (as rustc's `mixed_script_confusables` lint asks of a whole crate).
fn has_confusable_script(word: &str) -> bool {
    let mut used: Vec<Script> = Vec::new();
    for c in word.chars() {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
            && !used.contains(&script)
        {
            used.push(script);
        }
    }
    used.iter().any(|&script| {
        word.chars()
            .filter(|c| c.script() == script)
            .all(unicode_security::is_potential_mixed_script_confusable_char)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words the plain way: every run of word characters, one after another.
    fn word_by_word(text: &str) -> Vec<MixedScriptConfusable> {
        let mut found = Vec::new();
        let mut cache = ScriptCache::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (is_word_char(c), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    start = None;
                    found.extend(check_word(&text[s..i], s, &mut cache));
                }
                _ => {}
            }
        }
        found
    }

    #[test]
    fn only_non_ascii_words_are_looked_at_and_nothing_is_missed() {
        // Pieces that start, end, join and split words: ASCII letters and digits, combining marks
        // (word characters of no script of their own), a non-ASCII apostrophe, Cyrillic, Greek,
        // CJK, an emoji, a zero width space.
        let pieces = [
            "p",
            "ypal",
            "x1",
            " ",
            "_",
            "-",
            "\n",
            "\u{301}",
            "\u{2019}",
            "\u{430}",
            "\u{43F}p",
            "\u{3BF}",
            "\u{6771}",
            "\u{1F600}",
            "e\u{301}",
            "\u{455}cope",
            ".",
            "\u{200B}",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut flagged = 0;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut draw = state;
            let mut text = String::new();
            for _ in 0..draw % 12 {
                draw = draw.rotate_left(11) ^ (draw >> 5);
                text.push_str(pieces[(draw % pieces.len() as u64) as usize]);
            }
            let expected = word_by_word(&text);
            flagged += expected.len();
            assert_eq!(mixed_script_confusables(&text), expected, "{text:?}");
        }
        assert!(
            flagged > 1000,
            "the pieces make look-alikes often: {flagged}"
        );
    }
}
