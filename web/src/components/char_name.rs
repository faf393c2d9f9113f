//! What a character is, wherever one is shown: its Unicode name, general category, script and
//! block, from the lazily loaded names file (`hooks/use_ucd.rs`). Before the file arrives it
//! renders nothing, so every view works without it.

use yew::prelude::*;

use crate::hooks::use_ucd;

#[derive(Properties, PartialEq)]
pub struct CharNameProps {
    /// The code point (a surrogate or a value above U+10FFFF shows no name).
    pub cp: u32,
}

/// `EURO SIGN · Sc (Currency_Symbol) · script Common · block Currency Symbols`, with the name in
/// `data-name`.
#[component]
pub fn CharName(props: &CharNameProps) -> Html {
    let ucd = use_ucd();
    match ucd.filter(|_| props.cp <= 0x10_FFFF) {
        Some(ucd) => {
            let info = ucd.info(props.cp);
            html! {
                <span class="char-name" data-name={info.name.clone()}
                      title={format!("From the Unicode Character Database {}", ucd.version)}>
                    <span class="char-name-name">{ info.name.clone() }</span>
                    <span class="char-name-facts">
                        { format!(" · {} ({}) · script {} · block {}", info.category, info.category_long, info.script, info.block) }
                    </span>
                </span>
            }
        }
        None => html! {},
    }
}
