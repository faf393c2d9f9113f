//! The key to the byte cells: each role has a colour, a border style and its name, so colour is
//! never the only way to tell roles apart; and the marker bits are set apart from the payload.

use utf8lens::ByteRole;
use yew::prelude::*;

/// Each role with a one-line explanation, in reading order.
const ROLES: [(ByteRole, &str); 4] = [
    (
        ByteRole::Ascii,
        "a whole character in one byte (U+0000 to U+007F)",
    ),
    (
        ByteRole::Lead,
        "starts a multi-byte character and says how long it is",
    ),
    (
        ByteRole::Continuation,
        "carries six more bits of the character",
    ),
    (
        ByteRole::Invalid,
        "part of no valid sequence; decoders show U+FFFD",
    ),
];

#[component]
pub fn Legend() -> Html {
    html! {
        <div class="legend" role="note" aria-label="Key to the byte cells">
            <ul>
                { for ROLES.iter().map(|(role, meaning)| html! {
                    <li class={classes!("legend-item", format!("role-{}", role.as_str()))}>
                        <span class="swatch" aria-hidden="true"></span>
                        <strong class="legend-role">{ role.as_str() }</strong>
                        <span class="legend-meaning">{ *meaning }</span>
                    </li>
                }) }
                <li class="legend-item">
                    <span class="cell-bin legend-bits" aria-hidden="true">
                        <span class="bits-marker">{ "1110" }</span><span class="bits-payload">{ "0010" }</span>
                    </span>
                    <span class="legend-meaning">{ "marker bits (0, 10, 110, 1110, 11110) are bold and underlined; the rest is payload" }</span>
                </li>
            </ul>
        </div>
    }
}
