//! The utf8lens inspector. Everything lives in [`app`]; this file only mounts it.

mod app;
mod components;
mod hex;
mod state;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
