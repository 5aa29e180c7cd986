//! The one type for a value that must never be printed: passwords inside URLs, the Google client
//! secret, the second-factor key. Every secret setting is held in a [`Secret`] from the moment
//! clap reads it, so a struct that holds one can derive `Debug` and be logged whole.

use std::fmt;

use url::Url;

/// What a secret prints as, in `Debug` and `Display` alike.
pub const REDACTED: &str = "[redacted]";

/// A value that prints as [`REDACTED`]. Reading it takes [`Secret::expose`], so every place that
/// uses the value itself can be found by that name. It has no `PartialEq`: a secret compared
/// with `==` could leak through how long the comparison takes.
#[derive(Clone)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    pub fn new(value: T) -> Self {
        Self(value)
    }

    /// The value itself, for the one place that needs it (a connection, a cipher), never for a
    /// message.
    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl<T> fmt::Display for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

/// Lets clap read a secret setting straight into a `Secret` (and tests write `url.into()`).
impl From<String> for Secret<String> {
    fn from(value: String) -> Self {
        Self(value)
    }
}

impl From<&str> for Secret<String> {
    fn from(value: &str) -> Self {
        Self(value.to_owned())
    }
}

impl Secret<String> {
    /// The URL with its password replaced by `***`, for a message that must say which server
    /// or file is meant (`Backed up postgres://site:***@db/college to ...`): the rest of a
    /// database or SMTP URL is not secret, and the operator needs it to act on the message.
    pub fn url_without_password(&self) -> String {
        match Url::parse(&self.0) {
            Ok(mut url) if url.password().is_some() => {
                let _ = url.set_password(Some("***"));
                url.to_string()
            }
            Ok(url) => url.to_string(),
            Err(_) => "<unparsable URL>".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::config::{Cli, Command, Config, ServeArgs};

    #[test]
    fn prints_only_the_redaction() {
        let secret = Secret::from("hunter2");
        assert_eq!(format!("{secret:?}"), REDACTED);
        assert_eq!(format!("{secret}"), REDACTED);
        assert_eq!(format!("{:?}", Some(secret.clone())), "Some([redacted])");
        assert_eq!(secret.expose(), "hunter2");
    }

    #[test]
    fn a_url_is_shown_without_its_password() {
        let url = Secret::from("postgres://site:hunter2@db.example:5432/college");
        assert_eq!(
            url.url_without_password(),
            "postgres://site:***@db.example:5432/college"
        );
        let sqlite = Secret::from("sqlite://./data/college.db");
        assert_eq!(sqlite.url_without_password(), "sqlite://./data/college.db");
        assert_eq!(
            Secret::from("not a url").url_without_password(),
            "<unparsable URL>"
        );
    }

    /// Every secret setting of `serve`, each a word found nowhere else; the key is 32 bytes of
    /// 0xA7, which `Debug` of the bytes would show as `167, 167, ...`.
    const SECRETS: [&str; 4] = [
        "--database=postgres://site:dbpass1@db.example/college",
        "--smtp-url=smtps://mailer:smtppass2@mail.example:465",
        "--google-client-secret=googlepass3",
        "--second-factor-key=p6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6c=",
    ];

    /// `serve`'s arguments as given on the command line. The settings that must parse are given
    /// explicitly, so that the machine's environment (which clap also reads) cannot change them.
    fn serve_args(extra: &[&str]) -> ServeArgs {
        let mut argv = vec![
            "college-site",
            "serve",
            "--contact-inbox=office@college.test",
            "--mail-from=College <website@college.test>",
            "--public-url=https://college.test",
            "--google-client-id=site.example",
            "--oidc-issuer=https://accounts.google.com",
        ];
        argv.extend_from_slice(extra);
        match Cli::try_parse_from(argv).expect("arguments parse").command {
            Command::Serve(args) => *args,
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn no_secret_setting_reaches_the_debug_output_of_the_config() {
        let args = serve_args(&SECRETS);
        let config = Config::from_args(serve_args(&SECRETS)).expect("valid");
        assert_eq!(
            config.second_factor_key.as_ref().map(|key| key.expose()[0]),
            Some(0xA7)
        );
        assert!(config.smtp_url.is_some() && config.google.is_some());
        for shown in [
            format!("{args:?}"),
            format!("{config:?}"),
            format!("{config:#?}"),
        ] {
            for secret in ["dbpass1", "smtppass2", "googlepass3", "p6enp6", "167, 167"] {
                assert!(!shown.contains(secret), "{secret} in {shown}");
            }
            // What is not secret is still there to read.
            assert!(shown.contains("college.test"), "{shown}");
            assert!(shown.contains("site.example"), "{shown}");
        }
    }
}
