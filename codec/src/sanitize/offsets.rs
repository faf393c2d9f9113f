//! Positions through a chain of steps: each step rewrites some stretches of its input text and
//! copies the rest, so a position maps exactly inside a copied stretch and to the edges of the
//! rewritten stretch that contains it.

use core::ops::Range;

/// One rewritten stretch: `src` in the step's input became `dst` in its output. Everything
/// between two edits was copied unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edit {
    pub(crate) src: Range<usize>,
    pub(crate) dst: Range<usize>,
}

/// Which way a position leans where a stretch was removed or inserted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// The start of a range: after anything removed at this point, at the start of a rewritten
    /// stretch that contains it.
    Start,
    /// The end of a range: before anything removed at this point, at the end of a rewritten
    /// stretch that contains it.
    End,
}

/// Where a position of one side of the edits lies on the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mapped {
    /// Exactly here.
    At(usize),
    /// In a copied stretch: `offset` units after the copied stretch that starts at `from` on this
    /// side and at `to` on the other side. The caller measures `offset` in its own units.
    Copied { from: usize, to: usize },
}

/// Maps `pos` from the `dst` side of `edits` (sorted, not overlapping) to the `src` side.
pub(crate) fn backward(edits: &[Edit], pos: usize, side: Side) -> Mapped {
    map(edits, pos, side, true)
}

/// Maps `pos` from the `src` side of `edits` (sorted, not overlapping) to the `dst` side.
pub(crate) fn forward(edits: &[Edit], pos: usize, side: Side) -> Mapped {
    map(edits, pos, side, false)
}

#[inline(never)] // one copy in the wasm build, not one per caller
fn map(edits: &[Edit], pos: usize, side: Side, backward: bool) -> Mapped {
    // This side of an edit, and the other.
    let sides = |e: &Edit| match backward {
        true => (e.dst.clone(), e.src.clone()),
        false => (e.src.clone(), e.dst.clone()),
    };
    // The edits entirely before `pos`; for Start also those that end exactly at it, even empty ones
    // (a removal at `pos` lies before a range starting there); for End only the non-empty ones.
    let before = edits.partition_point(|e| {
        let (this, _) = sides(e);
        this.end < pos || (this.end == pos && (side == Side::Start || !this.is_empty()))
    });
    if let Some(e) = edits.get(before) {
        let (this, other) = sides(e);
        if this.start < pos {
            // Inside a rewritten stretch.
            return Mapped::At(match side {
                Side::Start => other.start,
                Side::End => other.end,
            });
        }
    }
    match before.checked_sub(1).and_then(|i| edits.get(i)) {
        Some(e) => {
            let (this, other) = sides(e);
            Mapped::Copied {
                from: this.end,
                to: other.end,
            }
        }
        None => Mapped::Copied { from: 0, to: 0 },
    }
}

/// Resolves a [`Mapped`] position when both sides are measured in the same units.
pub(crate) fn same_units(mapped: Mapped, pos: usize) -> usize {
    match mapped {
        Mapped::At(p) => p,
        Mapped::Copied { from, to } => to + pos.saturating_sub(from),
    }
}

/// Maps a range through one step backward, keeping it a range (start ≤ end).
pub(crate) fn range_backward(edits: &[Edit], range: &Range<usize>) -> Range<usize> {
    let start = same_units(backward(edits, range.start, Side::Start), range.start);
    if range.is_empty() {
        return start..start;
    }
    let end = same_units(backward(edits, range.end, Side::End), range.end);
    start..end.max(start)
}

/// Maps a range through one step forward, keeping it a range (start ≤ end).
pub(crate) fn range_forward(edits: &[Edit], range: &Range<usize>) -> Range<usize> {
    let start = same_units(forward(edits, range.start, Side::Start), range.start);
    if range.is_empty() {
        return start..start;
    }
    let end = same_units(forward(edits, range.end, Side::End), range.end);
    start..end.max(start)
}

#[cfg(test)]
mod tests {
    use super::*;

    // "abXcdYYe" -> "abcdZe": X removed at 2..3, YY replaced by Z at 5..7 -> 4..5.
    fn edits() -> Vec<Edit> {
        vec![
            Edit {
                src: 2..3,
                dst: 2..2,
            },
            Edit {
                src: 5..7,
                dst: 4..5,
            },
        ]
    }

    #[test]
    fn positions_in_copied_stretches_map_exactly() {
        let e = edits();
        assert_eq!(same_units(backward(&e, 1, Side::Start), 1), 1);
        assert_eq!(same_units(backward(&e, 3, Side::Start), 3), 4);
        assert_eq!(same_units(backward(&e, 6, Side::End), 6), 8);
        assert_eq!(same_units(forward(&e, 4, Side::Start), 4), 3);
    }

    #[test]
    fn removals_and_rewrites_lean_by_side() {
        let e = edits();
        // Output position 2 is where X was removed: a range starting there starts after X, one
        // ending there ends before it.
        assert_eq!(same_units(backward(&e, 2, Side::Start), 2), 3);
        assert_eq!(same_units(backward(&e, 2, Side::End), 2), 2);
        assert_eq!(range_backward(&e, &(4..5)), 5..7);
        assert_eq!(range_backward(&e, &(2..2)), 3..3);
        assert_eq!(range_forward(&e, &(2..3)), 2..2);
        assert_eq!(range_forward(&e, &(5..7)), 4..5);
        assert_eq!(range_forward(&e, &(6..6)), 4..4);
        assert_eq!(range_backward(&[], &(3..9)), 3..9);
    }
}
