//! The shared state: one reducer, handed to every view through a context.

use yew::prelude::*;

use super::use_fragment_sync::use_fragment_sync;
use crate::fragment::{current_hash, Fragment};
use crate::state::State;

/// The handle every view reads the state from and dispatches actions to.
pub type Inspector = UseReducerHandle<State>;

#[derive(Properties, PartialEq)]
pub struct ProviderProps {
    pub children: Html,
}

/// Owns the state (opened from the URL fragment, kept in step with it) and provides it.
#[component]
pub fn InspectorProvider(props: &ProviderProps) -> Html {
    let state = use_reducer(|| State::from_fragment(Fragment::parse(&current_hash())));
    use_fragment_sync(&state);
    html! {
        <ContextProvider<Inspector> context={state}>
            { props.children.clone() }
        </ContextProvider<Inspector>>
    }
}

/// The shared state. Every view sits inside [`InspectorProvider`] (see `app.rs`); outside it,
/// which would be a programming error, the view gets a private default state instead of a panic.
#[hook]
pub fn use_inspector() -> Inspector {
    let fallback = use_reducer(State::default);
    use_context::<Inspector>().unwrap_or(fallback)
}
