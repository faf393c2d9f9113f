//! Measures `utf8lens::mojibake::repair` on the mojibake corpus and prints the accuracy tables of
//! docs/MOJIBAKE.md.
//!
//! ```text
//! cargo run --release -p utf8lens --example mojibake_accuracy [-- OPTIONS]
//!
//!   --data DIR        the conformance folder (default: ../shared/conformance beside the project)
//!   --stride N        repair only every N-th garbled case (default 1: all of them)
//!   --failures N      print up to N failed repairs per group (default 0)
//!   --stress N        N more clean excerpts of each length per lipsum file, for false positives
//!                     only (default 20)
//!   --seed N          take the lipsum excerpts at other places (a held-out corpus; default 0)
//!   --export FILE     also write every case as JSON lines, with our repair, for
//!                     codec/examples/mojibake_accuracy/ftfy_compare.py
//! ```
//!
//! A repair is exact when it returns the original text character for character. The targets are
//! measured on originals of at least 20 characters whose garbling kept every byte (reversible).

mod corpus;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use corpus::{cases, clean_texts, Garbling};
use utf8lens::mojibake::repair;

#[derive(Default, Clone, Copy)]
struct Tally {
    cases: usize,
    exact: usize,
}

impl Tally {
    fn add(&mut self, exact: bool) {
        self.cases += 1;
        self.exact += usize::from(exact);
    }

    fn percent(&self) -> String {
        if self.cases == 0 {
            "–".to_owned()
        } else {
            format!("{:.2}%", 100.0 * self.exact as f64 / self.cases as f64)
        }
    }
}

#[derive(Default, Clone, Copy)]
struct Row {
    long: Tally,
    short: Tally,
    irreversible: usize,
}

struct Options {
    data: PathBuf,
    stride: usize,
    failures: usize,
    export: Option<PathBuf>,
    stress: usize,
    seed: u64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        data: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance"),
        stride: 1,
        failures: 0,
        export: None,
        stress: 20,
        seed: 0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--data" => o.data = PathBuf::from(value()?),
            "--stride" => o.stride = value()?.parse().map_err(|e| format!("--stride: {e}"))?,
            "--failures" => {
                o.failures = value()?.parse().map_err(|e| format!("--failures: {e}"))?
            }
            "--export" => o.export = Some(PathBuf::from(value()?)),
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--stress" => o.stress = value()?.parse().map_err(|e| format!("--stress: {e}"))?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    o.stride = o.stride.max(1);
    Ok(o)
}

fn json(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7F}' || ('\u{80}'..='\u{9F}').contains(&c) => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("mojibake_accuracy: {e}");
            std::process::exit(2);
        }
    };
    let clean = match if o.seed == 0 {
        clean_texts(&o.data)
    } else {
        corpus::clean_texts_seeded(&o.data, o.seed)
    } {
        Ok(c) => c,
        Err(e) => {
            eprintln!("mojibake_accuracy: cannot read the corpus: {e}");
            std::process::exit(2);
        }
    };
    let mut export = o.export.as_ref().map(|p| {
        std::io::BufWriter::new(
            std::fs::File::create(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        )
    });
    let started = Instant::now();

    // Clean texts: any change is a false positive.
    let mut false_positives = Vec::new();
    let languages: std::collections::BTreeSet<&str> = clean
        .iter()
        .filter_map(|c| c.source.strip_prefix("sentences:"))
        .collect();
    for text in &clean {
        let fixed = repair(&text.text);
        if fixed.text != text.text {
            false_positives.push((text, fixed));
        }
        if let Some(w) = export.as_mut() {
            let _ = writeln!(
                w,
                "{{\"group\":\"clean\",\"label\":{},\"long\":{},\"reversible\":true,\"original\":{},\"garbled\":{},\"ours\":{}}}",
                json(&text.source),
                text.chars() >= 20,
                json(&text.text),
                json(&text.text),
                json(&repair(&text.text).text)
            );
        }
    }

    // A larger set of clean excerpts, only for false positives.
    let stress = corpus::clean_stress(&o.data, o.stress).unwrap_or_default();
    for text in &stress {
        let fixed = repair(&text.text);
        if fixed.text != text.text {
            false_positives.push((text, fixed));
        }
    }

    let all_cases = cases(&clean);
    let mut groups: BTreeMap<&'static str, Row> = BTreeMap::new();
    let mut by_charset: BTreeMap<String, Row> = BTreeMap::new();
    let mut by_pair: BTreeMap<String, Row> = BTreeMap::new();
    let mut failures: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut repaired = 0;
    for case in all_cases.iter().step_by(o.stride) {
        let original = &clean[case.clean];
        let long = original.chars() >= 20;
        let fixed = repair(&case.garbled);
        repaired += 1;
        let exact = fixed.text == original.text;
        let rows: Vec<&mut Row> = {
            let mut v = vec![groups.entry(case.garbling.group()).or_default()];
            match &case.garbling {
                Garbling::Utf8As(layers) if layers.len() == 1 => {
                    v.push(by_charset.entry(layers[0].name().to_owned()).or_default())
                }
                Garbling::LegacyAs { .. } => {
                    v.push(by_pair.entry(case.garbling.label()).or_default())
                }
                _ => {}
            }
            v
        };
        for row in rows {
            match (case.reversible, long) {
                (false, _) => row.irreversible += 1,
                (true, true) => row.long.add(exact),
                (true, false) => row.short.add(exact),
            }
        }
        if case.reversible && long && !exact {
            let shown = failures.entry(case.garbling.group()).or_default();
            if *shown < o.failures {
                *shown += 1;
                println!(
                    "FAIL [{}] {} ({} chars, {})\n  original: {:?}\n  garbled:  {:?}\n  got:      {:?}\n  steps:    {:?}",
                    case.garbling.group(),
                    case.garbling.label(),
                    original.chars(),
                    original.source,
                    original.text,
                    case.garbled,
                    fixed.text,
                    fixed.steps.iter().map(|s| format!("{}→{}", s.encode, s.decode)).collect::<Vec<_>>()
                );
            }
        }
        if let Some(w) = export.as_mut() {
            let _ = writeln!(
                w,
                "{{\"group\":{},\"label\":{},\"long\":{},\"reversible\":{},\"original\":{},\"garbled\":{},\"ours\":{}}}",
                json(case.garbling.group()),
                json(&case.garbling.label()),
                long,
                case.reversible,
                json(&original.text),
                json(&case.garbled),
                json(&fixed.text)
            );
        }
    }

    println!("## Corpus\n");
    println!(
        "{} clean texts ({} from our sentences in {} languages and their pairs, the rest excerpts of {} to {} characters from unicode-lipsum); {} garbled cases, {} repaired (stride {}).\n",
        clean.len(),
        clean.iter().filter(|c| c.source.starts_with("sentences:") || c.source.starts_with("pair:")).count(),
        languages.len(),
        corpus::LENGTHS[0],
        corpus::LENGTHS[corpus::LENGTHS.len() - 1],
        all_cases.len(),
        repaired,
        o.stride
    );
    println!("## Exact repairs by kind of damage\n");
    println!("| damage | cases ≥ 20 chars | exact | cases < 20 chars | exact | not reversible (not scored) |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (group, row) in &groups {
        println!(
            "| {group} | {} | {} | {} | {} | {} |",
            row.long.cases,
            row.long.percent(),
            row.short.cases,
            row.short.percent(),
            row.irreversible
        );
    }
    println!("\n## One layer, by charset (UTF-8 read as ...)\n");
    println!("| charset | cases ≥ 20 chars | exact | cases < 20 chars | exact | not reversible |");
    println!("|---|---:|---:|---:|---:|---:|");
    for cs in utf8lens::charset::Charset::ALL {
        if let Some(row) = by_charset.get(cs.name()) {
            println!(
                "| {} | {} | {} | {} | {} | {} |",
                cs.name(),
                row.long.cases,
                row.long.percent(),
                row.short.cases,
                row.short.percent(),
                row.irreversible
            );
        }
    }
    println!("\n## Legacy bytes shown as another legacy charset\n");
    println!("| bytes as shown | cases ≥ 20 chars | exact | cases < 20 chars | exact |");
    println!("|---|---:|---:|---:|---:|");
    for (pair, row) in &by_pair {
        println!(
            "| {pair} | {} | {} | {} | {} |",
            row.long.cases,
            row.long.percent(),
            row.short.cases,
            row.short.percent()
        );
    }
    println!("\n## Clean texts\n");
    println!(
        "{} clean texts and {} more excerpts, {} changed by repair (false positives).",
        clean.len(),
        stress.len(),
        false_positives.len()
    );
    for (text, fixed) in &false_positives {
        println!(
            "  FALSE POSITIVE {}: {:?} -> {:?}",
            text.source, text.text, fixed.text
        );
    }
    eprintln!(
        "mojibake_accuracy: {repaired} repairs in {:.1?}",
        started.elapsed()
    );
}
