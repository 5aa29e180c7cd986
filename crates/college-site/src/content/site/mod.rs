//! What spans every kind: the site's search index of what is published, the sitemap and
//! `/robots.txt`.

pub(in crate::content) mod routes;
pub(in crate::content) mod search;
pub mod search_page;
mod site_search;
pub(in crate::content) mod sitemap;
