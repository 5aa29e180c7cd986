//! The site as passkeys know it. A passkey belongs to a domain (WebAuthn's relying party id)
//! and answers only pages of one origin, so both come from the site's public address
//! (`PUBLIC_URL`), never from what a request claims.

use axum::http::{HeaderMap, header};
use url::{Host, Url};
use webauthn_rs::{Webauthn, WebauthnBuilder};

use crate::accounts::error::AccountError;

/// The relying party for the site at `site_origin`. With `plain_keys`, it adds security keys
/// as they are, without asking for a PIN and without the extension that would make a key
/// demand one at every use (which a key without a PIN could then never answer); passkeys and
/// every sign-in use the default.
///
/// A development or test server has a loopback address as its origin, and WebAuthn takes no IP
/// address as a site's id: there, a browser that opened the site as `localhost` uses that name
/// (the only request-given name accepted, and only on loopback).
pub fn relying_party(
    site_origin: Option<&str>,
    headers: &HeaderMap,
    plain_keys: bool,
) -> Result<Webauthn, AccountError> {
    let origin = site_origin
        .and_then(|origin| Url::parse(origin).ok())
        .ok_or(AccountError::PasskeysUnavailable)?;
    let origin = match origin.host() {
        Some(Host::Domain(_)) => origin,
        Some(Host::Ipv4(ip)) if ip.is_loopback() => localhost_origin(headers)?,
        Some(Host::Ipv6(ip)) if ip.is_loopback() => localhost_origin(headers)?,
        _ => return Err(AccountError::PasskeysUnavailable),
    };
    let rp_id = origin
        .host_str()
        .ok_or(AccountError::PasskeysUnavailable)?
        .to_owned();
    WebauthnBuilder::new(&rp_id, &origin)
        .and_then(|builder| {
            builder
                .rp_name(&rp_id)
                .danger_set_user_presence_only_security_keys(plain_keys)
                .build()
        })
        .map_err(|_| AccountError::PasskeysUnavailable)
}

/// `http://localhost:PORT` when the request came as `localhost:PORT`.
fn localhost_origin(headers: &HeaderMap) -> Result<Url, AccountError> {
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .ok_or(AccountError::PasskeysUnavailable)?;
    let port = match host.split_once(':') {
        Some(("localhost", port)) if port.bytes().all(|b| b.is_ascii_digit()) => port,
        Some(_) => return Err(AccountError::PasskeysUnavailable),
        None if host == "localhost" => "80",
        None => return Err(AccountError::PasskeysUnavailable),
    };
    Url::parse(&format!("http://localhost:{port}")).map_err(|_| AccountError::PasskeysUnavailable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        headers
    }

    #[test]
    fn a_public_site_is_its_own_domain_whatever_the_request_says() {
        let rp = relying_party(
            Some("https://college.example"),
            &headers("evil.example"),
            false,
        );
        assert!(rp.is_ok());
        let origins = rp.unwrap().get_allowed_origins().to_vec();
        assert_eq!(
            origins,
            vec![Url::parse("https://college.example").unwrap()]
        );
    }

    #[test]
    fn a_loopback_server_takes_only_localhost_from_the_request() {
        let origin = Some("http://127.0.0.1:8080");
        let rp = relying_party(origin, &headers("localhost:8080"), false).unwrap();
        let expected = vec![Url::parse("http://localhost:8080").unwrap()];
        assert_eq!(rp.get_allowed_origins().to_vec(), expected);
        for host in ["127.0.0.1:8080", "evil.example:8080", "localhost:80x"] {
            assert!(
                relying_party(origin, &headers(host), false).is_err(),
                "{host}"
            );
        }
    }

    #[test]
    fn no_address_no_passkeys() {
        assert!(relying_party(None, &headers("localhost:8080"), false).is_err());
        assert!(relying_party(Some("http://10.0.0.5"), &headers("10.0.0.5"), false).is_err());
    }
}
