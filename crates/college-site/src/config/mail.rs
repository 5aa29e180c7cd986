//! Mail: where the site's mail goes (an SMTP server, or .eml files in the data directory), who
//! it comes from and goes to, and how the outbox retries what could not be delivered.

use std::{path::PathBuf, time::Duration};

use clap::Args;
use lettre::message::Mailbox;

use super::{error::ConfigError, secrets::Secret};

#[derive(Debug, Args)]
pub struct MailArgs {
    /// Directory for files the server writes: contact mails as .eml files when no SMTP server is
    /// configured.
    #[arg(long, env = "COLLEGE_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// SMTP server for outgoing mail, e.g. `smtp://user:pass@mail.example.org:587?tls=required`
    /// or `smtps://...`. When unset, each mail is written as an .eml file under DATA_DIR/mail.
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<Secret<String>>,

    /// Inbox that receives the messages sent from the contact form.
    #[arg(long, env = "CONTACT_INBOX", default_value = "office@college.example")]
    pub contact_inbox: String,

    /// Fixed sender of contact mails (the visitor goes in Reply-To). Defaults to
    /// `College website <website@DOMAIN-OF-CONTACT_INBOX>`.
    #[arg(long, env = "MAIL_FROM")]
    pub mail_from: Option<String>,

    /// Wait after a mail's first failed attempt, e.g. `30s` or `200ms`; it doubles after each
    /// further failure, up to an hour.
    #[arg(long, env = "MAIL_RETRY_BASE", default_value = "30s", value_parser = humantime::parse_duration)]
    pub mail_retry_base: Duration,

    /// Attempts at delivering one mail before it is marked failed and shown in the staff area.
    /// At the defaults the last attempt comes about three hours after the first.
    #[arg(long, env = "MAIL_MAX_ATTEMPTS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub mail_max_attempts: u32,
}

impl MailArgs {
    /// The contact form's inbox, and the sender of the site's mail.
    pub fn mailboxes(&self) -> Result<(Mailbox, Mailbox), ConfigError> {
        let contact_inbox: Mailbox = self
            .contact_inbox
            .parse()
            .map_err(|e| ConfigError::ContactInbox(format!("{e}")))?;
        let mail_from: Mailbox = match &self.mail_from {
            Some(from) => from
                .parse()
                .map_err(|e| ConfigError::MailFrom(format!("{e}")))?,
            None => default_sender(&contact_inbox),
        };
        Ok((contact_inbox, mail_from))
    }

    /// The SMTP server; `None` (mail goes to files) when unset or empty, as an env file's
    /// `SMTP_URL=` is.
    pub fn smtp_url(&self) -> Option<Secret<String>> {
        self.smtp_url
            .clone()
            .filter(|url| !url.expose().trim().is_empty())
    }

    pub fn outbox(&self) -> OutboxSettings {
        OutboxSettings::with_retries(self.mail_retry_base, self.mail_max_attempts)
    }
}

/// The sender when MAIL_FROM is unset: `College website <website@DOMAIN>`, DOMAIN being the
/// contact inbox's (the inbox itself when that does not make a valid mailbox).
pub fn default_sender(inbox: &Mailbox) -> Mailbox {
    let domain = inbox.email.domain();
    format!("College website <website@{domain}>")
        .parse()
        .unwrap_or_else(|_| inbox.clone())
}

/// How the outbox worker retries mail that could not be delivered.
#[derive(Debug, Clone)]
pub struct OutboxSettings {
    /// Delay after the first failed attempt; it doubles with each further failure.
    pub retry_base: Duration,
    /// The delay never grows past this.
    pub retry_cap: Duration,
    /// After this many failed attempts the mail is marked failed.
    pub max_attempts: u32,
    /// How often the worker looks for due mail when nobody wakes it.
    pub poll_interval: Duration,
    /// Timeout of one SMTP conversation.
    pub smtp_timeout: Duration,
}

impl Default for OutboxSettings {
    fn default() -> Self {
        Self {
            retry_base: Duration::from_secs(30),
            retry_cap: Duration::from_secs(60 * 60),
            max_attempts: 10,
            poll_interval: Duration::from_secs(15),
            smtp_timeout: Duration::from_secs(30),
        }
    }
}

impl OutboxSettings {
    /// The default settings with `retry_base` and `max_attempts` from the command line. The
    /// worker looks for due mail at least as often as the first retry is due, so a short retry
    /// schedule (as tests set) is kept.
    pub fn with_retries(retry_base: Duration, max_attempts: u32) -> Self {
        let defaults = Self::default();
        Self {
            retry_base,
            max_attempts: max_attempts.max(1),
            poll_interval: defaults
                .poll_interval
                .min(retry_base.max(Duration::from_millis(50))),
            ..defaults
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sender_defaults_to_the_inbox_domain() {
        let inbox: Mailbox = "office@riverside.example".parse().expect("mailbox");
        assert_eq!(
            default_sender(&inbox).to_string(),
            "College website <website@riverside.example>"
        );
    }
}
