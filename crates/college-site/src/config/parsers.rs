//! Parsers of single settings, each refusing what would be unsafe or meaningless. They depend
//! on nothing else of the server.

use std::net::IpAddr;

use ipnet::IpNet;
use url::Url;

/// Reduces an absolute http(s) URL to its origin (`scheme://host[:port]`), the form browsers
/// send in `Origin`; `None` for anything else.
pub fn parse_origin(raw: &str) -> Option<String> {
    let url = Url::parse(raw).ok()?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return None;
    }
    Some(url.origin().ascii_serialization())
}

/// Parses one `TRUSTED_PROXIES` entry: a network (`10.0.0.0/8`) or a single address.
pub fn parse_trusted_proxy(entry: &str) -> Result<IpNet, String> {
    let entry = entry.trim();
    entry
        .parse::<IpNet>()
        .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
        .map(|net| net.trunc())
        .map_err(|_| format!("{entry:?} is neither an IP address nor a network like 10.0.0.0/8"))
}

/// Only an `http://` issuer on this machine is accepted besides `https://`: anything else
/// would let a network attacker forge sign-ins.
pub fn issuer_is_acceptable(issuer: &str) -> bool {
    let Ok(url) = url::Url::parse(issuer) else {
        return false;
    };
    match url.scheme() {
        "https" => url.host_str().is_some(),
        "http" => match url.host() {
            Some(url::Host::Domain(domain)) => domain == "localhost",
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => false,
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_url_is_reduced_to_its_origin() {
        assert_eq!(
            parse_origin("https://www.college.example/some/path"),
            Some("https://www.college.example".to_owned())
        );
        assert_eq!(
            parse_origin("http://127.0.0.1:8080/"),
            Some("http://127.0.0.1:8080".to_owned())
        );
        assert!(parse_origin("ftp://x.example").is_none());
        assert!(parse_origin("not a url").is_none());
    }

    #[test]
    fn trusted_proxy_entries_are_parsed_or_refused() {
        assert_eq!(
            parse_trusted_proxy("10.1.2.3/8"),
            Ok("10.0.0.0/8".parse().expect("net"))
        );
        assert_eq!(
            parse_trusted_proxy(" 127.0.0.1 "),
            Ok("127.0.0.1/32".parse().expect("net"))
        );
        assert_eq!(
            parse_trusted_proxy("::1"),
            Ok("::1/128".parse().expect("net"))
        );
        assert!(parse_trusted_proxy("localhost").is_err());
        assert!(parse_trusted_proxy("10.0.0.0/33").is_err());
    }

    #[test]
    fn only_https_or_loopback_issuers_are_accepted() {
        for good in [
            "https://accounts.google.com",
            "http://127.0.0.1:8081",
            "http://localhost:8081",
            "http://[::1]:8081",
        ] {
            assert!(issuer_is_acceptable(good), "{good}");
        }
        for bad in [
            "http://accounts.example.com",
            "http://10.0.0.5",
            "ftp://x",
            "nonsense",
        ] {
            assert!(!issuer_is_acceptable(bad), "{bad}");
        }
    }
}
