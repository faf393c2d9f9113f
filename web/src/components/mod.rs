//! One file per view. Each view renders what the codec computes from the bytes.

mod byte_map;
mod error_list;
mod hex_input;
mod legend;
mod text_input;

pub use byte_map::ByteMap;
pub use error_list::ErrorList;
pub use hex_input::HexInput;
pub use legend::Legend;
pub use text_input::TextInput;
