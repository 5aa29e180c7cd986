//! The attached images a body shows, looked up before it is rendered, so that each gets its
//! copies in `srcset` and its size (see [`crate::content::render::markdown::to_safe_html_with`]).

use std::collections::HashMap;

use crate::content::render::blocking::off_the_request_thread;
use crate::content::render::markdown::{self, FILES_PREFIX, ImageSet};
use crate::store::{SharedStore, StoreError};
use crate::web::html::Html;

/// Images looked up for one body at most: a notice carries at most 20 files.
const MAX_IMAGES: usize = 20;

/// `body` as safe HTML, its attached images with their sizes and copies.
pub async fn body_html(store: &SharedStore, body: &str) -> Result<Html, StoreError> {
    let mut sets = HashMap::new();
    for path in markdown::image_paths(body).into_iter().take(MAX_IMAGES) {
        if let Some(set) = image_set(store, &path).await? {
            sets.insert(path, set);
        }
    }
    let text = body.to_owned();
    let rendered = off_the_request_thread(move || markdown::to_safe_html_with(&text, &sets)).await;
    Ok(rendered.unwrap_or_else(|| markdown::as_plain_text(body)))
}

/// The copies of the uploaded image at `path` (`/files/…`), smallest first, with the size of
/// the largest; none when the site has no such image.
pub async fn image_set(store: &SharedStore, path: &str) -> Result<Option<ImageSet>, StoreError> {
    let key = path.trim_start_matches(FILES_PREFIX);
    let copies = store.sibling_copies(key).await?;
    let images: Vec<_> = copies
        .iter()
        .filter(|copy| copy.content_type.starts_with("image/"))
        .filter_map(|copy| Some((copy, copy.width?, copy.height?)))
        .collect();
    Ok(images.last().map(|(_, width, height)| ImageSet {
        copies: images
            .iter()
            .map(|(copy, width, _)| (format!("{FILES_PREFIX}{}", copy.key), *width))
            .collect(),
        width: *width,
        height: *height,
    }))
}
