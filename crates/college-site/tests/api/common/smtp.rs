//! A real SMTP server on loopback (mailin-embedded), which records the envelope and the raw
//! data of every mail it accepts.

use std::{
    net::{IpAddr, SocketAddr, TcpListener},
    sync::{Arc, Mutex},
    time::Duration,
};

use mailin_embedded::{Handler, Response, Server, response};

/// A mail as the SMTP server received it.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub envelope_from: String,
    pub envelope_to: Vec<String>,
    pub data: String,
}

impl ReceivedMail {
    /// The value of the first header called `name` (unfolded), if any.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next().unwrap_or_default();
        let mut found: Option<String> = None;
        for line in head.split("\r\n") {
            if line.starts_with([' ', '\t']) {
                if let Some(value) = found.as_mut() {
                    value.push_str(line);
                    continue;
                }
            } else if found.is_some() {
                break;
            }
            if let Some((key, value)) = line.split_once(':')
                && key.eq_ignore_ascii_case(name)
            {
                found = Some(value.trim().to_owned());
            }
        }
        found
    }

    /// Every header name, in order.
    pub fn header_names(&self) -> Vec<String> {
        let head = self.data.split("\r\n\r\n").next().unwrap_or_default();
        head.split("\r\n")
            .filter(|line| !line.starts_with([' ', '\t']))
            .filter_map(|line| line.split_once(':').map(|(k, _)| k.to_ascii_lowercase()))
            .collect()
    }

    /// The body with quoted-printable soft line breaks and escapes undone.
    pub fn body_text(&self) -> String {
        let body = self
            .data
            .split_once("\r\n\r\n")
            .map(|(_, b)| b)
            .unwrap_or_default();
        let encoding = self.header("Content-Transfer-Encoding").unwrap_or_default();
        if encoding.eq_ignore_ascii_case("quoted-printable") {
            let bytes = quoted_printable::decode(body, quoted_printable::ParseMode::Robust)
                .expect("quoted-printable body");
            String::from_utf8_lossy(&bytes).into_owned()
        } else if encoding.eq_ignore_ascii_case("base64") {
            use base64::Engine;
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(body.replace("\r\n", ""))
                .expect("base64 body");
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            body.to_owned()
        }
    }
}

#[derive(Clone)]
struct Recorder {
    inbox: Arc<Mutex<Vec<ReceivedMail>>>,
    current: Option<ReceivedMail>,
}

impl Handler for Recorder {
    fn data_start(&mut self, _domain: &str, from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.current = Some(ReceivedMail {
            envelope_from: from.to_owned(),
            envelope_to: to.to_vec(),
            data: String::new(),
        });
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Some(mail) = self.current.as_mut() {
            mail.data.push_str(&String::from_utf8_lossy(buf));
        }
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        if let Some(mail) = self.current.take()
            && let Ok(mut inbox) = self.inbox.lock()
        {
            inbox.push(mail);
        }
        response::OK
    }

    fn helo(&mut self, _ip: IpAddr, _domain: &str) -> Response {
        response::OK
    }
}

/// An SMTP server running on a background thread for the rest of the test process.
pub struct SmtpServer {
    pub addr: SocketAddr,
    inbox: Arc<Mutex<Vec<ReceivedMail>>>,
}

impl SmtpServer {
    /// Starts a server on a free loopback port.
    pub fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind SMTP port");
        Self::start_on(listener)
    }

    /// Starts a server on `listener`, for a test that keeps the port closed at first.
    pub fn start_on(listener: TcpListener) -> Self {
        let addr = listener.local_addr().expect("SMTP address");
        let inbox = Arc::new(Mutex::new(Vec::new()));
        let recorder = Recorder {
            inbox: inbox.clone(),
            current: None,
        };
        std::thread::spawn(move || {
            let mut server = Server::new(recorder);
            server
                .with_name("smtp.college.test")
                .with_num_threads(2)
                .with_tcp_listener(listener);
            let _ = server.serve();
        });
        Self { addr, inbox }
    }

    /// The URL the site's `SMTP_URL` setting takes for this server (plain SMTP on loopback).
    pub fn url(&self) -> String {
        format!("smtp://{}", self.addr)
    }

    pub fn received(&self) -> Vec<ReceivedMail> {
        self.inbox
            .lock()
            .map(|inbox| inbox.clone())
            .unwrap_or_default()
    }

    /// Waits until `count` mails have arrived; returns them.
    pub async fn wait_for(&self, count: usize, limit: Duration) -> Vec<ReceivedMail> {
        super::eventually(limit, || async {
            let mails = self.received();
            (mails.len() >= count).then_some(mails)
        })
        .await
        .unwrap_or_else(|| {
            panic!(
                "expected {count} mail(s) within {limit:?}, got {:?}",
                self.received()
            )
        })
    }

    /// The first mail received with this subject, waiting up to `limit` for it: a
    /// registration also sends its verification mail, which other tests look past.
    pub async fn wait_for_subject(&self, subject: &str, limit: Duration) -> ReceivedMail {
        super::eventually(limit, || async {
            self.received()
                .into_iter()
                .find(|mail| mail.header("Subject").as_deref() == Some(subject))
        })
        .await
        .unwrap_or_else(|| {
            panic!(
                "no mail with the subject {subject:?} within {limit:?}, got {:?}",
                self.received()
            )
        })
    }
}

/// A loopback port that nothing listens on now, with the means to open it later.
pub fn closed_port() -> (SocketAddr, impl FnOnce() -> TcpListener) {
    let probe = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = probe.local_addr().expect("address");
    drop(probe);
    (addr, move || {
        TcpListener::bind(addr).expect("reopen the SMTP port")
    })
}
