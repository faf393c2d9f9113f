//! The inspector's one piece of state: the bytes under the lens and the two ways of
//! typing them (as text, or as hex for bytes that text cannot hold).

use std::rc::Rc;

use yew::Reducible;

use crate::hex::{self, HexError};

/// Where the current bytes came from, which decides which field is shown as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The text box: the bytes are the text's UTF-8 encoding, always valid.
    Text,
    /// The hex field: the bytes are whatever was typed, valid or not.
    Hex,
}

/// Everything the page shows is derived from this.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The bytes under the lens.
    pub bytes: Rc<[u8]>,
    /// The text box's content: the typed text, or the lossy decoding of hex input.
    pub text: String,
    /// The hex field's content: as typed, or the hex of the typed text.
    pub hex: String,
    /// Why the hex field's content is not (yet) bytes; the bytes keep their last good value.
    pub hex_problem: Option<HexError>,
    /// Which field the bytes came from.
    pub source: Source,
}

/// What the reader can do.
pub enum Action {
    /// The text box changed.
    EditText(String),
    /// The hex field changed.
    EditHex(String),
}

/// The text shown when the page opens: one character of each UTF-8 length.
pub const SAMPLE_TEXT: &str = "Añ€😀";

impl Default for State {
    fn default() -> Self {
        Self::from_text(SAMPLE_TEXT.to_owned())
    }
}

impl State {
    fn from_text(text: String) -> Self {
        State {
            bytes: Rc::from(text.as_bytes()),
            hex: hex::format(text.as_bytes()),
            hex_problem: None,
            source: Source::Text,
            text,
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let next = match action {
            Action::EditText(text) => State::from_text(text),
            Action::EditHex(notation) => match hex::parse(&notation) {
                Ok(bytes) => State {
                    // The text box can only hold text, so it shows what a decoder would
                    // read: every malformed sequence becomes U+FFFD.
                    text: utf8lens::decode_lossy(&bytes).into_owned(),
                    bytes: Rc::from(bytes),
                    hex: notation,
                    hex_problem: None,
                    source: Source::Hex,
                },
                Err(problem) => State {
                    hex: notation,
                    hex_problem: Some(problem),
                    source: Source::Hex,
                    ..(*self).clone()
                },
            },
        };
        Rc::new(next)
    }
}
