//! What each character is: its Unicode name, general category, script and block, read from
//! `static/ucd-names.txt` (generated from the UCD by `scripts/generate-ucd-names.mjs`; the format
//! is described there). The file is fetched when first needed (`hooks/use_ucd.rs`), so it costs
//! the first load nothing; until it arrives the views show code points only.
//!
//! Hangul syllables are named by the algorithm of the Unicode Standard §3.12, and the CJK,
//! Tangut, Nüshu, Khitan and Egyptian ranges by their prefix and the code point in hex
//! (`CJK UNIFIED IDEOGRAPH-65E5`), as the standard derives them.

/// Everything the data file says, ready for lookups by code point.
#[derive(Debug, PartialEq)]
pub struct Ucd {
    /// The UCD's version, e.g. `17.0.0`.
    pub version: String,
    gc_names: Vec<String>,
    sc_names: Vec<String>,
    /// (start, index into `gc_names`), sorted by start; each run lasts until the next.
    gc_runs: Vec<(u32, u8)>,
    sc_runs: Vec<(u32, u8)>,
    /// (start, end inclusive, name), sorted.
    blocks: Vec<(u32, u32, String)>,
    /// (start, end inclusive, prefix), sorted.
    derived: Vec<(u32, u32, String)>,
    /// Control aliases of characters without a name, sorted.
    aliases: Vec<(u32, String)>,
    /// Named characters, sorted.
    names: Vec<(u32, String)>,
}

/// What one code point is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharInfo {
    /// The name (`EURO SIGN`), the derived name (`CJK UNIFIED IDEOGRAPH-65E5`,
    /// `HANGUL SYLLABLE HAN`), the control alias (`LINE FEED`), or a code point label
    /// (`<unassigned-0378>`) for what has none.
    pub name: String,
    /// The general category's short name (`Sc`) and its long name (`Currency_Symbol`).
    pub category: &'static str,
    pub category_long: &'static str,
    /// The script (`Common`, `Cyrillic`).
    pub script: String,
    /// The block (`Currency Symbols`), or `No_Block`.
    pub block: String,
}

impl CharInfo {
    /// One line for a tooltip: `EURO SIGN · Sc (Currency_Symbol) · Common · Currency Symbols`.
    pub fn summary(&self) -> String {
        format!(
            "{} · {} ({}) · script {} · block {}",
            self.name, self.category, self.category_long, self.script, self.block
        )
    }
}

fn hex(s: &str) -> Result<u32, String> {
    u32::from_str_radix(s, 16).map_err(|_| format!("not hex: {s:?}"))
}

impl Ucd {
    /// Reads the data file. Any line it cannot read is an error (the file is generated, so this
    /// means a wrong file was served).
    pub fn parse(text: &str) -> Result<Ucd, String> {
        let mut ucd = Ucd {
            version: String::new(),
            gc_names: Vec::new(),
            sc_names: Vec::new(),
            gc_runs: Vec::new(),
            sc_runs: Vec::new(),
            blocks: Vec::new(),
            derived: Vec::new(),
            aliases: Vec::new(),
            names: Vec::new(),
        };
        let mut lines = text.lines();
        if lines.next() != Some("utf8lens-ucd 1") {
            return Err("not a utf8lens UCD file (format 1)".to_owned());
        }
        let mut last_named = 0u32;
        for line in lines {
            let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
            let mut fields = rest.splitn(3, ' ');
            let mut field = || fields.next().ok_or_else(|| format!("short line: {line:?}"));
            let small = |s: &str| s.parse::<u8>().map_err(|_| format!("bad index: {line:?}"));
            match tag {
                "unicode" => ucd.version = rest.to_owned(),
                "gc" => ucd.gc_names = rest.split(' ').map(str::to_owned).collect(),
                "sc" => ucd.sc_names = rest.split(' ').map(str::to_owned).collect(),
                "G" => ucd.gc_runs.push((hex(field()?)?, small(field()?)?)),
                "S" => ucd.sc_runs.push((hex(field()?)?, small(field()?)?)),
                "B" | "R" => {
                    let entry = (hex(field()?)?, hex(field()?)?, field()?.to_owned());
                    if tag == "B" {
                        &mut ucd.blocks
                    } else {
                        &mut ucd.derived
                    }
                    .push(entry);
                }
                "A" => {
                    let cp = hex(field()?)?;
                    ucd.aliases
                        .push((cp, rest.split_once(' ').map_or("", |r| r.1).to_owned()));
                }
                "N" => {
                    let (delta, name) = rest
                        .split_once(' ')
                        .ok_or_else(|| format!("short line: {line:?}"))?;
                    last_named = last_named.saturating_add(hex(delta)?);
                    ucd.names.push((last_named, name.to_owned()));
                }
                "" => {}
                _ => return Err(format!("unknown line: {line:?}")),
            }
        }
        if ucd.gc_runs.is_empty() || ucd.names.is_empty() {
            return Err("the file holds no characters".to_owned());
        }
        Ok(ucd)
    }

    /// What code point `cp` is.
    pub fn info(&self, cp: u32) -> CharInfo {
        let category = run_value(&self.gc_runs, cp)
            .and_then(|i| self.gc_names.get(usize::from(i)))
            .map_or("Cn", String::as_str);
        let (category, category_long) = category_names(category);
        CharInfo {
            name: self.name(cp, category),
            category,
            category_long,
            script: run_value(&self.sc_runs, cp)
                .and_then(|i| self.sc_names.get(usize::from(i)))
                .cloned()
                .unwrap_or_else(|| "Unknown".to_owned()),
            block: self
                .blocks
                .iter()
                .find(|(a, b, _)| (*a..=*b).contains(&cp))
                .map_or_else(|| "No_Block".to_owned(), |(_, _, n)| n.clone()),
        }
    }

    fn name(&self, cp: u32, category: &str) -> String {
        if let Ok(i) = self.names.binary_search_by_key(&cp, |(c, _)| *c) {
            if let Some((_, name)) = self.names.get(i) {
                return name.clone();
            }
        }
        if let Some(name) = hangul_syllable_name(cp) {
            return name;
        }
        if let Some((_, _, prefix)) = self
            .derived
            .iter()
            .find(|(a, b, _)| (*a..=*b).contains(&cp))
        {
            return format!("{prefix}{cp:04X}");
        }
        if let Ok(i) = self.aliases.binary_search_by_key(&cp, |(c, _)| *c) {
            if let Some((_, alias)) = self.aliases.get(i) {
                return alias.clone();
            }
        }
        // The code point labels of the Unicode Standard §4.8 for what has no name.
        let kind = match category {
            "Cc" => "control",
            "Co" => "private-use",
            "Cs" => "surrogate",
            _ if (cp & 0xFFFE) == 0xFFFE || (0xFDD0..=0xFDEF).contains(&cp) => "noncharacter",
            _ => "unassigned",
        };
        format!("<{kind}-{cp:04X}>")
    }
}

/// The value of the run holding `cp`.
fn run_value(runs: &[(u32, u8)], cp: u32) -> Option<u8> {
    let i = runs.partition_point(|(start, _)| *start <= cp);
    runs.get(i.checked_sub(1)?).map(|(_, v)| *v)
}

/// The general category's short and long names (PropertyValueAliases.txt).
fn category_names(short: &str) -> (&'static str, &'static str) {
    const ALL: [(&str, &str); 30] = [
        ("Lu", "Uppercase_Letter"),
        ("Ll", "Lowercase_Letter"),
        ("Lt", "Titlecase_Letter"),
        ("Lm", "Modifier_Letter"),
        ("Lo", "Other_Letter"),
        ("Mn", "Nonspacing_Mark"),
        ("Mc", "Spacing_Mark"),
        ("Me", "Enclosing_Mark"),
        ("Nd", "Decimal_Number"),
        ("Nl", "Letter_Number"),
        ("No", "Other_Number"),
        ("Pc", "Connector_Punctuation"),
        ("Pd", "Dash_Punctuation"),
        ("Ps", "Open_Punctuation"),
        ("Pe", "Close_Punctuation"),
        ("Pi", "Initial_Punctuation"),
        ("Pf", "Final_Punctuation"),
        ("Po", "Other_Punctuation"),
        ("Sm", "Math_Symbol"),
        ("Sc", "Currency_Symbol"),
        ("Sk", "Modifier_Symbol"),
        ("So", "Other_Symbol"),
        ("Zs", "Space_Separator"),
        ("Zl", "Line_Separator"),
        ("Zp", "Paragraph_Separator"),
        ("Cc", "Control"),
        ("Cf", "Format"),
        ("Cs", "Surrogate"),
        ("Co", "Private_Use"),
        ("Cn", "Unassigned"),
    ];
    ALL.iter()
        .find(|(s, _)| *s == short)
        .copied()
        .unwrap_or(("Cn", "Unassigned"))
}

/// The name of a precomposed Hangul syllable, by the Unicode Standard §3.12: the syllable's
/// index split into leading consonant, vowel and trailing consonant, each named by its short
/// Jamo name (Jamo.txt).
pub fn hangul_syllable_name(cp: u32) -> Option<String> {
    const S_BASE: u32 = 0xAC00;
    const V_COUNT: u32 = 21;
    const T_COUNT: u32 = 28;
    const N_COUNT: u32 = V_COUNT * T_COUNT;
    const S_COUNT: u32 = 19 * N_COUNT;
    const L: [&str; 19] = [
        "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T",
        "P", "H",
    ];
    const V: [&str; 21] = [
        "A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO",
        "WE", "WI", "YU", "EU", "YI", "I",
    ];
    const T: [&str; 28] = [
        "", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH",
        "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H",
    ];
    let s = cp.checked_sub(S_BASE).filter(|s| *s < S_COUNT)?;
    let part = |table: &[&'static str], i: u32| table.get(i as usize).copied().unwrap_or("");
    Some(format!(
        "HANGUL SYLLABLE {}{}{}",
        part(&L, s / N_COUNT),
        part(&V, (s % N_COUNT) / T_COUNT),
        part(&T, s % T_COUNT)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Ucd {
        Ucd::parse(
            "utf8lens-ucd 1\nunicode 17.0.0\ngc Cn Cc Lu Sc Lo\nsc Unknown Common Latin Han\n\
             G 0 1\nG 20 0\nG 41 2\nG 5B 0\nG 20AC 3\nG 20AD 0\nG 4E00 4\nG A000 0\n\
             S 0 1\nS 41 2\nS 5B 0\nS 20AC 1\nS 20AD 0\nS 4E00 3\nS A000 0\n\
             B 0 7F Basic Latin\nB 20A0 20CF Currency Symbols\n\
             R 4E00 9FFF CJK UNIFIED IDEOGRAPH-\nA A LINE FEED\n\
             N 41 LATIN CAPITAL LETTER A\nN 206B EURO SIGN\n",
        )
        .expect("the sample parses")
    }

    #[test]
    fn names_categories_scripts_blocks() {
        let ucd = sample();
        assert_eq!(ucd.version, "17.0.0");
        let euro = ucd.info(0x20AC);
        assert_eq!(
            (
                euro.name.as_str(),
                euro.category,
                euro.script.as_str(),
                euro.block.as_str()
            ),
            ("EURO SIGN", "Sc", "Common", "Currency Symbols")
        );
        assert_eq!(ucd.info(0x41).name, "LATIN CAPITAL LETTER A");
        assert_eq!(ucd.info(0x65E5).name, "CJK UNIFIED IDEOGRAPH-65E5");
        assert_eq!(ucd.info(0x65E5).script, "Han");
        assert_eq!(ucd.info(0x0A).name, "LINE FEED");
        assert_eq!(ucd.info(0x0A).category_long, "Control");
        assert_eq!(ucd.info(0xD55C).name, "HANGUL SYLLABLE HAN");
        assert_eq!(ucd.info(0x378).name, "<unassigned-0378>");
        assert_eq!(ucd.info(0x378).block, "No_Block");
        assert_eq!(ucd.info(0xFFFF).name, "<noncharacter-FFFF>");
    }

    #[test]
    fn hangul_names_by_the_algorithm() {
        assert_eq!(
            hangul_syllable_name(0xAC00).as_deref(),
            Some("HANGUL SYLLABLE GA")
        );
        assert_eq!(
            hangul_syllable_name(0xAD6D).as_deref(),
            Some("HANGUL SYLLABLE GUG")
        );
        assert_eq!(
            hangul_syllable_name(0xC5B4).as_deref(),
            Some("HANGUL SYLLABLE EO")
        );
        assert_eq!(
            hangul_syllable_name(0xD7A3).as_deref(),
            Some("HANGUL SYLLABLE HIH")
        );
        assert_eq!(hangul_syllable_name(0xD7A4), None);
        assert_eq!(hangul_syllable_name(0xABFF), None);
    }

    #[test]
    fn bad_files_are_errors() {
        assert!(Ucd::parse("").is_err());
        assert!(Ucd::parse("utf8lens-ucd 1\nG zz 1\n").is_err());
        assert!(Ucd::parse("utf8lens-ucd 1\nQ 1\n").is_err());
    }

    /// The committed data file itself: the brief's examples, and every name DerivedName gives
    /// (Hangul included, computed) when the UCD package is installed.
    #[test]
    fn the_committed_file() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../static/ucd-names.txt");
        let text = std::fs::read_to_string(path).expect("static/ucd-names.txt");
        let ucd = Ucd::parse(&text).expect("it parses");
        let euro = ucd.info(0x20AC);
        assert_eq!(
            euro.summary(),
            "EURO SIGN · Sc (Currency_Symbol) · script Common · block Currency Symbols"
        );
        let a = ucd.info(0x410);
        assert_eq!(
            (a.name.as_str(), a.script.as_str(), a.block.as_str()),
            ("CYRILLIC CAPITAL LETTER A", "Cyrillic", "Cyrillic")
        );
        assert_eq!(ucd.info(0x1F600).name, "GRINNING FACE");
        assert_eq!(ucd.info(0x301).category, "Mn");
        assert_eq!(ucd.info(0xE000).name, "<private-use-E000>");
        assert_eq!(ucd.info(0xD800).name, "<surrogate-D800>");
    }
}
