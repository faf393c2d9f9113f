//! Throughput of utf8lens's `validate` and `decode_lossy` against std, simdutf8 and encoding_rs, on the
//! lipsum texts simdutf and simdutf8 benchmark on (`../shared/conformance/unicode-lipsum`), each
//! repeated to 64 KiB and to 1 MiB and cut at a character boundary.
//!
//! ```text
//! cargo bench -p utf8lens --bench throughput                            # full run, ~2-3 minutes
//! UTF8LENS_BENCH_QUICK=1 cargo bench -p utf8lens --bench throughput     # seconds: builds and runs
//! cargo bench -p utf8lens --bench throughput -- validate/Russian        # criterion's name filter
//! ```
//!
//! Criterion measures and prints each benchmark (time and throughput). Criterion does not compare
//! benchmarks with each other, so every routine here is timed through `iter_custom`, which also
//! keeps a copy of each sample's time per iteration; at the end the median of each benchmark's
//! samples (criterion's own "median" statistic over the same samples) gives the ratio table
//! ours/peer. A missing data file is skipped with a note, or panics when `CI=true`.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use utf8lens_testkit::Rng;

/// The lipsum texts: Latin is pure ASCII; the others exercise two-, three- and four-byte sequences.
const TEXTS: [&str; 6] = ["Latin", "Russian", "Chinese", "Emoji", "Arabic", "Japanese"];

/// The seed of the 1 MiB of random bytes that `errors` runs on (uniform bytes: an error every ~2.4).
const RANDOM_SEED: u64 = 0x2545_F491;

/// Samples per benchmark in a full run; criterion needs at least 10.
const FULL_SAMPLE_SIZE: usize = 50;
const QUICK_SAMPLE_SIZE: usize = 10;

/// Each call of a timed routine: benchmark id -> nanoseconds per iteration, in call order. The last
/// `sample_size` calls of a benchmark are its measured samples (earlier calls are warm-up).
static CALLS: Mutex<BTreeMap<String, Vec<f64>>> = Mutex::new(BTreeMap::new());

fn quick() -> bool {
    std::env::var("UTF8LENS_BENCH_QUICK").is_ok_and(|v| v == "1")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

fn lipsum_path(name: &str) -> PathBuf {
    // codec/ -> project root -> ../shared
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/conformance/unicode-lipsum/lipsum")
        .join(format!("{name}-Lipsum.utf8.txt"))
}

/// Reads one lipsum text; `None` (with a note) when it is missing outside CI.
fn load(name: &str) -> Option<Vec<u8>> {
    let path = lipsum_path(name);
    match std::fs::read(&path) {
        Ok(bytes) => {
            assert!(
                std::str::from_utf8(&bytes).is_ok(),
                "{} is not valid UTF-8",
                path.display()
            );
            Some(bytes)
        }
        Err(e) if in_ci() => panic!(
            "benchmark data {} is missing ({e}); CI needs ../shared/conformance beside the project",
            path.display()
        ),
        Err(e) => {
            eprintln!(
                "note: skipping {name}: cannot read {} ({e})",
                path.display()
            );
            None
        }
    }
}

/// Russian lipsum with every 97th byte replaced by FF, so the lossy decoders take their slow
/// path about once per 50 characters (FF also breaks the sequence it lands in).
fn with_errors(text: &[u8]) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for b in bytes.iter_mut().skip(48).step_by(97) {
        *b = 0xFF;
    }
    bytes
}

/// `text` repeated to `size` bytes and cut back to the last character boundary.
fn sized(text: &[u8], size: usize) -> Vec<u8> {
    let mut bytes: Vec<u8> = text.iter().copied().cycle().take(size).collect();
    while bytes.last().is_some_and(|&b| b >= 0x80) && std::str::from_utf8(&bytes).is_err() {
        bytes.pop();
    }
    bytes
}

/// How many maximal subparts std's `Utf8Chunks` finds.
fn std_error_count(bytes: &[u8]) -> usize {
    bytes
        .utf8_chunks()
        .filter(|c| !c.invalid().is_empty())
        .count()
}

/// Registers one benchmark whose every timing is also recorded in [`CALLS`].
fn bench<O>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    input: &[u8],
    routine: impl Fn(&[u8]) -> O,
) {
    let key = id.to_string();
    let name = id.rsplit('/').next().unwrap_or(id).to_string();
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(routine(black_box(input)));
            }
            let elapsed = start.elapsed();
            let per_iter = elapsed.as_nanos() as f64 / iters.max(1) as f64;
            CALLS
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(key.clone())
                .or_default()
                .push(per_iter);
            elapsed
        })
    });
}

fn median_ns(id: &str, sample_size: usize) -> Option<f64> {
    let calls = CALLS.lock().unwrap_or_else(|p| p.into_inner());
    let all = calls.get(id)?;
    let mut samples: Vec<f64> = all.iter().rev().take(sample_size).copied().collect();
    samples.sort_by(f64::total_cmp);
    let n = samples.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(samples[n / 2]),
        _ => Some((samples[n / 2 - 1] + samples[n / 2]) / 2.0),
    }
}

fn main() {
    let sample_size = if quick() {
        QUICK_SAMPLE_SIZE
    } else {
        FULL_SAMPLE_SIZE
    };
    let mut criterion = if quick() {
        Criterion::default()
            .sample_size(QUICK_SAMPLE_SIZE)
            .warm_up_time(Duration::from_millis(20))
            .measurement_time(Duration::from_millis(100))
            .nresamples(1000)
    } else {
        Criterion::default()
            .sample_size(FULL_SAMPLE_SIZE)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(2))
    }
    .configure_from_args();

    let texts: Vec<(String, Vec<u8>)> = TEXTS
        .iter()
        .filter_map(|&name| Some((name.to_string(), load(name)?)))
        .collect();
    if texts.is_empty() {
        eprintln!("note: no lipsum text found; nothing to benchmark");
        return;
    }

    // (row label, input size, our id, peer ids)
    let mut comparisons: Vec<(String, usize, String, Vec<String>)> = Vec::new();

    for (size_name, size) in [("64KiB", 64 << 10), ("1MiB", 1 << 20)] {
        for (name, text) in &texts {
            let input = sized(text, size);
            let mut group = criterion.benchmark_group(format!("validate/{name}-{size_name}"));
            group.throughput(Throughput::Bytes(input.len() as u64));
            let ids = [
                "utf8lens",
                "std",
                "simdutf8-basic",
                "simdutf8-compat",
                "encoding_rs",
            ]
            .map(|f| format!("validate/{name}-{size_name}/{f}"));
            bench(&mut group, &ids[0], &input, |b| {
                utf8lens::validate(b).is_ok()
            });
            bench(&mut group, &ids[1], &input, |b| {
                std::str::from_utf8(b).is_ok()
            });
            bench(&mut group, &ids[2], &input, |b| {
                simdutf8::basic::from_utf8(b).is_ok()
            });
            bench(&mut group, &ids[3], &input, |b| {
                simdutf8::compat::from_utf8(b).is_ok()
            });
            bench(&mut group, &ids[4], &input, |b| {
                encoding_rs::Encoding::utf8_valid_up_to(b) == b.len()
            });
            group.finish();
            let [ours, peers @ ..] = ids;
            comparisons.push((
                format!("validate {name} {size_name}"),
                input.len(),
                ours,
                peers.to_vec(),
            ));
        }
    }

    let mut lossy_inputs: Vec<(String, Vec<u8>)> = texts.clone();
    if let Some((_, russian)) = texts.iter().find(|(name, _)| name == "Russian") {
        lossy_inputs.push(("Russian-FF-every-97".to_string(), with_errors(russian)));
    }
    for (name, text) in &lossy_inputs {
        let mut group = criterion.benchmark_group(format!("decode_lossy/{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        let ids = ["utf8lens", "std"].map(|f| format!("decode_lossy/{name}/{f}"));
        bench(&mut group, &ids[0], text, |b| {
            utf8lens::decode_lossy(b).len()
        });
        bench(&mut group, &ids[1], text, |b| {
            String::from_utf8_lossy(b).len()
        });
        group.finish();
        let [ours, peer] = ids;
        comparisons.push((format!("decode_lossy {name}"), text.len(), ours, vec![peer]));
    }

    // errors(): every malformed sequence, on 1 MiB of random bytes (an error every ~2.4 bytes), on
    // valid text (Russian, 1 MiB) and on Russian with FF every 97th byte. The peer lists the same
    // errors through std's `Utf8Chunks` (offset and length; no kind).
    let mut error_inputs: Vec<(String, Vec<u8>)> = vec![(
        "random-1MiB".to_string(),
        Rng::new(RANDOM_SEED).bytes(1 << 20),
    )];
    if let Some((_, russian)) = texts.iter().find(|(name, _)| name == "Russian") {
        let mut valid = Vec::with_capacity(1 << 20);
        while valid.len() + russian.len() <= 1 << 20 {
            valid.extend_from_slice(russian);
        }
        error_inputs.push(("Russian-1MiB".to_string(), valid.clone()));
        error_inputs.push(("Russian-FF-every-97".to_string(), with_errors(&valid)));
    }
    for (name, bytes) in &error_inputs {
        let mut group = criterion.benchmark_group(format!("errors/{name}"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let ids = ["utf8lens", "std-utf8-chunks"].map(|f| format!("errors/{name}/{f}"));
        assert_eq!(
            utf8lens::errors(bytes).count(),
            std_error_count(bytes),
            "errors/{name}: utf8lens and std disagree"
        );
        bench(&mut group, &ids[0], bytes, |b| {
            utf8lens::errors(b)
                .map(|e| e.offset() + e.len())
                .fold(0, usize::wrapping_add)
        });
        bench(&mut group, &ids[1], bytes, |b| {
            let mut offset = 0;
            let mut sum = 0usize;
            for chunk in b.utf8_chunks() {
                offset += chunk.valid().len();
                if !chunk.invalid().is_empty() {
                    sum = sum.wrapping_add(offset + chunk.invalid().len());
                    offset += chunk.invalid().len();
                }
            }
            sum
        });
        group.finish();
        let [ours, peer] = ids;
        comparisons.push((format!("errors {name}"), bytes.len(), ours, vec![peer]));
    }

    criterion.final_summary();
    // `cargo bench` passes --bench; without it (`cargo test --benches`) criterion runs each
    // routine once, untimed in any useful sense, so there are no ratios to show.
    if std::env::args().any(|arg| arg == "--bench") {
        print_ratios(&comparisons, sample_size);
    }
}

/// Prints each benchmark's median throughput and the ratio of throughputs utf8lens/peer (above 1:
/// utf8lens is faster), as the wasm and npm benchmarks do.
fn print_ratios(comparisons: &[(String, usize, String, Vec<String>)], sample_size: usize) {
    let mb_per_s = |bytes: usize, ns: f64| bytes as f64 / ns * 1e9 / 1e6;
    println!();
    println!("Median of each benchmark's {sample_size} samples; ratio = utf8lens MB/s / peer MB/s (above 1.00: utf8lens is faster).");
    if quick() {
        println!("UTF8LENS_BENCH_QUICK=1: too few samples for these numbers to mean anything.");
    }
    println!(
        "{:<34} {:>12}  {:<16} {:>12} {:>7}",
        "benchmark", "utf8lens", "peer", "peer", "ratio"
    );
    for (label, len, ours, peers) in comparisons {
        let Some(ours_ns) = median_ns(ours, sample_size) else {
            continue;
        };
        for peer in peers {
            let Some(peer_ns) = median_ns(peer, sample_size) else {
                continue;
            };
            let peer_name = peer.rsplit('/').next().unwrap_or(peer);
            println!(
                "{label:<34} {:>7.0} MB/s  {peer_name:<16} {:>7.0} MB/s {:>7.2}",
                mb_per_s(*len, ours_ns),
                mb_per_s(*len, peer_ns),
                peer_ns / ours_ns
            );
        }
    }
}
