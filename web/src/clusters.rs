//! The grapheme clusters (UAX #29 extended grapheme clusters, what a reader calls characters)
//! over a stretch of the byte map, in byte offsets of the input.
//!
//! The byte map draws only the rows in view, so the clusters are found in the drawn bytes plus a
//! margin either side: a cluster that starts more than [`MARGIN`] bytes before the first drawn row
//! (a very long run of combining marks) is shown from the margin on. Each malformed sequence counts
//! as the U+FFFD a decoder shows for it.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;
use utf8lens::Segment;

use crate::rows::boundary_at_or_after;

/// Bytes looked at before and after the drawn range.
const MARGIN: usize = 64;

/// One extended grapheme cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Its bytes in the input.
    pub bytes: Range<usize>,
    pub code_points: usize,
    pub utf16_units: usize,
}

/// The clusters holding any byte of `range`, in order.
pub fn clusters_over(bytes: &[u8], range: Range<usize>) -> Vec<Cluster> {
    let start = boundary_at_or_after(bytes, range.start.saturating_sub(MARGIN));
    let end = boundary_at_or_after(bytes, range.end.saturating_add(MARGIN).min(bytes.len()));
    let window = bytes.get(start..end).unwrap_or_default();
    // The decoded text, and for each of its characters the input offset it came from.
    let mut text = String::new();
    let mut origin = Vec::new();
    for segment in utf8lens::segments(window) {
        let ch = match segment {
            Segment::Char { ch, .. } => ch,
            Segment::Malformed(_) => char::REPLACEMENT_CHARACTER,
        };
        origin.push((text.len(), start + segment.range().start));
        text.push(ch);
    }
    let input_offset = |text_offset: usize| {
        origin
            .binary_search_by_key(&text_offset, |(t, _)| *t)
            .ok()
            .and_then(|i| origin.get(i))
            .map_or(end, |(_, o)| *o)
    };
    let mut clusters = Vec::new();
    let mut pieces = text.grapheme_indices(true).peekable();
    while let Some((at, cluster)) = pieces.next() {
        let from = input_offset(at);
        let to = pieces.peek().map_or(end, |(next, _)| input_offset(*next));
        if to > range.start && from < range.end {
            clusters.push(Cluster {
                bytes: from..to,
                code_points: cluster.chars().count(),
                utf16_units: cluster.encode_utf16().count(),
            });
        }
    }
    clusters
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_family_is_one_cluster() {
        let text = "a👨\u{200D}👩\u{200D}👧\u{200D}👦e\u{301}!";
        let bytes = text.as_bytes();
        let clusters = clusters_over(bytes, 0..bytes.len());
        let shape: Vec<(Range<usize>, usize, usize)> = clusters
            .into_iter()
            .map(|c| (c.bytes, c.code_points, c.utf16_units))
            .collect();
        assert_eq!(
            shape,
            vec![(0..1, 1, 1), (1..26, 7, 11), (26..29, 2, 2), (29..30, 1, 1)]
        );
    }

    #[test]
    fn a_stretch_sees_the_clusters_that_cross_its_edges() {
        let text = "xy👨\u{200D}👩\u{200D}👧\u{200D}👦z";
        let bytes = text.as_bytes();
        // Bytes 10..12 lie inside the family: the whole family is the one cluster there.
        let clusters = clusters_over(bytes, 10..12);
        assert_eq!(clusters.len(), 1);
        assert_eq!(clusters[0].bytes, 2..27);
        // Malformed sequences are one U+FFFD each, and a combining mark joins it.
        let clusters = clusters_over(b"\xC0\xAF\xCC\x81A", 0..5);
        let bytes: Vec<_> = clusters.iter().map(|c| c.bytes.clone()).collect();
        assert_eq!(bytes, vec![0..1, 1..4, 4..5]);
    }

    #[test]
    fn clusters_agree_with_the_whole_text_at_every_stretch() {
        let text = "ab👨\u{200D}👩\u{200D}👧e\u{301}\u{302}🇫🇷🇩🇪x\r\n한국어".repeat(4);
        let bytes = text.as_bytes();
        let whole = clusters_over(bytes, 0..bytes.len());
        assert_eq!(whole.len(), text.graphemes(true).count());
        for start in (0..bytes.len()).step_by(5) {
            let end = (start + 7).min(bytes.len());
            let expected: Vec<_> = whole
                .iter()
                .filter(|c| c.bytes.end > start && c.bytes.start < end)
                .cloned()
                .collect();
            assert_eq!(clusters_over(bytes, start..end), expected, "{start}..{end}");
        }
    }
}
