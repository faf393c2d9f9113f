//! What the whole input holds: characters and malformed sequences, counted by kind.
//!
//! Small inputs are counted at once. Large ones (a 50 MiB file) are counted one 1 MiB slice at a
//! time between frames, so the page stays responsive; until then the summary says how far it got.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

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
}

impl Counts {
    fn add(&mut self, bytes: &[u8], range: std::ops::Range<usize>) {
        // Segment a little past the slice so that its last segment is classified as in the whole.
        let end = (range.end + 8).min(bytes.len());
        let view = bytes.get(range.start..end).unwrap_or_default();
        for segment in utf8lens::segments(view).take_while(|s| s.range().start < range.len()) {
            match segment {
                Segment::Char { .. } => self.chars += 1,
                Segment::Malformed(m) => {
                    self.errors += 1;
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

fn count_all(bytes: &[u8]) -> Counts {
    let mut counts = Counts::default();
    counts.add(bytes, 0..bytes.len());
    counts
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
