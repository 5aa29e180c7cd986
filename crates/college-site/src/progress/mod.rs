//! A signed-in student's tutorial progress, kept in their account so that it follows them
//! from browser to browser: lessons marked done, challenges passed and edited demo files.
//! Progress of visitors who are not signed in stays in their browser and never reaches here.

mod input;
pub mod limits;
mod routes;

/// How a lesson's mark and a saved file look in JSON, for the data download too.
pub(crate) use routes::{FileBody, MarkBody};
pub mod rules;
pub mod tutorial;

pub use routes::router;

/// The largest body `/api/progress` takes. The site's own limit (64 KB) is too small: one file
/// of 20 KB and its other version, both made of characters JSON escapes as `\u00XX`, come to
/// 240 KB, and a challenge pass may carry 10 files of 20 KB. One megabyte takes any one file
/// however it is escaped, and a full pass of ordinary code; a browser with more to send splits
/// it over several saves.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
