//! Prints what `utf8lens::detect` says about files: the benchmark's runner (tests/detect/bench.py)
//! and a tool for people.
//!
//! ```text
//! cargo run --release -p utf8lens --example detect -- FILE...          # every candidate, with reasons
//! cargo run --release -p utf8lens --example detect -- --best FILE...   # "FILE<TAB>charset<TAB>language"
//! cargo run --release -p utf8lens --example detect -- --speed FILE     # MB/s over the file's bytes
//! cargo run -p utf8lens --example detect -- --json FILE...             # one JSON line per file
//! ```
//!
//! `--json` prints `{"file": ..., "candidates": [{"charset", "confidence", "language", "reasons"}]}`
//! for each file, which tests/npm/detect.test.mjs compares with the npm package's `detect`.
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let best_only = args.first().is_some_and(|a| a == "--best");
    let speed = args.first().is_some_and(|a| a == "--speed");
    let json = args.first().is_some_and(|a| a == "--json");
    if best_only || speed || json {
        args.remove(0);
    }
    for path in args {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        };
        if speed {
            // At least ~0.5 s of work, whole detections of the whole file.
            let start = Instant::now();
            let mut runs = 0u32;
            while runs < 3 || start.elapsed().as_secs_f64() < 0.5 {
                std::hint::black_box(utf8lens::detect::detect(std::hint::black_box(&bytes)));
                runs += 1;
            }
            let seconds = start.elapsed().as_secs_f64() / f64::from(runs);
            println!("{path}\t{:.1}", bytes.len() as f64 / seconds / 1e6);
            continue;
        }
        let detection = utf8lens::detect::detect(&bytes);
        if json {
            let candidates: Vec<String> = detection
                .candidates()
                .iter()
                .map(|c| {
                    let reasons: Vec<String> = c.reasons().iter().map(|r| quoted(r)).collect();
                    format!(
                        "{{\"charset\":{},\"confidence\":{:?},\"language\":{},\"reasons\":[{}]}}",
                        quoted(c.charset()),
                        c.confidence(),
                        c.language().map_or("null".to_string(), quoted),
                        reasons.join(",")
                    )
                })
                .collect();
            println!(
                "{{\"file\":{},\"candidates\":[{}]}}",
                quoted(&path),
                candidates.join(",")
            );
        } else if best_only {
            let best = detection.best();
            println!(
                "{path}\t{}\t{}",
                best.charset(),
                best.language().unwrap_or("-")
            );
        } else {
            println!("{path}:");
            for c in detection.candidates() {
                println!("  {c}");
            }
        }
    }
}

/// A JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
