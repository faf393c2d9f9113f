//! The optional steps that rewrite whole stretches of text: mojibake repair and Unicode
//! normalisation. Each works line by line (neither ever changes a line break, so lines pair up)
//! and reports one change per line it rewrote, trimmed to the part that differs.

use super::policy::NormalForm;
use super::report::{Action, Change, Found, MojibakeFound, Sanitized};

/// Undoes mojibake line by line with [`repair`](crate::mojibake::repair).
pub(crate) fn repair_mojibake(text: &str) -> Sanitized {
    rewrite_lines(text, |line| {
        if line.is_ascii() {
            return None;
        }
        let repair = crate::mojibake::repair(line);
        if repair.steps.is_empty() || repair.text == line {
            return None;
        }
        let found = MojibakeFound {
            layers: repair.steps.iter().map(|s| (s.encode, s.decode)).collect(),
            explanation: repair.steps.iter().fold(String::new(), |mut all, step| {
                if !all.is_empty() {
                    all.push(' ');
                }
                all.push_str(&step.sentence());
                all
            }),
            confidence: repair.confidence,
        };
        Some((
            repair.text,
            Found::Mojibake(Box::new(found)),
            Action::Repaired,
        ))
    })
}

/// A Unicode normaliser for [`sanitize_with`](crate::sanitize::sanitize_with): the [`NormalForm`] it brings
/// text into, reported in [`Found::Unnormalized`], and a function that returns the normalised text,
/// or `None` when the text is already normalised.
///
/// It lets a caller bring a normaliser it already has (the npm package passes JavaScript's
/// `String.prototype.normalize`) instead of the crate's own, which the cargo feature `normalize`
/// adds with its tables.
///
/// # Examples
///
/// ```
/// use utf8lens::sanitize::{NormalForm, Normalizer};
///
/// // A stand-in that only composes e + U+0301 COMBINING ACUTE ACCENT.
/// let compose = |text: &str| text.contains("e\u{301}").then(|| text.replace("e\u{301}", "\u{E9}"));
/// let nfc = Normalizer::new(NormalForm::Nfc, &compose);
/// assert_eq!(nfc.form(), NormalForm::Nfc);
/// ```
pub struct Normalizer<'a> {
    pub(crate) form: NormalForm,
    pub(crate) apply: &'a dyn Fn(&str) -> Option<String>,
}

impl<'a> Normalizer<'a> {
    /// A normaliser to `form` with `apply`, which must return `None` for text already in `form`,
    /// and must neither add nor remove line feeds (else its result counts as one change for the
    /// whole text).
    ///
    /// ```
    /// use utf8lens::sanitize::{NormalForm, Normalizer};
    ///
    /// let keep = |_: &str| None;
    /// let none = Normalizer::new(NormalForm::Nfkc, &keep);
    /// assert_eq!(none.form(), NormalForm::Nfkc);
    /// ```
    pub fn new(form: NormalForm, apply: &'a dyn Fn(&str) -> Option<String>) -> Normalizer<'a> {
        Normalizer { form, apply }
    }

    /// The form, as given to [`Normalizer::new`].
    ///
    /// ```
    /// use utf8lens::sanitize::{NormalForm, Normalizer};
    ///
    /// assert_eq!(Normalizer::new(NormalForm::Nfc, &|_: &str| None).form(), NormalForm::Nfc);
    /// ```
    pub fn form(&self) -> NormalForm {
        self.form
    }
}

/// Brings the text into a normalisation form, reporting each line that changed.
pub(crate) fn normalize(text: &str, normalizer: &Normalizer<'_>) -> Sanitized {
    let Some(normalized) = (normalizer.apply)(text) else {
        return Sanitized {
            text: text.to_owned(),
            changes: Vec::new(),
        };
    };
    let found = || Found::Unnormalized(normalizer.form);
    if normalized.matches('\n').count() != text.matches('\n').count() {
        // Not a normaliser after all (they never add or remove LF): one change for everything.
        let change = Change {
            input: 0..text.len(),
            output: 0..normalized.len(),
            found: found(),
            action: Action::Normalized,
        };
        return Sanitized {
            text: normalized,
            changes: vec![change],
        };
    }
    let mut lines = normalized.split_inclusive('\n');
    rewrite_lines(text, |line| {
        let after = lines.next().unwrap_or_default();
        (after != line).then(|| (after.to_owned(), found(), Action::Normalized))
    })
}

/// Rewrites `text` line by line (each line with its line break); `rewrite` returns the new line
/// and what to report, or `None` to keep the line.
fn rewrite_lines(
    text: &str,
    mut rewrite: impl FnMut(&str) -> Option<(String, Found, Action)>,
) -> Sanitized {
    let mut out = String::with_capacity(text.len());
    let mut changes = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        match rewrite(line) {
            Some((new, found, action)) => {
                let (prefix, suffix) = common_ends(line, &new);
                let output_start = out.len() + prefix;
                out.push_str(&new);
                changes.push(Change {
                    input: at + prefix..at + line.len() - suffix,
                    output: output_start..out.len() - suffix,
                    found,
                    action,
                });
            }
            None => out.push_str(line),
        }
        at += line.len();
    }
    Sanitized { text: out, changes }
}

/// The lengths in bytes of the longest common prefix and suffix of `a` and `b`, at character
/// boundaries, not overlapping.
fn common_ends(a: &str, b: &str) -> (usize, usize) {
    let prefix: usize = a
        .chars()
        .zip(b.chars())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    let (a_rest, b_rest) = (
        a.get(prefix..).unwrap_or_default(),
        b.get(prefix..).unwrap_or_default(),
    );
    let suffix = a_rest
        .chars()
        .rev()
        .zip(b_rest.chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    (prefix, suffix)
}

/// NFC or NFKC with the `unicode-normalization` crate.
#[cfg(feature = "normalize")]
pub(crate) fn crate_normalizer(form: NormalForm) -> Normalizer<'static> {
    use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};

    fn nfc(text: &str) -> Option<String> {
        if is_nfc_quick(text.chars()) == IsNormalized::Yes {
            return None;
        }
        let normalized: String = text.nfc().collect();
        (normalized != text).then_some(normalized)
    }
    fn nfkc(text: &str) -> Option<String> {
        if is_nfkc_quick(text.chars()) == IsNormalized::Yes {
            return None;
        }
        let normalized: String = text.nfkc().collect();
        (normalized != text).then_some(normalized)
    }
    Normalizer {
        form,
        apply: match form {
            NormalForm::Nfc => &nfc,
            NormalForm::Nfkc => &nfkc,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_ends_at_character_boundaries() {
        assert_eq!(common_ends("SchÃ¶ne", "Schöne"), (3, 2));
        assert_eq!(common_ends("aé", "aè"), (1, 0));
        assert_eq!(common_ends("aaa", "aa"), (2, 0));
        assert_eq!(common_ends("", "x"), (0, 0));
    }

    #[test]
    fn mojibake_is_repaired_line_by_line() {
        let out = repair_mojibake("plain line\nSchÃ¶ne GrÃ¼ÃŸe aus KÃ¶ln\nok");
        assert_eq!(out.text, "plain line\nSchöne Grüße aus Köln\nok");
        assert_eq!(out.changes.len(), 1);
        let change = &out.changes[0];
        assert_eq!(
            &"plain line\nSchÃ¶ne GrÃ¼ÃŸe aus KÃ¶ln\nok"[change.input.clone()],
            "Ã¶ne GrÃ¼ÃŸe aus KÃ¶"
        );
        assert_eq!(&out.text[change.output.clone()], "öne Grüße aus Kö");
        assert!(change.reason().contains("windows-1252"));
    }

    #[test]
    fn normalisation_by_a_function() {
        // A function that decomposes (NFD's work) under the name NFC: only the line-wise rewrite
        // and its offsets are under test here, not the form.
        let decompose = |t: &str| t.contains('é').then(|| t.replace('é', "e\u{301}"));
        let n = Normalizer {
            form: NormalForm::Nfc,
            apply: &decompose,
        };
        let out = normalize("abc\ncafé\n", &n);
        assert_eq!(out.text, "abc\ncafe\u{301}\n");
        assert_eq!(out.changes.len(), 1);
        assert_eq!(out.changes[0].input, 7..9);
        assert_eq!(out.changes[0].output, 7..10);
    }
}
