//! Virtual scrolling for a grid of fixed-height rows of cells: only the rows in view are drawn,
//! so a 50 MiB file in the byte map scrolls like a short word.
//!
//! The scroll area (the viewport) holds a spacer of the full height (capped, since browsers cannot
//! draw elements millions of rows tall; past the cap a pixel of scrolling moves more than a pixel
//! of rows), and inside it a window of the drawn rows, moved to where they belong. Positions are
//! set through the CSS object model, which a strict Content-Security-Policy allows, rather than
//! through `style` attributes, which it does not.
//!
//! The hook measures the viewport, a drawn `.row` and a drawn `.cell` after every render and on
//! resize: the viewport's width decides how many cells a row holds, the row's height where each
//! row goes.

use std::ops::Range;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use crate::rows;

/// How many cells a row holds for a viewport this wide, given a cell's width (both CSS pixels).
pub type PerRow = fn(f64, f64) -> usize;

/// The tallest the scroll area gets, in CSS pixels (Chromium stops at about 33 million).
const MAX_SCROLL_HEIGHT: f64 = 8_000_000.0;
/// Rows drawn above and below the visible ones.
const OVERSCAN: usize = 4;

/// What the hook measured of the grid: the viewport and row sizes decide which rows to draw.
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

/// The geometry with the viewport's size and a drawn row's height and cell width as they are now.
fn measure(viewport: &HtmlElement, current: Geometry, per_row_for: PerRow) -> Geometry {
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

/// The rows to draw, the elements to draw them in, and a way to bring a row into view.
#[derive(Clone)]
pub struct VirtualRows {
    /// Cells in a row, as the viewport's width allows.
    pub per_row: usize,
    /// The rows of the whole grid.
    pub rows: usize,
    /// The rows to draw: those in view, and a few above and below.
    pub drawn: Range<usize>,
    /// How many whole rows the viewport shows (at least one): a page.
    pub page_rows: usize,
    /// The scroll area.
    pub viewport: NodeRef,
    /// Inside the viewport: as tall as all the rows.
    pub spacer: NodeRef,
    /// Inside the spacer: holds the drawn rows, moved to where they belong.
    pub window: NodeRef,
    /// The viewport's `onscroll`.
    pub on_scroll: Callback<Event>,
    geometry: UseStateHandle<Geometry>,
}

impl VirtualRows {
    /// Scrolls the viewport, if needed, so that row `row` is wholly in view.
    pub fn reveal(&self, row: usize) {
        let g = *self.geometry;
        let rows = self.rows;
        let row_top = row as f64 * g.row_height;
        let top = g.content_top(rows);
        let target = if row_top < top {
            Some(row_top)
        } else if row_top + g.row_height > top + g.view_height {
            Some(row_top + g.row_height - g.view_height)
        } else {
            None
        };
        if let (Some(y), Some(el)) = (target, self.viewport.cast::<Element>()) {
            let scroll = g.scroll_for(rows, y);
            el.set_scroll_top(scroll.round() as i32);
            let mut next = g;
            next.scroll_top = f64::from(el.scroll_top());
            self.geometry.set(next);
        }
    }
}

/// Virtual rows for a grid of `cells` cells; `per_row_for` says how many fit in a row.
#[hook]
pub fn use_virtual_rows(cells: usize, per_row_for: PerRow) -> VirtualRows {
    let geometry = use_state(Geometry::default);
    let viewport = use_node_ref();
    let spacer = use_node_ref();
    let window = use_node_ref();

    let g = *geometry;
    let rows = rows::row_count(cells, g.per_row);
    let (drawn, window_y) = g.window(rows);

    // Measure on resize, and after every render; place the spacer and the drawn rows.
    {
        let geometry = geometry.clone();
        let viewport = viewport.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "resize", move |_| {
                    if let Some(el) = viewport.cast::<HtmlElement>() {
                        let next = measure(&el, *geometry, per_row_for);
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
        let window = window.clone();
        let viewport = viewport.clone();
        let geometry = geometry.clone();
        let spacer_height = g.spacer_height(rows);
        use_effect(move || {
            if let Some(el) = spacer.cast::<HtmlElement>() {
                let _ = el
                    .style()
                    .set_property("height", &format!("{spacer_height}px"));
            }
            if let Some(el) = window.cast::<HtmlElement>() {
                let _ = el
                    .style()
                    .set_property("transform", &format!("translateY({window_y}px)"));
            }
            if let Some(el) = viewport.cast::<HtmlElement>() {
                let next = measure(&el, *geometry, per_row_for);
                if next != *geometry {
                    geometry.set(next);
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

    VirtualRows {
        per_row: g.per_row,
        rows,
        drawn,
        page_rows: g.visible_rows(),
        viewport,
        spacer,
        window,
        on_scroll,
        geometry,
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
}
