//! How numbers are written for people: byte sizes and counts with thousands separators.

/// `1,048,576`.
pub fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 byte`, `512 bytes`, `1.5 KiB`, `10.0 MiB`.
pub fn size(bytes: usize) -> String {
    const KIB: f64 = 1024.0;
    match bytes {
        1 => "1 byte".to_owned(),
        0..=1023 => format!("{bytes} bytes"),
        _ if (bytes as f64) < KIB * KIB => format!("{:.1} KiB", bytes as f64 / KIB),
        _ => format!("{:.1} MiB", bytes as f64 / (KIB * KIB)),
    }
}

/// "1 character", "2 characters".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", count(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_sizes() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(10_485_760), "10,485,760");
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(1536), "1.5 KiB");
        assert_eq!(size(10 * 1024 * 1024), "10.0 MiB");
        assert_eq!(plural(1, "error", "errors"), "1 error");
        assert_eq!(plural(2, "error", "errors"), "2 errors");
    }
}
