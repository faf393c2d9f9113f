//! The four Unicode normalisation forms of a text (UAX #15): NFC and NFD (canonical: the same
//! text, composed or decomposed), NFKC and NFKD (compatibility: also folds look-alike variants such
//! as `ﬁ` into `fi`, changing the text's meaning a little).
//!
//! In the browser they come from `String.prototype.normalize`, the browser's own ICU tables: the
//! unicode-normalization crate's tables would add about 64 KiB gzip to the first load. Natively
//! (the unit tests) they come from unicode-normalization. Both are checked against the UCD's
//! NormalizationTest: natively in `conformance.rs`, in the browser in `tests/components.rs`.

/// `text` in normal form `form` (`NFC`, `NFD`, `NFKC` or `NFKD`).
#[cfg(target_arch = "wasm32")]
fn normalize(text: &str, form: &str) -> String {
    String::from(js_sys::JsString::from(text).normalize(form))
}

#[cfg(not(target_arch = "wasm32"))]
fn normalize(text: &str, form: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    match form {
        "NFC" => text.nfc().collect(),
        "NFD" => text.nfd().collect(),
        "NFKC" => text.nfkc().collect(),
        _ => text.nfkd().collect(),
    }
}

/// One normal form of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalForm {
    /// `NFC`, `NFD`, `NFKC` or `NFKD`.
    pub name: &'static str,
    /// What it does, in a phrase.
    pub what: &'static str,
    pub text: String,
}

/// NFC, NFD, NFKC and NFKD of `text`, in that order.
pub fn normal_forms(text: &str) -> [NormalForm; 4] {
    [
        NormalForm {
            name: "NFC",
            what: "canonical composition: precomposed characters where they exist (the web's and macOS's usual form for text you type)",
            text: normalize(text, "NFC"),
        },
        NormalForm {
            name: "NFD",
            what: "canonical decomposition: base letters followed by combining marks (macOS file names in HFS+)",
            text: normalize(text, "NFD"),
        },
        NormalForm {
            name: "NFKC",
            what: "compatibility composition: also folds variants (ﬁ → fi, ² → 2, full-width Ａ → A), then composes",
            text: normalize(text, "NFKC"),
        },
        NormalForm {
            name: "NFKD",
            what: "compatibility decomposition: folds variants and decomposes",
            text: normalize(text, "NFKD"),
        },
    ]
}

/// Checks one line of the UCD's NormalizationTest (its columns c1..c5 as text) against
/// [`normal_forms`], with the file's invariants: c2 = NFC(c1..c3), c4 = NFC(c4, c5); c3 = NFD(c1..c3),
/// c5 = NFD(c4, c5); c4 = NFKC(c1..c5); c5 = NFKD(c1..c5). Used by the conformance tests, natively
/// and in the browser.
pub fn check_normalization_test_line(columns: &[String; 5]) -> Result<(), String> {
    let [_, c2, c3, c4, c5] = columns;
    for (i, input) in columns.iter().enumerate() {
        let [nfc, nfd, nfkc, nfkd] = normal_forms(input).map(|f| f.text);
        let (want_c, want_d) = if i < 3 { (c2, c3) } else { (c4, c5) };
        for (form, got, want) in [
            ("NFC", &nfc, want_c),
            ("NFD", &nfd, want_d),
            ("NFKC", &nfkc, c4),
            ("NFKD", &nfkd, c5),
        ] {
            if got != want {
                return Err(format!(
                    "{form} of column {} of {columns:?}: {got:?}",
                    i + 1
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e_acute_composed_and_decomposed() {
        let [nfc, nfd, nfkc, nfkd] = normal_forms("e\u{301}");
        assert_eq!(nfc.text, "é");
        assert_eq!((nfc.text.chars().count(), nfc.text.len()), (1, 2));
        assert_eq!((nfd.text.chars().count(), nfd.text.len()), (2, 3));
        assert_eq!(nfkc.text, nfc.text);
        assert_eq!(nfkd.text, nfd.text);
        let [nfc, _, nfkc, _] = normal_forms("ﬁ²");
        assert_eq!((nfc.text.as_str(), nfkc.text.as_str()), ("ﬁ²", "fi2"));
    }
}
