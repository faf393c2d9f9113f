//! The inspector's one piece of state and the actions that change it.
//!
//! Everything the page shows is derived from [`State`]: the bytes under the lens, how they were
//! entered, which view is open and what is selected in it. The URL fragment is a picture of the
//! same state ([`crate::fragment`]), so a link reproduces the page.

use std::ops::Deref;
use std::rc::Rc;

use utf8lens::charset::Charset;
use yew::Reducible;

use crate::fragment::{Fragment, FragmentInput};
use crate::notation::{Notation, NotationError};
use crate::view::View;

/// Inputs above this size are not copied into the text and notation fields (a 10 MiB textarea
/// would freeze the page); the views still show all of them.
pub const FIELD_LIMIT: usize = 64 * 1024;

/// Inputs above this size are left out of the URL fragment: the link would be too long to share.
pub const SHARE_LIMIT: usize = 16 * 1024;

/// The largest file the inspector opens.
pub const MAX_FILE: usize = 50 * 1024 * 1024;

/// The text shown when the page opens: one character of each UTF-8 length.
pub const SAMPLE_TEXT: &str = "Añ€😀";

/// The bytes under the lens. Cheap to clone; two buffers are equal only if they are the same
/// allocation, so comparing props never compares megabytes.
#[derive(Clone, Debug, Default)]
pub struct ByteBuf(Rc<Vec<u8>>);

impl ByteBuf {
    pub fn new(bytes: Vec<u8>) -> ByteBuf {
        ByteBuf(Rc::new(bytes))
    }
}

impl PartialEq for ByteBuf {
    fn eq(&self, other: &ByteBuf) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Deref for ByteBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

/// Where the current bytes came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The text box: the bytes are the text's UTF-8 encoding, always valid.
    Text,
    /// The notation field: whatever bytes were typed, valid or not.
    Notation,
    /// A file, opened or dropped.
    File(String),
}

/// A file being read in chunks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loading {
    /// Which read this is; progress of an older read is ignored.
    pub id: u32,
    pub name: String,
    pub size: usize,
    pub done: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The bytes under the lens.
    pub bytes: ByteBuf,
    pub origin: Origin,
    /// The text box: the typed text, or how a decoder reads the bytes (U+FFFD for each error);
    /// empty above [`FIELD_LIMIT`].
    pub text: String,
    /// Which notation the notation field uses.
    pub notation: Notation,
    /// The notation field: as typed, or the bytes in [`Self::notation`]; empty above [`FIELD_LIMIT`].
    pub notation_text: String,
    /// Why the notation field's content is not bytes; the bytes keep their last good value.
    pub problem: Option<NotationError>,
    /// The file being read, if any.
    pub loading: Option<Loading>,
    /// Why the last file could not be opened.
    pub load_error: Option<String>,
    /// The open view.
    pub view: View,
    /// The selected byte (byte map, errors, bit filling follow it).
    pub selected: Option<usize>,
    /// The bit-filling view's code point query; empty means "the selected character".
    pub code_point: String,
    /// The byte selected in the codepage table.
    pub codepage_byte: Option<u8>,
    /// The streaming view's chunk size in bytes.
    pub chunk_size: usize,
    /// The charset the mojibake view traces and garbles with.
    pub charset: Charset,
    /// The practice view's seed (`None`: the default set).
    pub practice_seed: Option<u64>,
    /// The practice view's chosen exercises, as a teacher wrote them into the link.
    pub exercises: Option<String>,
}

/// What the reader can do.
#[derive(Debug)]
pub enum Action {
    /// The text box changed (or an example or sample replaced the text).
    EditText(String),
    /// The notation field changed.
    EditNotation(String),
    /// Bytes from elsewhere (a sample with invalid bytes), shown in the notation field.
    SetBytes(Vec<u8>),
    /// The notation selector changed: the field is rewritten in the new notation.
    SetNotation(Notation),
    /// A file started loading.
    LoadStarted {
        id: u32,
        name: String,
        size: usize,
    },
    /// So many bytes of the file are read.
    LoadProgress {
        id: u32,
        done: usize,
    },
    /// The file is read.
    LoadFinished {
        id: u32,
        name: String,
        bytes: Vec<u8>,
    },
    /// The file could not be read.
    LoadFailed {
        id: u32,
        message: String,
    },
    SetView(View),
    /// Select a byte (or nothing).
    Select(Option<usize>),
    /// Show a byte in the byte map (from the errors view): select it and open the byte map, in
    /// one step, so the page renders and the URL is written once.
    ShowInByteMap(usize),
    /// Open the selected character in the bit-filling view (the byte map's Enter and button):
    /// the code point query is cleared, so the view follows the selection, and the view opens,
    /// in one step.
    OpenInBitFilling,
    SetCodePoint(String),
    SelectCodepageByte(Option<u8>),
    SetChunkSize(usize),
    SetCharset(Charset),
    /// A new practice set: a new seed, and no chosen exercises.
    SetPracticeSeed(u64),
    /// The URL fragment changed (a link was followed).
    ApplyFragment(Fragment),
}

impl Default for State {
    fn default() -> Self {
        let mut state = State {
            bytes: ByteBuf::default(),
            origin: Origin::Text,
            text: String::new(),
            notation: Notation::Hex,
            notation_text: String::new(),
            problem: None,
            loading: None,
            load_error: None,
            view: View::Bytes,
            selected: None,
            code_point: String::new(),
            codepage_byte: None,
            chunk_size: 3,
            charset: Charset::Windows1252,
            practice_seed: None,
            exercises: None,
        };
        state.set_text(SAMPLE_TEXT.to_owned());
        state
    }
}

impl State {
    /// The state a link opens: the default, with the fragment applied.
    pub fn from_fragment(fragment: Fragment) -> State {
        let mut state = State::default();
        state.apply(fragment);
        state
    }

    fn set_text(&mut self, text: String) {
        self.bytes = ByteBuf::new(text.as_bytes().to_vec());
        self.notation_text = if self.bytes.len() <= FIELD_LIMIT {
            self.notation.format(&self.bytes)
        } else {
            String::new()
        };
        self.text = text;
        self.problem = None;
        self.origin = Origin::Text;
        self.after_new_bytes();
    }

    /// New bytes from anywhere but the text box: the text box shows how a decoder reads them.
    fn set_bytes(&mut self, bytes: Vec<u8>, origin: Origin) {
        let small = bytes.len() <= FIELD_LIMIT;
        self.text = if small {
            utf8lens::decode_lossy(&bytes).into_owned()
        } else {
            String::new()
        };
        if origin != Origin::Notation {
            self.notation_text = if small {
                self.notation.format(&bytes)
            } else {
                String::new()
            };
        }
        self.bytes = ByteBuf::new(bytes);
        self.problem = None;
        self.origin = origin;
        self.after_new_bytes();
    }

    fn after_new_bytes(&mut self) {
        self.loading = None;
        self.load_error = None;
        if self.selected.is_some_and(|s| s >= self.bytes.len()) {
            self.selected = None;
        }
    }

    /// Selects a byte, or nothing if `offset` is past the input.
    fn select(&mut self, offset: Option<usize>) {
        self.selected = offset.filter(|&o| o < self.bytes.len());
    }

    /// Whether the fields hold the whole input.
    pub fn fields_hold_input(&self) -> bool {
        self.bytes.len() <= FIELD_LIMIT
    }

    /// Applies a link: what it leaves out takes its default, so the link alone decides the page
    /// (except the input, which an input-less link leaves as it is).
    fn apply(&mut self, fragment: Fragment) {
        let defaults = State::default();
        let notation = fragment.notation.unwrap_or(defaults.notation);
        if notation != self.notation && fragment.input.is_none() && self.fields_hold_input() {
            self.notation_text = notation.format(&self.bytes);
        }
        self.notation = notation;
        match fragment.input {
            Some(FragmentInput::Text(bytes)) => match String::from_utf8(bytes) {
                Ok(text) => self.set_text(text),
                Err(e) => self.set_notation_bytes(e.into_bytes()),
            },
            Some(FragmentInput::Hex(bytes)) => self.set_notation_bytes(bytes),
            None => {}
        }
        self.view = fragment.view.unwrap_or(View::Bytes);
        self.selected = fragment.selected.filter(|&s| s < self.bytes.len());
        self.code_point = fragment.code_point.unwrap_or_default();
        self.codepage_byte = fragment.codepage_byte;
        self.chunk_size = clamp_chunk(fragment.chunk.unwrap_or(defaults.chunk_size));
        self.charset = fragment.charset.unwrap_or(defaults.charset);
        self.practice_seed = fragment.seed;
        self.exercises = fragment.exercises;
    }

    fn set_notation_bytes(&mut self, bytes: Vec<u8>) {
        self.notation_text = self.notation.format(&bytes);
        self.set_bytes(bytes, Origin::Notation);
    }

    /// The URL fragment that reproduces this page, without the `#`. The input is left out when
    /// it is above [`SHARE_LIMIT`].
    pub fn fragment(&self) -> Fragment {
        let input = (self.bytes.len() <= SHARE_LIMIT).then(|| match self.origin {
            Origin::Text => FragmentInput::Text(self.bytes.to_vec()),
            _ => FragmentInput::Hex(self.bytes.to_vec()),
        });
        Fragment {
            input,
            notation: (self.notation != Notation::Hex).then_some(self.notation),
            view: (self.view != View::Bytes).then_some(self.view),
            selected: self.selected,
            code_point: (!self.code_point.is_empty()).then(|| self.code_point.clone()),
            codepage_byte: self.codepage_byte,
            chunk: (self.chunk_size != 3).then_some(self.chunk_size),
            charset: (self.charset != Charset::Windows1252).then_some(self.charset),
            seed: self.practice_seed,
            exercises: self.exercises.clone(),
        }
    }
}

/// Chunk sizes the streaming view offers: one byte to 64.
pub fn clamp_chunk(size: usize) -> usize {
    size.clamp(1, 64)
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::EditText(text) => next.set_text(text),
            Action::EditNotation(typed) => match next.notation.parse(&typed) {
                Ok(bytes) => {
                    next.notation_text = typed;
                    next.set_bytes(bytes, Origin::Notation);
                }
                Err(problem) => {
                    next.notation_text = typed;
                    next.problem = Some(problem);
                }
            },
            Action::SetBytes(bytes) => next.set_notation_bytes(bytes),
            Action::SetNotation(notation) => {
                next.notation = notation;
                next.problem = None;
                if next.fields_hold_input() {
                    next.notation_text = notation.format(&next.bytes);
                }
            }
            Action::LoadStarted { id, name, size } => {
                next.loading = Some(Loading {
                    id,
                    name,
                    size,
                    done: 0,
                });
                next.load_error = None;
            }
            Action::LoadProgress { id, done } => match next.loading.as_mut() {
                Some(loading) if loading.id == id => loading.done = done,
                _ => return self,
            },
            Action::LoadFinished { id, name, bytes } => {
                if next.loading.as_ref().map(|l| l.id) != Some(id) {
                    return self;
                }
                next.set_bytes(bytes, Origin::File(name));
                next.selected = None;
                // "What is this?": an opened or dropped file starts with its charset.
                next.view = View::Detect;
            }
            Action::LoadFailed { id, message } => {
                if next.loading.as_ref().is_some_and(|l| l.id != id) {
                    return self;
                }
                next.loading = None;
                next.load_error = Some(message);
            }
            Action::SetView(view) => next.view = view,
            Action::Select(offset) => next.select(offset),
            Action::ShowInByteMap(offset) => {
                next.select(Some(offset));
                next.view = View::Bytes;
            }
            Action::OpenInBitFilling => {
                next.code_point.clear();
                next.view = View::Bits;
            }
            Action::SetCodePoint(query) => next.code_point = query,
            Action::SelectCodepageByte(byte) => next.codepage_byte = byte,
            Action::SetChunkSize(size) => next.chunk_size = clamp_chunk(size),
            Action::SetCharset(charset) => next.charset = charset,
            Action::SetPracticeSeed(seed) => {
                next.practice_seed = Some(seed);
                next.exercises = None;
            }
            Action::ApplyFragment(fragment) => {
                if fragment == self.fragment() {
                    return self;
                }
                next.apply(fragment);
            }
        }
        if next == *self {
            return self;
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(state: State, action: Action) -> State {
        (*Rc::new(state).reduce(action)).clone()
    }

    #[test]
    fn text_and_notation_fields_follow_each_other() {
        let s = reduce(State::default(), Action::EditText("€".into()));
        assert_eq!(&*s.bytes, "€".as_bytes());
        assert_eq!(s.notation_text, "E2 82 AC");
        let s = reduce(s, Action::EditNotation("c0af".into()));
        assert_eq!(&*s.bytes, [0xC0, 0xAF]);
        assert_eq!(s.text, "\u{FFFD}\u{FFFD}");
        assert_eq!(s.notation_text, "c0af");
        let s = reduce(s, Action::SetNotation(Notation::Octal));
        assert_eq!(s.notation_text, "300 257");
    }

    #[test]
    fn a_notation_mistake_keeps_the_bytes() {
        let s = reduce(State::default(), Action::EditNotation("c0a".into()));
        assert_eq!(&*s.bytes, SAMPLE_TEXT.as_bytes());
        assert!(s.problem.is_some());
        assert_eq!(s.notation_text, "c0a");
    }

    #[test]
    fn stale_file_progress_is_ignored() {
        let s = reduce(
            State::default(),
            Action::LoadStarted {
                id: 2,
                name: "a.bin".into(),
                size: 10,
            },
        );
        let s = reduce(s, Action::LoadProgress { id: 1, done: 5 });
        assert_eq!(s.loading.as_ref().map(|l| l.done), Some(0));
        let s = reduce(
            s,
            Action::LoadFinished {
                id: 1,
                name: "old".into(),
                bytes: vec![1],
            },
        );
        assert_eq!(&*s.bytes, SAMPLE_TEXT.as_bytes());
        let s = reduce(
            s,
            Action::LoadFinished {
                id: 2,
                name: "a.bin".into(),
                bytes: vec![0xFF],
            },
        );
        assert_eq!(&*s.bytes, [0xFF]);
        assert_eq!(s.origin, Origin::File("a.bin".into()));
        assert_eq!(s.loading, None);
    }

    /// States to start a compound action from: the default page, a link with a view, a
    /// selection and a code point query, and no input at all.
    fn starting_states() -> Vec<State> {
        vec![
            State::default(),
            State::from_fragment(crate::fragment::Fragment::parse(
                "#hex=41c0afe282ac&view=errors&sel=4&cp=U%2B41",
            )),
            State::from_fragment(crate::fragment::Fragment::parse("#hex=&view=bits&cp=x")),
        ]
    }

    #[test]
    fn show_in_byte_map_is_select_then_set_view_in_one_action() {
        for s in starting_states() {
            for offset in [0, 1, 3, 5, 6, 1000] {
                let one = reduce(s.clone(), Action::ShowInByteMap(offset));
                let two = reduce(
                    reduce(s.clone(), Action::Select(Some(offset))),
                    Action::SetView(View::Bytes),
                );
                assert_eq!(one, two, "offset {offset}");
                assert_eq!(one.fragment(), two.fragment());
                assert_eq!(one.view, View::Bytes);
            }
        }
    }

    #[test]
    fn open_in_bit_filling_is_clear_query_then_set_view_in_one_action() {
        for s in starting_states() {
            let one = reduce(s.clone(), Action::OpenInBitFilling);
            let two = reduce(
                reduce(s.clone(), Action::SetCodePoint(String::new())),
                Action::SetView(View::Bits),
            );
            assert_eq!(one, two);
            assert_eq!(one.fragment(), two.fragment());
            assert_eq!((one.view, one.code_point.as_str()), (View::Bits, ""));
            assert_eq!(one.selected, s.selected);
        }
    }

    #[test]
    fn large_inputs_stay_out_of_the_fields_and_the_link() {
        let big = vec![b'a'; FIELD_LIMIT + 1];
        let s = reduce(State::default(), Action::SetBytes(big));
        assert!(s.text.is_empty() && !s.fields_hold_input());
        assert_eq!(s.fragment().input, None);
    }

    #[test]
    fn the_fragment_reproduces_the_state() {
        let mut s = reduce(State::default(), Action::EditNotation("2f c0 ae".into()));
        s = reduce(s, Action::SetView(View::Errors));
        s = reduce(s, Action::Select(Some(1)));
        s = reduce(s, Action::SetChunkSize(2));
        s = reduce(s, Action::SetCharset(Charset::Iso8859_15));
        let again = State::from_fragment(s.fragment());
        assert_eq!(&*again.bytes, &*s.bytes);
        assert_eq!(again.fragment(), s.fragment());
        assert_eq!(again.view, View::Errors);
        assert_eq!(again.selected, Some(1));
    }
}
