//! The guided examples, one click each. They are plain links to URL fragments, so they work with
//! the keyboard, open in a new tab and can be shared like any other state of the page.

use yew::prelude::*;

use crate::examples::EXAMPLES;
use crate::hooks::use_inspector;

#[component]
pub fn ExampleList() -> Html {
    let inspector = use_inspector();
    let current = crate::examples::matching(&inspector.bytes);
    html! {
        <nav class="examples" aria-labelledby="examples-heading">
            <h2 id="examples-heading">{ "Examples" }</h2>
            <ul class="example-list">
                { for EXAMPLES.iter().enumerate().map(|(i, example)| {
                    let active = current == Some(example);
                    html! {
                        <li>
                            <a class={classes!("example", active.then_some("example-active"))}
                               href={format!("#{}", example.fragment().write())}
                               data-example={i.to_string()}
                               aria-current={active.then_some("true")}
                               title={example.note}>
                                <span class="example-title">{ example.title }</span>
                                <span class="example-gist">{ example.gist }</span>
                            </a>
                        </li>
                    }
                }) }
            </ul>
        </nav>
    }
}
