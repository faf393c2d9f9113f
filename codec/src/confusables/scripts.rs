//! Script sets (UTS #39 §5.1): the scripts each character can be written in, and the scripts a
//! whole text is written in.

use core::fmt;

use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;

use super::restriction::RestrictionLevel;

/// A set of scripts: a character's augmented script set, or a text's resolved script set
/// (UTS #39 §5.1).
///
/// It is the character's `Script_Extensions` (the scripts it is used in: U+30FC KATAKANA-HIRAGANA
/// PROLONGED SOUND MARK is Hiragana and Katakana), augmented with the writing systems Han is part
/// of: Hanb (Han with Bopomofo), Jpan (Han with Hiragana and Katakana) and Kore (Han with Hangul).
/// A character of Common or Inherited script (digits, punctuation, combining marks) goes with any
/// script: its set is *all* scripts.
///
/// # Examples
///
/// ```
/// use utf8lens::confusables::ScriptSet;
///
/// assert_eq!(ScriptSet::of('a').codes(), ["Latn"]);
/// assert_eq!(ScriptSet::of('の').codes(), ["Jpan", "Hira"]);
/// assert_eq!(ScriptSet::of('東').codes(), ["Hanb", "Jpan", "Kore", "Hani"]);
/// assert!(ScriptSet::of('1').is_all());
/// assert_eq!(ScriptSet::of('1').codes(), ["Zyyy"]);
/// assert_eq!(ScriptSet::of('の').to_string(), "Japanese, Hiragana");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScriptSet(AugmentedScriptSet);

impl ScriptSet {
    /// The augmented script set of a character.
    ///
    /// ```
    /// assert!(!utf8lens::confusables::ScriptSet::of('\u{430}').is_all());
    /// ```
    pub fn of(c: char) -> ScriptSet {
        ScriptSet(AugmentedScriptSet::for_char(c))
    }

    /// Whether the set is empty: for a resolved script set, the text mixes scripts that no
    /// single script covers.
    ///
    /// ```
    /// assert!(utf8lens::confusables::scripts("p\u{430}ypal").resolved.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether the set is all scripts: a Common or Inherited character, or a text of only such
    /// characters (or no characters).
    ///
    /// ```
    /// assert!(utf8lens::confusables::scripts("2024-01-01").resolved.is_all());
    /// ```
    pub fn is_all(&self) -> bool {
        self.0.is_all()
    }

    /// The scripts in the set, as ISO 15924 codes: first the augmented writing systems Hanb, Jpan
    /// and Kore, then the scripts, in Unicode's order. All scripts is `["Zyyy"]` (Common) or
    /// `["Zinh"]` (Inherited), the empty set `[]`.
    ///
    /// ```
    /// assert_eq!(utf8lens::confusables::ScriptSet::of('\u{FE00}').codes(), ["Zinh"]);
    /// ```
    pub fn codes(&self) -> Vec<&'static str> {
        self.writing_systems(Script::short_name, ["Hanb", "Jpan", "Kore"])
    }

    fn writing_systems(
        &self,
        name: fn(Script) -> &'static str,
        han: [&'static str; 3],
    ) -> Vec<&'static str> {
        let set = &self.0;
        let augmented = match set.is_all() {
            true => [false; 3],
            false => [set.hanb, set.jpan, set.kore],
        };
        let han = han.into_iter().zip(augmented).filter(|&(_, on)| on);
        han.map(|(code, _)| code)
            .chain(set.base.iter().map(name))
            .collect()
    }
}

impl fmt::Display for ScriptSet {
    /// The scripts' English names, separated by commas: `Japanese, Hiragana`; `Common` for all
    /// scripts, nothing for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = self.writing_systems(
            Script::full_name,
            ["Han with Bopomofo", "Japanese", "Korean"],
        );
        f.write_str(&names.join(", "))
    }
}

impl fmt::Debug for ScriptSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ScriptSet").field(&self.codes()).finish()
    }
}

/// One character of a text, with where it is and its [`ScriptSet`].
///
/// ```
/// let found = utf8lens::confusables::scripts("aж");
/// assert_eq!((found.chars[1].offset, found.chars[1].char), (1, 'ж'));
/// assert_eq!(found.chars[1].scripts.codes(), ["Cyrl"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CharScripts {
    /// The character's byte offset in the text.
    pub offset: usize,
    /// The character.
    pub char: char,
    /// Its augmented script set.
    pub scripts: ScriptSet,
}

/// What [`scripts`] finds in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scripts {
    /// Every character with its augmented script set.
    pub chars: Vec<CharScripts>,
    /// The resolved script set: the intersection of the characters' sets. Empty when the text
    /// mixes scripts; all scripts when it has only Common and Inherited characters.
    pub resolved: ScriptSet,
    /// The text's restriction level, as an identifier.
    pub level: RestrictionLevel,
}

impl Scripts {
    /// Whether the text is single-script: its resolved script set is not empty (UTS #39 §5.1).
    /// `東京タワー` is, though it has Han and Katakana: both are Japanese.
    ///
    /// ```
    /// use utf8lens::confusables::scripts;
    ///
    /// assert!(scripts("東京タワー").is_single_script());
    /// assert!(!scripts("p\u{430}ypal").is_single_script());
    /// ```
    pub fn is_single_script(&self) -> bool {
        !self.resolved.is_empty()
    }

    /// The English names of the scripts the text's characters are in (their `Script` property),
    /// in the order they first appear, Common and Inherited left out.
    ///
    /// ```
    /// assert_eq!(utf8lens::confusables::scripts("東京タワー!").used(), ["Han", "Katakana"]);
    /// ```
    pub fn used(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        for c in &self.chars {
            let script = c.char.script();
            if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
                continue;
            }
            let name = script.full_name();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }
}

/// The scripts of `text`: each character's augmented script set, the resolved script set and
/// the restriction level (UTS #39 §5.1, §5.2).
///
/// # Examples
///
/// ```
/// use utf8lens::confusables::{scripts, RestrictionLevel};
///
/// let japanese = scripts("ひらがなカタカナ漢字Latin");
/// assert!(!japanese.is_single_script());
/// assert_eq!(japanese.level, RestrictionLevel::HighlyRestrictive);
///
/// let spoof = scripts("p\u{430}ypal");
/// assert_eq!(spoof.resolved.codes(), Vec::<&str>::new());
/// assert_eq!(spoof.chars[1].scripts.codes(), ["Cyrl"]);
/// assert_eq!(spoof.level, RestrictionLevel::MinimallyRestrictive);
/// ```
pub fn scripts(text: &str) -> Scripts {
    let chars: Vec<CharScripts> = text
        .char_indices()
        .map(|(offset, c)| CharScripts {
            offset,
            char: c,
            scripts: ScriptSet::of(c),
        })
        .collect();
    Scripts {
        resolved: resolve(chars.iter().map(|c| c.scripts)),
        level: RestrictionLevel::of(text),
        chars,
    }
}

/// The intersection of script sets: all scripts for none.
pub(super) fn resolve(sets: impl IntoIterator<Item = ScriptSet>) -> ScriptSet {
    let mut resolved = AugmentedScriptSet::default();
    for set in sets {
        resolved.intersect_with(set.0);
    }
    ScriptSet(resolved)
}
