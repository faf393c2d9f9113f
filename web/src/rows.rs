//! How the byte map cuts the input into rows without reading all of it.
//!
//! Row `r` holds every segment (character or malformed sequence) that *starts* in bytes
//! `r·N .. (r+1)·N`, so a character is never split across rows and a row holds N to N+3 bytes.
//! Finding a row's first segment needs only the bytes around it: UTF-8 is self-synchronising
//! (RFC 3629 §1), and [`utf8lens::char_start`] backs up at most three bytes to the start of the
//! segment holding any offset. A 50 MiB file costs no more to draw than a short word.

use std::ops::Range;

use utf8lens::{ByteRole, Segment};

/// How many bytes past a row the codec may look at to classify the row's last segment exactly
/// (a malformed sequence's kind depends on the byte after it).
const LOOKAHEAD: usize = 8;

/// The first segment boundary at or after `offset` (or the end of the input).
pub fn boundary_at_or_after(bytes: &[u8], offset: usize) -> usize {
    let Some(start) = utf8lens::char_start(bytes, offset) else {
        return bytes.len();
    };
    if start == offset {
        return offset;
    }
    // `start` is a segment boundary, so segmenting from there finds the segment holding `offset`.
    let tail = bytes.get(start..).unwrap_or_default();
    start
        + utf8lens::segments(tail)
            .next()
            .map_or(1, |s| s.range().len())
}

/// How many rows of `per_row` bytes the input takes (an empty input takes none).
pub fn row_count(len: usize, per_row: usize) -> usize {
    len.div_ceil(per_row.max(1))
}

/// How many cells to lay out in rows so that no row past the end is drawn: up to and including the
/// first byte of the last segment. A row is drawn for every byte offset a segment starts in; the
/// bytes after the last segment's first byte belong to it, in the row above, and would otherwise
/// leave an empty row at the end whenever that segment crosses a row's edge.
pub fn cells_in_rows(bytes: &[u8]) -> usize {
    match bytes.len().checked_sub(1) {
        None => 0,
        Some(last) => utf8lens::char_start(bytes, last).map_or(bytes.len(), |start| start + 1),
    }
}

/// The byte range of row `row`.
pub fn row_range(bytes: &[u8], row: usize, per_row: usize) -> Range<usize> {
    let per_row = per_row.max(1);
    let start = boundary_at_or_after(bytes, row.saturating_mul(per_row).min(bytes.len()));
    let end = boundary_at_or_after(
        bytes,
        row.saturating_add(1)
            .saturating_mul(per_row)
            .min(bytes.len()),
    );
    start..end.max(start)
}

/// The row that shows byte `offset`: the row in which its segment starts.
pub fn row_of(bytes: &[u8], offset: usize, per_row: usize) -> usize {
    utf8lens::char_start(bytes, offset).unwrap_or(offset) / per_row.max(1)
}

/// One segment of a row, with absolute offsets, and the role of each of its bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct RowSegment {
    /// Where the segment starts in the input.
    pub offset: usize,
    pub segment: Segment,
    pub roles: Vec<ByteRole>,
}

impl RowSegment {
    /// The segment's byte range in the input.
    pub fn range(&self) -> Range<usize> {
        let len = self.segment.range().len();
        self.offset..self.offset + len
    }
}

/// The segments of the bytes in `range` (which must start and end at segment boundaries, as
/// [`row_range`] gives), classified exactly as segmenting the whole input would.
pub fn segments_in(bytes: &[u8], range: Range<usize>) -> Vec<RowSegment> {
    let view_end = range.end.saturating_add(LOOKAHEAD).min(bytes.len());
    let Some(view) = bytes.get(range.start..view_end) else {
        return Vec::new();
    };
    let roles = utf8lens::byte_roles(view);
    let row_len = range.len();
    utf8lens::segments(view)
        .take_while(|s| s.range().start < row_len)
        .map(|segment| {
            let local = segment.range();
            RowSegment {
                offset: range.start + local.start,
                roles: roles.get(local).unwrap_or_default().to_vec(),
                segment,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs with every kind of segment at every alignment.
    fn samples() -> Vec<Vec<u8>> {
        let mut out = vec![
            b"".to_vec(),
            b"plain".to_vec(),
            "Añ€😀 naïve 日本語".as_bytes().to_vec(),
            b"\xC0\x80\xC0\xAF\x2F\xC0\xAE\x2E\x2F\xED\xA0\x80\xED\xA1\x8C\xED\xBE\xB4".to_vec(),
            b"\xF5\x80\x80\x80\xE4\xBD\xEF\xBB\xBF\x80\x80\x80\x80\xF0\x9F\x98\xE0\x80".to_vec(),
        ];
        // A pseudo-random byte soup, biased towards the interesting bytes.
        let mut x: u32 = 0x1234_5678;
        let soup: Vec<u8> = (0..3000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                [
                    0x41,
                    0x80,
                    0xBF,
                    0xC3,
                    0xE2,
                    0xED,
                    0xF0,
                    0xF4,
                    0xA0,
                    0x90,
                    0xFF,
                    (x >> 8) as u8,
                ][(x % 12) as usize]
            })
            .collect();
        out.push(soup);
        out
    }

    #[test]
    fn rows_cover_every_segment_exactly_once_as_the_whole_input_segments() {
        for bytes in samples() {
            let whole: Vec<Segment> = utf8lens::segments(&bytes).collect();
            let roles = utf8lens::byte_roles(&bytes);
            for per_row in [1, 2, 4, 8, 16] {
                let mut from_rows = Vec::new();
                let mut next_start = 0;
                for row in 0..row_count(bytes.len(), per_row) {
                    let range = row_range(&bytes, row, per_row);
                    assert_eq!(range.start, next_start, "rows are contiguous");
                    next_start = range.end;
                    for seg in segments_in(&bytes, range.clone()) {
                        assert_eq!(row_of(&bytes, seg.offset, per_row), row);
                        assert_eq!(seg.roles, roles[seg.range()]);
                        from_rows.push((seg.offset, seg.segment));
                    }
                }
                assert_eq!(next_start, bytes.len());
                assert_eq!(from_rows.len(), whole.len(), "per_row {per_row}");
                for ((offset, seg), expected) in from_rows.iter().zip(&whole) {
                    assert_eq!(*offset, expected.range().start);
                    assert_eq!(seg.range().len(), expected.range().len());
                    if let (Segment::Malformed(a), Segment::Malformed(b)) = (seg, expected) {
                        assert_eq!(a.kind(), b.kind(), "at {offset}");
                    }
                }
            }
        }
    }

    #[test]
    fn no_row_past_the_last_segment() {
        for bytes in samples() {
            for per_row in [1, 2, 4, 8, 10, 16] {
                let rows = row_count(cells_in_rows(&bytes), per_row);
                if let Some(last) = rows.checked_sub(1) {
                    assert!(
                        !row_range(&bytes, last, per_row).is_empty(),
                        "per_row {per_row}"
                    );
                    assert_eq!(row_range(&bytes, last, per_row).end, bytes.len());
                }
            }
        }
        // "Hello, 🌍": the globe starts at byte 7 and ends past a 10-byte row's edge.
        let hello = "Hello, 🌍".as_bytes();
        assert_eq!(row_count(hello.len(), 10), 2);
        assert_eq!(row_count(cells_in_rows(hello), 10), 1);
        assert_eq!(cells_in_rows(b""), 0);
    }

    #[test]
    fn row_of_follows_the_segment_start() {
        let bytes = "a€".as_bytes(); // 61 | E2 82 AC
        assert_eq!(row_of(bytes, 3, 2), 0);
        assert_eq!(row_range(bytes, 0, 2), 0..4);
        assert_eq!(row_range(bytes, 1, 2), 4..4);
        assert_eq!(boundary_at_or_after(bytes, 2), 4);
        assert_eq!(boundary_at_or_after(bytes, 9), 4);
    }
}
