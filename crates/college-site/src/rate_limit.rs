//! Per-IP request limits, kept in memory (a limit per server instance is enough to stop a
//! flood; rules that must hold across instances live in the database).

use std::{net::IpAddr, num::NonZeroU32, sync::Arc, time::Duration};

use governor::{
    DefaultKeyedRateLimiter, Quota, RateLimiter,
    clock::{Clock, DefaultClock},
};

#[derive(Clone)]
pub struct IpLimiter {
    limiter: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

impl IpLimiter {
    /// Allows `per_minute` requests a minute from each address, refilled evenly.
    pub fn per_minute(per_minute: u32) -> Self {
        let quota = Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN));
        Self {
            limiter: Arc::new(RateLimiter::keyed(quota)),
        }
    }

    /// Takes one request from `ip`'s allowance, or tells how long until the next one is allowed.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        self.limiter
            .check_key(&ip)
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// Forgets addresses whose allowance is full again, so memory stays bounded.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// Whole seconds to wait, rounded up, at least one: what `Retry-After` and the page say.
pub fn retry_after_secs(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0).max(u64::from(wait.is_zero()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_request_in_a_minute_waits() {
        let limiter = IpLimiter::per_minute(5);
        let ip: IpAddr = [192, 0, 2, 1].into();
        for _ in 0..5 {
            assert!(limiter.check(ip).is_ok());
        }
        let wait = limiter.check(ip).expect_err("limited");
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(12),
            "{wait:?}"
        );
        // Another address is not affected.
        assert!(limiter.check([192, 0, 2, 2].into()).is_ok());
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(retry_after_secs(Duration::from_millis(11_200)), 12);
        assert_eq!(retry_after_secs(Duration::from_secs(12)), 12);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
    }
}
