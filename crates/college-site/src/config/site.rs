//! How visitors reach the site: the address the server listens on, the public origin it is
//! served from, the reverse proxies in front of it, and the offline copy browsers may keep.

use std::net::SocketAddr;

use clap::{Args, ValueEnum};
use ipnet::IpNet;

use super::{
    error::ConfigError,
    parsers::{parse_origin, parse_trusted_proxy},
};

#[derive(Debug, Args)]
pub struct SiteArgs {
    /// Address and port to listen on.
    #[arg(long, env = "COLLEGE_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// The public origin of the site, e.g. `https://www.college.example`. Used to check the
    /// Origin of form posts, and turns on HSTS and secure cookies when it is https. When unset,
    /// the origin is taken from the request's Host header.
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Reverse proxies in front of this server, comma-separated addresses or networks (e.g.
    /// `127.0.0.1,10.0.0.0/8`). A request from one of them is counted, for per-IP limits and
    /// logs, against the client it names in X-Forwarded-For. Leave unset when visitors connect
    /// directly: the header is then ignored, since anyone can send it.
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<String>,

    /// The tutorial's offline copy in visitors' browsers (its service worker, `/sw.js`). `off`
    /// is the kill switch: every browser that has the copy deletes it and stops using the worker
    /// at its next visit, and no browser makes a new one, until it is `on` again.
    #[arg(long, env = "OFFLINE_CACHE", value_enum, default_value_t = OfflineCache::On)]
    pub offline_cache: OfflineCache,
}

/// Whether browsers may keep the tutorial's offline copy (`--offline-cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OfflineCache {
    On,
    Off,
}

impl SiteArgs {
    /// `PUBLIC_URL` reduced to its origin, when it is set.
    pub fn public_origin(&self) -> Result<Option<String>, ConfigError> {
        self.public_url
            .as_deref()
            .map(|raw| parse_origin(raw).ok_or_else(|| ConfigError::PublicUrl(raw.to_owned())))
            .transpose()
    }

    /// The proxies whose X-Forwarded-For is believed.
    pub fn trusted_proxies(&self) -> Result<Vec<IpNet>, ConfigError> {
        // An empty entry (e.g. `TRUSTED_PROXIES=` in an env file) names no proxy.
        self.trusted_proxies
            .iter()
            .filter(|entry| !entry.trim().is_empty())
            .map(|entry| parse_trusted_proxy(entry))
            .collect::<Result<Vec<_>, _>>()
            .map_err(ConfigError::TrustedProxy)
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// The site's arguments alone, as clap reads them from a command line.
    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        site: SiteArgs,
    }

    fn proxies(list: &str) -> Result<Vec<String>, ConfigError> {
        let line =
            Line::try_parse_from(["college-site", "--trusted-proxies", list]).expect("parses");
        let nets = line.site.trusted_proxies()?;
        Ok(nets.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn trusted_proxies_are_a_comma_separated_list() {
        assert_eq!(
            proxies("127.0.0.1, 10.0.0.0/8").expect("valid"),
            ["127.0.0.1/32", "10.0.0.0/8"]
        );
        assert!(proxies("").expect("valid").is_empty());
        let error = proxies("10.0.0.1,proxy.local").expect_err("refused");
        assert!(error.to_string().contains("\"proxy.local\""), "{error}");
    }
}
