//! Confusable skeletons (UTS #39 §4): what a text looks like, with every look-alike replaced by
//! the prototype of its class.

/// The skeleton of `text`, as UTS #39 §4 defines it: the text in NFD, without default ignorable
/// code points, each character replaced by its prototype from `confusables.txt`, and in NFD again.
///
/// A skeleton is for comparing, never for showing: it maps `m` to `rn`, `1` and `I` to `l`, and
/// `0` to `O`.
///
/// # Examples
///
/// ```
/// use utf8lens::confusables::skeleton;
///
/// // U+0455, U+0441, U+043E, U+0440: Cyrillic dze, es, o, er.
/// assert_eq!(skeleton("\u{455}\u{441}\u{43E}\u{440}e"), "scope");
/// assert_eq!(skeleton("ｐａｙｐａｌ"), "paypal");
/// assert_eq!(skeleton("pay\u{AD}pal"), "paypal"); // the soft hyphen is default ignorable
/// assert_eq!(skeleton("I1l"), "lll");
/// ```
pub fn skeleton(text: &str) -> String {
    unicode_security::skeleton(text).collect()
}

/// Whether `a` and `b` are confusable: whether their [`skeleton`]s are equal (UTS #39 §4).
///
/// Equal texts are confusable too; compare them first if that matters.
///
/// # Examples
///
/// ```
/// use utf8lens::confusables::are_confusable;
///
/// assert!(are_confusable("p\u{430}ypal", "paypal")); // Cyrillic а
/// assert!(are_confusable("rn", "m"));
/// assert!(!are_confusable("paypal", "paypa1!"));
/// ```
pub fn are_confusable(a: &str, b: &str) -> bool {
    unicode_security::skeleton(a).eq(unicode_security::skeleton(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_pairs() {
        // UTS #39's own examples and the classic spoofs.
        assert!(are_confusable(
            "\u{455}\u{441}\u{43E}\u{440}\u{435}",
            "scope"
        ));
        assert!(are_confusable("p\u{430}ypal", "paypal"));
        assert!(are_confusable("\u{391}\u{392}\u{3A4}", "ABT")); // Greek capitals
        assert!(are_confusable("g\u{43E}\u{43E}gle", "google"));
        assert!(are_confusable("\u{FF10}", "O")); // full-width zero
        assert!(!are_confusable("paypal", "paypals"));
        assert!(!are_confusable("東京", "京東"));
    }

    #[test]
    fn skeleton_is_idempotent() {
        for text in ["p\u{430}ypal", "ﬁle", "Ⅻ", "e\u{301}", "\u{1D400}BC", ""] {
            let once = skeleton(text);
            assert_eq!(skeleton(&once), once, "{text:?}");
        }
    }
}
