//! The URL fragment: the page's state as a link.
//!
//! `#hex=c0af&view=errors&sel=1` or `#text=H%C3%B6he&view=mojibake`. The input is exact to the
//! byte: `hex=` holds any bytes, `text=` the percent-encoded UTF-8 of typed text. The other keys
//! are the open view and what is selected in it:
//!
//! | key | meaning |
//! |---|---|
//! | `notation` | `bin`, `oct` or `dec`: how the notation field writes the bytes (default hex) |
//! | `view` | the open view: `bytes`, `bits`, `codepage`, `errors`, `decoders`, `mojibake`, `stream`, `sanitize`, `detect`, `normalize`, `forms`, `properties`, `practice` |
//! | `sel` | the selected byte offset |
//! | `cp` | the bit-filling view's code point, as typed (`U%2B20AC`) |
//! | `byte` | the byte selected in the codepage table, two hex digits |
//! | `chunk` | the streaming view's chunk size |
//! | `cs` | the mojibake view's charset (`iso-8859-15`) |
//! | `seed` | the practice view's seed: the same seed gives the same exercises |
//! | `ex` | the practice view's chosen exercises (`encode:20AC,decode:e282ac`), see `components/practice.rs` |

use utf8lens::charset::Charset;
use utf8lens::percent_decode;

use crate::notation::Notation;
use crate::view::View;

/// The input part of a fragment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FragmentInput {
    /// `hex=`: bytes, from the notation field or a file.
    Hex(Vec<u8>),
    /// `text=`: the UTF-8 bytes of typed text.
    Text(Vec<u8>),
}

/// Everything a fragment can say; absent keys are `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fragment {
    pub input: Option<FragmentInput>,
    pub notation: Option<Notation>,
    pub view: Option<View>,
    pub selected: Option<usize>,
    pub code_point: Option<String>,
    pub codepage_byte: Option<u8>,
    pub chunk: Option<usize>,
    pub charset: Option<Charset>,
    pub seed: Option<u64>,
    pub exercises: Option<String>,
}

impl Fragment {
    /// Reads a fragment, with or without its `#`. Unknown keys and unreadable values are ignored,
    /// so an old or mistyped link still opens.
    pub fn parse(hash: &str) -> Fragment {
        let mut fragment = Fragment::default();
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        for pair in hash.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "hex" => {
                    if let Ok(bytes) =
                        Notation::Hex.parse(&String::from_utf8_lossy(&percent_decode(value)))
                    {
                        fragment.input = Some(FragmentInput::Hex(bytes));
                    }
                }
                "text" => fragment.input = Some(FragmentInput::Text(percent_decode(value))),
                "notation" => fragment.notation = Notation::from_id(value),
                "view" => fragment.view = View::from_id(value),
                "sel" => fragment.selected = value.parse().ok(),
                "cp" => {
                    let query = String::from_utf8_lossy(&percent_decode(value)).into_owned();
                    fragment.code_point = (!query.is_empty()).then_some(query);
                }
                "byte" => fragment.codepage_byte = u8::from_str_radix(value, 16).ok(),
                "chunk" => fragment.chunk = value.parse().ok(),
                "cs" => fragment.charset = value.parse().ok(),
                "seed" => fragment.seed = value.parse().ok(),
                "ex" => {
                    let spec = String::from_utf8_lossy(&percent_decode(value)).into_owned();
                    fragment.exercises = (!spec.is_empty()).then_some(spec);
                }
                _ => {}
            }
        }
        fragment
    }

    /// Writes the fragment, without the `#`.
    pub fn write(&self) -> String {
        let mut pairs: Vec<String> = Vec::new();
        match &self.input {
            Some(FragmentInput::Hex(bytes)) => {
                let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                pairs.push(format!("hex={hex}"));
            }
            Some(FragmentInput::Text(bytes)) => {
                pairs.push(format!("text={}", percent_encode(bytes)))
            }
            None => {}
        }
        if let Some(n) = self.notation {
            pairs.push(format!("notation={}", n.id()));
        }
        if let Some(v) = self.view {
            pairs.push(format!("view={}", v.id()));
        }
        if let Some(s) = self.selected {
            pairs.push(format!("sel={s}"));
        }
        if let Some(cp) = &self.code_point {
            pairs.push(format!("cp={}", percent_encode(cp.as_bytes())));
        }
        if let Some(b) = self.codepage_byte {
            pairs.push(format!("byte={b:02X}"));
        }
        if let Some(c) = self.chunk {
            pairs.push(format!("chunk={c}"));
        }
        if let Some(cs) = self.charset {
            pairs.push(format!("cs={}", cs.name()));
        }
        if let Some(seed) = self.seed {
            pairs.push(format!("seed={seed}"));
        }
        if let Some(ex) = &self.exercises {
            // `:` and `,` stay readable: they mean nothing to a fragment's `&` and `=`.
            let encoded = percent_encode(ex.as_bytes())
                .replace("%3A", ":")
                .replace("%2C", ",");
            pairs.push(format!("ex={encoded}"));
        }
        pairs.join("&")
    }
}

/// The page's URL fragment, with its `#`, or "" outside a browser.
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Percent-encodes every byte except the unreserved ASCII characters of RFC 3986.
pub fn percent_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for &b in bytes {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_coding_round_trips_every_byte() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(percent_decode(&percent_encode(&all)), all);
        assert_eq!(percent_encode("Höhe".as_bytes()), "H%C3%B6he");
        assert_eq!(percent_decode("€%"), "€%".as_bytes());
    }

    #[test]
    fn fragments_round_trip() {
        let f = Fragment {
            input: Some(FragmentInput::Hex(vec![0xC0, 0xAF])),
            notation: Some(Notation::Octal),
            view: Some(View::Errors),
            selected: Some(1),
            code_point: Some("U+20AC".into()),
            codepage_byte: Some(0xE0),
            chunk: Some(2),
            charset: Some(Charset::Iso8859_15),
            seed: Some(7),
            exercises: Some("encode:20AC,count:a%2Cb".into()),
        };
        let written = f.write();
        assert_eq!(
            written,
            "hex=c0af&notation=oct&view=errors&sel=1&cp=U%2B20AC&byte=E0&chunk=2&cs=iso-8859-15&seed=7&ex=encode:20AC,count:a%252Cb"
        );
        assert_eq!(Fragment::parse(&format!("#{written}")), f);
        let text = Fragment {
            input: Some(FragmentInput::Text("A≢Α.".as_bytes().to_vec())),
            ..Fragment::default()
        };
        assert_eq!(Fragment::parse(&text.write()), text);
    }

    #[test]
    fn nonsense_is_ignored() {
        assert_eq!(Fragment::parse(""), Fragment::default());
        assert_eq!(
            Fragment::parse("#view=nope&sel=x&zz=1&hex=zz"),
            Fragment::default()
        );
        assert_eq!(
            Fragment::parse("#hex=E2%2082%20AC").input,
            Some(FragmentInput::Hex(vec![0xE2, 0x82, 0xAC]))
        );
    }
}
