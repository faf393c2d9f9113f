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
    let mut found = Vec::new();
    let mut cache = ScriptCache::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (is_word_char(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                start = None;
                if let Some(word) = text.get(s..i) {
                    found.extend(check_word(word, s, &mut cache));
                }
            }
            _ => {}
        }
    }
    found
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || (!c.is_ascii() && c.script() == Script::Inherited)
}

/// The script sets of the characters seen last, by their low 8 bits: a text in one script uses
/// a few dozen letters, so nearly every look-up is a hit instead of two binary searches.
struct ScriptCache(Vec<(char, ScriptSet)>);

impl ScriptCache {
    fn new() -> ScriptCache {
        ScriptCache(Vec::new())
    }

    fn get(&mut self, c: char) -> ScriptSet {
        if self.0.is_empty() {
            self.0 = (0..=255u8)
                .map(|b| (char::from(b), ScriptSet::of(char::from(b))))
                .collect();
        }
        let slot = (u32::from(c) & 0xFF) as usize;
        match self.0.get_mut(slot) {
            Some((cached, set)) if *cached == c => *set,
            Some(entry) => {
                *entry = (c, ScriptSet::of(c));
                entry.1
            }
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
