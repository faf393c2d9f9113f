//! The real-world mojibake evaluation set (tests/mojibake/eval.jsonl, built by
//! tests/mojibake/build_eval.py) and how `repair` is scored on it. Shared by the floors test
//! (tests/tests/mojibake_eval.rs) and the report (tests/examples/mojibake_eval.rs).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;

/// One line of eval.jsonl: a clean text (`class == "clean"`, `input == expected`) or a damaged one.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// `clean`, or the damage class (`lost bytes`, `legacy as legacy`, ...).
    pub class: String,
    /// For clean texts: what kind of text (names, prices, code, math...).
    #[serde(default)]
    pub kind: Option<String>,
    /// Where the clean text came from (package, locale, file).
    pub source: String,
    /// How the damage was done, codec by codec (damaged cases only).
    #[serde(default)]
    pub pipeline: Option<String>,
    /// What `repair` is given.
    pub input: String,
    /// What a perfect repair returns: the original, with U+FFFD where a byte was lost for good.
    pub expected: String,
    /// Whether information was lost (the expected text holds U+FFFD the original did not).
    pub lossy: bool,
    /// For lossy cases: the original text, which a repair that tells a lost character by its
    /// place gives back where `expected` holds U+FFFD (`“salted”` for `â€œsaltedâ€�`).
    #[serde(default)]
    pub original: Option<String>,
}

impl Case {
    /// Whether this is a clean text, which repair must leave alone.
    pub fn is_clean(&self) -> bool {
        self.class == "clean"
    }
}

/// The cases a pipeline that lowercases text after the damage makes of `cases` (search keys,
/// tags, slugs), or uppercases it with `upper` (headings, names in old databases): each one whose
/// input that changes, input and expected changed alike. A clean text stays clean; the pipeline
/// says `… → lowercased` or `… → uppercased`.
pub fn recased(cases: &[Case], upper: bool) -> Vec<Case> {
    let change = |text: &str| {
        if upper {
            text.to_uppercase()
        } else {
            text.to_lowercase()
        }
    };
    let how = if upper { "uppercased" } else { "lowercased" };
    cases
        .iter()
        .filter_map(|case| {
            let input = change(&case.input);
            (input != case.input).then(|| Case {
                input,
                expected: change(&case.expected),
                original: case.original.as_deref().map(change),
                pipeline: case.pipeline.as_ref().map(|p| format!("{p} → {how}")),
                ..case.clone()
            })
        })
        .collect()
}

/// The committed set's path.
pub fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("mojibake/eval.jsonl")
}

/// Every case of the committed set, in file order.
pub fn load() -> Vec<Case> {
    load_from(&path())
}

/// Every case of a set in eval.jsonl's format (tests/mojibake/real_legacy.py writes one), in file
/// order.
pub fn load_from(path: &std::path::Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (python3 tests/mojibake/build_eval.py)",
            path.display()
        )
    });
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// The outcome of repairing one case.
pub struct Outcome<'a> {
    /// The case.
    pub case: &'a Case,
    /// What `repair` returned.
    pub output: String,
    /// The first step's sentence, if there was a step.
    pub why: Option<String>,
}

impl Outcome<'_> {
    /// Whether the repair is exact (for clean texts: unchanged): the expected text, where a lossy
    /// case may also have the original's character at some of its U+FFFD.
    pub fn exact(&self) -> bool {
        if self.output == self.case.expected {
            return true;
        }
        let Some(original) = self.case.original.as_deref().filter(|_| self.case.lossy) else {
            return false;
        };
        let (output, expected): (Vec<char>, Vec<char>) = (
            self.output.chars().collect(),
            self.case.expected.chars().collect(),
        );
        let original: Vec<char> = original.chars().collect();
        output.len() == expected.len()
            && original.len() == expected.len()
            && (0..output.len()).all(|i| {
                output[i] == expected[i] || (expected[i] == '\u{FFFD}' && output[i] == original[i])
            })
    }
}

/// Repairs every `stride`-th case (all of them with 1).
pub fn run(cases: &[Case], stride: usize) -> Vec<Outcome<'_>> {
    cases
        .iter()
        .step_by(stride.max(1))
        .map(|case| {
            let fixed = utf8lens::mojibake::repair(&case.input);
            Outcome {
                case,
                why: fixed.steps.first().map(|s| s.sentence()),
                output: fixed.text,
            }
        })
        .collect()
}

/// Cases and exact repairs.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// Cases scored.
    pub cases: usize,
    /// Exact repairs (for clean texts: left unchanged).
    pub exact: usize,
}

impl Tally {
    /// Exact repairs in percent.
    pub fn percent(&self) -> f64 {
        if self.cases == 0 {
            100.0
        } else {
            100.0 * self.exact as f64 / self.cases as f64
        }
    }
}

/// The scores: clean texts, each damage class, and all damaged cases together.
#[derive(Debug, Default)]
pub struct Scores {
    /// Clean texts (exact = unchanged).
    pub clean: Tally,
    /// Per damage class.
    pub classes: BTreeMap<String, Tally>,
    /// Every damaged case.
    pub damaged: Tally,
}

/// Tallies outcomes.
pub fn score(outcomes: &[Outcome<'_>]) -> Scores {
    let mut scores = Scores::default();
    for o in outcomes {
        let exact = o.exact();
        let tally = if o.case.is_clean() {
            &mut scores.clean
        } else {
            scores.damaged.cases += 1;
            scores.damaged.exact += usize::from(exact);
            scores.classes.entry(o.case.class.clone()).or_default()
        };
        tally.cases += 1;
        tally.exact += usize::from(exact);
    }
    scores
}

/// The damage class of legacy bytes shown in another legacy charset.
pub const LEGACY: &str = "legacy as legacy";
