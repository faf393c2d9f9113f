//! One file per view, plus the page furniture around them. Each view renders what the codec
//! computes from the bytes.

mod bit_fill;
mod byte_map;
mod char_name;
mod codepage;
mod decoders;
pub mod detect;
mod error_list;
mod example_list;
mod in_page_nav;
mod input_panel;
mod legend;
mod mojibake;
mod normalize;
mod practice;
mod properties;
mod sanitizer;
mod streaming;
mod unicode_forms;
mod verdict;

pub use bit_fill::BitFilling;
pub use byte_map::ByteMap;
pub use char_name::CharName;
pub use codepage::Codepage;
pub use decoders::Decoders;
pub use detect::DetectView;
pub use error_list::ErrorList;
pub use example_list::ExampleList;
pub use in_page_nav::InPageNav;
pub use input_panel::InputPanel;
pub use legend::Legend;
pub use mojibake::Mojibake;
pub use normalize::Normalize;
pub use practice::Practice;
pub use properties::Properties;
pub use sanitizer::Sanitizer;
pub use streaming::Streaming;
pub use unicode_forms::UnicodeForms;
pub use verdict::Verdict;
