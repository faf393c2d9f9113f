//! The inspector's views, in the order of their tabs. Which one is open is part of the state and
//! of the URL fragment, so both name it from here.

/// The views, in the order of the tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Bytes,
    Bits,
    Codepage,
    Errors,
    Decoders,
    Mojibake,
    Stream,
    Sanitize,
    Detect,
    Normalize,
    Forms,
    Properties,
    Practice,
}

impl View {
    pub const ALL: [View; 13] = [
        View::Bytes,
        View::Bits,
        View::Codepage,
        View::Errors,
        View::Decoders,
        View::Mojibake,
        View::Stream,
        View::Sanitize,
        View::Detect,
        View::Normalize,
        View::Forms,
        View::Properties,
        View::Practice,
    ];

    /// The name in the URL fragment (`view=bits`) and in element ids.
    pub fn id(self) -> &'static str {
        match self {
            View::Bytes => "bytes",
            View::Bits => "bits",
            View::Codepage => "codepage",
            View::Errors => "errors",
            View::Decoders => "decoders",
            View::Mojibake => "mojibake",
            View::Stream => "stream",
            View::Sanitize => "sanitize",
            View::Detect => "detect",
            View::Normalize => "normalize",
            View::Forms => "forms",
            View::Properties => "properties",
            View::Practice => "practice",
        }
    }

    pub fn from_id(id: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.id() == id)
    }

    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            View::Bytes => "Byte map",
            View::Bits => "Bit filling",
            View::Codepage => "Codepage",
            View::Errors => "Errors",
            View::Decoders => "Decoders",
            View::Mojibake => "Mojibake",
            View::Stream => "Streaming",
            View::Sanitize => "Sanitiser",
            View::Detect => "What is this?",
            View::Normalize => "Normalisation",
            View::Forms => "UTF-16 & 32",
            View::Properties => "Properties",
            View::Practice => "Practice",
        }
    }
}
