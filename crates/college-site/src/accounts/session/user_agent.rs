//! Names a browser and its system from a User-Agent, so the account page can show "Chrome on
//! Android" for a session. Only the common browsers are named; it is a label for people, never
//! used to decide anything.

pub const UNKNOWN_BROWSER: &str = "Unknown browser";
pub const UNKNOWN_SYSTEM: &str = "Unknown system";

/// A browser and the system it runs on, as a person would name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceName {
    pub browser: &'static str,
    pub system: &'static str,
}

/// Browsers built on another one name it too (Edge and Opera say "Chrome", every browser on
/// iOS says "Safari"), so the more specific names are looked for first.
const BROWSERS: &[(&str, &[&str])] = &[
    ("Edge", &["Edg/", "EdgA/", "EdgiOS/", "Edge/"]),
    ("Opera", &["OPR/", "OPX/", "OPT/", "OPiOS/", "Opera"]),
    ("Samsung Internet", &["SamsungBrowser/"]),
    ("Firefox", &["Firefox/", "FxiOS/"]),
    ("Chrome", &["Chrome/", "CriOS/", "Chromium/"]),
];

/// iPhones and iPads also say "like Mac OS X", Android and ChromeOS also say "Linux".
const SYSTEMS: &[(&str, &[&str])] = &[
    ("Windows", &["Windows"]),
    ("iOS", &["iPhone", "iPod"]),
    ("iPadOS", &["iPad"]),
    ("Android", &["Android"]),
    ("ChromeOS", &["CrOS"]),
    ("macOS", &["Macintosh", "Mac OS X"]),
    ("Linux", &["Linux"]),
];

pub fn device_name(user_agent: Option<&str>) -> DeviceName {
    let ua = user_agent.unwrap_or_default();
    let first_match = |table: &[(&'static str, &[&str])]| {
        table
            .iter()
            .find(|(_, tokens)| tokens.iter().any(|token| ua.contains(token)))
            .map(|(name, _)| *name)
    };
    let system = first_match(SYSTEMS);
    // Android's own old browser also says "Safari"; only Apple's systems have Safari.
    let safari = || {
        (ua.contains("Safari/") && ua.contains("Version/") && system != Some("Android"))
            .then_some("Safari")
    };
    DeviceName {
        browser: first_match(BROWSERS)
            .or_else(safari)
            .unwrap_or(UNKNOWN_BROWSER),
        system: system.unwrap_or(UNKNOWN_SYSTEM),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(ua: &str) -> (&'static str, &'static str) {
        let name = device_name(Some(ua));
        (name.browser, name.system)
    }

    #[test]
    fn common_browsers_and_systems_are_named() {
        let cases = [
            (
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36",
                ("Chrome", "Android"),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                ("Safari", "iOS"),
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
                ("Firefox", "Linux"),
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.0.0",
                ("Edge", "Windows"),
            ),
            (
                "Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
                ("Samsung Internet", "Android"),
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36",
                ("Chrome", "macOS"),
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
                ("Safari", "macOS"),
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 OPR/121.0.0.0",
                ("Opera", "Windows"),
            ),
            (
                "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/139.0.7258.76 Mobile/15E148 Safari/604.1",
                ("Chrome", "iPadOS"),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/141.0 Mobile/15E148 Safari/605.1.15",
                ("Firefox", "iOS"),
            ),
            (
                "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36",
                ("Chrome", "ChromeOS"),
            ),
        ];
        for (ua, expected) in cases {
            assert_eq!(named(ua), expected, "{ua}");
        }
    }

    #[test]
    fn anything_else_is_unknown() {
        assert_eq!(named("curl/8.5.0"), (UNKNOWN_BROWSER, UNKNOWN_SYSTEM));
        assert_eq!(named(""), (UNKNOWN_BROWSER, UNKNOWN_SYSTEM));
        let none = device_name(None);
        assert_eq!(
            (none.browser, none.system),
            (UNKNOWN_BROWSER, UNKNOWN_SYSTEM)
        );
        // Android's old built-in browser is not Safari.
        assert_eq!(
            named(
                "Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebkit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30"
            ),
            (UNKNOWN_BROWSER, "Android")
        );
    }
}
