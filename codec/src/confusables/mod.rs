//! Look-alikes, as Unicode Technical Standard #39 (Unicode Security Mechanisms) defines them:
//! confusable skeletons, script sets and restriction levels.
//!
//! * [`skeleton`] maps a text to its *skeleton*: every character replaced by the prototype of its
//!   look-alike class from Unicode's `confusables.txt` (UTS #39 §4). Two texts are confusable when
//!   their skeletons are equal: [`are_confusable`].
//! * [`scripts`] says which scripts a text is written in: each character's augmented script set
//!   (its `Script_Extensions`, with Han's combinations Hanb, Jpan and Kore, UTS #39 §5.1), the
//!   text's resolved script set (their intersection, empty when the text mixes scripts) and its
//!   [`RestrictionLevel`] (UTS #39 §5.2).
//! * [`mixed_script_confusables`] finds the words that mix scripts in a way that hides it: every
//!   character of the word has a look-alike in one script, so `pаypal` with a Cyrillic `а` passes
//!   for `paypal`. The sanitiser reports them (`sanitize::Policy::confusables`).
//!
//! The data is Unicode's, through the unicode-rs crates `unicode-security` (`confusables.txt`,
//! `IdentifierStatus.txt`, default ignorables) and `unicode-script` (`Scripts.txt`,
//! `ScriptExtensions.txt`), both of Unicode [`UNICODE_VERSION`].
//!
//! # Examples
//!
//! ```
//! use utf8lens::confusables::{are_confusable, scripts, skeleton, RestrictionLevel};
//!
//! // "pаypal" with U+0430 CYRILLIC SMALL LETTER A.
//! assert_eq!(skeleton("p\u{430}ypal"), "paypal");
//! assert!(are_confusable("p\u{430}ypal", "paypal"));
//! let found = scripts("p\u{430}ypal");
//! assert!(found.resolved.is_empty());
//! assert_eq!(found.level, RestrictionLevel::MinimallyRestrictive);
//! assert_eq!(found.used(), ["Latin", "Cyrillic"]);
//! ```

mod mixed;
mod restriction;
mod scripts;
mod skeleton;

pub use self::mixed::{mixed_script_confusables, MixedScriptConfusable, Severity};
pub use self::restriction::RestrictionLevel;
pub use self::scripts::{scripts, CharScripts, ScriptSet, Scripts};
pub use self::skeleton::{are_confusable, skeleton};

/// The version of Unicode whose data this module uses, as (major, minor, update).
///
/// ```
/// assert!(utf8lens::confusables::UNICODE_VERSION >= (16, 0, 0));
/// ```
pub const UNICODE_VERSION: (u64, u64, u64) = unicode_security::UNICODE_VERSION;
