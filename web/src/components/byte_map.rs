//! The byte map: every byte as a cell (offset, hex, binary with the marker bits set apart, role),
//! grouped into the characters and malformed sequences the codec finds.
//!
//! Only the rows in view are drawn (see `rows.rs`), so a 50 MiB file scrolls like a short word.
//! Rows are a fixed height; the scroll area is a spacer of the full height (capped, since browsers
//! cannot draw elements millions of rows tall; past the cap a pixel of scrolling moves more than a
//! pixel of rows). Positions are set through the CSS object model, which a strict
//! Content-Security-Policy allows, rather than through `style` attributes, which it does not.
//!
//! Keyboard: the map is one tab stop (a grid with a roving focus). Arrow keys move by byte and by
//! row, Home/End to the row's ends, Page Up/Down by a screen, Ctrl+Home/End to the input's ends,
//! Enter opens the selected character in the bit-filling view.

use std::cell::Cell;
use std::rc::Rc;

use gloo_events::EventListener;
use utf8lens::{ByteRole, Segment};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};
use yew::prelude::*;

use crate::components::Legend;
use crate::format;
use crate::hooks::use_inspector;
use crate::rows::{self, RowSegment};
use crate::state::Action;
use crate::view::View;
use crate::visible::glyph;

/// The tallest the scroll area gets, in CSS pixels (Chromium stops at about 33 million).
const MAX_SCROLL_HEIGHT: f64 = 8_000_000.0;
/// Rows drawn above and below the visible ones.
const OVERSCAN: usize = 4;

/// What the map measured of itself: the viewport and row sizes decide which rows to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Geometry {
    scroll_top: f64,
    view_height: f64,
    row_height: f64,
    per_row: usize,
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry {
            scroll_top: 0.0,
            view_height: 600.0,
            row_height: 112.0,
            per_row: 8,
        }
    }
}

impl Geometry {
    fn total_height(&self, rows: usize) -> f64 {
        rows as f64 * self.row_height
    }

    fn spacer_height(&self, rows: usize) -> f64 {
        self.total_height(rows).min(MAX_SCROLL_HEIGHT)
    }

    /// The content pixel at the top of the viewport.
    fn content_top(&self, rows: usize) -> f64 {
        let total = self.total_height(rows);
        let spacer = self.spacer_height(rows);
        if total <= spacer {
            return self.scroll_top;
        }
        let max_scroll = (spacer - self.view_height).max(1.0);
        let max_content = (total - self.view_height).max(0.0);
        (self.scroll_top / max_scroll).clamp(0.0, 1.0) * max_content
    }

    /// The scroll position that puts content pixel `y` at the top of the viewport.
    fn scroll_for(&self, rows: usize, y: f64) -> f64 {
        let total = self.total_height(rows);
        let spacer = self.spacer_height(rows);
        if total <= spacer {
            return y;
        }
        let max_scroll = (spacer - self.view_height).max(0.0);
        let max_content = (total - self.view_height).max(1.0);
        (y / max_content).clamp(0.0, 1.0) * max_scroll
    }

    /// The rows to draw, and where the first of them goes in the spacer.
    fn window(&self, rows: usize) -> (std::ops::Range<usize>, f64) {
        if rows == 0 {
            return (0..0, 0.0);
        }
        let top = self.content_top(rows);
        let first_visible = ((top / self.row_height) as usize).min(rows - 1);
        let visible = (self.view_height / self.row_height).ceil() as usize + 1;
        let first = first_visible.saturating_sub(OVERSCAN);
        let last = (first_visible + visible + OVERSCAN).min(rows);
        // Where the first drawn row sits in the spacer: the viewport's top, minus how far into
        // the first visible row the top is, minus the overscan rows above it.
        let into_row = top - first_visible as f64 * self.row_height;
        let y = self.scroll_top - into_row - (first_visible - first) as f64 * self.row_height;
        (first..last, y.max(0.0))
    }

    fn visible_rows(&self) -> usize {
        ((self.view_height / self.row_height).floor() as usize).max(1)
    }
}

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

/// The geometry with the viewport's size and a drawn row's height and cell width as they are now.
fn measure(viewport: &HtmlElement, current: Geometry) -> Geometry {
    let first = |selector: &str| {
        viewport
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    };
    let cell_width = first(".cell")
        .map(|c| f64::from(c.offset_width()) + 4.0)
        .filter(|w| *w > 10.0)
        .unwrap_or(84.0);
    let mut next = current;
    next.per_row = per_row_for(f64::from(viewport.client_width()), cell_width);
    if let Some(row) = first(".row")
        .map(|r| f64::from(r.offset_height()))
        .filter(|h| *h > 10.0)
    {
        next.row_height = row;
    }
    // Scrollable once full; until then as tall as its rows, so ask the CSS maximum instead.
    let max = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .map_or(600.0, |h| (h * 0.7).min(736.0));
    next.view_height = max.max(100.0);
    next
}

#[component]
pub fn ByteMap() -> Html {
    let inspector = use_inspector();
    let geometry = use_state(Geometry::default);
    let viewport = use_node_ref();
    let spacer = use_node_ref();
    let window_ref = use_node_ref();
    // Set by keyboard moves: after the next render, focus the selected cell.
    let focus_pending = use_mut_ref(|| Rc::new(Cell::new(false)));
    let focus_pending = focus_pending.borrow().clone();

    let bytes = inspector.bytes.clone();
    let g = *geometry;
    let rows = rows::row_count(bytes.len(), g.per_row);
    let (drawn, window_y) = g.window(rows);
    let selected = inspector.selected;

    // Measure the viewport (its width decides the bytes per row) and a row, after every render
    // and on resize; place the spacer and the drawn rows; after a key press, focus the selected
    // cell.
    {
        let geometry = geometry.clone();
        let viewport = viewport.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "resize", move |_| {
                    if let Some(el) = viewport.cast::<HtmlElement>() {
                        let next = measure(&el, *geometry);
                        if next != *geometry {
                            geometry.set(next);
                        }
                    }
                })
            });
            move || drop(listener)
        });
    }
    {
        let spacer = spacer.clone();
        let window_ref = window_ref.clone();
        let viewport = viewport.clone();
        let focus_pending = focus_pending.clone();
        let geometry = geometry.clone();
        let spacer_height = g.spacer_height(rows);
        use_effect(move || {
            if let Some(el) = spacer.cast::<HtmlElement>() {
                let _ = el
                    .style()
                    .set_property("height", &format!("{spacer_height}px"));
            }
            if let Some(el) = window_ref.cast::<HtmlElement>() {
                let _ = el
                    .style()
                    .set_property("transform", &format!("translateY({window_y}px)"));
            }
            if let Some(el) = viewport.cast::<HtmlElement>() {
                let next = measure(&el, *geometry);
                if next != *geometry {
                    geometry.set(next);
                }
                if focus_pending.get() {
                    if let Some(offset) = selected {
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
                }
            }
        });
    }

    let on_scroll = {
        let geometry = geometry.clone();
        Callback::from(move |e: Event| {
            let el = e.target_unchecked_into::<Element>();
            let mut next = *geometry;
            next.scroll_top = f64::from(el.scroll_top());
            if next != *geometry {
                geometry.set(next);
            }
        })
    };

    // Selecting a byte: scroll its row into view if needed.
    let go_to = {
        let inspector = inspector.clone();
        let geometry = geometry.clone();
        let viewport = viewport.clone();
        let bytes = bytes.clone();
        let focus_pending = focus_pending.clone();
        move |offset: usize, focus: bool| {
            if bytes.is_empty() {
                return;
            }
            let offset = offset.min(bytes.len() - 1);
            let g = *geometry;
            let rows = rows::row_count(bytes.len(), g.per_row);
            let row = rows::row_of(&bytes, offset, g.per_row);
            let row_top = row as f64 * g.row_height;
            let top = g.content_top(rows);
            let target = if row_top < top {
                Some(row_top)
            } else if row_top + g.row_height > top + g.view_height {
                Some(row_top + g.row_height - g.view_height)
            } else {
                None
            };
            if let (Some(y), Some(el)) = (target, viewport.cast::<Element>()) {
                let scroll = g.scroll_for(rows, y);
                el.set_scroll_top(scroll.round() as i32);
                let mut next = g;
                next.scroll_top = f64::from(el.scroll_top());
                geometry.set(next);
            }
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
            let g = *geometry;
            let last = bytes.len() - 1;
            let current = inspector.selected.unwrap_or(0);
            let row = rows::row_of(&bytes, current, g.per_row);
            let range = rows::row_range(&bytes, row, g.per_row);
            let page = g.visible_rows() * g.per_row;
            let target = match (e.key().as_str(), e.ctrl_key() || e.meta_key()) {
                ("ArrowRight", _) => current.saturating_add(1).min(last),
                ("ArrowLeft", _) => current.saturating_sub(1),
                ("ArrowDown", _) => current.saturating_add(g.per_row).min(last),
                ("ArrowUp", _) => current.saturating_sub(g.per_row),
                ("PageDown", _) => current.saturating_add(page).min(last),
                ("PageUp", _) => current.saturating_sub(page),
                ("Home", true) => 0,
                ("End", true) => last,
                ("Home", false) => range.start,
                ("End", false) => range.end.saturating_sub(1).max(range.start),
                ("Enter", _) => {
                    e.prevent_default();
                    inspector.dispatch(Action::SetCodePoint(String::new()));
                    inspector.dispatch(Action::SetView(View::Bits));
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

    let on_go = {
        let go_to = go_to.clone();
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
            if let Some(offset) = offset {
                go_to(offset, true);
            }
        })
    };

    let open_bits = {
        let inspector = inspector.clone();
        Callback::from(move |_: MouseEvent| {
            inspector.dispatch(Action::SetCodePoint(String::new()));
            inspector.dispatch(Action::SetView(View::Bits));
        })
    };

    // The roving tab stop: the selected cell if drawn, else the first drawn byte.
    let drawn_rows: Vec<(usize, std::ops::Range<usize>, Vec<RowSegment>)> = drawn
        .clone()
        .map(|r| {
            let range = rows::row_range(&bytes, r, g.per_row);
            let segments = rows::segments_in(&bytes, range.clone());
            (r, range, segments)
        })
        .collect();
    let first_drawn = drawn_rows
        .iter()
        .find(|(_, range, _)| !range.is_empty())
        .map(|(_, r, _)| r.start);
    let tab_stop = match selected {
        Some(s) if drawn_rows.iter().any(|(_, r, _)| r.contains(&s)) => Some(s),
        _ => first_drawn,
    };

    let summary = if rows > 64 {
        format!(
            "{} in {} rows of about {} bytes; only the rows in view are drawn.",
            format::plural(bytes.len(), "byte", "bytes"),
            format::count(rows),
            g.per_row
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
                    <input id="go-to-offset" type="text" inputmode="numeric" size="10" placeholder="0 or 0x1F" />
                    <button type="submit">{ "Go" }</button>
                </form>
            </div>
            if let Some(text) = selection_text(&bytes, selected) {
                <p class="selection" aria-live="polite">
                    { text }
                    <button type="button" class="link-button" onclick={open_bits}>{ "Open in bit filling (Enter)" }</button>
                </p>
            }
            if bytes.is_empty() {
                <p class="empty">{ "No bytes yet: type some text or bytes above." }</p>
            } else {
                <div class="byte-map-viewport"
                     ref={viewport}
                     role="grid"
                     aria-label="Bytes, grouped by character"
                     aria-rowcount={rows.to_string()}
                     data-per-row={g.per_row.to_string()}
                     onscroll={on_scroll}
                     onkeydown={on_key}
                     onclick={on_click}>
                    <div class="byte-map-spacer" ref={spacer}>
                        <div class="byte-map-window" ref={window_ref}>
                            { for drawn_rows.into_iter().map(|(r, range, segments)| {
                                row_html(&bytes, r, range, segments, selected, tab_stop)
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

fn row_html(
    bytes: &[u8],
    row: usize,
    range: std::ops::Range<usize>,
    segments: Vec<RowSegment>,
    selected: Option<usize>,
    tab_stop: Option<usize>,
) -> Html {
    html! {
        <div class="row" role="row" aria-rowindex={(row + 1).to_string()} data-row={row.to_string()}>
            <span class="row-offset" role="rowheader" aria-label={format!("bytes from {}", range.start)}>
                { range.start.to_string() }
            </span>
            if segments.is_empty() {
                <span class="row-continued" role="gridcell">{ "(the character above)" }</span>
            }
            { for segments.into_iter().map(|s| segment_html(bytes, s, selected, tab_stop)) }
        </div>
    }
}

fn segment_html(
    bytes: &[u8],
    seg: RowSegment,
    selected: Option<usize>,
    tab_stop: Option<usize>,
) -> Html {
    let range = seg.range();
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
                if kind.is_some() { "segment-malformed" } else { "segment-char" },
                is_selected.then_some("segment-selected"),
             )}
             data-offset={range.start.to_string()}
             data-len={len.to_string()}
             data-kind={kind}>
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
    let label = format!(
        "Byte {offset}: {byte:02X}, binary {marker_bits} {payload_bits}, {role_name}, {position} {what}"
    );
    html! {
        <div class={classes!("cell", format!("role-{role_name}"), selected.then_some("cell-selected"))}
             role="gridcell"
             tabindex={if tab_stop { "0" } else { "-1" }}
             aria-selected={selected.to_string()}
             aria-label={label}
             data-offset={offset.to_string()}
             data-role={role_name}>
            <span class="cell-offset" aria-hidden="true">{ format!("#{offset}") }</span>
            <span class="cell-hex" aria-hidden="true">{ format!("{byte:02X}") }</span>
            <span class="cell-bin" aria-hidden="true">
                <span class="bits-marker">{ marker_bits }</span>
                <span class="bits-payload">{ payload_bits }</span>
            </span>
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
    fn the_window_covers_the_viewport() {
        let g = Geometry {
            scroll_top: 0.0,
            view_height: 500.0,
            row_height: 100.0,
            per_row: 8,
        };
        assert_eq!(g.window(3), (0..3, 0.0));
        let (rows, y) = g.window(1000);
        assert_eq!(rows, 0..10);
        assert_eq!(y, 0.0);
        let g = Geometry {
            scroll_top: 1050.0,
            ..g
        };
        let (rows, y) = g.window(1000);
        assert_eq!(rows, 6..20);
        assert_eq!(y, 600.0);
    }

    #[test]
    fn huge_inputs_scale_the_scrollbar() {
        let g = Geometry {
            scroll_top: 0.0,
            view_height: 500.0,
            row_height: 100.0,
            per_row: 8,
        };
        let rows = 10_000_000; // 1e9 px of rows
        assert_eq!(g.spacer_height(rows), MAX_SCROLL_HEIGHT);
        let bottom = Geometry {
            scroll_top: MAX_SCROLL_HEIGHT - 500.0,
            ..g
        };
        let (drawn, _) = bottom.window(rows);
        assert_eq!(drawn.end, rows);
        let y = g.scroll_for(rows, bottom.content_top(rows));
        assert!((y - bottom.scroll_top).abs() < 1.0);
    }

    #[test]
    fn bytes_per_row_follow_the_width() {
        assert_eq!(per_row_for(1000.0, 76.0), 8);
        assert_eq!(per_row_for(600.0, 76.0), 4);
        assert_eq!(per_row_for(340.0, 52.0), 3);
    }
}
