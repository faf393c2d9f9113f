//! The byte map: every byte as a cell (offset, hex, binary with the marker bits set apart, role),
//! grouped into the characters and malformed sequences the codec finds.
//!
//! Only the rows in view are drawn, so a 50 MiB file scrolls like a short word: `rows.rs` cuts the
//! input into rows without reading all of it, and the `use_virtual_rows` hook
//! (`hooks/use_virtual_rows.rs`) measures the viewport and scrolls.
//!
//! Keyboard: the map is one tab stop (a grid with a roving focus). Arrow keys move by byte and by
//! row, Home/End to the row's ends, Page Up/Down by a screen, Ctrl+Home/End to the input's ends,
//! Enter opens the selected character in the bit-filling view.

use std::cell::Cell;
use std::rc::Rc;

use utf8lens::{ByteRole, Segment};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};
use yew::prelude::*;

use super::legend::Legend;
use crate::clusters::{clusters_over, Cluster};
use crate::format;
use crate::hooks::{use_inspector, use_ucd, use_virtual_rows};
use crate::rows::{self, RowSegment};
use crate::state::Action;
use crate::ucd::Ucd;
use crate::visible::glyph;

/// Bytes per row for a viewport this wide: as many as fit with room for a 4-byte character that
/// starts at the row's last byte.
fn per_row_for(width: f64, cell_width: f64) -> usize {
    for n in [16, 8, 4, 3] {
        if (n + 3) as f64 * cell_width + 64.0 <= width {
            return n;
        }
    }
    3
}

#[component]
pub fn ByteMap() -> Html {
    let inspector = use_inspector();
    let ucd = use_ucd();
    let bytes = inspector.bytes.clone();
    let grid = use_virtual_rows(rows::cells_in_rows(&bytes), per_row_for);
    // Set by keyboard moves: after the next render, focus the selected cell.
    let focus_pending = use_mut_ref(|| Rc::new(Cell::new(false)));
    let focus_pending = focus_pending.borrow().clone();

    let per_row = grid.per_row;
    let page_rows = grid.page_rows;
    let rows = grid.rows;
    let selected = inspector.selected;

    // After a key press, focus the selected cell once it is drawn.
    {
        let viewport = grid.viewport.clone();
        let focus_pending = focus_pending.clone();
        use_effect(move || {
            if let (true, Some(offset), Some(el)) = (
                focus_pending.get(),
                selected,
                viewport.cast::<HtmlElement>(),
            ) {
                let cell = el
                    .query_selector(&format!(".cell[data-offset=\"{offset}\"]"))
                    .ok()
                    .flatten()
                    .and_then(|c| c.dyn_into::<HtmlElement>().ok());
                if let Some(cell) = cell {
                    let _ = cell.focus();
                    focus_pending.set(false);
                }
            }
        });
    }

    // Selecting a byte: scroll its row into view if needed.
    let go_to = {
        let inspector = inspector.clone();
        let grid = grid.clone();
        let bytes = bytes.clone();
        let focus_pending = focus_pending.clone();
        move |offset: usize, focus: bool| {
            if bytes.is_empty() {
                return;
            }
            let offset = offset.min(bytes.len() - 1);
            grid.reveal(rows::row_of(&bytes, offset, grid.per_row));
            focus_pending.set(focus);
            inspector.dispatch(Action::Select(Some(offset)));
        }
    };

    let on_key = {
        let go_to = go_to.clone();
        let inspector = inspector.clone();
        let bytes = bytes.clone();
        Callback::from(move |e: KeyboardEvent| {
            if bytes.is_empty() {
                return;
            }
            let last = bytes.len() - 1;
            let current = inspector.selected.unwrap_or(0);
            let row = rows::row_of(&bytes, current, per_row);
            let range = rows::row_range(&bytes, row, per_row);
            let page = page_rows * per_row;
            let target = match (e.key().as_str(), e.ctrl_key() || e.meta_key()) {
                ("ArrowRight", _) => current.saturating_add(1).min(last),
                ("ArrowLeft", _) => current.saturating_sub(1),
                ("ArrowDown", _) => current.saturating_add(per_row).min(last),
                ("ArrowUp", _) => current.saturating_sub(per_row),
                ("PageDown", _) => current.saturating_add(page).min(last),
                ("PageUp", _) => current.saturating_sub(page),
                ("Home", true) => 0,
                ("End", true) => last,
                ("Home", false) => range.start,
                ("End", false) => range.end.saturating_sub(1).max(range.start),
                ("Enter", _) => {
                    e.prevent_default();
                    inspector.dispatch(Action::OpenInBitFilling);
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            go_to(target, true);
        })
    };

    let on_click = {
        let inspector = inspector.clone();
        Callback::from(move |e: MouseEvent| {
            let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
            let offset = target
                .and_then(|t| t.closest(".cell").ok().flatten())
                .and_then(|c| c.get_attribute("data-offset"))
                .and_then(|o| o.parse::<usize>().ok());
            if let Some(offset) = offset {
                inspector.dispatch(Action::Select(Some(offset)));
            }
        })
    };

    // Why the last "Go to byte" went nowhere, said next to the field instead of failing silently.
    let go_problem = use_state(|| None::<String>);
    let on_go = {
        let go_to = go_to.clone();
        let go_problem = go_problem.clone();
        let len = bytes.len();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let form = e.target_unchecked_into::<Element>();
            let value = form
                .query_selector("input")
                .ok()
                .flatten()
                .and_then(|i| i.dyn_into::<HtmlInputElement>().ok())
                .map(|i| i.value())
                .unwrap_or_default();
            let value = value.trim();
            let offset = match value
                .strip_prefix("0x")
                .or_else(|| value.strip_prefix("0X"))
            {
                Some(hex) => usize::from_str_radix(hex, 16).ok(),
                None => value.parse().ok(),
            };
            match offset {
                _ if len == 0 => go_problem.set(Some("There are no bytes to go to yet.".to_owned())),
                Some(offset) if offset < len => {
                    go_problem.set(None);
                    go_to(offset, true);
                }
                Some(offset) => go_problem.set(Some(format!(
                    "Byte {offset} is past the end: the offsets run from 0 to {}.",
                    len - 1
                ))),
                None => go_problem.set(Some(format!(
                    "\"{value}\" is not a byte offset: write a decimal number (1024) or hex after 0x (0x400)."
                ))),
            }
        })
    };

    let open_bits = {
        let inspector = inspector.clone();
        Callback::from(move |_: MouseEvent| {
            inspector.dispatch(Action::OpenInBitFilling);
        })
    };

    // The roving tab stop: the selected cell if drawn, else the first drawn byte.
    let drawn_rows: Vec<(usize, std::ops::Range<usize>, Vec<RowSegment>)> = grid
        .drawn
        .clone()
        .map(|r| {
            let range = rows::row_range(&bytes, r, per_row);
            let segments = rows::segments_in(&bytes, range.clone());
            (r, range, segments)
        })
        .collect();
    let first_drawn = drawn_rows
        .iter()
        .find(|(_, range, _)| !range.is_empty())
        .map(|(_, r, _)| r.start);
    // The grapheme clusters over the drawn rows (and around them, for the selection sentence).
    let drawn_bytes = match (drawn_rows.first(), drawn_rows.last()) {
        (Some((_, first, _)), Some((_, last, _))) => first.start..last.end,
        _ => 0..0,
    };
    let selected_in = selected.map_or(drawn_bytes.clone(), |s| {
        drawn_bytes.start.min(s)..drawn_bytes.end.max(s.saturating_add(1).min(bytes.len()))
    });
    let clusters = clusters_over(&bytes, selected_in);
    let tab_stop = match selected {
        Some(s) if drawn_rows.iter().any(|(_, r, _)| r.contains(&s)) => Some(s),
        _ => first_drawn,
    };

    let summary = if rows > 64 {
        format!(
            "{} in {} rows of about {} bytes; only the rows in view are drawn.",
            format::plural(bytes.len(), "byte", "bytes"),
            format::count(rows),
            per_row
        )
    } else {
        format!("{}.", format::plural(bytes.len(), "byte", "bytes"))
    };

    html! {
        <div class="byte-map">
            <Legend />
            <div class="byte-map-bar">
                <p class="byte-map-summary">{ summary }</p>
                <form class="go-to" onsubmit={on_go}>
                    <label for="go-to-offset">{ "Go to byte" }</label>
                    <input id="go-to-offset" type="text" inputmode="numeric" size="10" placeholder="0 or 0x1F"
                           aria-invalid={go_problem.is_some().to_string()}
                           aria-describedby="go-to-problem" />
                    <button type="submit">{ "Go" }</button>
                    <span id="go-to-problem" class="go-to-problem" role="status">
                        { (*go_problem).clone().unwrap_or_default() }
                    </span>
                </form>
            </div>
            if let Some(text) = selection_text(&bytes, selected) {
                <p class="selection" aria-live="polite">
                    { text }
                    { selection_name(&bytes, selected, ucd.as_deref()) }
                    { cluster_text(&clusters, selected) }
                    <button type="button" class="link-button" onclick={open_bits}>{ "Open in bit filling (Enter)" }</button>
                </p>
            }
            if bytes.is_empty() {
                <p class="empty">{ "No bytes yet: type some text or bytes above." }</p>
            } else {
                <div class="byte-map-viewport"
                     ref={grid.viewport.clone()}
                     role="grid"
                     aria-label="Bytes, grouped by character"
                     aria-rowcount={rows.to_string()}
                     data-per-row={per_row.to_string()}
                     onscroll={grid.on_scroll.clone()}
                     onkeydown={on_key}
                     onclick={on_click}>
                    <div class="byte-map-spacer" ref={grid.spacer.clone()}>
                        <div class="byte-map-window" ref={grid.window.clone()}>
                            { for drawn_rows.into_iter().map(|(r, range, segments)| {
                                let context = Context { bytes: &bytes, ucd: ucd.as_deref(), clusters: &clusters, selected, tab_stop };
                                row_html(&context, r, range, segments)
                            }) }
                        </div>
                    </div>
                </div>
            }
        </div>
    }
}

/// A sentence about the selected byte and the segment it belongs to.
fn selection_text(bytes: &[u8], selected: Option<usize>) -> Option<String> {
    let offset = selected?;
    let byte = *bytes.get(offset)?;
    let start = utf8lens::char_start(bytes, offset)?;
    let segment = utf8lens::segments(bytes.get(start..)?).next()?;
    let len = segment.range().len();
    let index = offset - start + 1;
    Some(match segment {
        Segment::Char { ch, .. } if len == 1 => {
            format!("Byte {offset} ({byte:02X}) is the whole character U+{:04X} {}. ", u32::from(ch), glyph(ch))
        }
        Segment::Char { ch, .. } => format!(
            "Byte {offset} ({byte:02X}) is byte {index} of {len} of U+{:04X} {}, which starts at byte {start}. ",
            u32::from(ch),
            glyph(ch)
        ),
        Segment::Malformed(m) => format!(
            "Byte {offset} ({byte:02X}) is byte {index} of {len} of a malformed sequence ({}) at byte {start}. ",
            m.kind().as_str()
        ),
    })
}

/// What every group of the drawn rows needs to know.
struct Context<'a> {
    bytes: &'a [u8],
    ucd: Option<&'a Ucd>,
    clusters: &'a [Cluster],
    selected: Option<usize>,
    tab_stop: Option<usize>,
}

/// The selected character's name, category, script and block, once the names have arrived.
fn selection_name(bytes: &[u8], selected: Option<usize>, ucd: Option<&Ucd>) -> Option<String> {
    let ucd = ucd?;
    let start = utf8lens::char_start(bytes, selected?)?;
    match utf8lens::segments(bytes.get(start..)?).next()? {
        Segment::Char { ch, .. } => Some(format!("{}. ", ucd.info(u32::from(ch)).summary())),
        Segment::Malformed(_) => None,
    }
}

/// The grapheme cluster holding the selected byte, when it holds more than one code point.
fn cluster_text(clusters: &[Cluster], selected: Option<usize>) -> Option<String> {
    let s = selected?;
    let c = clusters.iter().find(|c| c.bytes.contains(&s))?;
    (c.code_points > 1).then(|| {
        format!(
            "It is part of one grapheme cluster (what a reader sees as one character) of {}, {} and {}: bytes {}–{}. ",
            format::plural(c.code_points, "code point", "code points"),
            format::plural(c.utf16_units, "UTF-16 unit", "UTF-16 units"),
            format::plural(c.bytes.len(), "byte", "bytes"),
            c.bytes.start,
            c.bytes.end - 1
        )
    })
}

fn row_html(
    context: &Context<'_>,
    row: usize,
    range: std::ops::Range<usize>,
    segments: Vec<RowSegment>,
) -> Html {
    html! {
        <div class="row" role="row" aria-rowindex={(row + 1).to_string()} data-row={row.to_string()}>
            <span class="row-offset" role="rowheader" aria-label={format!("bytes from {}", range.start)}>
                { range.start.to_string() }
            </span>
            if segments.is_empty() {
                <span class="row-continued" role="gridcell">{ "(the character above)" }</span>
            }
            { for segments.into_iter().map(|s| segment_html(context, s)) }
        </div>
    }
}

fn segment_html(context: &Context<'_>, seg: RowSegment) -> Html {
    let Context {
        bytes,
        selected,
        tab_stop,
        ..
    } = *context;
    let range = seg.range();
    let info = match (&seg.segment, context.ucd) {
        (Segment::Char { ch, .. }, Some(ucd)) => Some(ucd.info(u32::from(*ch))),
        _ => None,
    };
    // The cluster it belongs to, drawn as a bracket over its groups when it joins several.
    let cluster = context
        .clusters
        .iter()
        .find(|c| c.bytes.contains(&range.start))
        .filter(|c| c.code_points > 1);
    let cluster_class = cluster.map(|c| {
        classes!(
            "in-cluster",
            (c.bytes.start == range.start).then_some("cluster-first"),
            (c.bytes.end == range.end).then_some("cluster-last"),
        )
    });
    let is_selected = selected.is_some_and(|s| range.contains(&s));
    let (head, kind, what) = match seg.segment {
        Segment::Char { ch, .. } => {
            let cp = format!("U+{:04X}", u32::from(ch));
            let what = format!("{cp} {}", glyph(ch));
            (
                html! {
                    <>
                        <span class="glyph">{ glyph(ch) }</span>
                        <span class="code-point">{ cp }</span>
                    </>
                },
                None,
                what,
            )
        }
        Segment::Malformed(m) => (
            html! {
                <>
                    <span class="code-point">{ "U+FFFD" }</span>
                    <span class="segment-kind">{ m.kind().as_str() }</span>
                </>
            },
            Some(m.kind().as_str()),
            format!(
                "a malformed sequence ({}), shown as U+FFFD",
                m.kind().as_str()
            ),
        ),
    };
    let len = range.len();
    let cells = range
        .clone()
        .zip(seg.roles.iter())
        .enumerate()
        .map(|(i, (offset, &role))| {
            let byte = bytes.get(offset).copied().unwrap_or(0);
            cell_html(
                offset,
                byte,
                role,
                i,
                len,
                &what,
                selected == Some(offset),
                tab_stop == Some(offset),
            )
        });
    html! {
        <div class={classes!(
                "segment",
                cluster_class,
                if kind.is_some() { "segment-malformed" } else { "segment-char" },
                is_selected.then_some("segment-selected"),
             )}
             data-offset={range.start.to_string()}
             data-len={len.to_string()}
             data-kind={kind}
             data-name={info.as_ref().map(|i| i.name.clone())}
             title={info.as_ref().map(|i| i.summary())}
             data-cluster={cluster.map(|c| c.bytes.start.to_string())}
             data-cluster-bytes={cluster.map(|c| c.bytes.len().to_string())}
             data-cluster-code-points={cluster.map(|c| c.code_points.to_string())}
             data-cluster-utf16-units={cluster.map(|c| c.utf16_units.to_string())}>
            <p class="segment-head" aria-hidden="true">{ head }</p>
            <div class="cells">{ for cells }</div>
        </div>
    }
}

#[allow(clippy::too_many_arguments)]
fn cell_html(
    offset: usize,
    byte: u8,
    role: ByteRole,
    index: usize,
    len: usize,
    what: &str,
    selected: bool,
    tab_stop: bool,
) -> Html {
    let role_name = role.as_str();
    let bits = format!("{byte:08b}");
    let marker = utf8lens::marker_len(byte).min(8);
    let (marker_bits, payload_bits) = bits.split_at(marker);
    let position = match (role, len) {
        (ByteRole::Ascii, _) => "a one-byte character".to_owned(),
        (ByteRole::Invalid, _) => format!("byte {} of {len} of", index + 1),
        _ => format!("byte {} of {len} of", index + 1),
    };
    // The name starts with what the cell shows (offset, hex, binary, role), so speech control
    // ("click 82") and the screen reader agree with the eye (WCAG 2.5.3, axe's
    // label-content-name-mismatch); the details follow.
    let marker_note = if marker_bits.is_empty() {
        String::new()
    } else {
        format!(", marker {marker_bits}, payload {payload_bits}")
    };
    let label = format!("#{offset} {byte:02X} {bits} {role_name}: {position} {what}{marker_note}");
    html! {
        <div class={classes!("cell", format!("role-{role_name}"), selected.then_some("cell-selected"))}
             role="gridcell"
             tabindex={if tab_stop { "0" } else { "-1" }}
             aria-selected={selected.to_string()}
             aria-label={label}
             data-offset={offset.to_string()}
             data-role={role_name}>
            // The spaces between the parts (no effect on the grid's layout) keep the shown text
            // readable as words, the way the label reads it.
            <span class="cell-offset" aria-hidden="true">{ format!("#{offset}") }</span>{ " " }
            <span class="cell-hex" aria-hidden="true">{ format!("{byte:02X}") }</span>{ " " }
            <span class="cell-bin" aria-hidden="true">
                <span class="bits-marker">{ marker_bits }</span>
                <span class="bits-payload">{ payload_bits }</span>
            </span>{ " " }
            <span class="cell-role" aria-hidden="true">
                <span class="role-long">{ role_name }</span>
                <span class="role-short">{ short_role(role) }</span>
            </span>
        </div>
    }
}

/// The role's name where a cell is narrow.
fn short_role(role: ByteRole) -> &'static str {
    match role {
        ByteRole::Ascii => "ascii",
        ByteRole::Lead => "lead",
        ByteRole::Continuation => "cont",
        ByteRole::Invalid => "invalid",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_per_row_follow_the_width() {
        assert_eq!(per_row_for(1000.0, 76.0), 8);
        assert_eq!(per_row_for(600.0, 76.0), 4);
        assert_eq!(per_row_for(340.0, 52.0), 3);
    }
}
