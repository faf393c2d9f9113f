//! The four Unicode normalisation forms of a text (UAX #15), through unicode-normalization: NFC
//! and NFD (canonical: the same text, composed or decomposed), NFKC and NFKD (compatibility: also
//! folds look-alike variants such as `ﬁ` into `fi`, changing the text's meaning a little).

use unicode_normalization::UnicodeNormalization;

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
            text: text.nfc().collect(),
        },
        NormalForm {
            name: "NFD",
            what: "canonical decomposition: base letters followed by combining marks (macOS file names in HFS+)",
            text: text.nfd().collect(),
        },
        NormalForm {
            name: "NFKC",
            what: "compatibility composition: also folds variants (ﬁ → fi, ² → 2, full-width Ａ → A), then composes",
            text: text.nfkc().collect(),
        },
        NormalForm {
            name: "NFKD",
            what: "compatibility decomposition: folds variants and decomposes",
            text: text.nfkd().collect(),
        },
    ]
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
