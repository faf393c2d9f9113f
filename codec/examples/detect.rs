//! Prints what `utf8lens::detect` says about files: the benchmark's runner (tests/detect/bench.py)
//! and a tool for people.
//!
//! ```text
//! cargo run --release -p utf8lens --example detect -- FILE...          # every candidate, with reasons
//! cargo run --release -p utf8lens --example detect -- --best FILE...   # "FILE<TAB>charset<TAB>language"
//! cargo run --release -p utf8lens --example detect -- --speed FILE     # MB/s over the file's bytes
//! ```
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let best_only = args.first().is_some_and(|a| a == "--best");
    let speed = args.first().is_some_and(|a| a == "--speed");
    if best_only || speed {
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
        if best_only {
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
