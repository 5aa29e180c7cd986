//! Request limits per IP address or per account, kept in memory (a limit per server instance
//! is enough to stop a flood; rules that must hold across instances live in the database).

use std::{
    collections::HashMap,
    hash::Hash,
    net::IpAddr,
    num::NonZeroU32,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use governor::{
    DefaultKeyedRateLimiter, Quota, RateLimiter,
    clock::{Clock, DefaultClock},
};

/// Limits requests per key: an IP address, or an account's id.
#[derive(Clone)]
pub struct KeyLimiter<K: Hash + Eq + Clone> {
    limiter: Arc<DefaultKeyedRateLimiter<K>>,
}

/// Keyed by the client's network (see [`ClientNet`]).
pub type IpLimiter = KeyLimiter<ClientNet>;
/// Keyed by account id.
pub type AccountLimiter = KeyLimiter<String>;
/// Failed sign-ins, keyed by the client's network.
pub type IpFailures = FailureAllowance<ClientNet>;

impl<K: Hash + Eq + Clone> KeyLimiter<K> {
    /// Allows `per_minute` requests a minute per key, refilled evenly.
    pub fn per_minute(per_minute: u32) -> Self {
        Self::with_quota(Quota::per_minute(
            NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN),
        ))
    }

    /// Allows `burst` requests at once per key, then one more every `refill`.
    pub fn burst(burst: u32, refill: Duration) -> Self {
        let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(refill).map_or_else(
            || Quota::per_minute(burst),
            |quota| quota.allow_burst(burst),
        );
        Self::with_quota(quota)
    }

    fn with_quota(quota: Quota) -> Self {
        Self {
            limiter: Arc::new(RateLimiter::keyed(quota)),
        }
    }

    /// Takes one request from `key`'s allowance, or tells how long until the next one is
    /// allowed.
    pub fn check(&self, key: &K) -> Result<(), Duration> {
        self.limiter
            .check_key(key)
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// Takes `n` from `key`'s allowance at once, or tells how long until they are there; `n`
    /// larger than the whole burst waits for a full allowance, then takes it all.
    pub fn check_n(&self, key: &K, n: u32) -> Result<(), Duration> {
        let n = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        match self.limiter.check_key_n(key, n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until.wait_time_from(DefaultClock::default().now())),
            Err(_) => self.check(key),
        }
    }

    /// Forgets keys whose allowance is full again, so memory stays bounded.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// The network a client's allowance belongs to: an IPv4 address, or an IPv6 address's /64.
/// An IPv6 subscriber is given a whole /64 (at least), so keyed by the full address every one
/// of its 2^64 addresses would be a fresh allowance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientNet(IpAddr);

impl From<IpAddr> for ClientNet {
    fn from(ip: IpAddr) -> Self {
        match ip.to_canonical() {
            IpAddr::V6(v6) => {
                let network = u128::from(v6) & !(u128::from(u64::MAX));
                Self(IpAddr::V6(network.into()))
            }
            v4 => Self(v4),
        }
    }
}

impl ClientNet {
    /// The network as one address (an IPv6 /64 with its last 64 bits cleared).
    pub fn address(self) -> IpAddr {
        self.0
    }
}

/// Counts what went wrong per key (failed sign-ins per address), and tells, without counting,
/// whether the allowance is spent: a lab's correct sign-ins cost nothing, a stranger's guesses
/// do. The cell rate algorithm (GCRA): each failure moves the key's "theoretical arrival time"
/// on by one period; the allowance is spent while that time lies a whole burst ahead.
#[derive(Clone)]
pub struct FailureAllowance<K: Hash + Eq + Clone> {
    due: Arc<Mutex<HashMap<K, Instant>>>,
    period: Duration,
    burst: u32,
}

impl<K: Hash + Eq + Clone> FailureAllowance<K> {
    /// `per_minute` failures at once, then one more every minute / `per_minute`.
    pub fn per_minute(per_minute: u32) -> Self {
        let burst = per_minute.max(1);
        Self {
            due: Arc::default(),
            period: Duration::from_secs(60) / burst,
            burst,
        }
    }

    /// How long until `key` may fail once more, when its allowance is spent.
    pub fn spent(&self, key: &K) -> Option<Duration> {
        let due = self.lock();
        let ahead = due.get(key)?.checked_duration_since(Instant::now())?;
        let room = self.period * (self.burst - 1);
        ahead.checked_sub(room).filter(|wait| !wait.is_zero())
    }

    /// Counts one failure of `key`.
    pub fn count(&self, key: &K) {
        let now = Instant::now();
        let mut due = self.lock();
        let next = due.get(key).map_or(now, |at| (*at).max(now)) + self.period;
        due.insert(key.clone(), next);
    }

    /// Forgets keys whose allowance is full again, so memory stays bounded.
    pub fn forget_idle(&self) {
        let now = Instant::now();
        self.lock().retain(|_, at| *at > now);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Instant>> {
        self.due
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Bounds what each account holds open at once (live views, each a connection and a poll of
/// the database): opening one more than `max` is refused until one closes.
#[derive(Clone)]
pub struct OpenPerAccount {
    open: Arc<Mutex<HashMap<String, usize>>>,
    max: usize,
}

/// One open thing of an account; dropping it closes it.
pub struct OpenSlot {
    open: Arc<Mutex<HashMap<String, usize>>>,
    account: String,
}

impl OpenPerAccount {
    pub fn new(max: usize) -> Self {
        Self {
            open: Arc::default(),
            max,
        }
    }

    /// A slot for `account`, unless it holds `max` already.
    pub fn open(&self, account: &str) -> Option<OpenSlot> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(account.to_owned()).or_default();
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(OpenSlot {
            open: Arc::clone(&self.open),
            account: account.to_owned(),
        })
    }
}

impl Drop for OpenSlot {
    fn drop(&mut self) {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.account) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.account);
            }
        }
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
        let ip = ClientNet::from(IpAddr::from([192, 0, 2, 1]));
        for _ in 0..5 {
            assert!(limiter.check(&ip).is_ok());
        }
        let wait = limiter.check(&ip).expect_err("limited");
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(12),
            "{wait:?}"
        );
        // Another address is not affected.
        assert!(limiter.check(&IpAddr::from([192, 0, 2, 2]).into()).is_ok());
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_a_mapped_ipv4_client_its_address() {
        let net = |text: &str| ClientNet::from(text.parse::<IpAddr>().expect("address"));
        assert_eq!(
            net("2001:db8:1:2::1"),
            net("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_ne!(net("2001:db8:1:2::1"), net("2001:db8:1:3::1"));
        assert_eq!(net("::ffff:192.0.2.1"), net("192.0.2.1"));
        assert_ne!(net("192.0.2.1"), net("192.0.2.2"));
    }

    #[test]
    fn an_account_holds_at_most_max_open_and_a_closed_one_frees_its_place() {
        let open = OpenPerAccount::new(2);
        let first = open.open("a").expect("first");
        let _second = open.open("a").expect("second");
        assert!(open.open("a").is_none());
        assert!(open.open("b").is_some(), "another account is not affected");
        drop(first);
        assert!(open.open("a").is_some());
    }

    #[test]
    fn a_burst_then_one_per_period() {
        let limiter = AccountLimiter::burst(3, Duration::from_secs(90));
        let account = "uid-1".to_owned();
        for _ in 0..3 {
            assert!(limiter.check(&account).is_ok());
        }
        let wait = limiter.check(&account).expect_err("limited");
        assert!(
            wait > Duration::from_secs(80) && wait <= Duration::from_secs(90),
            "{wait:?}"
        );
        assert!(limiter.check(&"uid-2".to_owned()).is_ok());
    }

    #[test]
    fn only_failures_spend_the_allowance_and_it_refills() {
        let allowance = FailureAllowance::per_minute(3);
        let ip = ClientNet::from(IpAddr::from([192, 0, 2, 1]));
        // Looking costs nothing: a lab's good sign-ins never count.
        for _ in 0..100 {
            assert_eq!(allowance.spent(&ip), None);
        }
        for _ in 0..3 {
            assert_eq!(allowance.spent(&ip), None);
            allowance.count(&ip);
        }
        let wait = allowance.spent(&ip).expect("spent after three");
        assert!(
            wait > Duration::from_secs(19) && wait <= Duration::from_secs(20),
            "{wait:?}"
        );
        let other = ClientNet::from(IpAddr::from([192, 0, 2, 2]));
        assert_eq!(allowance.spent(&other), None);
        allowance.forget_idle();
        assert!(allowance.spent(&ip).is_some(), "kept while it counts");
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(retry_after_secs(Duration::from_millis(11_200)), 12);
        assert_eq!(retry_after_secs(Duration::from_secs(12)), 12);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
    }
}
