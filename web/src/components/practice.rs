//! Practice mode (`view=practice`): exercises that check the answer with the codec and, when it
//! is wrong, explain the right one step by step.
//!
//! Six kinds: `encode` a code point, `decode` bytes, mark each byte's `roles`, find the
//! `malformed` sequence and name its kind, `count` the four lengths, and read `mojibake` back and
//! name the charset that made it. A set is generated from a seed (`#view=practice&seed=42`: the
//! same link gives the same set), or chosen by a teacher in the link:
//!
//! ```text
//! #view=practice&ex=encode:20AC,decode:e282ac,roles:41c3a9,malformed:41c0af,count:e%CC%81,mojibake:windows-1252:H%C3%B6he
//! ```
//!
//! Each entry is `kind:argument`: a code point in hex (`encode`), bytes in hex (`decode`,
//! `roles`, `malformed`), percent-encoded text (`count`), or a charset and percent-encoded text
//! (`mojibake`). Which exercises were solved is kept in this browser's local storage only.
//!
//! Every answer is checked by the codec ([`utf8lens::encode_code_point`], [`utf8lens::from_utf8`],
//! [`utf8lens::byte_roles`], [`utf8lens::errors`], [`utf8lens::utf8_to_utf16`],
//! [`utf8lens::mojibake::garble`]) and, for graphemes, by `unicode-segmentation`.

use unicode_segmentation::UnicodeSegmentation as _;
use utf8lens::charset::Charset;
use utf8lens::{percent_decode, ByteRole, ErrorKind};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::bit_fill::payload_bits;
use super::unicode_forms::{hex, spaced};
use crate::fragment::percent_encode;
use crate::hooks::use_inspector;
use crate::notation::Notation;
use crate::state::Action;

/// Where solved exercises are remembered (this browser only).
const STORAGE_KEY: &str = "utf8lens.practice.solved";

/// One exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exercise {
    /// Encode this code point in UTF-8 by hand.
    Encode(u32),
    /// Which character do these bytes spell?
    Decode(Vec<u8>),
    /// Mark each byte: ASCII, lead, continuation or invalid.
    Roles(Vec<u8>),
    /// Where is the malformed sequence, and what kind is it?
    Malformed(Vec<u8>),
    /// How many UTF-8 bytes, UTF-16 units, code points and graphemes?
    Count(String),
    /// What does this mojibake say, and which charset produced it?
    Mojibake(Charset, String),
}

impl Exercise {
    /// The kind, as in `data-exercise` and the link.
    pub fn kind(&self) -> &'static str {
        match self {
            Exercise::Encode(_) => "encode",
            Exercise::Decode(_) => "decode",
            Exercise::Roles(_) => "roles",
            Exercise::Malformed(_) => "malformed",
            Exercise::Count(_) => "count",
            Exercise::Mojibake(..) => "mojibake",
        }
    }

    /// The exercise as a link entry (`encode:20AC`); [`Exercise::parse`] reads it back.
    pub fn spec(&self) -> String {
        let arg = match self {
            Exercise::Encode(cp) => format!("{cp:04X}"),
            Exercise::Decode(b) | Exercise::Roles(b) | Exercise::Malformed(b) => hex(b),
            Exercise::Count(t) => percent_encode(t.as_bytes()),
            Exercise::Mojibake(cs, t) => format!("{}:{}", cs.name(), percent_encode(t.as_bytes())),
        };
        format!("{}:{arg}", self.kind())
    }

    /// Reads one link entry; `None` for anything unreadable or without an answer (bytes that do
    /// not decode to one character, a `malformed` exercise without an error...).
    pub fn parse(entry: &str) -> Option<Exercise> {
        let (kind, arg) = entry.trim().split_once(':')?;
        let bytes = || Notation::Hex.parse(arg).ok().filter(|b| !b.is_empty());
        let ex = match kind {
            "encode" => {
                Exercise::Encode(u32::from_str_radix(arg.trim_start_matches("U+"), 16).ok()?)
            }
            "decode" => Exercise::Decode(bytes()?),
            "roles" => Exercise::Roles(bytes()?),
            "malformed" => Exercise::Malformed(bytes()?),
            "count" => Exercise::Count(String::from_utf8(percent_decode(arg)).ok()?),
            "mojibake" => {
                let (cs, text) = arg.split_once(':')?;
                Exercise::Mojibake(
                    cs.parse().ok()?,
                    String::from_utf8(percent_decode(text)).ok()?,
                )
            }
            _ => return None,
        };
        ex.answerable().then_some(ex)
    }

    /// Whether the exercise has one right answer.
    fn answerable(&self) -> bool {
        match self {
            Exercise::Encode(cp) => utf8lens::encode_code_point(*cp).is_ok(),
            Exercise::Decode(b) => decoded_char(b).is_some(),
            Exercise::Roles(_) => true,
            Exercise::Malformed(b) => utf8lens::errors(b).next().is_some(),
            Exercise::Count(t) => !t.is_empty(),
            Exercise::Mojibake(cs, t) => utf8lens::mojibake::garble(t, *cs) != *t,
        }
    }
}

/// The one character `bytes` spell, if they are exactly one well-formed UTF-8 character.
fn decoded_char(bytes: &[u8]) -> Option<char> {
    let text = utf8lens::from_utf8(bytes).ok()?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// SplitMix64: a small, well-known generator; enough to pick exercises from a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        let n = items.len() as u64;
        if n == 0 {
            return None;
        }
        items.get((self.next() % n) as usize)
    }
}

/// Characters to encode and decode: one to four bytes each, from several scripts.
const CHARS: &[char] = &[
    'A', '~', 'é', 'ß', 'ñ', 'Ж', 'ש', '€', 'あ', '日', '한', '✓', '😀', '🎉', '𝄞', '🦀',
];
/// Short texts for roles and counting.
const TEXTS: &[&str] = &[
    "Añ€😀",
    "naïve",
    "日本",
    "€5",
    "e\u{301}",
    "👍🏽",
    "🇩🇪",
    "ok✓",
    "Ωmega",
    "👨‍👩‍👧",
];
/// Malformed byte strings, one error each, of every kind.
const MALFORMED: &[&[u8]] = &[
    b"A\xC0\xAFB",
    b"\xE2\x82",
    b"ab\x80",
    b"\xED\xA0\x80x",
    b"\xF4\x90\x80\x80",
    b"x\xFF",
    b"\xE0\x80\xAF",
    b"caf\xC3",
];
/// Words to garble.
const WORDS: &[&str] = &[
    "Höhe",
    "café",
    "Straße",
    "naïve",
    "€100",
    "Привет",
    "Ünïcödé",
];
/// Charsets to garble with.
const CHARSETS: &[Charset] = &[
    Charset::Windows1252,
    Charset::Iso8859_1,
    Charset::Windows1251,
    Charset::Koi8R,
];

/// The set a seed gives: one exercise of each kind.
pub fn generate(seed: u64) -> Vec<Exercise> {
    let mut rng = Rng(seed);
    let ch = |rng: &mut Rng| rng.pick(CHARS).copied().unwrap_or('€');
    let encode = Exercise::Encode(u32::from(ch(&mut rng)));
    let decode = Exercise::Decode(ch(&mut rng).to_string().into_bytes());
    let roles = Exercise::Roles(rng.pick(TEXTS).copied().unwrap_or("A€").as_bytes().to_vec());
    let malformed =
        Exercise::Malformed(rng.pick(MALFORMED).copied().unwrap_or(b"\xC0\xAF").to_vec());
    let count = Exercise::Count(rng.pick(TEXTS).copied().unwrap_or("e\u{301}").to_owned());
    let word = rng.pick(WORDS).copied().unwrap_or("Höhe");
    let mut charset = rng.pick(CHARSETS).copied().unwrap_or(Charset::Windows1252);
    if utf8lens::mojibake::garble(word, charset) == word {
        charset = Charset::Windows1252;
    }
    let mojibake = Exercise::Mojibake(charset, word.to_owned());
    vec![encode, decode, roles, malformed, count, mojibake]
}

/// The exercises of a teacher's link (`encode:20AC,decode:e282ac`), unreadable entries left out.
pub fn parse_set(spec: &str) -> Vec<Exercise> {
    // Entries are split at commas that start a new `kind:` (a percent-encoded text has none).
    spec.split(',').filter_map(Exercise::parse).collect()
}

/// The four lengths of a text: UTF-8 bytes, UTF-16 units, code points, graphemes.
pub fn lengths(text: &str) -> [usize; 4] {
    [
        text.len(),
        utf8lens::utf8_to_utf16(text.as_bytes()).len(),
        text.chars().count(),
        text.graphemes(true).count(),
    ]
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn solved_set() -> Vec<String> {
    storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .map(|v| v.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

fn remember_solved(spec: &str) {
    let mut solved = solved_set();
    if !solved.iter().any(|s| s == spec) {
        solved.push(spec.to_owned());
        if let Some(s) = storage() {
            let _ = s.set_item(STORAGE_KEY, &solved.join("\n"));
        }
    }
}

#[component]
pub fn Practice() -> Html {
    let inspector = use_inspector();
    let seed = inspector.practice_seed.unwrap_or(1);
    let chosen = inspector.exercises.as_deref().map(parse_set);
    let from_teacher = chosen.as_ref().is_some_and(|c| !c.is_empty());
    let set = chosen
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| generate(seed));
    let solved_count = use_state(|| solved_set().len());
    let on_solved = {
        let solved_count = solved_count.clone();
        Callback::from(move |spec: String| {
            remember_solved(&spec);
            solved_count.set(solved_set().len());
        })
    };
    let new_set = {
        let inspector = inspector.clone();
        Callback::from(move |_: MouseEvent| {
            let next = (js_sys::Math::random() * 1_000_000.0) as u64 + 2;
            inspector.dispatch(Action::SetPracticeSeed(next));
        })
    };
    let link = format!(
        "#view=practice&ex={}",
        set.iter().map(Exercise::spec).collect::<Vec<_>>().join(",")
    );
    html! {
        <div class="practice">
            <p class="view-intro">
                if from_teacher {
                    { "A chosen set of exercises, from the link. " }
                } else {
                    { format!("Exercise set {seed}: the same link gives the same set. ") }
                }
                { "Answers are checked by the codec; a wrong answer gets the steps to the right one." }
            </p>
            <p class="practice-bar">
                <button type="button" class="button" onclick={new_set}>{ "New set" }</button>
                <a class="practice-link" href={link}>{ "Link to exactly these exercises" }</a>
                <span class="note" data-solved={solved_count.to_string()}>
                    { format!(" Solved in this browser so far: {} (kept only here).", *solved_count) }
                </span>
            </p>
            <ol class="exercise-list">
                { for set.iter().enumerate().map(|(i, ex)| html! {
                    <li key={format!("{i}-{}", ex.spec())}>
                        <ExerciseCard index={i} exercise={ex.clone()} on_solved={on_solved.clone()} />
                    </li>
                }) }
            </ol>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct CardProps {
    index: usize,
    exercise: Exercise,
    on_solved: Callback<String>,
}

/// The verdict on an answer: right, or wrong with the steps to the right answer.
enum Verdict {
    Right(String),
    Wrong(String, Vec<String>),
}

/// Checks `answers` against the codec.
fn check(ex: &Exercise, answers: &[String]) -> Verdict {
    let first = answers.first().map(String::as_str).unwrap_or("").trim();
    match ex {
        Exercise::Encode(cp) => {
            let Ok(right) = utf8lens::encode_code_point(*cp) else {
                return Verdict::Wrong(format!("U+{cp:04X} has no UTF-8 form."), vec![]);
            };
            let right = right.as_bytes().to_vec();
            if Notation::Hex.parse(first).ok().as_deref() == Some(&right[..]) {
                return Verdict::Right(format!("Right: U+{cp:04X} is {}.", spaced(&right)));
            }
            let mut steps = Vec::new();
            if let Ok(fill) = utf8lens::explain(*cp) {
                let row = fill.row();
                steps.push(format!(
                    "U+{cp:04X} is in U+{:04X}–U+{:04X}, so it takes {} byte{}: {}.",
                    row.first,
                    row.last,
                    row.octets,
                    if row.octets == 1 { "" } else { "s" },
                    row.template
                ));
                let payload: usize = fill
                    .octets()
                    .iter()
                    .map(|o| 8 - o.marker_len().min(8))
                    .sum();
                steps.push(format!(
                    "Write U+{cp:04X} in binary with {payload} bits: {cp:0payload$b}."
                ));
                steps
                    .push("Fill the x's from left to right with those bits, highest first.".into());
                steps.push(format!(
                    "{} = {}.",
                    fill.octets()
                        .iter()
                        .map(|o| format!("{:08b}", o.value()))
                        .collect::<Vec<_>>()
                        .join(" "),
                    spaced(fill.bytes())
                ));
            }
            Verdict::Wrong(
                format!("Not quite: U+{cp:04X} is {}.", spaced(&right)),
                steps,
            )
        }
        Exercise::Decode(bytes) => {
            let right = decoded_char(bytes);
            let given = crate::code_point::parse(first).ok();
            let right_cp = right.map(u32::from);
            if given.is_some() && given == right_cp {
                return Verdict::Right(format!(
                    "Right: {} is U+{:04X} {}.",
                    spaced(bytes),
                    right_cp.unwrap_or(0),
                    right.map(String::from).unwrap_or_default()
                ));
            }
            let mut steps = Vec::new();
            if let Some(fill) = utf8lens::explain_sequence(bytes) {
                steps.push(format!(
                    "The lead byte {:08b} says {} byte{}.",
                    bytes.first().copied().unwrap_or(0),
                    fill.octets().len(),
                    if fill.octets().len() == 1 { "" } else { "s" }
                ));
                let payload = payload_bits(&fill);
                steps.push(format!(
                    "Drop each byte's marker bits, keep the payload: {}.",
                    payload.join(" ")
                ));
                steps.push(format!(
                    "Join them: {} = U+{:04X}.",
                    payload.concat(),
                    fill.code_point()
                ));
            }
            Verdict::Wrong(
                format!(
                    "Not quite: {} is U+{:04X} {}.",
                    spaced(bytes),
                    right_cp.unwrap_or(0),
                    right.map(String::from).unwrap_or_default()
                ),
                steps,
            )
        }
        Exercise::Roles(bytes) => {
            let right = utf8lens::byte_roles(bytes);
            let wrong: Vec<usize> = right
                .iter()
                .enumerate()
                .filter(|(i, r)| answers.get(*i).map(String::as_str) != Some(r.as_str()))
                .map(|(i, _)| i)
                .collect();
            if wrong.is_empty() {
                return Verdict::Right("Right: every byte's role.".into());
            }
            let steps = wrong
                .iter()
                .filter_map(|&i| {
                    let b = *bytes.get(i)?;
                    let role = *right.get(i)?;
                    let why = match role {
                        ByteRole::Ascii => "0xxxxxxx: a whole ASCII character",
                        ByteRole::Lead => {
                            "11xxxxxx and followed by its continuation bytes: it starts a character"
                        }
                        ByteRole::Continuation => "10xxxxxx: it continues the character before it",
                        ByteRole::Invalid => "it is in no well-formed sequence here",
                    };
                    Some(format!(
                        "Byte {i}, {b:02X} = {b:08b}, is {}: {why}.",
                        role.as_str()
                    ))
                })
                .collect();
            Verdict::Wrong(
                format!(
                    "{} byte{} marked wrong.",
                    wrong.len(),
                    if wrong.len() == 1 { "" } else { "s" }
                ),
                steps,
            )
        }
        Exercise::Malformed(bytes) => {
            let Some(err) = utf8lens::errors(bytes).next() else {
                return Verdict::Wrong("These bytes are well-formed.".into(), vec![]);
            };
            let offset_ok = first.parse::<usize>().ok() == Some(err.offset());
            let kind_ok = answers.get(1).map(String::as_str) == Some(err.kind().as_str());
            if offset_ok && kind_ok {
                return Verdict::Right(format!("Right: {err}."));
            }
            let steps = vec![
                format!(
                    "Walk the bytes from the start: {}.",
                    utf8lens::byte_roles(bytes)
                        .iter()
                        .zip(bytes)
                        .map(|(r, b)| format!("{b:02X} {}", r.as_str()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                format!(
                    "The first malformed sequence starts at byte {}: {err}.",
                    err.offset()
                ),
                format!("Its kind is {}.", err.kind().as_str()),
            ];
            Verdict::Wrong(
                format!(
                    "Not quite{}{}.",
                    if offset_ok { "" } else { ": wrong offset" },
                    if kind_ok { "" } else { ": wrong kind" }
                ),
                steps,
            )
        }
        Exercise::Count(text) => {
            let right = lengths(text);
            let given: Vec<Option<usize>> = (0..4)
                .map(|i| answers.get(i).and_then(|a| a.trim().parse().ok()))
                .collect();
            if given.iter().zip(right).all(|(g, r)| *g == Some(r)) {
                return Verdict::Right(format!(
                    "Right: {} bytes, {} UTF-16 units, {} code points, {} graphemes.",
                    right[0], right[1], right[2], right[3]
                ));
            }
            let per_char: Vec<String> = text
                .chars()
                .map(|c| {
                    format!(
                        "U+{:04X}: {} byte{}, {} unit{}",
                        u32::from(c),
                        c.len_utf8(),
                        if c.len_utf8() == 1 { "" } else { "s" },
                        c.len_utf16(),
                        if c.len_utf16() == 1 { "" } else { "s" }
                    )
                })
                .collect();
            Verdict::Wrong(
                format!(
                    "Not quite: {} bytes, {} UTF-16 units, {} code points, {} graphemes.",
                    right[0], right[1], right[2], right[3]
                ),
                vec![
                    format!("Each code point: {}.", per_char.join("; ")),
                    "Bytes and UTF-16 units add up per code point; a code point above U+FFFF takes two UTF-16 units.".into(),
                    format!("Graphemes are what a reader calls characters (UAX #29): {} here.", text.graphemes(true).map(|g| format!("[{g}]")).collect::<String>()),
                ],
            )
        }
        Exercise::Mojibake(charset, text) => {
            let garbled = utf8lens::mojibake::garble(text, *charset);
            let producers: Vec<Charset> = Charset::ALL
                .iter()
                .copied()
                .filter(|c| utf8lens::mojibake::garble(first, *c) == garbled)
                .collect();
            let chosen: Option<Charset> = answers.get(1).and_then(|c| c.parse().ok());
            if first == text && chosen.is_some_and(|c| producers.contains(&c)) {
                return Verdict::Right(format!(
                    "Right: \"{text}\", read as {}. Charsets that give the same: {}.",
                    chosen.map(|c| c.name()).unwrap_or_default(),
                    producers
                        .iter()
                        .map(|c| c.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            let right_producers: Vec<&str> = Charset::ALL
                .iter()
                .filter(|c| utf8lens::mojibake::garble(text, **c) == garbled)
                .map(|c| c.name())
                .collect();
            Verdict::Wrong(
                format!("Not quite: it says \"{text}\"."),
                vec![
                    format!("\"{text}\" in UTF-8 is {}.", spaced(text.as_bytes())),
                    format!(
                        "Read byte by byte as {} those bytes are \"{garbled}\".",
                        charset.name()
                    ),
                    format!(
                        "Charsets that produce exactly this: {}.",
                        right_producers.join(", ")
                    ),
                ],
            )
        }
    }
}

#[component]
fn ExerciseCard(props: &CardProps) -> Html {
    let ex = &props.exercise;
    let fields = match ex {
        Exercise::Roles(b) => b.len(),
        Exercise::Malformed(_) | Exercise::Mojibake(..) => 2,
        Exercise::Count(_) => 4,
        _ => 1,
    };
    let answers = use_state(|| vec![String::new(); fields]);
    let verdict = use_state(|| None::<(bool, String, Vec<String>)>);
    let id = format!("ex-{}", props.index);
    let set_field = |i: usize| {
        let answers = answers.clone();
        Callback::from(move |value: String| {
            let mut next = (*answers).clone();
            if let Some(slot) = next.get_mut(i) {
                *slot = value;
            }
            answers.set(next);
        })
    };
    let text_input = |i: usize, label: String| {
        let set = set_field(i);
        let field_id = format!("{id}-{i}");
        html! {
            <span class="practice-field">
                <label for={field_id.clone()}>{ label }</label>
                <input id={field_id} type="text" autocomplete="off" spellcheck="false"
                       value={answers.get(i).cloned().unwrap_or_default()}
                       oninput={Callback::from(move |e: InputEvent| set.emit(e.target_unchecked_into::<HtmlInputElement>().value()))} />
            </span>
        }
    };
    let select = |i: usize, label: String, options: Vec<(String, String)>| {
        let set = set_field(i);
        let field_id = format!("{id}-{i}");
        let current = answers.get(i).cloned().unwrap_or_default();
        html! {
            <span class="practice-field">
                <label for={field_id.clone()}>{ label }</label>
                <select id={field_id}
                        onchange={Callback::from(move |e: Event| set.emit(e.target_unchecked_into::<HtmlSelectElement>().value()))}>
                    <option value="" selected={current.is_empty()}>{ "—" }</option>
                    { for options.into_iter().map(|(v, l)| html! { <option value={v.clone()} selected={current == v}>{ l }</option> }) }
                </select>
            </span>
        }
    };
    let (question, inputs): (Html, Html) = match ex {
        Exercise::Encode(cp) => (
            html! { <>{ "Encode " }<strong class="mono">{ format!("U+{cp:04X}") }</strong>{ format!(" ({}) in UTF-8 by hand, bit by bit. Answer in hex bytes.", char::from_u32(*cp).map(String::from).unwrap_or_default()) }</> },
            text_input(0, "UTF-8 bytes (hex)".into()),
        ),
        Exercise::Decode(b) => (
            html! { <>{ "Decode the UTF-8 bytes " }<strong class="mono">{ spaced(b) }</strong>{ ". Which code point is it?" }</> },
            text_input(0, "Code point (U+…) or the character".into()),
        ),
        Exercise::Roles(b) => (
            html! { <>{ "Mark each byte's role in " }<strong class="mono">{ spaced(b) }</strong>{ "." }</> },
            html! { <>{ for b.iter().enumerate().map(|(i, byte)| select(i, format!("Byte {i} ({byte:02X})"),
            ["ascii", "lead", "continuation", "invalid"].iter().map(|r| ((*r).to_owned(), (*r).to_owned())).collect())) }</> },
        ),
        Exercise::Malformed(b) => (
            html! { <>{ "Find the first malformed sequence in " }<strong class="mono">{ spaced(b) }</strong>{ ": at which byte offset does it start, and what kind is it?" }</> },
            html! { <>
                { select(0, "Offset".into(), (0..b.len()).map(|i| (i.to_string(), format!("{i} ({:02X})", b.get(i).copied().unwrap_or(0)))).collect()) }
                { select(1, "Kind".into(), ErrorKind::ALL.iter().map(|k| (k.as_str().to_owned(), k.as_str().to_owned())).collect()) }
            </> },
        ),
        Exercise::Count(t) => (
            html! { <>{ "How long is " }<strong class="practice-text">{ format!("\"{t}\"") }</strong>{ " (" }<span class="mono">{ spaced(t.as_bytes()) }</span>{ ")?" }</> },
            html! { <>
                { text_input(0, "UTF-8 bytes".into()) }
                { text_input(1, "UTF-16 units".into()) }
                { text_input(2, "Code points".into()) }
                { text_input(3, "Graphemes".into()) }
            </> },
        ),
        Exercise::Mojibake(cs, t) => (
            html! { <>{ "A page shows " }<strong class="practice-text">{ format!("\"{}\"", utf8lens::mojibake::garble(t, *cs)) }</strong>{ ". What does it say, and which charset misread its UTF-8?" }</> },
            html! { <>
                { text_input(0, "The original text".into()) }
                { select(1, "Charset".into(), CHARSETS.iter().chain(Charset::ALL.iter()).fold(Vec::new(), |mut v: Vec<(String, String)>, c| {
                    if !v.iter().any(|(n, _)| n == c.name()) { v.push((c.name().to_owned(), c.name().to_owned())); }
                    v
                })) }
            </> },
        ),
    };
    let on_submit = {
        let answers = answers.clone();
        let verdict = verdict.clone();
        let ex = ex.clone();
        let on_solved = props.on_solved.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match check(&ex, &answers) {
                Verdict::Right(m) => {
                    on_solved.emit(ex.spec());
                    verdict.set(Some((true, m, vec![])));
                }
                Verdict::Wrong(m, steps) => verdict.set(Some((false, m, steps))),
            }
        })
    };
    let heading = format!("{id}-heading");
    html! {
        <form class="exercise" data-exercise={ex.kind()} data-spec={ex.spec()}
              aria-labelledby={heading.clone()} onsubmit={on_submit}>
            <p class="exercise-question" id={heading}>{ question }</p>
            <div class="exercise-inputs">{ inputs }</div>
            <button type="submit" class="button">{ "Check" }</button>
            <div class="exercise-feedback" role="status" aria-live="polite">
                if let Some((right, message, steps)) = &*verdict {
                    <p class={classes!("exercise-verdict", if *right { "right" } else { "wrong" })}
                       data-correct={right.to_string()}>
                        { if *right { "✓ " } else { "✗ " } }{ message.clone() }
                    </p>
                    if !steps.is_empty() {
                        <ol class="exercise-steps">{ for steps.iter().map(|s| html! { <li>{ s.clone() }</li> }) }</ol>
                    }
                }
            </div>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_set_and_every_kind() {
        let a = generate(42);
        assert_eq!(a, generate(42));
        let kinds: Vec<&str> = a.iter().map(Exercise::kind).collect();
        assert_eq!(
            kinds,
            [
                "encode",
                "decode",
                "roles",
                "malformed",
                "count",
                "mojibake"
            ]
        );
        assert!(a.iter().all(Exercise::answerable));
        assert!((0..200).all(|s| generate(s).iter().all(Exercise::answerable)));
    }

    #[test]
    fn specs_round_trip_through_a_link() {
        for seed in 0..50 {
            for ex in generate(seed) {
                assert_eq!(
                    Exercise::parse(&ex.spec()),
                    Some(ex.clone()),
                    "{}",
                    ex.spec()
                );
            }
        }
        let set = parse_set("encode:20AC,decode:e282ac,nonsense,decode:c0af,malformed:41");
        assert_eq!(
            set,
            vec![
                Exercise::Encode(0x20AC),
                Exercise::Decode(vec![0xE2, 0x82, 0xAC])
            ]
        );
    }

    #[test]
    fn answers_are_checked_by_the_codec() {
        let right = |ex: &Exercise, a: &[&str]| {
            matches!(
                check(ex, &a.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
                Verdict::Right(_)
            )
        };
        assert!(right(&Exercise::Encode(0x20AC), &["e2 82 ac"]));
        assert!(!right(&Exercise::Encode(0x20AC), &["e2 82 ad"]));
        assert!(right(
            &Exercise::Decode(vec![0xE2, 0x82, 0xAC]),
            &["U+20AC"]
        ));
        assert!(right(&Exercise::Decode(vec![0xE2, 0x82, 0xAC]), &["€"]));
        assert!(right(
            &Exercise::Roles(vec![0x41, 0xC3, 0xA9]),
            &["ascii", "lead", "continuation"]
        ));
        assert!(!right(
            &Exercise::Roles(vec![0x41, 0xC3, 0xA9]),
            &["ascii", "lead", "lead"]
        ));
        assert!(right(
            &Exercise::Malformed(b"A\xE0\x80\xAF".to_vec()),
            &["1", "overlong"]
        ));
        assert!(!right(
            &Exercise::Malformed(b"A\xE0\x80\xAF".to_vec()),
            &["1", "truncated"]
        ));
        // C0 can never start a sequence: the codec calls it an invalid byte, not an overlong one.
        assert!(right(
            &Exercise::Malformed(b"A\xC0\xAF".to_vec()),
            &["1", "invalid-byte"]
        ));
        assert!(right(
            &Exercise::Count("👨‍👩‍👧‍👦".into()),
            &["25", "11", "7", "1"]
        ));
        assert!(right(
            &Exercise::Mojibake(Charset::Windows1252, "Höhe".into()),
            &["Höhe", "windows-1252"]
        ));
        assert!(!right(
            &Exercise::Mojibake(Charset::Windows1252, "Höhe".into()),
            &["Hohe", "windows-1252"]
        ));
        match check(&Exercise::Encode(0x20AC), &["00".into()]) {
            Verdict::Wrong(_, steps) => assert!(steps
                .iter()
                .any(|s| s.contains("11100010 10000010 10101100"))),
            Verdict::Right(_) => panic!("00 is not U+20AC"),
        }
    }
}
