//! The timer that publishes scheduled notices at their time, whether or not anyone visits (a
//! site that publishes only when visited misses its schedule on a quiet night). It sleeps
//! until the next scheduled publish or expiry, wakes early when an editor changes the
//! schedule on this instance, and looks at least every [`LOOK_AT_LEAST_EVERY`] for schedules
//! made on other instances. At start-up it first publishes whatever came due while the server
//! was down. On PostgreSQL every instance runs one; the store publishes each item once.

use std::{sync::Arc, time::Duration};

use tokio::{sync::Notify, task::JoinHandle};
use tokio_util::sync::CancellationToken;

use crate::{
    error_chain::Chain,
    store::{SharedStore, now_millis},
};

/// The longest sleep: an item scheduled on another instance goes live within this much of
/// its time even if that instance is gone.
const LOOK_AT_LEAST_EVERY: Duration = Duration::from_secs(30);
/// The wait before trying again when the database cannot be reached.
const RETRY_AFTER: Duration = Duration::from_secs(5);

pub fn spawn(
    store: SharedStore,
    changed: Arc<Notify>,
    shutdown: CancellationToken,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let wait = match publish_due_and_plan(&store).await {
                Ok(wait) => wait,
                Err(error) => {
                    tracing::warn!(error = %Chain(&error), "content schedule: cannot read the schedule");
                    RETRY_AFTER
                }
            };
            tokio::select! {
                () = shutdown.cancelled() => break,
                () = changed.notified() => {}
                () = tokio::time::sleep(wait) => {}
            }
        }
    })
}

/// Publishes what is due and answers how long to sleep until the next event.
async fn publish_due_and_plan(store: &SharedStore) -> Result<Duration, crate::store::StoreError> {
    let now = now_millis();
    let published = store.publish_due(now).await?;
    if published > 0 {
        tracing::info!(published, "content schedule: scheduled versions published");
    }
    let next = store.next_content_event(now).await?;
    let wait = next.map_or(LOOK_AT_LEAST_EVERY, |at| {
        Duration::from_millis(u64::try_from(at.saturating_sub(now)).unwrap_or(0))
    });
    Ok(wait.min(LOOK_AT_LEAST_EVERY))
}
