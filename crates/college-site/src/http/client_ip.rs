//! The address a request comes from, for per-IP limits and logs.
//!
//! When the server runs behind a reverse proxy (nginx, Caddy, a load balancer), every request
//! arrives from the proxy's address, so all visitors would share one allowance. The proxies
//! named in `TRUSTED_PROXIES` are believed when they say, in `X-Forwarded-For`, whom they
//! forwarded for. Nobody else is: any client can send that header.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{HeaderMap, StatusCode, request::Parts},
};
use ipnet::IpNet;

use super::state::AppState;

/// The client's address: the peer, or the nearest address in `X-Forwarded-For` that is not a
/// trusted proxy when the peer is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = (StatusCode, &'static str);

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        // The server is always run with connect info; its absence is a wiring mistake.
        let ConnectInfo(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or((
                StatusCode::INTERNAL_SERVER_ERROR,
                "peer address unavailable",
            ))?;
        Ok(Self(resolve(
            peer.ip(),
            &parts.headers,
            &state.config.trusted_proxies,
        )))
    }
}

/// Walks `X-Forwarded-For` from the nearest hop outwards while the hop it came through is
/// trusted. Each proxy appends the address it was reached from, so the entries to the left of
/// the first untrusted one could have been written by the client and are ignored.
pub fn resolve(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    let mut client = peer.to_canonical();
    if !is_trusted(&client) {
        return client;
    }
    // Several headers count as one list, in order. Split as bytes: the client wrote the left
    // part, and an unreadable byte there must not hide the hops our proxies appended.
    let hops: Vec<&[u8]> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|value| value.as_bytes().split(|byte| *byte == b','))
        .collect();
    for hop in hops.into_iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            // Garbage from a proxy we trust: stop at the last address we could read.
            return client;
        };
        client = ip;
        if !is_trusted(&client) {
            break;
        }
    }
    client
}

/// `203.0.113.7`, `2001:db8::1`, and the forms with a port some proxies write
/// (`203.0.113.7:4711`, `[2001:db8::1]:4711`).
fn parse_hop(hop: &[u8]) -> Option<IpAddr> {
    let hop = std::str::from_utf8(hop).ok()?.trim();
    hop.parse::<IpAddr>()
        .or_else(|_| hop.parse::<SocketAddr>().map(|addr| addr.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("address")
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(
                "x-forwarded-for",
                HeaderValue::from_str(value).expect("value"),
            );
        }
        headers
    }

    fn proxies(entries: &[&str]) -> Vec<IpNet> {
        entries
            .iter()
            .map(|entry| crate::config::parsers::parse_trusted_proxy(entry).expect("entry"))
            .collect()
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let headers = forwarded(&["198.51.100.9"]);
        assert_eq!(resolve(ip("203.0.113.7"), &headers, &[]), ip("203.0.113.7"));
    }

    #[test]
    fn an_untrusted_peer_cannot_name_another_client() {
        let headers = forwarded(&["198.51.100.9"]);
        let trusted = proxies(&["10.0.0.0/8"]);
        assert_eq!(
            resolve(ip("203.0.113.7"), &headers, &trusted),
            ip("203.0.113.7")
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_client() {
        let headers = forwarded(&["198.51.100.9"]);
        let trusted = proxies(&["127.0.0.1"]);
        assert_eq!(
            resolve(ip("127.0.0.1"), &headers, &trusted),
            ip("198.51.100.9")
        );
    }

    #[test]
    fn addresses_the_client_wrote_itself_are_skipped() {
        // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real address.
        let headers = forwarded(&["1.2.3.4, 198.51.100.9"]);
        let trusted = proxies(&["10.0.0.0/8"]);
        assert_eq!(
            resolve(ip("10.1.2.3"), &headers, &trusted),
            ip("198.51.100.9")
        );
    }

    #[test]
    fn a_chain_of_trusted_proxies_is_walked_through() {
        let headers = forwarded(&["198.51.100.9, 10.0.0.5", "10.0.0.6"]);
        let trusted = proxies(&["10.0.0.0/8"]);
        assert_eq!(
            resolve(ip("10.0.0.7"), &headers, &trusted),
            ip("198.51.100.9")
        );
    }

    #[test]
    fn ports_and_ipv6_forms_are_read() {
        let trusted = proxies(&["::1", "127.0.0.1"]);
        for (value, expected) in [
            ("203.0.113.7:4711", "203.0.113.7"),
            ("[2001:db8::1]:4711", "2001:db8::1"),
            (" 2001:db8::2 ", "2001:db8::2"),
            ("::ffff:203.0.113.8", "203.0.113.8"),
        ] {
            let headers = forwarded(&[value]);
            assert_eq!(
                resolve(ip("::1"), &headers, &trusted),
                ip(expected),
                "{value}"
            );
        }
    }

    #[test]
    fn garbage_stops_at_the_last_readable_hop() {
        let trusted = proxies(&["10.0.0.0/8"]);
        let headers = forwarded(&["198.51.100.9, unknown, 10.0.0.5"]);
        assert_eq!(resolve(ip("10.0.0.7"), &headers, &trusted), ip("10.0.0.5"));
        let empty = forwarded(&[""]);
        assert_eq!(resolve(ip("10.0.0.7"), &empty, &trusted), ip("10.0.0.7"));
        // No header at all: the proxy itself is the client.
        assert_eq!(
            resolve(ip("10.0.0.7"), &HeaderMap::new(), &trusted),
            ip("10.0.0.7")
        );
    }

    #[test]
    fn bytes_the_client_wrote_do_not_hide_the_proxies_hops() {
        let trusted = proxies(&["10.0.0.0/8"]);
        let mut headers = HeaderMap::new();
        headers.append(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"\xff\xfe, 198.51.100.9").expect("value"),
        );
        assert_eq!(
            resolve(ip("10.0.0.7"), &headers, &trusted),
            ip("198.51.100.9")
        );
    }
}
