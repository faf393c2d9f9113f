//! The sanitiser under every policy, on UTF-8 bytes and on UTF-16 code units:
//!
//! - it never panics, and its output stays within `Input::max_output_len`;
//! - it is idempotent: sanitising the output again changes nothing and only flags;
//! - every change's input range lies inside the input and its output range inside the text, on
//!   character boundaries, in order; a removal leaves an empty output range;
//! - on well-formed input, the UTF-8 and the UTF-16 paths give the same text.
//!
//! Input: two policy bytes, one byte choosing UTF-8 or UTF-16 (little-endian pairs), then the
//! text. With mojibake repair on, the text is cut to a few hundred bytes: repair searches deep.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8lens::sanitize::{
    sanitize, Action, Bidi, Bom, Confusables, Controls, Found, Input, Invalid, Invisible,
    LineEndings, Noncharacters, NormalForm, Policy, Sanitized, SoftHyphens, VariationSelectors,
};
use utf8lens_fuzz::{units_le, Options};

fn policy(a: u8, b: u8) -> Policy {
    Policy {
        invalid: if a & 1 == 0 {
            Invalid::Replace
        } else {
            Invalid::Drop
        },
        controls: if a & 2 == 0 {
            Controls::Remove
        } else {
            Controls::Picture
        },
        bom: if a & 4 == 0 {
            Bom::Start
        } else {
            Bom::Everywhere
        },
        bidi: if a & 8 == 0 {
            Bidi::Remove
        } else {
            Bidi::Balance
        },
        invisible: if a & 16 == 0 {
            Invisible::Remove
        } else {
            Invisible::Flag
        },
        variation_selectors: match (a >> 5) % 3 {
            0 => VariationSelectors::Keep,
            1 => VariationSelectors::Flag,
            _ => VariationSelectors::Remove,
        },
        soft_hyphens: if b & 0x40 == 0 {
            SoftHyphens::AsInvisible
        } else {
            SoftHyphens::Keep
        },
        noncharacters: if b & 1 == 0 {
            Noncharacters::Replace
        } else {
            Noncharacters::Remove
        },
        line_endings: match (b >> 1) % 3 {
            0 => LineEndings::Keep,
            1 => LineEndings::Lf,
            _ => LineEndings::CrLf,
        },
        normalization: match (b >> 3) % 3 {
            0 => None,
            1 => Some(NormalForm::Nfc),
            _ => Some(NormalForm::Nfkc),
        },
        repair_mojibake: b & 0x20 != 0,
        confusables: if b & 0x40 == 0 {
            Confusables::Flag
        } else {
            Confusables::Ignore
        },
    }
}

fn check_report(result: &Sanitized, input_len: usize) {
    let text = &result.text;
    let mut last_output = 0;
    for change in &result.changes {
        let (input, output) = (&change.input, &change.output);
        assert!(
            input.start <= input.end && input.end <= input_len,
            "input range {input:?} of {input_len}"
        );
        assert!(
            output.start <= output.end && output.end <= text.len(),
            "output range {output:?} of {}",
            text.len()
        );
        assert!(
            text.is_char_boundary(output.start) && text.is_char_boundary(output.end),
            "output range {output:?} on a boundary"
        );
        assert!(
            output.start >= last_output,
            "changes ordered by output position: {:?}",
            result.changes
        );
        last_output = output.start;
        if change.action == Action::Removed {
            assert!(output.is_empty(), "a removal leaves nothing: {change:?}");
        }
        let _ = (
            change.reason(),
            change.found.to_string(),
            change.found.kind(),
            change.action.as_str(),
        );
        // Hidden text is decoded from the run that starts at the change's input position.
        if let Found::HiddenText(hidden) = &change.found {
            assert!(hidden.characters >= 1 && hidden.bytes.len() <= hidden.characters);
            let _ = hidden.text();
        }
    }
}

fn check_fixed_point(result: &Sanitized, policy: &Policy) {
    let again = sanitize(&result.text, policy);
    assert_eq!(again.text, result.text, "not idempotent under {policy:?}");
    for change in &again.changes {
        assert_eq!(
            change.action,
            Action::Flagged,
            "second pass changed something: {change:?} under {policy:?}"
        );
    }
    let units: Vec<u16> = result.text.encode_utf16().collect();
    let again16 = sanitize(&units, policy);
    assert_eq!(
        again16.text, result.text,
        "not idempotent through UTF-16 under {policy:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let mut options = Options::new(data);
    let policy = policy(options.byte(), options.byte());
    let utf16 = options.byte() & 1 != 0;
    let mut bytes = options.rest();
    if policy.repair_mojibake {
        bytes = &bytes[..bytes.len().min(384)];
    }

    if utf16 {
        let units = units_le(bytes);
        let input = Input::from(&units);
        let result = sanitize(input, &policy);
        assert!(
            result.text.encode_utf16().count() <= input.max_output_len(&policy),
            "bounded"
        );
        check_report(&result, units.len());
        check_fixed_point(&result, &policy);
    } else {
        let input = Input::from(bytes);
        let result = sanitize(input, &policy);
        assert!(
            result.text.len() <= input.max_output_len(&policy),
            "bounded"
        );
        check_report(&result, bytes.len());
        check_fixed_point(&result, &policy);
        // Well-formed input: the UTF-16 path agrees with the UTF-8 path.
        if let Ok(text) = std::str::from_utf8(bytes) {
            let units: Vec<u16> = text.encode_utf16().collect();
            let via16 = sanitize(&units, &policy);
            assert_eq!(
                via16.text, result.text,
                "UTF-8 and UTF-16 paths differ under {policy:?}"
            );
            assert_eq!(
                via16.changes.len(),
                result.changes.len(),
                "same findings on both paths"
            );
        }
    }
});
