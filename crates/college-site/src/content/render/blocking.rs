//! Rendering that takes more than a moment (a long text's Markdown, a course's or the
//! disclosure's many fields) runs on a blocking thread, a few at a time: it never holds a
//! thread that answers requests, and a burst of previews cannot take every core. The nesting
//! bound ([`crate::content::render::markdown::MAX_NESTING`]) keeps each render short.

use tokio::sync::Semaphore;

/// Renders at once, across the server.
static RENDERS_AT_ONCE: Semaphore = Semaphore::const_new(2);

/// What `render` made, or None if it failed (logged; the caller has its fallback).
pub async fn off_the_request_thread<T: Send + 'static>(
    render: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let _turn = RENDERS_AT_ONCE.acquire().await.ok()?;
    match tokio::task::spawn_blocking(render).await {
        Ok(made) => Some(made),
        Err(error) => {
            tracing::error!(%error, "rendering failed");
            None
        }
    }
}

/// The error a page's render answers when it failed: the visitor is asked to try again.
pub fn failed() -> crate::store::StoreError {
    std::io::Error::other("the page could not be rendered").into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_render_gives_what_it_made_and_a_failed_one_gives_none() {
        assert_eq!(off_the_request_thread(|| 6 * 7).await, Some(42));
        let failed: Option<u8> = off_the_request_thread(|| panic!("a render that fails")).await;
        assert_eq!(failed, None);
        // The turn was given back either way.
        assert_eq!(RENDERS_AT_ONCE.available_permits(), 2);
    }
}
