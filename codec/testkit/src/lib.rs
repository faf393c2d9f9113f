//! The seeded pseudo-random generator of utf8lens's tests, benchmarks and examples.
//!
//! Property tests here draw their inputs from a fixed seed, so that a failure names an input that
//! reproduces on every machine and in wasm32 as well as natively. [`Rng`] is xorshift64* (Marsaglia's
//! xorshift with Vigna's multiplier): a 64-bit state, three shifts and one multiplication per number,
//! no dependency and no `unsafe`. It is no cryptographic generator and makes no claim beyond what
//! test inputs need: every seed gives a different, well-spread stream.
//!
//! # Examples
//!
//! ```
//! use utf8lens_testkit::Rng;
//!
//! let mut rng = Rng::new(2024);
//! let bytes = rng.bytes(16);
//! assert_eq!(bytes.len(), 16);
//! // The same seed gives the same numbers, run after run.
//! assert_eq!(Rng::new(2024).bytes(16), bytes);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

/// A seeded xorshift64* generator.
///
/// # Examples
///
/// ```
/// use utf8lens_testkit::Rng;
///
/// let mut rng = Rng::new(7);
/// let die = rng.below(6) + 1;
/// assert!((1..=6).contains(&die));
/// let piece = rng.pick(&["a", "é", "€", "😀"]);
/// assert!(!piece.is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct Rng {
    /// Never zero: xorshift would stay at zero forever.
    state: u64,
}

impl Rng {
    /// The generator for `seed`; every `u64` is a valid seed, zero included.
    ///
    /// The seed is spread over the state by a multiplication with 2^64 / φ (so that nearby seeds
    /// such as 1, 2, 3 start far apart) and its lowest bit set, which keeps the state non-zero.
    ///
    /// ```
    /// use utf8lens_testkit::Rng;
    /// assert_ne!(Rng::new(0).next_u64(), Rng::new(1).next_u64());
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng {
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        }
    }

    /// The next 64 pseudo-random bits.
    ///
    /// ```
    /// use utf8lens_testkit::Rng;
    /// let mut rng = Rng::new(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`, or 0 when `n` is 0 (so an empty range needs no special case).
    ///
    /// Taken modulo `n`: the bias is below `n / 2^64`, far too small for a test to notice.
    ///
    /// ```
    /// use utf8lens_testkit::Rng;
    /// let mut rng = Rng::new(3);
    /// assert!((0..1000).all(|_| rng.below(10) < 10));
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        match n as u64 {
            0 => 0,
            n => (self.next_u64() % n) as usize,
        }
    }

    /// One pseudo-random byte, every value equally likely.
    ///
    /// ```
    /// use utf8lens_testkit::Rng;
    /// let mut rng = Rng::new(5);
    /// let high = (0..1000).filter(|_| rng.byte() >= 0x80).count();
    /// assert!((400..600).contains(&high));
    /// ```
    pub fn byte(&mut self) -> u8 {
        // The top bits: xorshift64*'s best ones.
        (self.next_u64() >> 56) as u8
    }

    /// `len` pseudo-random bytes, every value equally likely.
    ///
    /// ```
    /// use utf8lens_testkit::Rng;
    /// let bytes = Rng::new(11).bytes(1 << 16);
    /// // About 1 in 2 bytes is 80..FF, so random bytes are rarely UTF-8.
    /// assert!(std::str::from_utf8(&bytes).is_err());
    /// ```
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.byte()).collect()
    }

    /// One of `items`, each equally likely.
    ///
    /// # Panics
    ///
    /// If `items` is empty (test code: a table of inputs is never empty on purpose).
    ///
    /// ```
    /// use utf8lens_testkit::Rng;
    /// let mut rng = Rng::new(13);
    /// let edges = [0x7F_u8, 0x80, 0xBF, 0xC2];
    /// assert!(edges.contains(rng.pick(&edges)));
    /// ```
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_stream_is_xorshift64_star_of_the_spread_seed() {
        // The first numbers of xorshift64* from the state 0x9E37_79B9_7F4A_7C15 (seed 1), by hand.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut reference = move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let mut rng = Rng::new(1);
        for _ in 0..100 {
            assert_eq!(rng.next_u64(), reference());
        }
    }

    #[test]
    fn below_covers_its_whole_range() {
        let mut rng = Rng::new(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[rng.below(7)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn every_byte_value_occurs() {
        let mut seen = [false; 256];
        for b in Rng::new(9).bytes(1 << 14) {
            seen[usize::from(b)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
