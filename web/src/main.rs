//! The utf8lens inspector. Everything lives in [`app`]; this file only mounts it.

mod app;
mod code_point;
mod components;
mod examples;
mod format;
mod fragment;
mod hooks;
mod notation;
mod rows;
mod state;
mod visible;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
