//! Restriction levels (UTS #39 §5.2): how much script mixing an identifier shows.

use core::fmt;

/// How restrictive a text is in its use of scripts, from the strictest (ASCII only) to the
/// loosest (unrestricted), as UTS #39 §5.2 defines the levels for identifiers.
///
/// Levels are ordered: a text that qualifies for one qualifies for every looser one, so
/// `level <= RestrictionLevel::HighlyRestrictive` is the test of a policy that accepts highly
/// restrictive identifiers.
///
/// The levels apply to identifiers: a character outside UTS #39's General Security Profile for
/// identifiers (a space, most punctuation and symbols, a character Unicode restricts) makes the
/// whole text [`Unrestricted`](RestrictionLevel::Unrestricted).
///
/// # Examples
///
/// ```
/// use utf8lens::confusables::{scripts, RestrictionLevel};
///
/// assert_eq!(scripts("paypal").level, RestrictionLevel::AsciiOnly);
/// assert_eq!(scripts("café").level, RestrictionLevel::SingleScript);
/// assert_eq!(scripts("東京タワーTower").level, RestrictionLevel::HighlyRestrictive);
/// assert_eq!(scripts("p\u{430}ypal").level, RestrictionLevel::MinimallyRestrictive);
/// assert_eq!(scripts("two words").level, RestrictionLevel::Unrestricted);
/// assert!(RestrictionLevel::SingleScript < RestrictionLevel::HighlyRestrictive);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RestrictionLevel {
    /// Only characters up to U+007E.
    AsciiOnly,
    /// One script: the resolved script set is not empty (`café`, `東京タワー`, `한국어`).
    SingleScript,
    /// Latin with one of the combinations of Han that a language writes with it: Han with
    /// Hiragana and Katakana (Japanese), Han with Bopomofo (Chinese), Han with Hangul (Korean).
    HighlyRestrictive,
    /// Latin with one other Recommended script, except Cyrillic and Greek, whose letters most
    /// resemble Latin's (Latin with Armenian, with Devanagari, with Hebrew).
    ModeratelyRestrictive,
    /// Any mix of scripts, with only characters of the identifier profile.
    MinimallyRestrictive,
    /// Any text, characters outside the identifier profile included.
    Unrestricted,
}

impl RestrictionLevel {
    /// The level's name in kebab case, as the JavaScript API spells it: `"ascii-only"`,
    /// `"single-script"`, `"highly-restrictive"`, `"moderately-restrictive"`,
    /// `"minimally-restrictive"` or `"unrestricted"`.
    ///
    /// ```
    /// use utf8lens::confusables::RestrictionLevel;
    ///
    /// assert_eq!(RestrictionLevel::HighlyRestrictive.as_str(), "highly-restrictive");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            RestrictionLevel::AsciiOnly => "ascii-only",
            RestrictionLevel::SingleScript => "single-script",
            RestrictionLevel::HighlyRestrictive => "highly-restrictive",
            RestrictionLevel::ModeratelyRestrictive => "moderately-restrictive",
            RestrictionLevel::MinimallyRestrictive => "minimally-restrictive",
            RestrictionLevel::Unrestricted => "unrestricted",
        }
    }

    /// The restriction level of `text`, by UTS #39 §5.2's algorithm.
    pub(super) fn of(text: &str) -> RestrictionLevel {
        use unicode_security::RestrictionLevel as Level;
        use unicode_security::RestrictionLevelDetection;
        match text.detect_restriction_level() {
            Level::ASCIIOnly => RestrictionLevel::AsciiOnly,
            Level::SingleScript => RestrictionLevel::SingleScript,
            Level::HighlyRestrictive => RestrictionLevel::HighlyRestrictive,
            Level::ModeratelyRestrictive => RestrictionLevel::ModeratelyRestrictive,
            Level::MinimallyRestrictive => RestrictionLevel::MinimallyRestrictive,
            Level::Unrestricted => RestrictionLevel::Unrestricted,
        }
    }
}

impl fmt::Display for RestrictionLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
