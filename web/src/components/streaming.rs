//! Streaming: the bytes cut into chunks of a chosen size, as a network or a file reader delivers
//! them, and what the codec's [`utf8lens::StreamDecoder`] makes of each: a sequence split by a
//! chunk boundary is held back and carried into the next chunk. Beside it, decoding each chunk on
//! its own shows what goes wrong without that.

use utf8lens::StreamDecoder;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::format;
use crate::hooks::use_inspector;
use crate::notation::Notation;
use crate::state::Action;
use crate::visible::VisibleText;

/// The view streams at most this many bytes.
const LIMIT: usize = 256;

struct Chunk {
    range: std::ops::Range<usize>,
    carried_in: Vec<u8>,
    output: String,
    held: Vec<u8>,
    naive: String,
}

fn stream(bytes: &[u8], size: usize) -> (Vec<Chunk>, String) {
    let mut decoder = StreamDecoder::new(false, true);
    let mut chunks = Vec::new();
    let mut carried: Vec<u8> = Vec::new();
    for (i, piece) in bytes.chunks(size.max(1)).enumerate() {
        let start = i * size;
        // Not fatal, so decoding cannot fail; an error would only come in fatal mode.
        let output = decoder.decode(piece, true).unwrap_or_default();
        let held = decoder.held_bytes().to_vec();
        chunks.push(Chunk {
            range: start..start + piece.len(),
            carried_in: std::mem::replace(&mut carried, held.clone()),
            output,
            held,
            naive: utf8lens::decode_lossy(piece).into_owned(),
        });
    }
    let end = decoder.decode(&[], false).unwrap_or_default();
    (chunks, end)
}

#[component]
pub fn Streaming() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all.get(..LIMIT.min(all.len())).unwrap_or_default();
    let size = inspector.chunk_size;
    let (chunks, end) = stream(bytes, size);
    let streamed: String = chunks
        .iter()
        .map(|c| c.output.as_str())
        .chain([end.as_str()])
        .collect();
    let naive: String = chunks.iter().map(|c| c.naive.as_str()).collect();
    let whole = utf8lens::decode_lossy(bytes).into_owned();

    let on_size = {
        let inspector = inspector.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = value.trim().parse::<usize>() {
                inspector.dispatch(Action::SetChunkSize(n));
            }
        })
    };
    let preset = |n: usize| {
        let inspector = inspector.clone();
        Callback::from(move |_: MouseEvent| inspector.dispatch(Action::SetChunkSize(n)))
    };

    html! {
        <div class="streaming">
            <div class="field chunk-field">
                <label for="chunk-size">{ "Chunk size in bytes" }</label>
                <input id="chunk-size" type="number" min="1" max="64" value={size.to_string()} oninput={on_size} />
                <span class="chunk-presets" role="group" aria-label="Common chunk sizes">
                    { for [1usize, 2, 3, 4, 5, 8, 16].into_iter().map(|n| html! {
                        <button type="button" aria-pressed={(n == size).to_string()} onclick={preset(n)}>{ n }</button>
                    }) }
                </span>
            </div>
            if all.len() > LIMIT {
                <p class="note">{ format!("The first {} of {} are streamed.", format::size(LIMIT), format::size(all.len())) }</p>
            }
            if bytes.is_empty() {
                <p class="empty">{ "No bytes to stream." }</p>
            } else {
                <ol class="chunks">
                    { for chunks.iter().enumerate().map(|(i, c)| html! {
                        <li class="chunk" data-chunk={i.to_string()}
                            data-held={Notation::Hex.format(&c.held)}
                            data-output={c.output.clone()}>
                            <p class="chunk-head">{ match c.range.len() {
                                1 => format!("Chunk {}: byte {}", i + 1, c.range.start),
                                _ => format!("Chunk {}: bytes {}–{}", i + 1, c.range.start, c.range.end.saturating_sub(1)),
                            } }</p>
                            <p class="chunk-bytes mono">
                                if !c.carried_in.is_empty() {
                                    <span class="carried" title="held back from the previous chunk">{ Notation::Hex.format(&c.carried_in) }</span>
                                    { " + " }
                                }
                                { Notation::Hex.format(bytes.get(c.range.clone()).unwrap_or_default()) }
                            </p>
                            <p class="chunk-output">
                                { "Decoded: " }
                                if c.output.is_empty() {
                                    <em>{ "nothing yet" }</em>
                                } else {
                                    <strong><VisibleText text={AttrValue::from(c.output.clone())} spaces=true /></strong>
                                }
                            </p>
                            if !c.held.is_empty() {
                                <p class="chunk-held">
                                    { format!("Held back: {} — the start of a sequence that the next chunk must complete.", Notation::Hex.format(&c.held)) }
                                </p>
                            }
                        </li>
                    }) }
                    <li class="chunk chunk-end" data-output={end.clone()}>
                        <p class="chunk-head">{ "End of stream" }</p>
                        <p class="chunk-output">
                            if end.is_empty() {
                                { "Nothing was held back: the stream ends cleanly." }
                            } else {
                                { "The bytes still held back can no longer be completed: " }
                                <strong><VisibleText text={AttrValue::from(end.clone())} /></strong>
                            }
                        </p>
                    </li>
                </ol>
                <dl class="stream-compare">
                    <dt>{ "Streamed, carrying partial sequences" }</dt>
                    <dd class="stream-result" data-matches-whole={(streamed == whole).to_string()}><VisibleText text={AttrValue::from(streamed.clone())} /></dd>
                    <dt>{ "Each chunk decoded on its own" }</dt>
                    <dd class="naive-result" data-matches-whole={(naive == whole).to_string()}>
                        <VisibleText text={AttrValue::from(naive.clone())} />
                        if naive != whole {
                            <span class="note">{ " — characters split by a chunk boundary turn into U+FFFD." }</span>
                        }
                    </dd>
                </dl>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_euro_is_carried() {
        let (chunks, end) = stream("a€".as_bytes(), 2);
        assert_eq!(chunks[0].output, "a");
        assert_eq!(chunks[0].held, [0xE2]);
        assert_eq!(chunks[1].carried_in, [0xE2]);
        assert_eq!(chunks[1].output, "€");
        assert!(end.is_empty());
        assert_eq!(chunks[0].naive, "a\u{FFFD}");
    }

    #[test]
    fn a_truncated_end_is_one_replacement() {
        let (chunks, end) = stream(b"\xE4\xBD", 1);
        assert!(chunks.iter().all(|c| c.output.is_empty()));
        assert_eq!(chunks[1].held, [0xE4, 0xBD]);
        assert_eq!(end, "\u{FFFD}");
    }
}
