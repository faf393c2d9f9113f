//! What the whole input holds: characters and malformed sequences, counted by kind, and the four
//! lengths of the text a decoder shows: UTF-8 bytes, UTF-16 code units, code points and
//! extended grapheme clusters (UAX #29).
//!
//! Small inputs are counted at once. Large ones (a 50 MiB file) are counted one 1 MiB slice at a
//! time between frames, so the page stays responsive; until then the summary says how far it got.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use unicode_segmentation::UnicodeSegmentation;
use utf8lens::{ErrorKind, Segment};
use yew::prelude::*;

use crate::rows::boundary_at_or_after;
use crate::state::ByteBuf;

/// Inputs up to this size are counted before the first render.
const AT_ONCE: usize = 256 * 1024;
const SLICE: usize = 1024 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Well-formed characters.
    pub chars: usize,
    /// Malformed sequences: each one U+FFFD.
    pub errors: usize,
    /// Malformed sequences of each kind, in `ErrorKind::ALL` order.
    pub by_kind: [usize; 6],
    /// UTF-16 code units of the decoded text (what JavaScript's `.length` says): two for each
    /// character above U+FFFF, one for every other and for each U+FFFD.
    pub utf16_units: usize,
    /// Extended grapheme clusters of the decoded text (UAX #29): what a reader calls characters.
    pub graphemes: usize,
    /// The last grapheme cluster counted so far, which the next slice's first characters may
    /// still extend (an emoji's ZWJ sequence, a combining mark); it is counted again with them.
    tail: String,
}

impl Counts {
    /// Code points of the decoded text: the well-formed characters and one U+FFFD per error.
    pub fn code_points(&self) -> usize {
        self.chars + self.errors
    }

    fn add(&mut self, bytes: &[u8], range: std::ops::Range<usize>) {
        self.add_graphemes(bytes.get(range.clone()).unwrap_or_default());
        // Segment a little past the slice so that its last segment is classified as in the whole.
        let end = (range.end + 8).min(bytes.len());
        let view = bytes.get(range.start..end).unwrap_or_default();
        for segment in utf8lens::segments(view).take_while(|s| s.range().start < range.len()) {
            match segment {
                Segment::Char { ch, .. } => {
                    self.chars += 1;
                    self.utf16_units += ch.len_utf16();
                }
                Segment::Malformed(m) => {
                    self.errors += 1;
                    self.utf16_units += 1;
                    let k = ErrorKind::ALL
                        .iter()
                        .position(|&k| k == m.kind())
                        .unwrap_or(0);
                    if let Some(n) = self.by_kind.get_mut(k) {
                        *n += 1;
                    }
                }
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Summary {
    /// Counted so far: this many bytes.
    Counting {
        done: usize,
    },
    Done(Counts),
}

impl Summary {
    pub fn counts(&self) -> Option<&Counts> {
        match self {
            Summary::Done(c) => Some(c),
            Summary::Counting { .. } => None,
        }
    }
}

impl Counts {
    /// Counts the grapheme clusters of one slice (cut at a segment boundary), joined to the last
    /// cluster of the slices before it, so that a cluster across the cut is counted once.
    fn add_graphemes(&mut self, slice: &[u8]) {
        let decoded = utf8lens::decode_lossy(slice);
        let mut text = std::mem::take(&mut self.tail);
        let carried = usize::from(!text.is_empty());
        text.push_str(&decoded);
        let mut last = "";
        let mut n = 0;
        for cluster in text.graphemes(true) {
            n += 1;
            last = cluster;
        }
        self.graphemes += n - carried.min(n);
        self.tail = last.to_owned();
    }
}

pub(crate) fn count_all(bytes: &[u8]) -> Counts {
    let mut counts = Counts::default();
    counts.add(bytes, 0..bytes.len());
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lengths(text: &[u8]) -> (usize, usize, usize) {
        let c = count_all(text);
        (c.utf16_units, c.code_points(), c.graphemes)
    }

    #[test]
    fn the_four_lengths() {
        // The family: 7 code points, 11 UTF-16 units, 25 bytes, one grapheme cluster.
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦";
        assert_eq!(family.len(), 25);
        assert_eq!(lengths(family.as_bytes()), (11, 7, 1));
        // e + U+0301: two code points, one cluster.
        assert_eq!(lengths("e\u{301}".as_bytes()), (2, 2, 1));
        assert_eq!(lengths("A€😀".as_bytes()), (4, 3, 3));
        // Each malformed sequence is one U+FFFD: one unit, one code point, one cluster.
        assert_eq!(lengths(b"\xC0\xAF!"), (3, 3, 3));
        assert_eq!(lengths(b""), (0, 0, 0));
    }

    #[test]
    fn slices_count_as_the_whole() {
        let text = "ab👨\u{200D}👩\u{200D}👧e\u{301}\u{302}🇫🇷🇩🇪x\r\n".repeat(3);
        let bytes = text.as_bytes();
        let whole = count_all(bytes);
        assert_eq!(whole.graphemes, text.graphemes(true).count());
        // Cut at every segment boundary: the sum must not change.
        for cut in (1..bytes.len()).filter(|&i| text.is_char_boundary(i)) {
            let mut parts = Counts::default();
            parts.add(bytes, 0..cut);
            parts.add(bytes, cut..bytes.len());
            assert_eq!(
                (parts.graphemes, parts.utf16_units, parts.code_points()),
                (whole.graphemes, whole.utf16_units, whole.code_points()),
                "cut at {cut}"
            );
        }
    }
}

#[hook]
pub fn use_summary(bytes: &ByteBuf) -> Summary {
    let result = use_state(|| None::<(ByteBuf, Counts)>);
    let current = match &*result {
        Some((counted, counts)) if counted == bytes => Some(counts.clone()),
        _ => None,
    };
    let progress = use_state(|| 0usize);
    let small = bytes.len() <= AT_ONCE;
    let at_once = use_memo(bytes.clone(), |b| {
        (b.len() <= AT_ONCE).then(|| count_all(b))
    });

    {
        let result = result.clone();
        let progress = progress.clone();
        use_effect_with(bytes.clone(), move |bytes| {
            let cancelled = Rc::new(Cell::new(false));
            if bytes.len() > AT_ONCE {
                let bytes = bytes.clone();
                let cancelled = cancelled.clone();
                yew::platform::spawn_local(async move {
                    let mut counts = Counts::default();
                    let mut start = 0;
                    while start < bytes.len() {
                        let end = boundary_at_or_after(&bytes, (start + SLICE).min(bytes.len()));
                        counts.add(&bytes, start..end);
                        start = end;
                        // Let the page draw and react before the next slice.
                        yew::platform::time::sleep(Duration::from_millis(0)).await;
                        if cancelled.get() {
                            return;
                        }
                        progress.set(start);
                    }
                    result.set(Some((bytes, counts)));
                });
            }
            move || cancelled.set(true)
        });
    }

    match (&*at_once, current) {
        (Some(counts), _) if small => Summary::Done(counts.clone()),
        (_, Some(counts)) => Summary::Done(counts),
        _ => Summary::Counting { done: *progress },
    }
}
