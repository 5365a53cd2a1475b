//! The one pseudo-random generator: SplitMix64 (Steele, Lea and Flood,
//! 2014), small, fast and fully determined by its seed. `--sample` draws
//! with it, and SOMA's coin toss hashes with its finaliser.

/// A SplitMix64 generator.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by the remainder: the bias is below
    /// 2^-40 for the list sizes pecp draws from.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The first output of a generator seeded with `x`: a well-mixed hash of
/// `x`.
pub fn mix(x: u64) -> u64 {
    SplitMix64::new(x).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference outputs of SplitMix64 seeded with 1234567
    /// (from the generator's published C code).
    #[test]
    fn matches_the_reference_sequence() {
        let mut g = SplitMix64::new(1_234_567);
        assert_eq!(g.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(g.next_u64(), 3_203_168_211_198_807_973);
    }
}
