//! Measures `utf8lens::mojibake::repair` on the real-world evaluation set (tests/mojibake/eval.jsonl) and
//! prints the table of docs/MOJIBAKE.md: clean texts changed, exact repairs per damage class.
//!
//! ```text
//! cargo run --release -p utf8lens-tests --example mojibake_eval [-- OPTIONS]
//!
//!   --quick           every 7th case (a few seconds; the short form of the test command)
//!   --misses N        list up to N failed cases per class (default 0; clean changes: 20)
//!   --class NAME      only this class (with --misses, to study one)
//!   --export FILE     every scored case as a JSON line with our output, for
//!                     tests/mojibake/run.py (which adds ftfy's score on the same cases)
//!   --strict          exit with status 1 when a clean text was changed (issue 13's goal; the
//!                     floors test tests/tests/mojibake_eval.rs guards the measured state)
//!   --set FILE        another set in eval.jsonl's format instead of the committed one
//!                     (tests/mojibake/real_legacy.py: legacy as legacy on real text)
//!   --lowercased      the set's cases as a pipeline that lowercases text after the damage
//!                     makes them (each case lowercasing changes, input and expected lowered)
//!   --uppercased      the same, uppercased
//!   --long            instead of the set: repair's speed on long texts, each text of
//!                     ../shared/conformance/unicode-lipsum/lipsum whole (clean) and as its
//!                     UTF-8 read as windows-1252 (garbled), in MB/s; then one run of
//!                     letters with no space, 4,000 and 16,000 characters long, of several
//!                     shapes, with how much longer the longer one takes (4 when linear)
//! ```

#[path = "../mojibake/eval_set.rs"]
#[allow(dead_code)] // shared with the floors test, which reads more of it
mod eval_set;

use std::io::Write;
use std::time::Instant;

fn main() {
    let mut stride = 1;
    let mut misses = 0;
    let mut only: Option<String> = None;
    let mut export: Option<String> = None;
    let mut strict = false;
    let mut set: Option<std::path::PathBuf> = None;
    let mut recased: Option<bool> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => stride = 7,
            "--misses" => misses = args.next().and_then(|n| n.parse().ok()).unwrap_or(10),
            "--class" => only = args.next(),
            "--export" => export = args.next(),
            "--strict" => strict = true,
            "--set" => set = args.next().map(Into::into),
            "--lowercased" => recased = Some(false),
            "--uppercased" => recased = Some(true),
            "--long" => {
                long_texts();
                return;
            }
            other => {
                eprintln!("mojibake_eval: unknown option {other} (see the file's header)");
                std::process::exit(2);
            }
        }
    }
    let path = set.unwrap_or_else(eval_set::path);
    let mut cases = eval_set::load_from(&path);
    if let Some(upper) = recased {
        cases = eval_set::recased(&cases, upper);
    }
    if let Some(class) = &only {
        cases.retain(|c| c.class == *class);
    }
    let started = Instant::now();
    let outcomes = eval_set::run(&cases, stride);
    let took = started.elapsed();
    let scores = eval_set::score(&outcomes);

    let input_bytes: usize = outcomes.iter().map(|o| o.case.input.len()).sum();
    println!(
        "mojibake_eval: {} cases of {}{} ({} KB) in {:.2} s ({:.3} MB/s){}",
        outcomes.len(),
        path.display(),
        match recased {
            Some(true) => ", uppercased",
            Some(false) => ", lowercased",
            None => "",
        },
        input_bytes / 1000,
        took.as_secs_f64(),
        input_bytes as f64 / 1e6 / took.as_secs_f64().max(1e-9),
        if stride > 1 {
            " (--quick: every 7th)"
        } else {
            ""
        }
    );
    println!();
    println!("| cases | n | exact | exact % |");
    println!("|---|---:|---:|---:|");
    let clean = scores.clean;
    println!(
        "| clean texts left unchanged | {} | {} | {:.2}% |",
        clean.cases,
        clean.exact,
        clean.percent()
    );
    for (class, t) in &scores.classes {
        println!(
            "| {class} | {} | {} | {:.2}% |",
            t.cases,
            t.exact,
            t.percent()
        );
    }
    let d = scores.damaged;
    println!(
        "| **all damaged** | {} | {} | **{:.2}%** |",
        d.cases,
        d.exact,
        d.percent()
    );
    println!();
    let changed: Vec<_> = outcomes
        .iter()
        .filter(|o| o.case.is_clean() && !o.exact())
        .collect();
    println!("clean texts changed: {}", changed.len());
    for o in changed.iter().take(misses.max(20)) {
        println!(
            "  {:?} -> {:?} ({}) {}",
            o.case.input,
            o.output,
            o.case.source,
            o.why.as_deref().unwrap_or("")
        );
    }
    if misses > 0 {
        let mut shown = std::collections::BTreeMap::<&str, usize>::new();
        for o in outcomes.iter().filter(|o| !o.case.is_clean() && !o.exact()) {
            let n = shown.entry(&o.case.class).or_default();
            *n += 1;
            if *n <= misses {
                println!(
                    "miss [{}] {}\n   input    {:?}\n   expected {:?}\n   got      {:?}",
                    o.case.class,
                    o.case.pipeline.as_deref().unwrap_or(""),
                    o.case.input,
                    o.case.expected,
                    o.output
                );
            }
        }
    }
    if let Some(path) = export {
        let mut file = std::io::BufWriter::new(
            std::fs::File::create(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        );
        for o in &outcomes {
            let line = serde_json::json!({
                "class": o.case.class,
                "pipeline": o.case.pipeline,
                "input": o.case.input,
                "expected": o.case.expected,
                "ours": o.output,
            });
            writeln!(file, "{line}").unwrap_or_else(|e| panic!("{path}: {e}"));
        }
    }
    if strict && !changed.is_empty() {
        std::process::exit(1);
    }
}

/// `--long`: repair on each lipsum text whole, clean and garbled (its UTF-8 read as
/// windows-1252), with the time and MB/s of each. A missing file is skipped with a note, or is a
/// failure under `CI=true`.
fn long_texts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/unicode-lipsum/lipsum");
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    println!("| text | bytes | clean: s | MB/s | changed | garbled: s | MB/s | repaired |");
    println!("|---|---:|---:|---:|---|---:|---:|---|");
    for name in [
        "Latin", "Russian", "Arabic", "Hebrew", "Hindi", "Chinese", "Japanese", "Korean", "Emoji",
    ] {
        let path = dir.join(format!("{name}-Lipsum.utf8.txt"));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if ci => panic!("{}: {e}", path.display()),
            Err(e) => {
                println!("| {name} | skipped: {}: {e} |", path.display());
                continue;
            }
        };
        let timed = |input: &str| {
            let started = Instant::now();
            let out = utf8lens::mojibake::repair(input).text;
            (out, started.elapsed().as_secs_f64().max(1e-9))
        };
        let (clean_out, clean_s) = timed(&text);
        let garbled = utf8lens::mojibake::garble(&text, utf8lens::charset::Charset::Windows1252);
        let (garbled_out, garbled_s) = timed(&garbled);
        println!(
            "| {name} | {} | {clean_s:.3} | {:.2} | {} | {garbled_s:.3} | {:.2} | {} |",
            text.len(),
            text.len() as f64 / 1e6 / clean_s,
            if clean_out == text { "no" } else { "yes" },
            garbled.len() as f64 / 1e6 / garbled_s,
            if garbled_out == text { "yes" } else { "no" },
        );
    }
    long_words();
}

/// One run of letters with no space in it, 4,000 and 16,000 characters long, in several shapes
/// that make the rules which look at a changed character's word look at it again and again: a
/// table of Latin capitals, UTF-8 read as windows-1252 with no space, capitals after small letters
/// as Mac OS Roman shows windows-1252, camel humps, a run of Latin-1 characters in a fixed
/// pseudo-random order. Prints each length's time and their ratio: 4 when the time is linear in
/// the length, 16 when it is quadratic.
fn long_words() {
    // A fixed linear congruential sequence: the same characters every run.
    let mut seed: u32 = 1;
    let latin1: String = (0..16_000)
        .map(|_| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            char::from(0xC0 + ((seed >> 16) % 0x40) as u8)
        })
        .collect();
    let shapes: [(&str, &str); 7] = [
        ("table of capitals", "ÀÁÂÃÄÅÆÇ"),
        ("UTF-8 as windows-1252", "Ð¿Ñ€Ð¸Ð²ÐµÑ‚"),
        ("one letter as windows-1252", "Ã©"),
        ("Mac capitals in words", "marÁo"),
        ("capital after two letters", "abÁc"),
        ("camel humps", "setÄnderung"),
        ("Latin-1 letters", ""),
    ];
    println!();
    println!("| one run of letters | 4,000: s | 16,000: s | ratio |");
    println!("|---|---:|---:|---:|");
    for (name, unit) in shapes {
        let text = |n: usize| -> String {
            if unit.is_empty() {
                latin1.chars().take(n).collect()
            } else {
                unit.chars().cycle().take(n).collect()
            }
        };
        let timed = |input: &str| {
            let started = Instant::now();
            let _ = utf8lens::mojibake::repair(input);
            started.elapsed().as_secs_f64().max(1e-9)
        };
        let short = timed(&text(4_000));
        let long = timed(&text(16_000));
        println!(
            "| {name} (`{}`) | {short:.3} | {long:.3} | {:.1} |",
            text(12),
            long / short
        );
    }
}
