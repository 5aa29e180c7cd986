//! The bytes of attached files, kept once in memory and shared by every download: 300 readers
//! of one 10 MB PDF share one buffer (each answer is a reference to it), where each used to
//! read its own copy from the store and hold it until the client had read it. Bounded by
//! bytes, least recently used first out; readers who miss together load the file once.
//!
//! Only the bytes are kept: whether a copy may be served is asked of the store at every
//! request (a row without its data), so a deleted file is gone on every instance at once.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, MutexGuard},
    time::Duration,
};

use axum::body::Bytes;
use tokio::sync::OnceCell;

use crate::{
    config::MB,
    store::{SharedStore, StoreError},
};

type Loading = Arc<OnceCell<Option<Bytes>>>;

/// What the file cache may keep: a few of the largest uploads at least.
pub fn file_cache_budget(max_file_bytes: usize) -> usize {
    (64 * MB).max(4 * max_file_bytes)
}

/// Megabytes of files over [`LARGE_DOWNLOAD_BYTES`] one address may download at once
/// (`UploadSettings::download_burst_mb`, 1024: a lab of 60 fetching the 10 MB prospectus fits),
/// then one more megabyte this often (about 4 MB/s, a fast connection's worth).
pub const DOWNLOAD_MB_REFILL: Duration = Duration::from_millis(250);
/// Smaller files (a notice's photo at a phone's width) do not count.
pub const LARGE_DOWNLOAD_BYTES: i64 = MB as i64;

/// Shared, bounded: clone it freely.
#[derive(Clone)]
pub struct FileCache {
    inner: Arc<Mutex<Inner>>,
    budget: usize,
}

#[derive(Default)]
struct Inner {
    kept: HashMap<String, Kept>,
    /// Loads under way, by key: a second reader waits for the first one's.
    loading: HashMap<String, Loading>,
    used: usize,
    clock: u64,
}

struct Kept {
    bytes: Bytes,
    last_used: u64,
}

impl FileCache {
    /// A cache of at most `budget` bytes.
    pub fn new(budget: usize) -> Self {
        Self {
            inner: Arc::default(),
            budget,
        }
    }

    /// The bytes of the copy at `key`: kept, or read from the store once however many ask at
    /// the same moment. `None` when the store has no such copy.
    pub async fn bytes(&self, store: &SharedStore, key: &str) -> Result<Option<Bytes>, StoreError> {
        self.get_or_load(key, || async {
            let copy = store.file_copy(key).await?;
            Ok(copy.map(|copy| Bytes::from(copy.data)))
        })
        .await
    }

    async fn get_or_load<F, Fut>(&self, key: &str, load: F) -> Result<Option<Bytes>, StoreError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<Bytes>, StoreError>>,
    {
        let loading = {
            let mut inner = self.lock();
            inner.clock += 1;
            let now = inner.clock;
            if let Some(kept) = inner.kept.get_mut(key) {
                kept.last_used = now;
                return Ok(Some(kept.bytes.clone()));
            }
            inner.loading.entry(key.to_owned()).or_default().clone()
        };
        let loaded = loading.get_or_try_init(load).await.cloned();
        let mut inner = self.lock();
        // Whoever finishes first keeps it; a failed load is tried again by the next reader.
        if inner
            .loading
            .get(key)
            .is_some_and(|cell| Arc::ptr_eq(cell, &loading))
        {
            inner.loading.remove(key);
        }
        if let Ok(Some(bytes)) = &loaded {
            self.keep(&mut inner, key, bytes);
        }
        loaded
    }

    /// Bytes kept now (for the benches and tests).
    pub fn used(&self) -> usize {
        self.lock().used
    }

    fn keep(&self, inner: &mut Inner, key: &str, bytes: &Bytes) {
        if bytes.len() > self.budget || inner.kept.contains_key(key) {
            return;
        }
        while inner.used + bytes.len() > self.budget {
            let Some(oldest) = inner
                .kept
                .iter()
                .min_by_key(|(_, kept)| kept.last_used)
                .map(|(key, _)| key.clone())
            else {
                break;
            };
            if let Some(gone) = inner.kept.remove(&oldest) {
                inner.used -= gone.bytes.len();
            }
        }
        inner.used += bytes.len();
        let last_used = inner.clock;
        inner.kept.insert(
            key.to_owned(),
            Kept {
                bytes: bytes.clone(),
                last_used,
            },
        );
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn file(size: usize) -> Bytes {
        Bytes::from(vec![1u8; size])
    }

    #[tokio::test]
    async fn readers_who_miss_together_load_once_and_share_one_buffer() {
        let cache = FileCache::new(100);
        let loads = Arc::new(AtomicUsize::new(0));
        let readers = (0..20).map(|_| {
            let (cache, loads) = (cache.clone(), loads.clone());
            tokio::spawn(async move {
                cache
                    .get_or_load("a.pdf", || async move {
                        loads.fetch_add(1, Ordering::SeqCst);
                        tokio::task::yield_now().await;
                        Ok(Some(file(40)))
                    })
                    .await
            })
        });
        let mut got = Vec::new();
        for reader in readers {
            got.push(reader.await.expect("joined").expect("read").expect("found"));
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        assert!(
            got.iter().all(|bytes| bytes.as_ptr() == got[0].as_ptr()),
            "one buffer"
        );
        assert_eq!(cache.used(), 40);
    }

    #[tokio::test]
    async fn the_least_recently_used_goes_first_and_the_budget_holds() {
        let cache = FileCache::new(100);
        let load = |size| move || async move { Ok(Some(file(size))) };
        for key in ["a", "b"] {
            cache.get_or_load(key, load(40)).await.expect("read");
        }
        // "a" is read again, so "b" is the one to go when "c" comes.
        cache.get_or_load("a", load(40)).await.expect("read");
        cache.get_or_load("c", load(40)).await.expect("read");
        assert_eq!(cache.used(), 80);
        let reloaded = Arc::new(AtomicUsize::new(0));
        let counter = reloaded.clone();
        cache
            .get_or_load("b", move || async move {
                counter.fetch_add(1, Ordering::SeqCst);
                Ok(Some(file(40)))
            })
            .await
            .expect("read");
        assert_eq!(reloaded.load(Ordering::SeqCst), 1, "b was let go");
        // Larger than the whole budget: served, not kept. Missing: nothing kept.
        cache.get_or_load("big", load(500)).await.expect("read");
        let missing = cache
            .get_or_load("gone", || async { Ok(None) })
            .await
            .expect("read");
        assert_eq!(missing, None);
        assert!(cache.used() <= 100, "{}", cache.used());
    }
}
