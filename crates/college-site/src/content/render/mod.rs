//! What makes a page of what editors wrote: Markdown made safe, the content template around
//! it, rendering off the request thread, and the cache that keeps each page once rendered.

pub mod blocking;
pub(in crate::content) mod images;
pub mod markdown;
pub mod page_cache;
pub mod per_generation;
pub mod template;
