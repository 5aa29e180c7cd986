//! Recovery codes: ten single-use codes for when the phone is lost, shown once and stored as
//! their hashes. Each is ten characters of an alphabet without look-alikes (no 0/o, 1/l/i),
//! written in two groups of five: about 48 bits, and typed the way it reads.

use rand::Rng;

use crate::accounts::tokens::token_hash;

/// Codes made at a time.
pub const CODES: usize = 10;

const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH: usize = 10;

/// A new set of codes, as shown to their owner ("k7m2p-x9qrt").
pub fn new_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..CODES)
        .map(|_| {
            let code: String = (0..LENGTH)
                .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
                .collect();
            format!("{}-{}", &code[..LENGTH / 2], &code[LENGTH / 2..])
        })
        .collect()
}

/// What the store keeps of a code: the hash of its normal form, so "K7M2P X9QRT" finds
/// "k7m2p-x9qrt". `None` for what cannot be a code.
pub fn code_hash(typed: &str) -> Option<String> {
    let normal: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (normal.len() == LENGTH && normal.bytes().all(|b| ALPHABET.contains(&b)))
        .then(|| token_hash(&normal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_read_back_as_typed() {
        let codes = new_codes();
        assert_eq!(codes.len(), CODES);
        let hashes: std::collections::BTreeSet<_> = codes
            .iter()
            .map(|code| code_hash(code).expect("a code"))
            .collect();
        assert_eq!(hashes.len(), CODES);
        let code = &codes[0];
        assert_eq!(code.len(), 11);
        assert_eq!(
            code_hash(&code.to_uppercase().replace('-', " ")),
            code_hash(code)
        );
        for odd in [
            "",
            "abc",
            "0000000000",
            "k7m2p-x9qr",
            "k7m2p-x9qrtt",
            "१२३४५६७८९०",
        ] {
            assert_eq!(code_hash(odd), None, "{odd}");
        }
    }
}
