//! Delivery of the outbox: a background worker takes due mail from the store, sends it, and on
//! failure tries again later with capped exponential backoff and jitter. After the last attempt
//! the mail is marked failed and logged. Mail is never sent from a request handler, so a slow or
//! broken mail server never slows the site or loses a message.

use std::{path::PathBuf, sync::Arc, time::Duration};

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
};
use rand::Rng;
use tokio::{sync::Notify, task::JoinHandle};
use tokio_util::sync::CancellationToken;

use crate::{
    config::{Config, OutboxSettings},
    metrics, private_files,
    store::{OutboxMail, SharedStore, now_millis},
};

/// Where mail goes: an SMTP server, or .eml files when none is configured, so that nothing is
/// dropped on a machine without a mail server.
pub enum Mailer {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("writing the mail file: {0}")]
    File(#[from] std::io::Error),
    #[error("the mail is malformed: {0}")]
    Malformed(String),
}

impl MailError {
    /// A failure that trying again cannot mend.
    fn is_permanent(&self) -> bool {
        match self {
            MailError::Smtp(error) => error.is_permanent(),
            MailError::File(_) => false,
            MailError::Malformed(_) => true,
        }
    }
}

impl Mailer {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        match &config.smtp_url {
            Some(url) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose())
                    .map_err(|e| anyhow::anyhow!("SMTP_URL is not usable: {e}"))?
                    .timeout(Some(config.outbox.smtp_timeout))
                    .build();
                Ok(Mailer::Smtp(transport))
            }
            None => Ok(Mailer::Files(config.data_dir.join("mail"))),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Mailer::Smtp(_) => "SMTP".to_owned(),
            Mailer::Files(dir) => format!(".eml files in {}", dir.display()),
        }
    }

    async fn send(&self, id: i64, message: &Message) -> Result<(), MailError> {
        match self {
            Mailer::Smtp(transport) => {
                transport.send(message.clone()).await?;
                Ok(())
            }
            Mailer::Files(dir) => {
                private_files::create_dir_all(dir)?;
                let name = format!("{}-{id}.eml", now_millis());
                // Written under a temporary name and renamed, so a reader never sees half a mail.
                let partial = dir.join(format!(".{name}.partial"));
                private_files::write(&partial, message.formatted()).await?;
                tokio::fs::rename(&partial, dir.join(name)).await?;
                Ok(())
            }
        }
    }
}

/// Sends one mail at once, not through the outbox, and says what happened: an admin's test
/// of the mail settings, which wants the mail server's own answer.
pub async fn send_test_mail(config: &Config, to: Mailbox) -> Result<(), MailError> {
    let mailer = Mailer::from_config(config).map_err(|e| MailError::Malformed(e.to_string()))?;
    let message = Message::builder()
        .from(config.mail_from.clone())
        .to(to)
        .subject("Test mail from the college website")
        .header(ContentType::TEXT_PLAIN)
        .body(
            "This is a test mail, sent from the staff area's mail health page.\n\n\
             It reached you, so the website can send mail.\n"
                .to_owned(),
        )
        .map_err(|e| MailError::Malformed(e.to_string()))?;
    mailer.send(0, &message).await
}

/// Wakes the worker when new mail was stored, so it goes out at once rather than at the next
/// poll.
#[derive(Clone, Default)]
pub struct OutboxSignal(Arc<Notify>);

impl OutboxSignal {
    pub fn mail_added(&self) {
        self.0.notify_one();
    }
}

pub struct OutboxWorker {
    store: SharedStore,
    mailer: Mailer,
    from: Mailbox,
    settings: OutboxSettings,
    signal: OutboxSignal,
}

impl OutboxWorker {
    pub fn new(store: SharedStore, mailer: Mailer, config: &Config, signal: OutboxSignal) -> Self {
        Self {
            store,
            mailer,
            from: config.mail_from.clone(),
            settings: config.outbox.clone(),
            signal,
        }
    }

    /// Runs until `shutdown` is cancelled. A mail being sent at that moment is finished first.
    pub fn spawn(self, shutdown: CancellationToken) -> JoinHandle<()> {
        tokio::spawn(async move {
            tracing::info!(mailer = %self.mailer.describe(), "outbox worker started");
            loop {
                let more = match self.deliver_next().await {
                    Ok(delivered_one) => delivered_one,
                    Err(error) => {
                        tracing::warn!(error = %crate::error_chain::Chain(&error), "outbox: cannot read the store");
                        false
                    }
                };
                if shutdown.is_cancelled() {
                    break;
                }
                if !more {
                    tokio::select! {
                        () = shutdown.cancelled() => break,
                        () = self.signal.0.notified() => {}
                        () = tokio::time::sleep(self.settings.poll_interval) => {}
                    }
                }
            }
            tracing::info!("outbox worker stopped");
        })
    }

    /// Sends one due mail, if there is one. Returns whether a mail was handled.
    async fn deliver_next(&self) -> Result<bool, crate::store::StoreError> {
        let now = now_millis();
        let lease = self.settings.smtp_timeout * 2 + Duration::from_secs(30);
        let Some(mail) = self.store.claim_due_mail(now, now + millis(lease)).await? else {
            return Ok(false);
        };
        let result = match self.compose(&mail) {
            Ok(message) => self.mailer.send(mail.id, &message).await,
            Err(error) => Err(error),
        };
        let attempts = mail.attempts + 1;
        match result {
            Ok(()) => {
                tracing::info!(mail_id = mail.id, attempts, "outbox: mail delivered");
                self.store.mark_mail_sent(mail.id, now_millis()).await?;
                metrics::mail_sent();
            }
            Err(error) if error.is_permanent() || attempts >= self.settings.max_attempts as i32 => {
                tracing::error!(mail_id = mail.id, attempts, error = %crate::error_chain::Chain(&error), "outbox: mail failed for good");
                self.store
                    .mark_mail_failed(mail.id, attempts, &error.to_string(), now_millis())
                    .await?;
                metrics::mail_failed();
            }
            Err(error) => {
                let delay = retry_delay(&self.settings, attempts);
                tracing::warn!(
                    mail_id = mail.id, attempts, %error, retry_in_ms = delay.as_millis() as u64,
                    "outbox: delivery failed, will retry"
                );
                self.store
                    .reschedule_mail(
                        mail.id,
                        attempts,
                        now_millis() + millis(delay),
                        &error.to_string(),
                        now_millis(),
                    )
                    .await?;
            }
        }
        Ok(true)
    }

    fn compose(&self, mail: &OutboxMail) -> Result<Message, MailError> {
        let malformed = |what: &str| MailError::Malformed(what.to_owned());
        let to: Mailbox = mail.recipient.parse().map_err(|_| malformed("recipient"))?;
        let reply_to: Mailbox = mail.reply_to.parse().map_err(|_| malformed("reply-to"))?;
        Message::builder()
            .message_id(Some(message_id(mail, &self.from)))
            .from(self.from.clone())
            .to(to)
            .reply_to(reply_to)
            .subject(mail.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(|e| MailError::Malformed(e.to_string()))
    }
}

/// The mail's Message-ID: its unique part fixed when it was queued, at the sender's domain.
/// Mail queued before the ids were kept gets one made of its outbox row, as fixed.
fn message_id(mail: &OutboxMail, from: &Mailbox) -> String {
    let unique = mail
        .message_id
        .clone()
        .unwrap_or_else(|| format!("outbox-{}", mail.id));
    format!("<{unique}@{}>", from.email.domain())
}

/// The wait after the `attempts`-th failure: `retry_base` doubled for each earlier failure, at
/// most `retry_cap`, then drawn at random between half and all of it, so that many mails failing
/// together do not all come back at the same moment.
pub fn retry_delay(settings: &OutboxSettings, attempts: i32) -> Duration {
    let exponent = u32::try_from(attempts.saturating_sub(1))
        .unwrap_or(0)
        .min(30);
    let full = settings
        .retry_base
        .saturating_mul(2u32.saturating_pow(exponent))
        .min(settings.retry_cap);
    let half = full / 2;
    half + rand::rng().random_range(Duration::ZERO..=full - half)
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_is_capped_and_jittered() {
        let settings = OutboxSettings {
            retry_base: Duration::from_secs(30),
            retry_cap: Duration::from_secs(600),
            ..OutboxSettings::default()
        };
        for (attempts, full) in [(1, 30), (2, 60), (3, 120), (5, 480), (6, 600), (40, 600)] {
            for _ in 0..50 {
                let delay = retry_delay(&settings, attempts);
                let full = Duration::from_secs(full);
                assert!(
                    delay >= full / 2 && delay <= full,
                    "attempt {attempts}: {delay:?}"
                );
            }
        }
    }
}
