//! Real text from `../shared/conformance/unicode-lipsum/`: every UTF-8 file validates like std
//! as a whole, and the same text with one byte corrupted at many positions still agrees with std
//! (so long, mostly valid inputs reach the fast path and then the error paths at every
//! distance from a 64-byte block boundary).

use utf8lens_tests::oracle::check_against_std;
use utf8lens_tests::{data, summary};

const LIPSUM: [&str; 9] = [
    "Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian",
];

/// Bytes that break well-formed text in different ways: a stray continuation byte, a never-valid
/// byte, a lead byte, and the two leads with restricted second bytes.
const CORRUPTIONS: [u8; 5] = [0x80, 0xC0, 0xE2, 0xED, 0xF4];

#[test]
fn lipsum_texts_whole_and_corrupted() {
    let mut files = 0;
    let mut checked = 0;
    for language in LIPSUM {
        let Some(text) = data::read(&format!("unicode-lipsum/lipsum/{language}-Lipsum.utf8.txt"))
        else {
            return;
        };
        assert!(
            std::str::from_utf8(&text).is_ok(),
            "{language} lipsum is valid UTF-8"
        );
        check_against_std(&text)
            .unwrap_or_else(|e| panic!("{language}: {}", &e[..e.len().min(500)]));
        files += 1;
        // A 2 KiB window keeps each check cheap; 257 positions step through it unevenly so
        // that every offset modulo 64 is hit.
        let window = &text[..text.len().min(2048)];
        for i in 0..257 {
            let position = (i * 997) % window.len();
            for bad in CORRUPTIONS {
                let mut corrupted = window.to_vec();
                corrupted[position] = bad;
                if let Err(e) = check_against_std(&corrupted) {
                    panic!(
                        "{language} with byte {position} set to {bad:02X}: {}",
                        &e[..e.len().min(500)]
                    );
                }
                checked += 1;
            }
        }
    }
    summary("lipsum files validated whole", files, LIPSUM.len());
    summary(
        "lipsum 2 KiB windows with one byte corrupted",
        checked,
        LIPSUM.len() * 257 * CORRUPTIONS.len(),
    );
}
