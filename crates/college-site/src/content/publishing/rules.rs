//! What every kind's items share: the language they are published in, how much history each
//! keeps, and what an item's address may be.

/// The language of everything published today; a translation becomes an item of its own.
pub const LANGUAGE: &str = "en";

/// Revisions kept per item, beside the live and the scheduled one.
pub const REVISIONS_KEPT: i64 = 100;

/// Whether `slug` could be an item's address (the public routes refuse anything else early).
pub fn is_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 80
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}
