//! The key to the byte cells: each role has a colour, a border style and its name,
//! so colour is never the only way to tell roles apart.

use utf8lens::ByteRole;
use yew::prelude::*;

/// Each role with a one-line explanation, in reading order.
const ROLES: [(ByteRole, &str); 4] = [
    (
        ByteRole::Ascii,
        "one byte that is a whole character (U+0000 to U+007F)",
    ),
    (
        ByteRole::Lead,
        "starts a multi-byte sequence and says how long it is",
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
        <section class="legend" aria-labelledby="legend-heading">
            <h2 id="legend-heading">{ "Byte roles" }</h2>
            <ul>
                { for ROLES.iter().map(|(role, meaning)| html! {
                    <li class={classes!("legend-item", format!("role-{}", role.as_str()))}>
                        <span class="swatch" aria-hidden="true"></span>
                        <strong class="legend-role">{ role.as_str() }</strong>
                        <span class="legend-meaning">{ *meaning }</span>
                    </li>
                }) }
            </ul>
        </section>
    }
}
