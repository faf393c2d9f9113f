//! Locating `../shared/conformance` and the fail-in-CI, skip-elsewhere rule.

use std::io::ErrorKind as IoErrorKind;
use std::path::{Path, PathBuf};

/// The external conformance data: `../shared/conformance` seen from the project root.
pub fn conformance_root() -> PathBuf {
    // CARGO_MANIFEST_DIR is <project>/tests, so the project root is one level up.
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance")
}

/// Whether missing data must fail the test: the environment says `CI=true` (or `1`).
pub fn data_required() -> bool {
    std::env::var("CI")
        .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "true" | "1"))
}

/// Reads `relative` (a path under the conformance root).
///
/// Returns `None` after a note on stderr when the file does not exist and [`data_required`] is
/// false; the caller then returns early. Panics when the file is missing in CI, and on any other
/// I/O error, which is never a reason to skip.
pub fn read(relative: &str) -> Option<Vec<u8>> {
    let path = conformance_root().join(relative);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == IoErrorKind::NotFound => {
            if data_required() {
                panic!(
                    "CI=true but conformance data file {} is missing",
                    path.display()
                );
            }
            eprintln!(
                "SKIPPED: {} not found (this is a failure when CI=true)",
                path.display()
            );
            None
        }
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    }
}

/// Like [`read`], for files that must be UTF-8 text.
pub fn read_text(relative: &str) -> Option<String> {
    read(relative).map(|bytes| {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{relative} is not UTF-8: {e}"))
    })
}

/// The WHATWG single-byte index `index-<name>.txt` as a table for bytes 0x80..=0xFF
/// (`None` = unmapped pointer). Lines are `pointer<TAB>0xCODEPOINT<TAB>...`, byte = 0x80 + pointer.
pub fn whatwg_single_byte_index(name: &str) -> Option<[Option<char>; 128]> {
    let text = read_text(&format!("whatwg-encoding/index-{name}.txt"))?;
    let mut table = [None; 128];
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let (Some(pointer), Some(code_point)) = (fields.next(), fields.next()) else {
            panic!("index-{name}.txt: malformed line {line:?}");
        };
        let pointer: usize = pointer
            .parse()
            .unwrap_or_else(|_| panic!("bad pointer in {line:?}"));
        let code_point = code_point
            .strip_prefix("0x")
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
            .unwrap_or_else(|| panic!("bad code point in {line:?}"));
        assert!(
            pointer < 128,
            "index-{name}.txt: pointer {pointer} out of range"
        );
        table[pointer] = Some(code_point);
    }
    Some(table)
}
