//! "What is this?": the codec's charset detector (`utf8lens::detect`) on the bytes: the ranked
//! candidates with their reasons and a preview of each decoding; one click decodes the whole input
//! with a candidate, and a button saves that text as UTF-8. The CJK multi-byte candidates are
//! decoded by the browser's own `TextDecoder` (the codec has no CJK tables), as in the npm package.
//!
//! DOM contract: each candidate is an element with `data-candidate`, `data-rank` (1 = best) and
//! `data-charset`; the chosen decoding is `.detect-output` with `data-charset`.

use utf8lens::detect::{self, Candidate};
use yew::prelude::*;

use crate::format;
use crate::hooks::use_inspector;
use crate::state::{Action, Origin, FIELD_LIMIT};
use crate::visible::VisibleText;

/// The preview of each candidate: this many characters of its decoding.
const PREVIEW_CHARS: usize = 120;
/// The chosen decoding is shown up to this many characters (the download has all of it).
const SHOWN_CHARS: usize = 4000;

/// The detection of the bytes, with the candidates' charsets. Memoised per input by the caller.
pub fn detect_bytes(bytes: &[u8]) -> Vec<Candidate> {
    detect::detect(bytes).into_candidates()
}

/// `bytes` decoded as `charset`: the codec's tables, or for the CJK multi-byte encodings the
/// platform's `TextDecoder` (`None` outside a browser).
pub fn decode_as(bytes: &[u8], charset: &str) -> Option<String> {
    if let Some(text) = detect::decode(bytes, charset) {
        return Some(text);
    }
    match charset {
        "iso-2022-kr" => platform_decode(&iso_2022_kr_as_euc_kr(bytes), "euc-kr"),
        _ => platform_decode(bytes, charset),
    }
}

#[cfg(target_arch = "wasm32")]
fn platform_decode(bytes: &[u8], charset: &str) -> Option<String> {
    let decoder = web_sys::TextDecoder::new_with_label(charset).ok()?;
    decoder.decode_with_u8_array(bytes).ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn platform_decode(_bytes: &[u8], _charset: &str) -> Option<String> {
    None
}

/// ISO-2022-KR (RFC 1557) as the EUC-KR bytes of the same text, which `TextDecoder` decodes (the
/// WHATWG standard maps the label to its "replacement" decoder): the designation `ESC $ ) C` is
/// dropped, and the bytes 21–7E between SO (0E) and SI (0F) get their high bit.
pub fn iso_2022_kr_as_euc_kr(bytes: &[u8]) -> Vec<u8> {
    const DESIGNATION: &[u8] = b"\x1b$)C";
    let mut out = Vec::with_capacity(bytes.len());
    let mut shifted = false;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(DESIGNATION) {
            i += DESIGNATION.len();
            continue;
        }
        match bytes[i] {
            0x0e => shifted = true,
            0x0f => shifted = false,
            b => {
                if b == b'\n' || b == b'\r' {
                    shifted = false; // a line ends in ASCII (RFC 1557)
                }
                out.push(if shifted && (0x21..=0x7e).contains(&b) {
                    b | 0x80
                } else {
                    b
                });
            }
        }
        i += 1;
    }
    out
}

/// The first `limit` characters of `text`, and whether it was cut.
fn head(text: &str, limit: usize) -> (&str, bool) {
    match text.char_indices().nth(limit) {
        Some((i, _)) => (text.get(..i).unwrap_or(text), true),
        None => (text, false),
    }
}

/// A candidate's one-line summary: "windows-1251, 97%, Russian text".
pub fn summary(candidate: &Candidate) -> String {
    let percent = (candidate.confidence() * 100.0).round();
    match candidate.language() {
        Some(lang) => format!("{} ({percent}%, {lang})", candidate.charset()),
        None => format!("{} ({percent}%)", candidate.charset()),
    }
}

/// The file name a download gets: the input's name with `.utf8.txt`.
fn download_name(origin: &Origin) -> String {
    match origin {
        Origin::File(name) => {
            let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
            format!("{stem}.utf8.txt")
        }
        _ => "decoded.utf8.txt".to_string(),
    }
}

#[component]
pub fn DetectView() -> Html {
    let inspector = use_inspector();
    let candidates = use_memo(inspector.bytes.clone(), |b| detect_bytes(b));
    // The preview decodes a small head of the input only.
    let preview_bytes = use_memo(inspector.bytes.clone(), |b| {
        b.get(..(PREVIEW_CHARS * 4).min(b.len()))
            .unwrap_or_default()
            .to_vec()
    });
    let chosen = use_state(|| None::<&'static str>);
    let chosen_charset = (*chosen)
        .filter(|c| candidates.iter().any(|x| x.charset() == *c))
        .or_else(|| candidates.first().map(Candidate::charset));
    let decoded = use_memo(
        (inspector.bytes.clone(), chosen_charset),
        |(bytes, charset)| charset.and_then(|c| decode_as(bytes, c)),
    );
    let on_save = {
        let decoded = decoded.clone();
        let name = download_name(&inspector.origin);
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = decoded.as_ref() {
                save_as_utf8(text, &name);
            }
        })
    };
    let on_use = {
        let inspector = inspector.clone();
        let decoded = decoded.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = decoded.as_ref() {
                inspector.dispatch(Action::EditText(text.clone()));
            }
        })
    };
    let examined = inspector.bytes.len().min(detect::Detector::DEFAULT_LIMIT);
    html! {
        <div class="detect">
            <p class="detect-intro">
                { format!(
                    "Which charset are these bytes in? The detector weighs {} against byte order marks, UTF-16 and UTF-32, UTF-8, 35 single-byte charsets and the CJK encodings, and says why. Most likely first:",
                    format::plural(examined, "byte", "bytes"),
                ) }
            </p>
            <ol class="detect-candidates">
                { for candidates.iter().enumerate().map(|(i, c)| {
                    let rank = i + 1;
                    let charset = c.charset();
                    let preview = decode_as(&preview_bytes, charset);
                    let selected = chosen_charset == Some(charset);
                    let onclick = {
                        let chosen = chosen.clone();
                        Callback::from(move |_: MouseEvent| chosen.set(Some(charset)))
                    };
                    html! {
                        <li class={classes!("candidate", selected.then_some("candidate-chosen"))}
                            data-candidate=""
                            data-rank={rank.to_string()}
                            data-charset={charset}
                            data-confidence={format!("{:.4}", c.confidence())}>
                            <div class="candidate-head">
                                <span class="candidate-rank">{ format!("{rank}.") }</span>
                                <strong class="charset-name">{ charset }</strong>
                                <meter class="candidate-confidence" min="0" max="1"
                                       value={c.confidence().to_string()}
                                       aria-label={format!("confidence of {charset}")}></meter>
                                <span>{ format!("{}%", (c.confidence() * 100.0).round()) }</span>
                                if let Some(lang) = c.language() {
                                    <span class="candidate-language" title="language (ISO 639-1)">{ lang }</span>
                                }
                                <button type="button" class="link-button" onclick={onclick}
                                        aria-pressed={selected.to_string()}>
                                    { format!("Decode as {charset}") }
                                </button>
                            </div>
                            <ul class="candidate-reasons">
                                { for c.reasons().iter().map(|r| html! { <li>{ r.clone() }</li> }) }
                            </ul>
                            <p class="candidate-preview">
                                { match preview {
                                    Some(text) => {
                                        let (shown, cut) = head(&text, PREVIEW_CHARS);
                                        html! {
                                            <>
                                                <VisibleText text={AttrValue::from(shown.to_owned())} />
                                                if cut { { "…" } }
                                            </>
                                        }
                                    }
                                    None => html! { <em>{ "This browser cannot decode it." }</em> },
                                } }
                            </p>
                        </li>
                    }
                }) }
            </ol>
            if let Some(charset) = chosen_charset {
                <section class="detect-chosen" aria-labelledby="detect-chosen-heading">
                    <h3 id="detect-chosen-heading">{ format!("Decoded as {charset}") }</h3>
                    { match decoded.as_ref() {
                        Some(text) => {
                            let (shown, cut) = head(text, SHOWN_CHARS);
                            html! {
                                <>
                                    <pre class="detect-output" data-charset={charset}>
                                        { shown.to_owned() }
                                        if cut { { "\n…" } }
                                    </pre>
                                    <div class="detect-actions">
                                        <button type="button" class="detect-save" onclick={on_save}>
                                            { "Save as UTF-8" }
                                        </button>
                                        if text.len() <= FIELD_LIMIT {
                                            <button type="button" class="detect-use" onclick={on_use}>
                                                { "Use the decoded text as input" }
                                            </button>
                                        }
                                    </div>
                                </>
                            }
                        }
                        None => html! { <p>{ "This browser's TextDecoder does not know this charset." }</p> },
                    } }
                </section>
            }
        </div>
    }
}

/// Offers `text` as a download of its UTF-8 bytes (a Blob and a temporary link).
#[cfg(target_arch = "wasm32")]
fn save_as_utf8(text: &str, name: &str) {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(text.as_bytes()));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(link) = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        link.set_href(&url);
        link.set_download(name);
        link.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

#[cfg(not(target_arch = "wasm32"))]
fn save_as_utf8(_text: &str, _name: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_2022_kr_becomes_euc_kr() {
        // "한" is B0 A1... in EUC-KR: here 30 21 between SO and SI.
        assert_eq!(
            iso_2022_kr_as_euc_kr(b"\x1b$)Ca\x0e\x30\x21\x0fb\n"),
            b"a\xb0\xa1b\n"
        );
        assert_eq!(iso_2022_kr_as_euc_kr(b"\x0e\x30\x0a\x21"), b"\xb0\n\x21");
    }

    #[test]
    fn candidates_decode_with_the_codec_tables() {
        let bytes = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0?";
        let candidates = detect_bytes(bytes);
        assert_eq!(candidates[0].charset(), "windows-1251");
        assert_eq!(
            decode_as(bytes, candidates[0].charset()).as_deref(),
            Some("Привет, как дела?")
        );
        assert!(summary(&candidates[0]).starts_with("windows-1251 ("));
        // CJK needs the browser's TextDecoder.
        assert_eq!(decode_as(b"\x93\xfa", "shift_jis"), None);
    }

    #[test]
    fn downloads_are_named_after_the_file() {
        assert_eq!(
            download_name(&Origin::File("menu.txt".into())),
            "menu.utf8.txt"
        );
        assert_eq!(download_name(&Origin::Text), "decoded.utf8.txt");
    }
}
