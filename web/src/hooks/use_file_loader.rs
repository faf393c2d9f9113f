//! Opening a file: read in 1 MiB slices (`Blob.slice().arrayBuffer()`), so the page keeps
//! drawing (the progress bar moves) while a 50 MiB file comes in.

use js_sys::Uint8Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::use_inspector::use_inspector;
use crate::state::{Action, MAX_FILE};

const SLICE: usize = 1024 * 1024;

/// A callback that opens a file; progress and the result go to the shared state.
#[hook]
pub fn use_file_loader() -> Callback<web_sys::File> {
    let inspector = use_inspector();
    let counter = use_mut_ref(|| 0u32);
    let dispatcher = inspector.dispatcher();
    Callback::from(move |file: web_sys::File| {
        let id = {
            let mut counter = counter.borrow_mut();
            *counter = counter.wrapping_add(1);
            *counter
        };
        let name = file.name();
        let size = file.size() as usize;
        dispatcher.dispatch(Action::LoadStarted {
            id,
            name: name.clone(),
            size,
        });
        let dispatcher = dispatcher.clone();
        yew::platform::spawn_local(async move {
            let action = match read(&file, size, id, &dispatcher).await {
                Ok(bytes) => Action::LoadFinished { id, name, bytes },
                Err(message) => Action::LoadFailed { id, message },
            };
            dispatcher.dispatch(action);
        });
    })
}

async fn read(
    file: &web_sys::File,
    size: usize,
    id: u32,
    dispatcher: &UseReducerDispatcher<crate::state::State>,
) -> Result<Vec<u8>, String> {
    if size > MAX_FILE {
        return Err(format!(
            "{} is {}; the inspector opens files up to 50 MiB.",
            file.name(),
            crate::format::size(size)
        ));
    }
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(size).map_err(|_| {
        format!(
            "Not enough memory to open a file of {}.",
            crate::format::size(size)
        )
    })?;
    let mut start = 0;
    while start < size {
        let end = (start + SLICE).min(size);
        let blob = file
            .slice_with_f64_and_f64(start as f64, end as f64)
            .map_err(describe)?;
        let buffer = JsFuture::from(blob.array_buffer())
            .await
            .map_err(describe)?;
        let array = Uint8Array::new(&buffer);
        let old = bytes.len();
        bytes.resize(old + array.length() as usize, 0);
        array.copy_to(bytes.get_mut(old..).unwrap_or_default());
        start = end;
        dispatcher.dispatch(Action::LoadProgress { id, done: start });
    }
    Ok(bytes)
}

fn describe(error: JsValue) -> String {
    let detail = match error.dyn_ref::<js_sys::Error>() {
        Some(e) => String::from(e.message()),
        None => error
            .as_string()
            .unwrap_or_else(|| "unknown error".to_owned()),
    };
    format!("The file could not be read: {detail}")
}
