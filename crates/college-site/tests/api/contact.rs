//! The contact pipeline end to end: a real server, a real database (SQLite, and PostgreSQL when
//! TEST_DATABASE_URL is set) and a real SMTP server on loopback.

use std::time::Duration;

use crate::common::{
    Backend, TestApp, eventually,
    smtp::{SmtpServer, closed_port},
    valid_form,
};
use reqwest::StatusCode;

const MAIL_WAIT: Duration = Duration::from_secs(15);

crate::on_both_backends! {
    valid_message_is_stored_and_mailed_to_the_inbox,
    invalid_input_is_named_and_nothing_is_stored,
    mail_arrives_when_smtp_comes_back,
    mail_is_marked_failed_after_the_last_attempt,
    header_injection_adds_no_header_and_no_recipient,
    honeypot_is_answered_but_not_stored,
    cross_site_posts_are_refused,
    each_ip_is_limited,
    behind_a_trusted_proxy_each_client_has_its_own_limit,
    without_smtp_mail_is_written_as_eml_files,
}

async fn valid_message_is_stored_and_mailed_to_the_inbox(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };

    let response = app.post_contact(&valid_form()).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/contact/thanks");

    let stored = app.store.contact_messages(10).await.expect("messages");
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].name, "Asha Rao");
    assert_eq!(stored[0].email, "asha.rao@example.in");
    assert_eq!(stored[0].subject, "BCA admission");
    assert_eq!(
        stored[0].message,
        "When does the BCA admission open?\nThank you."
    );

    let mails = smtp.wait_for(1, MAIL_WAIT).await;
    let mail = &mails[0];
    assert_eq!(mail.envelope_to, vec!["office@college.test".to_owned()]);
    assert_eq!(mail.envelope_from, "website@college.test");
    assert_eq!(
        mail.header("To").as_deref(),
        Some("\"Admissions Office\" <office@college.test>")
    );
    assert_eq!(
        mail.header("From").as_deref(),
        Some("\"College website\" <website@college.test>")
    );
    assert_eq!(
        mail.header("Reply-To").as_deref(),
        Some("\"Asha Rao\" <asha.rao@example.in>")
    );
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Website contact: BCA admission")
    );
    let body = mail.body_text();
    assert!(
        body.contains("When does the BCA admission open?\r\nThank you."),
        "{body}"
    );
    assert!(body.contains("Asha Rao <asha.rao@example.in>"), "{body}");

    let state = eventually(MAIL_WAIT, || async {
        let state = app
            .store
            .contact_mail_state(stored[0].id)
            .await
            .expect("state")?;
        (state.status == "sent").then_some(state)
    })
    .await;
    assert!(state.is_some(), "the outbox row is marked sent");
    app.stop().await;
}

async fn invalid_input_is_named_and_nothing_is_stored(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };
    let long_name = "n".repeat(101);
    let long_email = format!("{}@example.com", "e".repeat(250));
    let long_subject = "s".repeat(201);
    let long_message = "m".repeat(5001);
    let cases: Vec<(&str, &str, String)> = vec![
        ("name", "", "Your name: enter your name".into()),
        ("email", "", "Your email: enter your email address".into()),
        ("subject", "  ", "Subject: enter a subject".into()),
        ("message", "", "Your message: write your message".into()),
        (
            "email",
            "not-an-email",
            "Your email: enter an email address like name@example.com".into(),
        ),
        (
            "email",
            "asha@localhost",
            "Your email: enter an email address like name@example.com".into(),
        ),
        // The mailer could not read it back: every attempt to send would fail, and the
        // failed-mail banner would go up on every staff page.
        (
            "email",
            r#""evil@attacker.example,"@college.example"#,
            "Your email: enter an email address like name@example.com".into(),
        ),
        (
            "name",
            &long_name,
            "Your name: use at most 100 characters (you used 101)".into(),
        ),
        (
            "email",
            &long_email,
            "Your email: use at most 254 characters (you used 262)".into(),
        ),
        (
            "subject",
            &long_subject,
            "Subject: use at most 200 characters (you used 201)".into(),
        ),
        (
            "message",
            &long_message,
            "Your message: use at most 5000 characters (you used 5001)".into(),
        ),
        (
            "name",
            "Asha\nRao",
            "Your name: must be on a single line".into(),
        ),
        (
            "subject",
            "Hi\r\nThere",
            "Subject: must be on a single line".into(),
        ),
    ];
    for (field, value, expected) in cases {
        let mut form = valid_form();
        for pair in form.iter_mut() {
            if pair.0 == field {
                pair.1 = value;
            }
        }
        let response = app.post_contact(&form).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}={value:?}"
        );
        let page = response.text().await.expect("page");
        assert!(
            page.contains(&expected),
            "{field}: expected {expected:?} in the page"
        );
        // Everything the visitor typed is kept, escaped.
        if field != "message" {
            assert!(
                page.contains("When does the BCA admission open?"),
                "message kept"
            );
        }
        if field != "name" {
            assert!(page.contains(r#"value="Asha Rao""#), "name kept");
        }
    }
    // A post with no fields at all names every field.
    let response = app.post_contact(&[]).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.expect("page");
    for label in ["Your name:", "Your email:", "Subject:", "Your message:"] {
        assert!(page.contains(label), "{label}");
    }

    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .is_empty()
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(smtp.received().is_empty(), "no mail for invalid input");
    app.stop().await;
}

async fn mail_arrives_when_smtp_comes_back(backend: Backend) {
    let (smtp_addr, open_port) = closed_port();
    let Some(app) = TestApp::spawn(backend, |c| {
        c.smtp_url = Some(format!("smtp://{smtp_addr}").into())
    })
    .await
    else {
        return;
    };

    let response = app.post_contact(&valid_form()).await;
    assert_eq!(
        response.status(),
        StatusCode::SEE_OTHER,
        "accepted while SMTP is down"
    );
    let id = app.store.contact_messages(1).await.expect("messages")[0].id;

    let failed_once = eventually(MAIL_WAIT, || async {
        let state = app.store.contact_mail_state(id).await.expect("state")?;
        (state.attempts >= 1 && state.status == "pending").then_some(state)
    })
    .await
    .expect("a failed attempt is recorded and the mail stays pending");
    assert!(failed_once.last_error.is_some());

    let smtp = SmtpServer::start_on(open_port());
    let mails = smtp.wait_for(1, MAIL_WAIT).await;
    assert_eq!(
        mails[0].header("Subject").as_deref(),
        Some("Website contact: BCA admission")
    );
    app.stop().await;
}

async fn mail_is_marked_failed_after_the_last_attempt(backend: Backend) {
    let (smtp_addr, _never_opened) = closed_port();
    let Some(app) = TestApp::spawn(backend, |c| {
        c.smtp_url = Some(format!("smtp://{smtp_addr}").into());
        c.outbox.max_attempts = 3;
    })
    .await
    else {
        return;
    };
    app.post_contact(&valid_form()).await;
    let id = app.store.contact_messages(1).await.expect("messages")[0].id;
    let state = eventually(MAIL_WAIT, || async {
        let state = app.store.contact_mail_state(id).await.expect("state")?;
        (state.status == "failed").then_some(state)
    })
    .await
    .expect("marked failed");
    assert_eq!(state.attempts, 3);
    // The message itself is kept for the staff to read.
    assert_eq!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .len(),
        1
    );
    app.stop().await;
}

async fn header_injection_adds_no_header_and_no_recipient(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = Some(smtp.url().into())).await else {
        return;
    };
    // Line breaks in one-line fields are refused outright.
    for (field, value) in [
        ("name", "Asha\r\nBcc: victim@evil.example"),
        ("email", "asha@example.in\r\nBcc: victim@evil.example"),
        ("subject", "Hello\nBcc: victim@evil.example"),
        ("subject", "Hello\r\n\r\nInjected body"),
    ] {
        let mut form = valid_form();
        for pair in form.iter_mut() {
            if pair.0 == field {
                pair.1 = value;
            }
        }
        let response = app.post_contact(&form).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{value:?}"
        );
    }
    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .is_empty()
    );

    // In the message, header-like lines and an SMTP end-of-data stay in the body.
    let sneaky =
        "Hello\r\nBcc: victim@evil.example\r\n.\r\nRCPT TO:<victim@evil.example>\r\nThe end";
    let mut form = valid_form();
    form[3].1 = sneaky;
    form[2].1 = "Question  =?utf-8?q?x?=";
    assert_eq!(
        app.post_contact(&form).await.status(),
        StatusCode::SEE_OTHER
    );

    let mails = smtp.wait_for(1, MAIL_WAIT).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtp.received().len(), 1, "exactly one mail");
    let mail = &mails[0];
    assert_eq!(mail.envelope_to, vec!["office@college.test".to_owned()]);
    let names = mail.header_names();
    assert!(!names.iter().any(|n| n == "bcc" || n == "cc"), "{names:?}");
    assert_eq!(names.iter().filter(|n| *n == "to").count(), 1);
    let body = mail.body_text();
    assert!(body.contains("Bcc: victim@evil.example"), "{body}");
    assert!(body.contains("RCPT TO:<victim@evil.example>"), "{body}");
    assert!(body.contains("The end"), "{body}");
    app.stop().await;
}

async fn honeypot_is_answered_but_not_stored(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let mut form = valid_form();
    form[4].1 = "https://spam.example";
    let response = app.post_contact(&form).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/contact/thanks");
    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .is_empty()
    );
    app.stop().await;
}

async fn cross_site_posts_are_refused(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    for (name, value) in [
        ("origin", "https://evil.example"),
        ("origin", "null"),
        ("sec-fetch-site", "cross-site"),
    ] {
        let response = app
            .client
            .post(app.url("/contact"))
            .header(name, value)
            .form(&valid_form())
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{name}: {value}");
    }
    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .is_empty()
    );
    app.stop().await;
}

async fn each_ip_is_limited(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    // With no trusted proxy configured, a forged X-Forwarded-For changes nothing.
    for n in 1..=5 {
        let forged = format!("198.51.100.{n}");
        assert_eq!(
            app.post_contact_forwarded_for(&forged, &valid_form())
                .await
                .status(),
            StatusCode::SEE_OTHER
        );
    }
    let response = app
        .post_contact_forwarded_for("198.51.100.6", &valid_form())
        .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    let page = response.text().await.expect("page");
    assert!(
        page.contains(&format!("Please wait {retry_after} seconds")),
        "says when to retry"
    );
    assert!(page.contains(r#"value="Asha Rao""#), "keeps what was typed");
    let stored = app.store.contact_messages(10).await.expect("messages");
    assert_eq!(stored.len(), 5);
    assert!(
        stored
            .iter()
            .all(|m| m.client_ip.as_deref() == Some("127.0.0.1")),
        "{stored:?}"
    );
    app.stop().await;
}

async fn behind_a_trusted_proxy_each_client_has_its_own_limit(backend: Backend) {
    // The test client connects from loopback, so loopback plays the reverse proxy.
    let Some(app) = TestApp::spawn(backend, |c| {
        c.trusted_proxies = vec!["127.0.0.0/8".parse().expect("network")];
    })
    .await
    else {
        return;
    };
    // A client that also sends its own X-Forwarded-For: the proxy appends the real address.
    let first_client = "192.0.2.50, 203.0.113.7";
    for _ in 0..5 {
        let response = app
            .post_contact_forwarded_for(first_client, &valid_form())
            .await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
    }
    let limited = app
        .post_contact_forwarded_for(first_client, &valid_form())
        .await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    // Another visitor behind the same proxy is not held back by the first.
    let other = app
        .post_contact_forwarded_for("198.51.100.9", &valid_form())
        .await;
    assert_eq!(other.status(), StatusCode::SEE_OTHER);

    let stored = app.store.contact_messages(10).await.expect("messages");
    let senders: Vec<_> = stored.iter().map(|m| m.client_ip.as_deref()).collect();
    assert_eq!(senders[0], Some("198.51.100.9"));
    assert_eq!(senders[1..], [Some("203.0.113.7"); 5]);
    app.stop().await;
}

async fn without_smtp_mail_is_written_as_eml_files(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.smtp_url = None).await else {
        return;
    };
    assert_eq!(
        app.post_contact(&valid_form()).await.status(),
        StatusCode::SEE_OTHER
    );
    let mail_dir = app.data_dir.join("mail");
    let eml = eventually(MAIL_WAIT, || async {
        let entry = std::fs::read_dir(&mail_dir)
            .ok()?
            .filter_map(Result::ok)
            .find(|e| e.path().extension().is_some_and(|x| x == "eml"))?;
        std::fs::read_to_string(entry.path()).ok()
    })
    .await
    .expect("an .eml file is written");
    assert!(
        eml.contains("Subject: Website contact: BCA admission"),
        "{eml}"
    );
    assert!(
        eml.contains("Reply-To: \"Asha Rao\" <asha.rao@example.in>"),
        "{eml}"
    );
    assert!(eml.contains("When does the BCA admission open?"), "{eml}");
    app.stop().await;
}

#[tokio::test]
async fn malformed_posts_get_4xx_not_5xx() {
    let Some(app) = TestApp::spawn(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let post = |content_type: &'static str, body: Vec<u8>| {
        app.client
            .post(app.url("/contact"))
            .header("origin", &app.base)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let wrong_type = post("application/json", br#"{"name":"x"}"#.to_vec())
        .await
        .expect("sent");
    assert_eq!(wrong_type.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let too_big = post("application/x-www-form-urlencoded", vec![b'a'; 200 * 1024])
        .await
        .expect("sent");
    assert_eq!(too_big.status(), StatusCode::PAYLOAD_TOO_LARGE);

    let broken = post(
        "application/x-www-form-urlencoded",
        b"name=%ZZ&email=\xff\xfe".to_vec(),
    )
    .await
    .expect("sent");
    assert!(broken.status().is_client_error(), "{}", broken.status());
    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .is_empty()
    );
    app.stop().await;
}
