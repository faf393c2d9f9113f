//! Repair on real-world text (issue 13): the damage the issue reproduced, and the floors measured
//! on the evaluation set tests/mojibake/eval.jsonl (built by tests/mojibake/build_eval.py;
//! docs/MOJIBAKE.md). The full report: `cargo run --release -p utf8lens-tests --example
//! mojibake_eval`, and beside ftfy: `python3 tests/mojibake/run.py`.

#[path = "../mojibake/eval_set.rs"]
#[allow(dead_code)] // shared with the report, which reads more of it
mod eval_set;

use utf8lens::mojibake::repair;

/// The issue's table: clean texts an earlier repair damaged, and damage it left alone.
#[test]
fn the_issues_table() {
    for clean in ["Size: 12×…", "Since 1999—∞", "Ω≈ç√∫", "ÀÉÎÕÜ"] {
        let fixed = repair(clean);
        assert_eq!(
            fixed.text,
            clean,
            "{:?}",
            fixed.steps.first().map(|s| s.sentence())
        );
        assert!(fixed.steps.is_empty());
    }
    // "Спасибо" in UTF-8 read as windows-1252, its byte 81 (undefined there) stored as "?": the
    // "с" lost a byte for good. Repair gives U+FFFD for it (not a guess) and says so.
    let fixed = repair("Ð¡Ð¿Ð°Ñ?Ð¸Ð±Ð¾");
    assert_eq!(fixed.text, "Спа\u{FFFD}ибо");
    assert_eq!(fixed.steps[0].lost, 1);
    assert!(fixed.steps[0]
        .sentence()
        .contains("One character had lost a byte for good"));
    // "à" (C3 A0) whose no-break space became a plain space, beside correct text.
    let fixed = repair("Ã  bientôt");
    assert_eq!(fixed.text, "à bientôt");
    assert_eq!(fixed.steps[0].spaces, 1);
}

/// The measured floors on the committed set, as regression guards: they may only go up.
#[test]
fn floors_on_the_real_world_set() {
    let cases = eval_set::load();
    // Unoptimised builds take every third case; the test profile of this workspace optimises.
    let stride = if cfg!(debug_assertions) && !cfg!(utf8lens_tests_optimized) {
        3
    } else {
        1
    };
    let outcomes = eval_set::run(&cases, stride);
    let scores = eval_set::score(&outcomes);
    let changed: Vec<_> = outcomes
        .iter()
        .filter(|o| o.case.is_clean() && !o.exact())
        .map(|o| (&o.case.input, &o.output))
        .collect();
    eprintln!(
        "real-world set: {} of {} clean texts changed; damaged {}/{} = {:.2}%",
        changed.len(),
        scores.clean.cases,
        scores.damaged.exact,
        scores.damaged.cases,
        scores.damaged.percent()
    );
    for (class, t) in &scores.classes {
        eprintln!("  {class}: {}/{} = {:.2}%", t.exact, t.cases, t.percent());
    }
    // Issue 13's goal, reached: repair changes no clean text of the set.
    assert!(changed.is_empty(), "clean texts changed: {changed:?}");
    let floor = |class: &str, percent: f64| {
        let t = scores.classes.get(class).copied().unwrap_or_default();
        assert!(
            t.percent() >= percent,
            "{class}: {:.2}% < {percent}%",
            t.percent()
        );
    };
    floor("utf8 as windows-1252/latin-1", 97.0);
    floor("utf8 as other charset", 92.5);
    floor("2 layers", 99.0);
    floor("3 layers", 96.5);
    floor("emoji through cesu-8", 99.0);
    floor("sloppy windows-125x", 98.0);
    floor("mixed", 94.5);
    floor("no-break space lost", 87.5);
    floor("lost bytes", 48.5);
    floor("indic and thai", 92.5);
    floor(eval_set::LEGACY, 39.0);
    assert!(
        scores.damaged.percent() >= 84.9,
        "{:.2}%",
        scores.damaged.percent()
    );
}
