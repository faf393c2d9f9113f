//! The mojibake corpus: clean multilingual texts, and every way this crate can garble them.
//!
//! Deterministic: the same data gives the same corpus, case for case. The clean texts are the
//! sentences in `sentences.txt` (written for this corpus, 40+ languages, with typographic quotes and
//! emoji), pairs of them, and excerpts of 5 to 500 characters of the texts in
//! `unicode-lipsum` (read from the conformance folder at run time, never copied).
//!
//! Shared by the `mojibake_accuracy` example (the report) and `tests/tests/mojibake.rs` (the CI
//! thresholds), which includes this file by path.

use std::path::Path;

use utf8lens::charset::{self, Charset, Fallback};
use utf8lens::mojibake::garble_traced;
use utf8lens_testkit::Rng;

/// Our own sentences: `language<TAB>sentence` per line.
pub const SENTENCES: &str = include_str!("sentences.txt");

/// Excerpt lengths, in characters.
pub const LENGTHS: [usize; 11] = [5, 8, 12, 20, 30, 50, 80, 120, 200, 350, 500];

/// The texts a reader would call ordinary, and where each comes from.
#[derive(Debug, Clone)]
pub struct CleanText {
    /// `sentences:de`, `pair:fr`, `lipsum/Arabic-Lipsum`, `wikipedia_mars/greek`...
    pub source: String,
    pub text: String,
}

impl CleanText {
    pub fn chars(&self) -> usize {
        self.text.chars().count()
    }
}

/// How a case was garbled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Garbling {
    /// UTF-8 read as each charset in turn (one to three layers; the same charset or a mix).
    Utf8As(Vec<Charset>),
    /// The text encoded in `real` and shown as `shown`.
    LegacyAs { real: Charset, shown: Charset },
}

impl Garbling {
    /// A short label for reports: `windows-1252`, `windows-1251>windows-1252`, `ibm437 as iso-8859-1`.
    pub fn label(&self) -> String {
        match self {
            Garbling::Utf8As(layers) => layers
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(">"),
            Garbling::LegacyAs { real, shown } => format!("{real} as {shown}"),
        }
    }

    /// The report's group: `1 layer`, `2 layers, same charset`, `3 layers, mixed`, `legacy as legacy`.
    pub fn group(&self) -> &'static str {
        match self {
            Garbling::Utf8As(layers) => {
                let same = layers.windows(2).all(|w| w[0] == w[1]);
                match (layers.len(), same) {
                    (1, _) => "1 layer",
                    (2, true) => "2 layers, same charset",
                    (2, false) => "2 layers, mixed charsets",
                    (3, true) => "3 layers, same charset",
                    _ => "3 layers, mixed charsets",
                }
            }
            Garbling::LegacyAs { .. } => "legacy bytes shown as another legacy charset",
        }
    }
}

/// One garbled text and the original it came from.
#[derive(Debug, Clone)]
pub struct Case {
    /// Index into the clean texts.
    pub clean: usize,
    pub garbling: Garbling,
    pub garbled: String,
    /// Whether every byte survived every layer (no charset left one undefined), so that an exact
    /// repair is possible at all.
    pub reversible: bool,
}

/// Realistic legacy-to-legacy accidents: (the charset the bytes were in, the one they were shown as).
pub const LEGACY_PAIRS: [(Charset, Charset); 16] = [
    (Charset::Ibm437, Charset::Iso8859_1),
    (Charset::Ibm437, Charset::Windows1252),
    (Charset::Ibm850, Charset::Windows1252),
    (Charset::Ibm850, Charset::Iso8859_1),
    (Charset::Ibm866, Charset::Windows1251),
    (Charset::Koi8R, Charset::Windows1251),
    (Charset::Windows1251, Charset::Koi8R),
    (Charset::Windows1251, Charset::Windows1252),
    (Charset::Windows1251, Charset::Iso8859_1),
    (Charset::Windows1252, Charset::Macintosh),
    (Charset::Macintosh, Charset::Windows1252),
    (Charset::Windows1250, Charset::Windows1252),
    (Charset::Iso8859_2, Charset::Windows1252),
    (Charset::Windows1253, Charset::Windows1252),
    (Charset::Iso8859_7, Charset::Windows1252),
    (Charset::Windows1254, Charset::Windows1252),
];

/// The lipsum files the corpus reads, relative to the conformance folder.
pub fn lipsum_files(root: &Path) -> Result<Vec<std::path::PathBuf>, String> {
    let mut files = Vec::new();
    for dir in ["unicode-lipsum/lipsum", "unicode-lipsum/wikipedia_mars"] {
        let path = root.join(dir);
        let entries = std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", path.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".utf8.txt") {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(format!(
            "no *.utf8.txt under {}/unicode-lipsum",
            root.display()
        ));
    }
    Ok(files)
}

/// The clean texts: our sentences, pairs of them, and lipsum excerpts of every length in
/// [`LENGTHS`] (two per length from the lipsum files, one from each Wikipedia article).
pub fn clean_texts(root: &Path) -> Result<Vec<CleanText>, String> {
    clean_texts_with(root, 2, 1, 0)
}

/// Like [`clean_texts`], with the excerpts taken at other places: a held-out corpus for checking
/// that the repair heuristics were not tuned to the default one.
pub fn clean_texts_seeded(root: &Path, seed: u64) -> Result<Vec<CleanText>, String> {
    clean_texts_with(root, 2, 1, seed)
}

/// Many more excerpts, only to look for false positives (repairing clean text is cheap): `per_length`
/// excerpts of each length from every lipsum file and Wikipedia article.
pub fn clean_stress(root: &Path, per_length: usize) -> Result<Vec<CleanText>, String> {
    Ok(clean_texts_with(root, per_length, per_length, 0)?
        .into_iter()
        .filter(|t| !t.source.starts_with("sentences:") && !t.source.starts_with("pair:"))
        .collect())
}

fn clean_texts_with(
    root: &Path,
    per_lipsum: usize,
    per_article: usize,
    seed: u64,
) -> Result<Vec<CleanText>, String> {
    let mut texts = Vec::new();
    let sentences: Vec<(&str, &str)> = SENTENCES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .collect();
    for (lang, sentence) in &sentences {
        texts.push(CleanText {
            source: format!("sentences:{lang}"),
            text: (*sentence).to_owned(),
        });
    }
    for pair in sentences.windows(2) {
        if let [(lang, a), (other, b)] = pair {
            if lang == other {
                texts.push(CleanText {
                    source: format!("pair:{lang}"),
                    text: format!("{a} {b}"),
                });
            }
        }
    }
    let mut rng = Rng::new(2024 + per_lipsum as u64 * 1000 + per_article as u64 + seed * 1_000_003);
    for path in lipsum_files(root)? {
        let body =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let chars: Vec<char> = body.chars().collect();
        let stem = path
            .file_name()
            .map(|n| n.to_string_lossy().replace(".utf8.txt", ""))
            .unwrap_or_default();
        let folder = path
            .parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let per_length = if folder == "lipsum" {
            per_lipsum
        } else {
            per_article
        };
        for &len in &LENGTHS {
            for _ in 0..per_length {
                if chars.len() <= len {
                    continue;
                }
                // Start at a word boundary, as a person would quote.
                let mut start = rng.below(chars.len() - len);
                while start > 0 && !chars[start - 1].is_whitespace() && start + len < chars.len() {
                    start += 1;
                }
                let excerpt: String = chars[start..start + len].iter().collect();
                texts.push(CleanText {
                    source: format!("{folder}/{stem}"),
                    text: excerpt,
                });
            }
        }
    }
    Ok(texts)
}

/// UTF-8 of `text` read as each charset in turn, and whether every byte survived.
pub fn garble_layers(text: &str, layers: &[Charset]) -> (String, bool) {
    let mut current = text.to_owned();
    let mut reversible = true;
    for &cs in layers {
        let g = garble_traced(&current, cs);
        reversible &= g.is_reversible();
        current = g.text;
    }
    (current, reversible)
}

/// Every case: each clean text through every charset for one, two and three layers of the same
/// charset, four random mixes of two and of three charsets, and the legacy pairs it can be written
/// in. Garblings that change nothing (ASCII text) are left out.
pub fn cases(clean: &[CleanText]) -> Vec<Case> {
    let mut out = Vec::new();
    let mut rng = Rng::new(7);
    for (index, text) in clean.iter().enumerate() {
        let mut push = |garbling: Garbling, garbled: String, reversible: bool| {
            if garbled != text.text {
                out.push(Case {
                    clean: index,
                    garbling,
                    garbled,
                    reversible,
                });
            }
        };
        for cs in Charset::ALL {
            for rounds in 1..=3 {
                let layers = vec![cs; rounds];
                let (garbled, reversible) = garble_layers(&text.text, &layers);
                push(Garbling::Utf8As(layers), garbled, reversible);
            }
        }
        for rounds in [2, 3] {
            for _ in 0..4 {
                let layers: Vec<Charset> = (0..rounds).map(|_| *rng.pick(&Charset::ALL)).collect();
                if layers.windows(2).all(|w| w[0] == w[1]) {
                    continue;
                }
                let (garbled, reversible) = garble_layers(&text.text, &layers);
                push(Garbling::Utf8As(layers), garbled, reversible);
            }
        }
        for (real, shown) in LEGACY_PAIRS {
            let Ok(bytes) = charset::encode(&text.text, real, Fallback::Error) else {
                continue;
            };
            if bytes.is_ascii() {
                continue;
            }
            match charset::decode_fatal(&bytes, shown) {
                Ok(garbled) => push(Garbling::LegacyAs { real, shown }, garbled, true),
                Err(_) => push(
                    Garbling::LegacyAs { real, shown },
                    utf8lens::charset::decode(&bytes, shown),
                    false,
                ),
            }
        }
    }
    out
}
