//! UTF-8's properties, shown live on the reader's text (`view=properties`): the four design
//! properties that made UTF-8 win, each as a small panel.
//!
//! * Self-synchronisation: from any byte offset, [`utf8lens::char_start`] backs up at most three
//!   bytes to the start of the character.
//! * Sort order: sorting UTF-8 bytes sorts by code point; sorting UTF-16 code units does not once
//!   characters above U+FFFF meet characters U+E000–U+FFFF.
//! * Search: a character's bytes can only match at a character boundary, unlike Shift_JIS, whose
//!   trail bytes include ASCII.
//! * ASCII transparency: bytes 00–7F only ever mean ASCII.
//!
//! Roles, boundaries and errors are the codec's ([`utf8lens::byte_roles`],
//! [`utf8lens::char_start`], [`utf8lens::errors`]); the view does not re-implement them.

use utf8lens::ByteRole;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::InPageNav;
use crate::hooks::use_inspector;

/// The panels read at most this much of a large input.
const LIMIT: usize = 4096;

/// Characters added to the reader's own in the sort-order list: `￦` U+FFE6 sorts after `😀`
/// U+1F600 in UTF-16 (its unit FFE6 is above the lead surrogate D83D) but before it by code
/// point; `` U+E000 (private use) likewise; the others sort the same either way.
const SORT_SAMPLE: &str = "A é € ￦  😀 𝄞";

/// Shift_JIS for the search panel, written as data: the codec carries no CJK tables. Each entry
/// is a character and its two Shift_JIS bytes (JIS X 0208, as Windows code page 932 and Python's
/// `shift_jis` codec write them). All three have 5C, ASCII `\`, as their trail byte.
pub const SHIFT_JIS_SAMPLE: [(char, [u8; 2]); 3] = [
    ('ソ', [0x83, 0x5C]),
    ('表', [0x95, 0x5C]),
    ('能', [0x94, 0x5C]),
];

/// Every offset where `needle` occurs in `haystack` (overlapping matches included).
pub fn find_all(haystack: &[u8], needle: &[u8]) -> Vec<usize> {
    if needle.is_empty() {
        return Vec::new();
    }
    haystack
        .windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .map(|(i, _)| i)
        .collect()
}

/// The distinct characters of `text` (up to `max`), in order of first appearance.
pub fn distinct_chars(text: &str, max: usize) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for c in text.chars() {
        if !out.contains(&c) {
            out.push(c);
            if out.len() == max {
                break;
            }
        }
    }
    out
}

/// The characters sorted two ways: by their UTF-8 bytes and by their UTF-16 code units (each
/// from the codec's encoders), and whether the UTF-8 order is the code point order.
pub fn sort_orders(chars: &[char]) -> (Vec<char>, Vec<char>, bool) {
    let mut by_utf8 = chars.to_vec();
    by_utf8.sort_by_key(|c| c.encode_utf8(&mut [0; 4]).as_bytes().to_vec());
    let mut by_utf16 = chars.to_vec();
    by_utf16.sort_by_key(|c| utf8lens::utf8_to_utf16(c.encode_utf8(&mut [0; 4]).as_bytes()));
    let mut by_cp = chars.to_vec();
    by_cp.sort();
    let same = by_cp == by_utf8;
    (by_utf8, by_utf16, same)
}

#[component]
pub fn Properties() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all.get(..LIMIT.min(all.len())).unwrap_or_default();
    let capped = bytes.len() < all.len();
    html! {
        <div class="properties">
            <p class="view-intro">{ "Four properties made UTF-8 the encoding of the web. Each one below works on your text." }</p>
            if capped {
                <p class="note" role="note">{ format!("The panels use the first {LIMIT} bytes of the input.") }</p>
            }
            <InPageNav places={vec![
                ("prop-sync-heading", "Self-synchronisation"),
                ("prop-sort-heading", "Sort order"),
                ("prop-search-heading", "Search"),
                ("prop-ascii-heading", "ASCII transparency"),
            ]} />
            <SelfSync />
            <SortOrder />
            <Search />
            <AsciiTransparency />
        </div>
    }
}

/// The role of each byte as a short label.
fn role_label(role: ByteRole) -> &'static str {
    match role {
        ByteRole::Ascii => "ASCII",
        ByteRole::Lead => "lead",
        ByteRole::Continuation => "continuation",
        ByteRole::Invalid => "invalid",
    }
}

#[component]
fn SelfSync() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all.get(..LIMIT.min(all.len())).unwrap_or_default().to_vec();
    let roles = utf8lens::byte_roles(&bytes);
    // Start on the first continuation byte, where backing up shows something.
    let first_cont = roles
        .iter()
        .position(|r| *r == ByteRole::Continuation)
        .unwrap_or(0);
    let chosen = use_state(|| None::<usize>);
    let offset = chosen
        .or(inspector.selected)
        .unwrap_or(first_cont)
        .min(bytes.len().saturating_sub(1));
    let oninput = {
        let chosen = chosen.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            chosen.set(input.value().parse().ok());
        })
    };
    let start = utf8lens::char_start(&bytes, offset);
    let window_start = offset.saturating_sub(4);
    let window_end = (offset + 5).min(bytes.len());
    let body = match start {
        _ if bytes.is_empty() => html! { <p class="note">{ "Type some text to try it." }</p> },
        Some(s) => {
            let back = offset - s;
            html! {
                <>
                    <p class="mono sync-bytes" aria-hidden="true">
                        { for (window_start..window_end).map(|i| {
                            let role = roles.get(i).copied().unwrap_or(ByteRole::Invalid);
                            let class = classes!(
                                "sync-byte",
                                format!("role-{}", role.as_str()),
                                (i == offset).then_some("sync-picked"),
                                (i >= s && i < offset).then_some("sync-backed"),
                                (i == s).then_some("sync-start"),
                            );
                            html! { <span class={class} title={format!("byte {i}: {}", role_label(role))}>{ format!("{:02X}", bytes.get(i).copied().unwrap_or(0)) }</span> }
                        }) }
                    </p>
                    <p class="sync-result" role="status" data-offset={offset.to_string()} data-start={s.to_string()} data-back={back.to_string()}>
                        { format!("Byte {offset} is {} ({:02X}). ", role_label(roles.get(offset).copied().unwrap_or(ByteRole::Invalid)), bytes.get(offset).copied().unwrap_or(0)) }
                        if back == 0 {
                            { "It starts a character already: the decoder needs no backing up." }
                        } else {
                            { format!("The decoder backs up {back} byte{} over continuation bytes (10xxxxxx) to the {} at byte {s}. It never needs more than 3.",
                                if back == 1 { "" } else { "s" },
                                role_label(roles.get(s).copied().unwrap_or(ByteRole::Invalid))) }
                        }
                    </p>
                </>
            }
        }
        None => html! {},
    };
    html! {
        <section id="prop-sync" class="property" aria-labelledby="prop-sync-heading">
            <h3 id="prop-sync-heading">{ "Self-synchronisation" }</h3>
            <p class="step-text">{ "Continuation bytes look different from lead bytes, so from any byte a reader finds the start of its character by stepping back at most three bytes. A lost or damaged byte spoils one character, not the rest of the text." }</p>
            if !bytes.is_empty() {
                <label class="field-label" for="sync-offset">{ format!("Byte offset (0–{})", bytes.len() - 1) }</label>
                <input id="sync-offset" type="range" min="0" max={(bytes.len() - 1).to_string()}
                       value={offset.to_string()} {oninput} />
            }
            { body }
        </section>
    }
}

#[component]
fn SortOrder() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let text = utf8lens::decode_lossy(all.get(..LIMIT.min(all.len())).unwrap_or_default());
    let mut chars = distinct_chars(&text, 8);
    for c in SORT_SAMPLE.chars().filter(|c| *c != ' ') {
        if !chars.contains(&c) {
            chars.push(c);
        }
    }
    let (by_utf8, by_utf16, same) = sort_orders(&chars);
    let cell = |c: &char, other: &[char], i: usize| {
        let moved = other.get(i) != Some(c);
        html! {
            <li class={classes!(moved.then_some("order-differs"))} data-cp={format!("{:04X}", u32::from(*c))}>
                <span class="order-char">{ c.to_string() }</span>
                <span class="mono">{ format!(" U+{:04X}", u32::from(*c)) }</span>
                if moved { <span class="visually-hidden">{ " (differs)" }</span> }
            </li>
        }
    };
    html! {
        <section id="prop-sort" class="property" aria-labelledby="prop-sort-heading">
            <h3 id="prop-sort-heading">{ "Sort order" }</h3>
            <p class="step-text">{ "Sorting UTF-8 strings byte by byte (memcmp, strcmp) sorts them by code point. Sorting UTF-16 code units does not: a character above U+FFFF starts with a surrogate D800–DBFF, which sorts before U+E000–U+FFFF. Your characters and a few samples, sorted both ways (rows that differ are marked):" }</p>
            <div class="sort-columns">
                <div>
                    <h4>{ "By UTF-8 bytes" }</h4>
                    <ol class="sort-list" data-order="utf-8">{ for by_utf8.iter().enumerate().map(|(i, c)| cell(c, &by_utf16, i)) }</ol>
                </div>
                <div>
                    <h4>{ "By UTF-16 code units" }</h4>
                    <ol class="sort-list" data-order="utf-16">{ for by_utf16.iter().enumerate().map(|(i, c)| cell(c, &by_utf8, i)) }</ol>
                </div>
            </div>
            <p class="note">{ if same { "The UTF-8 order is the code point order." } else { "The UTF-8 order differs from the code point order (it should not)." } }</p>
        </section>
    }
}

#[component]
fn Search() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all.get(..LIMIT.min(all.len())).unwrap_or_default();
    let text = utf8lens::decode_lossy(bytes);
    let candidates = distinct_chars(&text, 16);
    let default = candidates
        .iter()
        .copied()
        .find(|c| !c.is_ascii())
        .or_else(|| candidates.first().copied())
        .unwrap_or('€');
    let picked = use_state(|| None::<char>);
    let needle_char = picked.filter(|c| candidates.contains(c)).unwrap_or(default);
    let onchange = {
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let select: HtmlInputElement = e.target_unchecked_into();
            picked.set(select.value().chars().next());
        })
    };
    let mut buf = [0; 4];
    let needle = needle_char.encode_utf8(&mut buf).as_bytes();
    let matches = find_all(bytes, needle);
    let roles = utf8lens::byte_roles(bytes);
    let inside = matches
        .iter()
        .filter(|&&m| roles.get(m) == Some(&ByteRole::Continuation))
        .count();
    let sjis: Vec<u8> = SHIFT_JIS_SAMPLE
        .iter()
        .flat_map(|(_, b)| b.iter().copied())
        .chain([0x5C])
        .collect();
    let sjis_text: String = SHIFT_JIS_SAMPLE
        .iter()
        .map(|(c, _)| *c)
        .chain(['\\'])
        .collect();
    let sjis_matches = find_all(&sjis, b"\\");
    html! {
        <section id="prop-search" class="property" aria-labelledby="prop-search-heading">
            <h3 id="prop-search-heading">{ "Search never matches inside another character" }</h3>
            <p class="step-text">{ "A lead byte never looks like a continuation byte, and neither looks like ASCII. So searching for one character's bytes can only find that character, never the middle of another." }</p>
            if !candidates.is_empty() {
                <label class="field-label" for="search-char">{ "Search for" }</label>
                <select id="search-char" {onchange}>
                    { for candidates.iter().map(|c| html! {
                        <option value={c.to_string()} selected={*c == needle_char}>
                            { format!("{} U+{:04X}", crate::visible::label(*c).unwrap_or_else(|| c.to_string()), u32::from(*c)) }
                        </option>
                    }) }
                </select>
            }
            <p class="search-result" role="status" data-matches={matches.len().to_string()} data-inside={inside.to_string()}>
                { format!("Its bytes {} occur {} time{} in your text, at byte{} {}; {} of them start{} on a continuation byte.",
                    needle.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" "),
                    matches.len(), if matches.len() == 1 { "" } else { "s" },
                    if matches.len() == 1 { "" } else { "s" },
                    matches.iter().take(12).map(|m| m.to_string()).collect::<Vec<_>>().join(", "),
                    if inside == 0 { "none".to_owned() } else { inside.to_string() },
                    if inside == 1 { "s" } else { "" }) }
            </p>
            <h4>{ "Compare: Shift_JIS" }</h4>
            <p class="step-text">
                { format!("In Shift_JIS, \"{sjis_text}\" is ") }
                <span class="mono">{ sjis.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ") }</span>
                { format!(". Searching for \\ (5C) finds {} matches, at bytes {}: only the last is a real backslash; the others are the second bytes of {}. Software that split paths on \\ broke such file names. (A fixed example: this app carries no Shift_JIS tables.)",
                    sjis_matches.len(),
                    sjis_matches.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "),
                    SHIFT_JIS_SAMPLE.iter().map(|(c, b)| format!("{c} ({:02X} {:02X})", b[0], b[1])).collect::<Vec<_>>().join(", ")) }
            </p>
        </section>
    }
}

#[component]
fn AsciiTransparency() -> Html {
    let inspector = use_inspector();
    let all = &inspector.bytes;
    let bytes = all.get(..LIMIT.min(all.len())).unwrap_or_default();
    let roles = utf8lens::byte_roles(bytes);
    let low = bytes.iter().filter(|b| b.is_ascii()).count();
    let as_ascii = bytes
        .iter()
        .zip(&roles)
        .filter(|(b, r)| b.is_ascii() && **r == ByteRole::Ascii)
        .count();
    let overlong = utf8lens::errors(b"\xC0\xAF").next();
    let overlong_text = overlong.map(|e| e.to_string()).unwrap_or_default();
    html! {
        <section id="prop-ascii" class="property" aria-labelledby="prop-ascii-heading">
            <h3 id="prop-ascii-heading">{ "ASCII transparency" }</h3>
            <p class="step-text">{ "Every byte of a multi-byte character has its top bit set (80–FF). So a byte 00–7F is always the ASCII character it looks like: a program that splits on /, looks for <, or ends strings at 00 works on UTF-8 without knowing it." }</p>
            <p class="ascii-result" data-low-bytes={low.to_string()} data-ascii-role={as_ascii.to_string()}>
                { format!("Your text has {low} byte{} in 00–7F; the decoder reads {as_ascii} of them as ASCII characters, every one.", if low == 1 { "" } else { "s" }) }
            </p>
            <p class="step-text">
                { "This is also why decoders must reject overlong forms. C0 AF spells / (2F) in two bytes; a filter that checks for \"../\" in bytes would miss it, and a lax decoder would then turn it into a real /. The codec says: " }
                <q>{ overlong_text }</q>
                { " " }
                <a href="#hex=c0af&view=errors">{ "See C0 AF in the errors view" }</a>
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_order_is_code_point_order_and_utf16_differs_for_astral() {
        let chars: Vec<char> = "￦😀A".chars().collect();
        let (utf8, utf16, same) = sort_orders(&chars);
        assert!(same);
        assert_eq!(utf8, vec!['A', '￦', '😀']);
        assert_eq!(utf16, vec!['A', '😀', '￦']);
    }

    #[test]
    fn matches_of_a_characters_bytes_start_on_boundaries() {
        let text = "a€b€😀€";
        let matches = find_all(text.as_bytes(), "€".as_bytes());
        assert_eq!(matches.len(), 3);
        for m in matches {
            assert!(text.is_char_boundary(m));
            assert_eq!(utf8lens::char_start(text.as_bytes(), m), Some(m));
        }
    }

    #[test]
    fn shift_jis_sample_has_backslash_trail_bytes() {
        let bytes: Vec<u8> = SHIFT_JIS_SAMPLE.iter().flat_map(|(_, b)| *b).collect();
        assert_eq!(find_all(&bytes, b"\\"), vec![1, 3, 5]);
    }

    #[test]
    fn distinct_keeps_first_appearance() {
        assert_eq!(distinct_chars("abacab", 10), vec!['a', 'b', 'c']);
        assert_eq!(distinct_chars("abc", 2), vec!['a', 'b']);
    }
}
