//! Markus Kuhn's UTF-8 decoder stress test (`../shared/conformance/kuhn-utf8-test/UTF-8-test.txt`).
//!
//! Its own `|` column assumes one U+FFFD per malformed sequence in Kuhn's sense, which is not the
//! Unicode maximal-subpart rule, so it is not used. Instead, per line, the number of U+FFFD that
//! `decode_lossy` produces must equal the number of maximal subparts std's `Utf8Chunks` finds, and
//! a table of items has counts worked out by hand from the rule.

use utf8lens::{Replacement, StreamDecoder};
use utf8lens_tests::oracle::{check_against_std, BOM};
use utf8lens_tests::{data, summary};

const FILE: &str = "kuhn-utf8-test/UTF-8-test.txt";

/// U+FFFD that decoding `line` produced: those in the output minus those already in the input.
fn produced_fffd(line: &[u8]) -> usize {
    let in_output = utf8lens::decode_lossy(line)
        .chars()
        .filter(|&c| c == char::REPLACEMENT_CHARACTER)
        .count();
    let in_input: usize = line
        .utf8_chunks()
        .map(|c| {
            c.valid()
                .chars()
                .filter(|&c| c == char::REPLACEMENT_CHARACTER)
                .count()
        })
        .sum();
    in_output - in_input
}

/// Maximal subparts in `line`, per std: one per non-empty `Utf8Chunk::invalid()`.
fn maximal_subparts(line: &[u8]) -> usize {
    line.utf8_chunks()
        .filter(|c| !c.invalid().is_empty())
        .count()
}

#[test]
fn every_line_has_one_fffd_per_maximal_subpart() {
    let Some(file) = data::read(FILE) else { return };
    assert_eq!(file.len(), 22_781, "the byte-exact 2015-08-28 edition");
    let mut total = 0;
    let mut failures = Vec::new();
    let lines: Vec<&[u8]> = file.split(|&b| b == b'\n').collect();
    for (i, line) in lines.iter().enumerate() {
        // 0x0A is never part of a multi-byte sequence, so lines can be decoded on their own.
        let (got, want) = (produced_fffd(line), maximal_subparts(line));
        total += want;
        if got != want {
            failures.push(format!(
                "line {}: {got} U+FFFD, std finds {want} maximal subparts: {:?}",
                i + 1,
                String::from_utf8_lossy(line)
            ));
        }
    }
    let whole = utf8lens::errors(&file).count();
    eprintln!("kuhn: {total} maximal subparts in the file, errors() reports {whole}");
    summary(
        "kuhn UTF-8-test.txt lines (U+FFFD count = maximal subparts)",
        lines.len() - failures.len(),
        lines.len(),
    );
    for failure in &failures {
        eprintln!("  FAIL {failure}");
    }
    assert!(failures.is_empty());
    assert_eq!(whole, total);
}

/// Splits the file into numbered items ("3.1.9", "4.1.1", ...): a line that starts with a
/// section number opens an item and unnumbered lines continue it, so the 64 continuation bytes of
/// 3.1.9, spread over four lines, count as one item.
fn items(file: &[u8]) -> Vec<(String, Vec<&[u8]>)> {
    let mut items: Vec<(String, Vec<&[u8]>)> = vec![(String::new(), Vec::new())];
    for line in file.split(|&b| b == b'\n') {
        let number_len = line
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b'.')
            .count();
        let numbered =
            number_len > 0 && line[0].is_ascii_digit() && line.get(number_len) == Some(&b' ');
        if numbered {
            let label = String::from_utf8_lossy(&line[..number_len])
                .trim_end_matches('.')
                .to_string();
            items.push((label, Vec::new()));
        }
        items.last_mut().expect("never empty").1.push(line);
    }
    items
}

/// U+FFFD per item, worked out by hand from the maximal-subpart rule (a valid lead byte plus
/// the continuation bytes that can still follow it is one subpart; every other byte is its own):
#[rustfmt::skip]
const HAND_CHECKED: &[(&str, usize, &str)] = &[
    ("2.1.4", 0, "F0 90 80 80 is U+10000"),
    ("2.1.5", 5, "F8 88 80 80 80: F8 never valid, then four lone continuation bytes"),
    ("2.1.6", 6, "FC 84 80 80 80 80: FC, then five continuation bytes"),
    ("2.2.4", 4, "F7 BF BF BF: F7 never valid (beyond U+10FFFF), then three"),
    ("2.3.3", 0, "EF BF BD is a genuine U+FFFD, not a produced one"),
    ("2.3.4", 0, "F4 8F BF BF is U+10FFFF"),
    ("2.3.5", 4, "F4 90 80 80: F4 allows only 80..8F next, so F4 alone, then three"),
    ("3.1.1", 1, "80"),
    ("3.1.2", 1, "BF"),
    ("3.1.3", 2, "80 BF"),
    ("3.1.8", 7, "seven continuation bytes, one each"),
    ("3.1.9", 64, "all 64 continuation bytes over four lines"),
    ("3.2.1", 32, "C0..DF each followed by a space: 32 lone lead bytes"),
    ("3.2.2", 16, "E0..EF each followed by a space"),
    ("3.2.3", 8, "F0..F7 each followed by a space"),
    ("3.2.4", 4, "F8..FB"),
    ("3.2.5", 2, "FC FD"),
    ("3.3.1", 1, "C0 alone"),
    ("3.3.2", 2, "E0 80: E0 needs A0..BF next, so E0 and 80 separately"),
    ("3.3.3", 3, "F0 80 80: F0 needs 90..BF next"),
    ("3.3.6", 1, "DF cut short by the quote: one truncated subpart"),
    ("3.3.7", 1, "EF BF cut short: one truncated subpart of two bytes"),
    ("3.3.8", 3, "F7 BF BF: F7 never valid, then two"),
    ("3.3.10", 5, "FD BF BF BF BF"),
    ("3.4", 29, "C0|E0|80|F0|80|80|F8|80x3|FC|80x4|DF|EF BF|F7|BF BF|FB|BFx3|FD|BFx4 = 1+2+3+4+5+1+1+3+4+5"),
    ("3.5.1", 1, "FE"),
    ("3.5.3", 4, "FE FE FF FF"),
    ("4.1.1", 2, "C0 AF"),
    ("4.1.2", 3, "E0 80 AF"),
    ("4.1.3", 4, "F0 80 80 AF"),
    ("4.1.4", 5, "F8 80 80 80 AF"),
    ("4.1.5", 6, "FC 80 80 80 80 AF"),
    ("4.2.1", 2, "C1 BF"),
    ("4.2.2", 3, "E0 9F BF"),
    ("4.2.3", 4, "F0 8F BF BF"),
    ("4.2.5", 6, "FC 83 BF BF BF BF"),
    ("4.3.1", 2, "C0 80"),
    ("4.3.2", 3, "E0 80 80"),
    ("4.3.5", 6, "FC 80 80 80 80 80"),
    ("5.1.1", 3, "ED A0 80: ED allows only 80..9F next"),
    ("5.1.7", 3, "ED BF BF"),
    ("5.2.1", 6, "ED A0 80 ED B0 80"),
    ("5.2.8", 6, "ED AF BF ED BF BF"),
    ("5.3.1", 0, "U+FFFE is a noncharacter but well-formed"),
    ("5.3.4", 0, "U+nFFFE U+nFFFF over two lines, all well-formed"),
];

#[test]
fn hand_checked_items() {
    let Some(file) = data::read(FILE) else { return };
    let items = items(&file);
    let mut failures = Vec::new();
    for &(label, expected, why) in HAND_CHECKED {
        let lines = &items
            .iter()
            .find(|(l, _)| l == label)
            .unwrap_or_else(|| panic!("no item {label}"))
            .1;
        let got: usize = lines.iter().map(|line| produced_fffd(line)).sum();
        if got != expected {
            failures.push(format!(
                "{label}: expected {expected} U+FFFD ({why}), got {got}"
            ));
        }
    }
    summary(
        "kuhn hand-checked items",
        HAND_CHECKED.len() - failures.len(),
        HAND_CHECKED.len(),
    );
    for failure in &failures {
        eprintln!("  FAIL {failure}");
    }
    assert!(failures.is_empty());
}

/// Every entry point on the whole file: no panic, and the views agree with std and each other.
#[test]
fn whole_file_through_every_entry_point() {
    let Some(file) = data::read(FILE) else { return };
    check_against_std(&file).unwrap_or_else(|e| panic!("{}", &e[..e.len().min(2000)]));
    for policy in [
        Replacement::Fffd,
        Replacement::Drop,
        Replacement::Latin1,
        Replacement::Windows1252,
    ] {
        let _ = utf8lens::decode_with(&file, policy);
    }
    assert_eq!(utf8lens::encode_utf8b(&utf8lens::decode_utf8b(&file)), file);
    assert_eq!(utf8lens::byte_roles(&file).len(), file.len());
    for offset in 0..=file.len() {
        let start = utf8lens::char_start(&file, offset);
        assert_eq!(start.is_some(), offset < file.len());
    }
    let units = utf8lens::utf8_to_utf16(&file);
    assert_eq!(
        utf8lens::utf16_to_utf8(&units),
        String::from_utf8_lossy(&file)
    );
    // Byte by byte through a streaming decoder, fatal and not.
    let mut lossy = StreamDecoder::new(false, false);
    let mut text = String::new();
    for byte in &file {
        text.push_str(
            &lossy
                .decode(std::slice::from_ref(byte), true)
                .expect("non-fatal never fails"),
        );
    }
    text.push_str(&lossy.decode(&[], false).expect("non-fatal never fails"));
    assert!(!file.starts_with(&BOM));
    assert_eq!(text, String::from_utf8_lossy(&file));
    let mut fatal = StreamDecoder::new(true, false);
    let errors = file
        .iter()
        .filter(|&b| fatal.decode(std::slice::from_ref(b), true).is_err())
        .count();
    let flush = usize::from(fatal.decode(&[], false).is_err());
    eprintln!("kuhn: whole file through every entry point ok; fatal byte-by-byte decoder raised {} errors", errors + flush);
}
