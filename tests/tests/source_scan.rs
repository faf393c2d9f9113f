//! No markup from strings: the app and the npm package never turn text into HTML.
//!
//! The inspector shows whatever a visitor pastes, and the package's `sanitizeDocument` walks live
//! pages; one `innerHTML` fed with user data is a cross-site scripting hole, and the
//! Content-Security-Policy in index.html is the second line of defence, not the first. This test
//! scans the sources of the app (web/, static/, index.html) and of the package (codec/js/npm/, the JS
//! snippets in codec/js/src/) for every API that parses a string as HTML or as code, and fails on
//! any use. A use that is genuinely safe (static markup, no user data) must say so on its line with
//! `source-scan: allow(<api>) <why>`, so that a reviewer sees the claim.

use std::path::{Path, PathBuf};

/// APIs that parse a string as HTML or run it as code, as they appear in source.
const FORBIDDEN: &[(&str, &str)] = &[
    ("innerHTML", "parses a string as HTML"),
    ("outerHTML", "parses a string as HTML"),
    ("insertAdjacentHTML", "parses a string as HTML"),
    ("setHTMLUnsafe", "parses a string as HTML"),
    ("parseHTMLUnsafe", "parses a string as HTML"),
    ("createContextualFragment", "parses a string as HTML"),
    ("document.write", "parses a string as HTML"),
    ("srcdoc", "a document from a string"),
    (
        "dangerously_set_inner_html",
        "raw HTML in a Rust web framework",
    ),
    ("dangerouslySetInnerHTML", "raw HTML in a JS framework"),
    ("from_html_unchecked", "Yew's raw HTML node"),
    ("set_inner_html", "web-sys innerHTML"),
    ("set_outer_html", "web-sys outerHTML"),
    ("insert_adjacent_html", "web-sys insertAdjacentHTML"),
    ("eval(", "runs a string as code"),
    ("new Function(", "runs a string as code"),
];

/// Where the app's and the package's sources are, from the project root.
const ROOTS: &[&str] = &[
    "web",
    "static",
    "index.html",
    "codec/js/npm",
    "codec/js/src",
];
const EXTENSIONS: &[&str] = &["rs", "js", "mjs", "cjs", "ts", "html"];
const SKIP_DIRS: &[&str] = &["node_modules", "target", "dist", "pkg"];

fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if SKIP_DIRS.contains(&name) {
            return;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", path.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            collect(&entry, out);
        }
    } else if path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e))
    {
        out.push(path.to_path_buf());
    }
}

/// The code of a line: without a `//` comment (one that starts the line or follows whitespace, so
/// that `https://` stays).
fn code_of(line: &str) -> &str {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") || trimmed.starts_with("* ") || trimmed.starts_with("/*") {
        return "";
    }
    match line.find(" //") {
        Some(at) => &line[..at],
        None => line,
    }
}

/// Whether `code` uses `api` as a name of its own: not the tail of a longer identifier
/// (Playwright's `$$eval(` is not `eval(`).
fn uses(code: &str, api: &str) -> bool {
    code.match_indices(api).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
    })
}

/// The forbidden APIs used on `line`, unless the line allows them by name.
fn findings(line: &str) -> Vec<&'static str> {
    let code = code_of(line);
    FORBIDDEN
        .iter()
        .map(|&(api, _)| api)
        .filter(|api| {
            uses(code, api)
                && !line.contains(&format!(
                    "source-scan: allow({})",
                    api.trim_end_matches('(')
                ))
        })
        .collect()
}

#[test]
fn no_html_or_code_from_strings_in_the_app_or_the_package() {
    let root = project_root();
    let mut files = Vec::new();
    for relative in ROOTS {
        let path = root.join(relative);
        if path.exists() {
            collect(&path, &mut files);
        }
    }
    // The scan must see the app and the package, or it proves nothing.
    let seen = |part: &str| files.iter().any(|f| f.to_string_lossy().contains(part));
    assert!(
        seen("web/src/") && seen("codec/js/npm/") && seen("index.html"),
        "the scan found too little: {files:?}"
    );

    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        for (number, line) in text.lines().enumerate() {
            for api in findings(line) {
                let why = FORBIDDEN
                    .iter()
                    .find(|(a, _)| *a == api)
                    .map_or("", |(_, w)| w);
                problems.push(format!(
                    "{}:{}: {api} ({why}): {}",
                    file.strip_prefix(&root).unwrap_or(file).display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    eprintln!(
        "source scan: {} files of the app and the package, {} forbidden uses",
        files.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "HTML or code made from strings (set text with textContent / Yew's text nodes instead, \
         or mark a static use with `source-scan: allow(<api>) <why>`):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_scanner_sees_what_it_must() {
    assert_eq!(findings("el.innerHTML = text;"), ["innerHTML"]);
    assert_eq!(
        findings("element.set_inner_html(&input);"),
        ["set_inner_html"]
    );
    assert_eq!(
        findings("Html::from_html_unchecked(AttrValue::from(s))"),
        ["from_html_unchecked"]
    );
    assert_eq!(findings("  eval(code)"), ["eval("]);
    assert_eq!(
        findings("div.insertAdjacentHTML('beforeend', x)"),
        ["insertAdjacentHTML"]
    );
    // Comments, text APIs and allowed uses are fine.
    assert!(findings("// never use innerHTML here").is_empty());
    assert!(findings("node.textContent = text; // not innerHTML").is_empty());
    assert!(findings(
        "el.innerHTML = \"<b>x</b>\"; // source-scan: allow(innerHTML) static markup"
    )
    .is_empty());
    assert!(findings("page.$$eval('.cell', f)").is_empty());
    assert!(findings("let evaluation = retrieval(x);").is_empty());
}
