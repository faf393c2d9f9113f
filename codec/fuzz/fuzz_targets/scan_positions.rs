//! The scanner (`sanitize::scan`) under each preset and its fix:
//!
//! - it never panics;
//! - every finding's byte range lies inside the input, and findings come in input order;
//! - every line and column is a real position of the file: the line exists, and the column is at
//!   most one past the last character of that line; both agree with a slow recount from the top;
//! - it finds exactly what the sanitiser reports under the same policy (without its rewriting
//!   steps), and after the preset's fix (`Policy::fixing`, what `utf8lens scan --fix` writes) a
//!   scan by the fix finds nothing.
//!
//! Input: one byte choosing the preset, then the file's bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::sanitize::{sanitize, scan, Location, Policy, Preset, Rule};
use utf8lens_fuzz::Options;

/// The line and column of `offset`, counted from the top: lines end after LF, CR LF or a lone CR;
/// columns count characters of the lossy decoding.
fn recount(bytes: &[u8], offset: usize) -> Location {
    let before = &bytes[..offset];
    let mut line = 1;
    let mut start = 0;
    for (i, &b) in before.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
            start = i + 1;
        }
    }
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    Location { line, column }
}

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let preset = Preset::ALL[usize::from(options.byte()) % Preset::ALL.len()];
    let bytes = options.rest();
    let policy = preset.policy();
    let findings = scan(bytes, &policy);

    let lines = 1 + bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
        .count();
    let mut last = 0;
    for finding in &findings {
        let range = &finding.range;
        assert!(
            range.start <= range.end && range.end <= bytes.len(),
            "range {range:?} of {}",
            bytes.len()
        );
        assert!(range.start >= last, "findings in input order: {findings:?}");
        last = range.start;
        assert!(
            finding.line >= 1 && finding.line <= lines,
            "line {} of {lines}",
            finding.line
        );
        let expected = recount(bytes, range.start);
        assert_eq!(
            (finding.line, finding.column),
            (expected.line, expected.column),
            "position of {finding:?}"
        );
        let _ = (finding.to_string(), finding.rule.name(), finding.found.reason());
    }

    // The same findings as the sanitiser's report without its rewriting steps, in the same order.
    let report = sanitize(
        bytes,
        &Policy {
            normalization: None,
            repair_mojibake: false,
            ..policy
        },
    );
    let kinds: Vec<_> = findings
        .iter()
        .map(|f| (f.range.clone(), f.found.kind()))
        .collect();
    let expected: Vec<_> = report
        .changes
        .iter()
        .map(|c| (c.input.clone(), c.found.kind()))
        .collect();
    assert_eq!(kinds, expected, "scan and sanitize disagree under {preset}");

    // After the fix (what `utf8lens scan --fix` writes), a scan by the fix finds nothing.
    let fixed = sanitize(bytes, &policy.fixing());
    // Only confusable words can be left: they are flagged, never rewritten (UTS #39; the sanitiser
    // does not change letters), by the fix as by the check.
    let left = scan(fixed.text.as_bytes(), &policy.fixing());
    assert!(
        left.iter().all(|f| f.rule == Rule::Confusable),
        "left after the fix under {preset}: {left:?}"
    );
});
