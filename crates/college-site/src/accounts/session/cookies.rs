//! The session cookie: HttpOnly (no script can read it), SameSite=Lax, and on https Secure
//! with the `__Host-` prefix (no subdomain can set or shadow it). Without "Remember me" it has
//! no expiry and ends with the browser session; with it, it lasts as long as the session.

use axum::http::{HeaderMap, header};

use super::{second_step::WAITING_SIGN_IN_MS, service::SESSION_LIFETIME_MS};
use crate::store::DEVICE_COOKIE_LIFETIME_MS;

#[derive(Debug, Clone)]
pub struct SessionCookies {
    name: &'static str,
    device_name: &'static str,
    waiting_name: &'static str,
    secure: bool,
}

impl SessionCookies {
    pub fn new(https: bool) -> Self {
        Self {
            name: if https { "__Host-session" } else { "session" },
            device_name: if https { "__Host-device" } else { "device" },
            waiting_name: if https { "__Host-sign-in" } else { "sign-in" },
            secure: https,
        }
    }

    /// The device cookie: given at a password sign-in, it lets this browser's failed logins
    /// count apart from a stranger's (see `password::service::login`). It opens nothing by
    /// itself; Strict, as only our own login form sends it.
    pub fn set_device(&self, token: &str) -> String {
        let mut cookie = format!(
            "{}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}",
            self.device_name,
            DEVICE_COOKIE_LIFETIME_MS / 1000
        );
        if self.secure {
            cookie.push_str("; Secure");
        }
        cookie
    }

    /// The cookie of a sign-in waiting for its second factor: it opens nothing but the page that
    /// asks for the code, and lasts as long as the sign-in waits.
    pub fn set_waiting(&self, token: &str) -> String {
        let mut cookie = format!(
            "{}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}",
            self.waiting_name,
            WAITING_SIGN_IN_MS / 1000
        );
        if self.secure {
            cookie.push_str("; Secure");
        }
        cookie
    }

    pub fn clear_waiting(&self) -> String {
        let mut cookie = format!(
            "{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
            self.waiting_name
        );
        if self.secure {
            cookie.push_str("; Secure");
        }
        cookie
    }

    /// The waiting sign-in's token the browser sent, if any.
    pub fn read_waiting(&self, headers: &HeaderMap) -> Option<String> {
        read_cookie(headers, self.waiting_name)
    }

    /// The device cookie the browser sent, if any.
    pub fn read_device(&self, headers: &HeaderMap) -> Option<String> {
        read_cookie(headers, self.device_name)
    }

    pub fn set(&self, token: &str, remember: bool) -> String {
        let mut cookie = format!("{}={token}; Path=/; HttpOnly; SameSite=Lax", self.name);
        if remember {
            cookie.push_str(&format!("; Max-Age={}", SESSION_LIFETIME_MS / 1000));
        }
        if self.secure {
            cookie.push_str("; Secure");
        }
        cookie
    }

    pub fn clear(&self) -> String {
        let mut cookie = format!("{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0", self.name);
        if self.secure {
            cookie.push_str("; Secure");
        }
        cookie
    }

    /// The session token the browser sent, if any.
    pub fn read(&self, headers: &HeaderMap) -> Option<String> {
        read_cookie(headers, self.name)
    }
}

/// The value of the cookie called `name` in the request, if set and not empty.
pub fn read_cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, value)| *key == name && !value.is_empty())
        .map(|(_, value)| value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn remember_me_sets_an_expiry_and_https_hardens_the_cookie() {
        let plain = SessionCookies::new(false);
        assert_eq!(
            plain.set("t", false),
            "session=t; Path=/; HttpOnly; SameSite=Lax"
        );
        assert!(plain.set("t", true).ends_with("; Max-Age=2592000"));
        let secure = SessionCookies::new(true);
        let cookie = secure.set("t", false);
        assert!(cookie.starts_with("__Host-session=t; Path=/;") && cookie.ends_with("; Secure"));
    }

    #[test]
    fn reads_its_own_cookie_among_others() {
        let cookies = SessionCookies::new(false);
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("theme=dark; session=abc; x=1"),
        );
        assert_eq!(cookies.read(&headers).as_deref(), Some("abc"));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("session_other=abc; session="),
        );
        assert_eq!(cookies.read(&headers), None);
    }
}
