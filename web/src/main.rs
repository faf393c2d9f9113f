//! The utf8lens inspector. Everything lives in the library; this file only mounts it.

fn main() {
    yew::Renderer::<utf8lens_web::App>::new().render();
}
