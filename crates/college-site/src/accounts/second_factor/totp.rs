//! Authenticator-app codes (TOTP, RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, six digits, a
//! 30-second step, the setting every authenticator app reads from a QR code. Secrets travel as
//! base32 (RFC 4648, no padding), the alphabet the apps expect a person to type.

use ring::hmac;
use subtle::ConstantTimeEq;

/// Seconds per code.
pub const STEP_SECONDS: i64 = 30;
/// Digits per code.
pub const DIGITS: u32 = 6;
/// Bytes of a new secret: 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
pub const SECRET_BYTES: usize = 20;

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// The time step `unix_millis` falls in.
pub fn step_at(unix_millis: i64) -> i64 {
    unix_millis.div_euclid(1000 * STEP_SECONDS)
}

/// The code of `secret` for time step `step`, `digits` long (RFC 4226, section 5.3).
pub fn code_at(secret: &[u8], step: i64, digits: u32) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, secret);
    let mac = hmac::sign(&key, &step.to_be_bytes());
    let mac = mac.as_ref();
    let offset = usize::from(mac[mac.len() - 1] & 0x0f);
    let binary = u32::from_be_bytes([
        mac[offset],
        mac[offset + 1],
        mac[offset + 2],
        mac[offset + 3],
    ]) & 0x7fff_ffff;
    let code = binary % 10u32.pow(digits);
    format!("{code:0width$}", width = digits as usize)
}

/// The step whose code `typed` is, among the current step and one either side (a phone's clock
/// a little off, a code typed as it changed); `None` when it matches none. Every candidate is
/// compared in constant time, so the time taken tells nothing of how close a guess was.
pub fn matching_step(secret: &[u8], typed: &str, now_millis: i64) -> Option<i64> {
    let typed = normalise_code(typed)?;
    let now = step_at(now_millis);
    let mut found = None;
    for step in [now - 1, now, now + 1] {
        let expected = code_at(secret, step, DIGITS);
        if bool::from(expected.as_bytes().ct_eq(typed.as_bytes())) {
            found = Some(step);
        }
    }
    found
}

/// A code as people type it: six digits, maybe with spaces or a dash in the middle.
fn normalise_code(typed: &str) -> Option<String> {
    let digits: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    (digits.len() == DIGITS as usize && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(digits)
}

/// `bytes` in base32 without padding, as authenticator apps show and take a key.
pub fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(BASE32[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(BASE32[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// The `otpauth://` address a QR code carries: the apps read the issuer, the account's name
/// and the key from it.
pub fn otpauth_uri(issuer: &str, account: &str, secret: &[u8]) -> String {
    let label = encode_label(&format!("{issuer}:{account}"));
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("secret", &base32(secret))
        .append_pair("issuer", issuer)
        .append_pair("algorithm", "SHA1")
        .append_pair("digits", &DIGITS.to_string())
        .append_pair("period", &STEP_SECONDS.to_string())
        .finish();
    format!("otpauth://totp/{label}?{query}")
}

/// The label's characters, percent-encoded except the few the key URI format leaves bare.
fn encode_label(label: &str) -> String {
    label
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'@' | b':' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238, appendix B: the SHA-1 rows, eight digits, key "12345678901234567890".
    #[test]
    fn matches_the_rfc_6238_test_vectors() {
        let secret = b"12345678901234567890";
        let vectors = [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
            (20_000_000_000, "65353130"),
        ];
        for (seconds, expected) in vectors {
            assert_eq!(
                code_at(secret, step_at(seconds * 1000), 8),
                expected,
                "{seconds}"
            );
            // Six digits are the last six of eight.
            assert_eq!(code_at(secret, step_at(seconds * 1000), 6), expected[2..]);
        }
    }

    #[test]
    fn accepts_one_step_either_side_and_no_further() {
        let secret = b"12345678901234567890";
        let now = 1_111_111_111_000;
        let step = step_at(now);
        for offset in [-1, 0, 1] {
            let code = code_at(secret, step + offset, DIGITS);
            assert_eq!(matching_step(secret, &code, now), Some(step + offset));
        }
        for offset in [-2, 2] {
            let code = code_at(secret, step + offset, DIGITS);
            assert_eq!(matching_step(secret, &code, now), None);
        }
        let code = code_at(secret, step, DIGITS);
        let spaced = format!("{} {}", &code[..3], &code[3..]);
        assert_eq!(matching_step(secret, &spaced, now), Some(step));
        for odd in [
            "",
            "12345",
            "1234567",
            "abcdef",
            "12345\u{0661}",
            "１２３４５６",
        ] {
            assert_eq!(matching_step(secret, odd, now), None, "{odd}");
        }
    }

    #[test]
    fn base32_is_rfc_4648() {
        assert_eq!(base32(b""), "");
        assert_eq!(base32(b"f"), "MY");
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        assert_eq!(base32(&[0u8; SECRET_BYTES]).len(), 32);
    }

    #[test]
    fn the_uri_names_the_site_and_account() {
        let uri = otpauth_uri(
            "Sunrise College",
            "asha@example.com",
            b"12345678901234567890",
        );
        assert_eq!(
            uri,
            "otpauth://totp/Sunrise%20College:asha@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ\
             &issuer=Sunrise+College&algorithm=SHA1&digits=6&period=30"
        );
    }
}
