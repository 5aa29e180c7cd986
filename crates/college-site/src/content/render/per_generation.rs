//! A figure worked out from what visitors see, kept until that changes: until a publish, an
//! unpublish or a review moves the content generation (on any instance), or the college's day
//! turns (what holds depends on the day). The staff area's banner asks on every page an editor
//! opens; working it out each time would read the whole disclosure.

use std::sync::{Mutex, PoisonError};

use crate::{
    dates,
    store::{SharedStore, StoreError, now_millis},
};

pub struct PerGeneration<T> {
    kept: Mutex<Option<Kept<T>>>,
}

struct Kept<T> {
    generation: i64,
    day: (i64, i64, i64),
    value: T,
}

impl<T> Default for PerGeneration<T> {
    fn default() -> Self {
        Self {
            kept: Mutex::new(None),
        }
    }
}

impl<T: Clone> PerGeneration<T> {
    /// The kept value while it holds, else what `work_out` answers, kept from then on.
    pub async fn get_or_work_out<Work, Worked>(
        &self,
        store: &SharedStore,
        work_out: Work,
    ) -> Result<T, StoreError>
    where
        Work: FnOnce() -> Worked,
        Worked: Future<Output = Result<T, StoreError>>,
    {
        // Read before the value is worked out: a change made meanwhile moves it again, and the
        // next ask works it out anew.
        let generation = store.content_generation().await?;
        let day = dates::college_date(now_millis());
        if let Some(kept) = self.lock().as_ref()
            && kept.generation == generation
            && kept.day == day
        {
            return Ok(kept.value.clone());
        }
        let value = work_out().await?;
        *self.lock() = Some(Kept {
            generation,
            day,
            value: value.clone(),
        });
        Ok(value)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Kept<T>>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
