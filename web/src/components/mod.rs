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
mod input_panel;
mod legend;
mod mojibake;
mod normalize;
mod sanitizer;
mod streaming;
mod verdict;

pub use bit_fill::BitFilling;
pub use byte_map::ByteMap;
pub use char_name::CharName;
pub use codepage::Codepage;
pub use decoders::Decoders;
pub use detect::DetectView;
pub use error_list::ErrorList;
pub use example_list::ExampleList;
pub use input_panel::InputPanel;
pub use legend::Legend;
pub use mojibake::Mojibake;
pub use normalize::Normalize;
pub use sanitizer::Sanitizer;
pub use streaming::Streaming;
pub use verdict::Verdict;
