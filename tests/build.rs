//! Tells the tests whether they are compiled with optimisations.
//!
//! The exhaustive suite checks about 100 million inputs. It does so in seconds when optimised
//! (`[profile.test.package.utf8lens-tests] opt-level = 3` in the workspace root), but an
//! unoptimised build would take many minutes, so the 4-byte sweep then falls back to a smaller,
//! byte-class-complete plan and says so on stderr. Cargo hands build scripts the profile's
//! `OPT_LEVEL`; there is no `cfg` for it otherwise.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(utf8lens_tests_optimized)");
    println!("cargo:rerun-if-changed=build.rs");
    let opt_level = std::env::var("OPT_LEVEL").unwrap_or_default();
    if opt_level != "0" && !opt_level.is_empty() {
        println!("cargo:rustc-cfg=utf8lens_tests_optimized");
    }
}
