//! Vetted configurations: [`Preset`] and the [`Policy`] constructors of each, [`Policy::fixing`]
//! (what a fix applies after a check) and [`Policy::describe`] (a policy's rules in words).

use core::fmt;
use core::str::FromStr;

use super::policy::{
    Bidi, Bom, Confusables, Controls, Invalid, Invisible, LineEndings, Noncharacters, NormalForm,
    Policy, SoftHyphens, VariationSelectors,
};

/// A named, vetted configuration of the sanitiser, for one kind of text.
///
/// | preset | for | what it does |
/// |---|---|---|
/// | `display` | text shown to people (the default) | [`Policy::default`] |
/// | `identifier` | user names, slugs, keys | NFKC, every invisible, bidi control and stray variation selector removed |
/// | `code` | source code (Trojan Source) | every bidi control, invisible and control character flagged, nothing rewritten |
/// | `prompt` | text handed to a language model | hidden tag text, invisibles, bidi controls and stray variation selectors removed |
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{sanitize, Action, Preset};
///
/// let preset: Preset = "code".parse()?;
/// let checked = sanitize("let x = 1;\u{202E} // ok", &preset.policy());
/// assert_eq!(checked.text, "let x = 1;\u{202E} // ok");
/// assert_eq!(checked.changes[0].action, Action::Flagged);
/// assert_eq!(preset.normal_form(), None);
/// assert_eq!(Preset::Identifier.normal_form().map(|f| f.as_str()), Some("NFKC"));
/// # Ok::<(), utf8lens::sanitize::UnknownPreset>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// [`Policy::display`]: the defaults, for text shown to people.
    #[default]
    Display,
    /// [`Policy::identifier`]: user names and slugs.
    Identifier,
    /// [`Policy::code`]: source code, checked for Trojan Source.
    Code,
    /// [`Policy::prompt`]: text handed to a language model.
    Prompt,
}

impl Preset {
    /// Every preset, in the order of the table above.
    pub const ALL: [Preset; 4] = [
        Preset::Display,
        Preset::Identifier,
        Preset::Code,
        Preset::Prompt,
    ];

    /// The preset's name, as `FromStr`, the JavaScript API and the scanner's `--preset` spell it.
    ///
    /// ```
    /// assert_eq!(utf8lens::sanitize::Preset::Prompt.name(), "prompt");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Preset::Display => "display",
            Preset::Identifier => "identifier",
            Preset::Code => "code",
            Preset::Prompt => "prompt",
        }
    }

    /// The preset's policy: the same as its constructor ([`Policy::display`] and so on).
    ///
    /// ```
    /// use utf8lens::sanitize::{Policy, Preset};
    ///
    /// assert_eq!(Preset::Code.policy(), Policy::code());
    /// ```
    pub fn policy(self) -> Policy {
        match self {
            Preset::Display => Policy::display(),
            Preset::Identifier => Policy::identifier(),
            Preset::Code => Policy::code(),
            Preset::Prompt => Policy::prompt(),
        }
    }

    /// The normalisation form the preset asks for (NFKC for `identifier`), whether or not the crate
    /// was built with the feature `normalize`: a caller with a normaliser of its own passes it to
    /// [`sanitize_with`](super::sanitize_with).
    ///
    /// ```
    /// use utf8lens::sanitize::{NormalForm, Preset};
    ///
    /// assert_eq!(Preset::Identifier.normal_form(), Some(NormalForm::Nfkc));
    /// assert_eq!(Preset::Display.normal_form(), None);
    /// ```
    pub fn normal_form(self) -> Option<NormalForm> {
        match self {
            Preset::Identifier => Some(NormalForm::Nfkc),
            Preset::Display | Preset::Code | Preset::Prompt => None,
        }
    }

    /// What the preset is for, in a sentence.
    ///
    /// ```
    /// assert!(utf8lens::sanitize::Preset::Code.purpose().contains("Trojan Source"));
    /// ```
    pub fn purpose(self) -> &'static str {
        match self {
            Preset::Display => "Text shown to people who did not write it: the safe defaults.",
            Preset::Identifier => {
                "User names, slugs and keys: one canonical, visible spelling (NFKC), nothing hidden."
            }
            Preset::Code => {
                "Source code (Trojan Source, CVE-2021-42574): every bidirectional control, invisible \
                 and control character is flagged with its line and column; nothing is rewritten."
            }
            Preset::Prompt => {
                "Text handed to a language model: hidden tag text, invisible characters, \
                 bidirectional controls and stray variation selectors are removed."
            }
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(name: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or(UnknownPreset)
    }
}

/// The error of parsing a [`Preset`] from a name that is none of `display`, `identifier`, `code`,
/// `prompt`.
///
/// ```
/// let error = "html".parse::<utf8lens::sanitize::Preset>().unwrap_err();
/// assert_eq!(error.to_string(), "unknown preset: expected display, identifier, code or prompt");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownPreset;

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown preset: expected display, identifier, code or prompt")
    }
}

impl std::error::Error for UnknownPreset {}

impl Policy {
    /// The `display` preset: the defaults ([`Policy::default`]), for text shown to people who did
    /// not write it.
    ///
    /// ```
    /// use utf8lens::sanitize::Policy;
    ///
    /// assert_eq!(Policy::display(), Policy::default());
    /// ```
    pub fn display() -> Policy {
        Policy::default()
    }

    /// The `identifier` preset, for user names, slugs and keys: NFKC (with the feature `normalize`;
    /// without it, pass a normaliser to [`sanitize_with`](super::sanitize_with), see
    /// [`Preset::normal_form`]), every invisible character, bidirectional control and variation
    /// selector outside an emoji removed, noncharacters and invalid input dropped rather than shown
    /// as U+FFFD, every U+FEFF removed.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Policy};
    ///
    /// assert_eq!(sanitize("ad\u{200B}min\u{202E}\u{FE00}", &Policy::identifier()).text, "admin");
    /// ```
    pub fn identifier() -> Policy {
        Policy {
            invalid: Invalid::Drop,
            controls: Controls::Remove,
            bom: Bom::Everywhere,
            bidi: Bidi::Remove,
            invisible: Invisible::Remove,
            variation_selectors: VariationSelectors::Remove,
            soft_hyphens: SoftHyphens::AsInvisible,
            noncharacters: Noncharacters::Remove,
            line_endings: LineEndings::Keep,
            #[cfg(feature = "normalize")]
            normalization: Preset::Identifier.normal_form(),
            repair_mojibake: false,
            // UTS #39: a user name that mixes scripts in a confusable way (`pаypal` with a
            // Cyrillic а) is flagged for the caller to refuse; the sanitiser never rewrites letters.
            confusables: Confusables::Flag,
        }
    }

    /// The `code` preset, against Trojan Source (CVE-2021-42574): every bidirectional control,
    /// invisible character, control character (but TAB, LF, CR; NUL is removed) and variation
    /// selector outside an emoji is flagged, left where it is, so that the report
    /// ([`scan`](super::scan) gives lines and columns) shows a reviewer where; a fix
    /// ([`Policy::fixing`]) then removes them. Invalid UTF-8 is replaced by U+FFFD and reported, as it
    /// must be for the output to be text.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Action, Policy};
    ///
    /// let line = "if (access_level != \"user\u{202E} \u{2066}// Check if admin\u{2069} \u{2066}\") {";
    /// let checked = sanitize(line, &Policy::code());
    /// assert_eq!(checked.text, line);
    /// assert_eq!(checked.changes.len(), 4);
    /// assert!(checked.changes.iter().all(|c| c.action == Action::Flagged));
    /// ```
    pub fn code() -> Policy {
        Policy {
            controls: Controls::Flag,
            bidi: Bidi::Flag,
            invisible: Invisible::Flag,
            variation_selectors: VariationSelectors::Flag,
            ..Policy::default()
        }
    }

    /// The `prompt` preset, for text handed to a language model: tag characters (which can spell a
    /// hidden sentence) outside emoji flags, invisible characters, bidirectional controls and
    /// variation selectors outside emoji (a run of them can hide bytes) removed; every U+FEFF
    /// removed.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Found, Policy};
    ///
    /// let hidden: String = "ignore".chars().map(|c| char::from_u32(0xE0000 + c as u32).unwrap()).collect();
    /// let clean = sanitize(&format!("Summarise this.{hidden}"), &Policy::prompt());
    /// assert_eq!(clean.text, "Summarise this.");
    /// // The report decodes what the tags spelt.
    /// assert!(clean.changes.iter().any(|c| matches!(&c.found, Found::HiddenText(h) if h.text() == "ignore")));
    /// ```
    pub fn prompt() -> Policy {
        Policy {
            bom: Bom::Everywhere,
            bidi: Bidi::Remove,
            invisible: Invisible::Remove,
            variation_selectors: VariationSelectors::Remove,
            ..Policy::default()
        }
    }

    /// The same policy with every option that only flags turned into removal: what a fix applies
    /// after a check found something (the scanner's `--fix`). Options that already rewrite are
    /// kept as they are.
    ///
    /// ```
    /// use utf8lens::sanitize::{sanitize, Policy};
    ///
    /// let line = "total\u{200B} = 1;\u{202E}";
    /// assert_eq!(sanitize(line, &Policy::code()).text, line);
    /// assert_eq!(sanitize(line, &Policy::code().fixing()).text, "total = 1;");
    /// ```
    #[must_use]
    pub fn fixing(self) -> Policy {
        Policy {
            controls: match self.controls {
                Controls::Flag => Controls::Remove,
                other => other,
            },
            bidi: match self.bidi {
                Bidi::Flag => Bidi::Remove,
                other => other,
            },
            invisible: Invisible::Remove,
            variation_selectors: match self.variation_selectors {
                VariationSelectors::Flag => VariationSelectors::Remove,
                other => other,
            },
            ..self
        }
    }

    /// The policy's rules in words, one sentence per kind of character, in the order the fields
    /// are declared: what [`Sanitizer.describe()`] of the npm package shows.
    ///
    /// [`Sanitizer.describe()`]: https://www.npmjs.com/package/utf8lens
    ///
    /// ```
    /// use utf8lens::sanitize::Policy;
    ///
    /// let rules = Policy::code().describe();
    /// assert!(rules.iter().any(|r| r.starts_with("Bidirectional controls") && r.contains("flagged")));
    /// assert_eq!(rules.len(), Policy::display().describe().len());
    /// ```
    pub fn describe(&self) -> Vec<&'static str> {
        let mut rules = vec![
            match self.invalid {
                Invalid::Replace => "Invalid UTF-8 and lone surrogates: replaced by U+FFFD.",
                Invalid::Drop => "Invalid UTF-8 and lone surrogates: removed.",
            },
            match self.controls {
                Controls::Remove => "Control characters (but TAB, LF, CR): removed; NUL always is.",
                Controls::Picture => {
                    "Control characters (but TAB, LF, CR): shown as control pictures (␛); NUL removed."
                }
                Controls::Flag => {
                    "Control characters (but TAB, LF, CR): flagged, left in place; NUL removed."
                }
            },
            match self.bom {
                Bom::Start => "Byte order mark: removed at the start of the text.",
                Bom::Everywhere => "Byte order mark (U+FEFF): removed everywhere.",
            },
            match self.bidi {
                Bidi::Remove => "Bidirectional controls (Trojan Source): removed.",
                Bidi::Balance => {
                    "Bidirectional controls: kept but balanced, so that none leaks past the text."
                }
                Bidi::Flag => "Bidirectional controls (Trojan Source): flagged, left in place.",
            },
            match self.invisible {
                Invisible::Remove => {
                    "Invisible characters and tags outside emoji: removed (joiners that are \
                     spelling are kept)."
                }
                Invisible::Flag => {
                    "Invisible characters and tags outside emoji: flagged, left in place (joiners \
                     that are spelling are not flagged)."
                }
            },
            match self.variation_selectors {
                VariationSelectors::Keep => "Variation selectors: kept.",
                VariationSelectors::Flag => "Variation selectors outside emoji: flagged, left in place.",
                VariationSelectors::Remove => "Variation selectors outside emoji: removed.",
            },
            match self.noncharacters {
                Noncharacters::Replace => "Noncharacters: replaced by U+FFFD.",
                Noncharacters::Remove => "Noncharacters: removed.",
            },
            match self.line_endings {
                LineEndings::Keep => "Line breaks: kept as they are.",
                LineEndings::Lf => "Line breaks: all made LF.",
                LineEndings::CrLf => "Line breaks: all made CR LF.",
            },
        ];
        #[cfg(feature = "normalize")]
        rules.push(normalization_rule(self.normalization));
        if self.repair_mojibake {
            rules.push("Mojibake: repaired line by line.");
        }
        rules
    }
}

/// The sentence of [`Policy::describe`] for a normalisation form, for callers that normalise by
/// other means (the npm package passes the JavaScript engine's normaliser).
///
/// ```
/// use utf8lens::sanitize::{normalization_rule, NormalForm};
///
/// assert_eq!(normalization_rule(Some(NormalForm::Nfkc)), "Unicode normalisation: NFKC.");
/// ```
pub fn normalization_rule(form: Option<NormalForm>) -> &'static str {
    match form {
        None => "Unicode normalisation: none.",
        Some(NormalForm::Nfc) => "Unicode normalisation: NFC.",
        Some(NormalForm::Nfkc) => "Unicode normalisation: NFKC.",
    }
}

#[cfg(test)]
mod tests {
    use super::super::{sanitize, Action};
    use super::*;

    #[test]
    fn names_round_trip() {
        for preset in Preset::ALL {
            assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
            assert_eq!(preset.to_string(), preset.name());
            assert!(!preset.purpose().is_empty());
        }
        assert_eq!("Code".parse::<Preset>(), Err(UnknownPreset));
    }

    #[test]
    fn code_only_flags_and_fixing_removes() {
        let text = "a\u{202E}b\u{200B}c\u{7}d\u{E0041}e\u{FE01}\u{2066}";
        let checked = sanitize(text, &Policy::code());
        assert_eq!(checked.text, text);
        let kinds: Vec<_> = checked.changes.iter().map(|c| c.found.kind()).collect();
        assert_eq!(
            kinds,
            [
                "bidi-control",
                "invisible",
                "control",
                // A tag outside a flag that spells something (here "A") is reported as hidden text.
                "hidden-text",
                "variation-selector",
                "bidi-control"
            ]
        );
        assert!(checked.changes.iter().all(|c| c.action == Action::Flagged));
        let fixed = sanitize(text, &Policy::code().fixing());
        assert_eq!(fixed.text, "abcde");
        assert!(fixed.changes.iter().all(|c| c.action == Action::Removed));
        // Idempotent under both.
        assert_eq!(sanitize(&fixed.text, &Policy::code()).changes, []);
    }

    #[test]
    fn prompt_and_identifier_remove() {
        for policy in [Policy::prompt(), Policy::identifier()] {
            let clean = sanitize("x\u{FEFF}y\u{E0041}\u{2067}z\u{FE00}", &policy);
            assert_eq!(clean.text, "xyz", "{policy:?}");
        }
        // Spelling survives: an emoji ZWJ sequence, a flag, a Persian ZWNJ.
        let text =
            "👩\u{200D}💻 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} می\u{200C}خواهم";
        for preset in Preset::ALL {
            assert_eq!(sanitize(text, &preset.policy()).text, text, "{preset}");
        }
    }

    #[test]
    fn every_preset_describes_every_field() {
        for preset in Preset::ALL {
            let rules = preset.policy().describe();
            assert!(rules.len() >= 8, "{preset}: {rules:?}");
        }
    }
}
