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

/// An item's address made from its words (a title, a name): lower-case ASCII letters and
/// digits joined by hyphens, at most about 60 of them; `fallback` when none is left. The store
/// adds a number when the address is taken.
pub fn slug_from(words: &str, fallback: &str) -> String {
    let mut slug = String::new();
    for c in words.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.len() >= 60 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        fallback.to_owned()
    } else {
        slug.to_owned()
    }
}
