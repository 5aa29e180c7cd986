//! A real SMTP server on loopback, which records the envelope and the raw data of every mail it
//! accepts. It speaks the part of SMTP (RFC 5321) a plain-text client uses, over TCP, each
//! connection on a thread of its own: greeting, EHLO/HELO, MAIL, RCPT, DATA with its dot
//! unstuffing, RSET, NOOP and QUIT. The site's mailer (lettre) talks to it as to any server; no
//! TLS, which loopback does not need (a library server would bring a second TLS stack, built in
//! C, into every test build).

use std::{
    io::{self, BufRead, BufReader, Write},
    net::{SocketAddr, TcpListener, TcpStream},
    sync::{Arc, Mutex},
    time::Duration,
};

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

type Inbox = Arc<Mutex<Vec<ReceivedMail>>>;

/// The address inside a `MAIL FROM:<...>` or `RCPT TO:<...>` argument, parameters left out.
fn address(argument: &str) -> String {
    let argument = argument.trim();
    match (argument.find('<'), argument.find('>')) {
        (Some(start), Some(end)) if start < end => argument[start + 1..end].to_owned(),
        _ => argument
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned(),
    }
}

/// One client's conversation, until it quits or hangs up.
fn session(stream: TcpStream, inbox: &Inbox) -> io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    writer.write_all(b"220 smtp.college.test ESMTP\r\n")?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end();
        let verb = command.get(..4).unwrap_or(command).to_ascii_uppercase();
        let reply: &[u8] = match verb.as_str() {
            "EHLO" => b"250-smtp.college.test\r\n250 8BITMIME\r\n",
            "HELO" => b"250 smtp.college.test\r\n",
            "MAIL" => {
                from = address(command.split_once(':').map_or("", |(_, rest)| rest));
                to.clear();
                b"250 OK\r\n"
            }
            "RCPT" => {
                to.push(address(
                    command.split_once(':').map_or("", |(_, rest)| rest),
                ));
                b"250 OK\r\n"
            }
            "DATA" => {
                writer.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
                let data = read_data(&mut reader)?;
                if let Ok(mut inbox) = inbox.lock() {
                    inbox.push(ReceivedMail {
                        envelope_from: from.clone(),
                        envelope_to: to.clone(),
                        data,
                    });
                }
                b"250 OK\r\n"
            }
            "RSET" => {
                (from, to) = (String::new(), Vec::new());
                b"250 OK\r\n"
            }
            "NOOP" => b"250 OK\r\n",
            "QUIT" => {
                writer.write_all(b"221 Bye\r\n")?;
                return Ok(());
            }
            _ => b"502 Command not implemented\r\n",
        };
        writer.write_all(reply)?;
    }
}

/// The mail's text up to the line holding only a dot, with the dots a client doubled at the
/// start of a line made single again.
fn read_data(reader: &mut impl BufRead) -> io::Result<String> {
    let mut data = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 || line == ".\r\n" || line == ".\n" {
            return Ok(data);
        }
        data.push_str(line.strip_prefix('.').unwrap_or(&line));
    }
}

/// An SMTP server running on a background thread for the rest of the test process.
pub struct SmtpServer {
    pub addr: SocketAddr,
    inbox: Inbox,
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
        let inbox: Inbox = Arc::new(Mutex::new(Vec::new()));
        let kept = inbox.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let inbox = kept.clone();
                std::thread::spawn(move || session(stream, &inbox));
            }
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
