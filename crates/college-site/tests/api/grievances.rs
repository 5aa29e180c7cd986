//! Students' grievances, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set), with a
//! real SMTP server: a verified student files one with the plain form (no JavaScript needed),
//! reads its number and dates, and is mailed; the committee is mailed that one arrived, without
//! its words; nobody else (another student, an admin, the office, an editor, the committee's
//! own page aside) can open it; a post with problems gets the form again with the text kept;
//! the allowances hold.

use std::time::Duration;

use crate::common::{Backend, TestApp, require_built_web_app, smtp::SmtpServer};
use college_site::store::{
    DailyAllowance, FileBounds, GrievanceFiled, NewGrievance, NewGrievanceFile, now_millis,
};
use reqwest::{StatusCode, header};

crate::on_both_backends!(
    a_verified_student_files_a_grievance_and_follows_it,
    a_filing_with_problems_keeps_the_text_and_the_allowances_hold,
);

pub const MAIL_WAIT: Duration = Duration::from_secs(15);

/// Bounds of files that no test here reaches.
pub const BOUNDS: FileBounds = FileBounds {
    per_grievance: 20,
    per_account_bytes: 50 << 20,
    site_budget: i64::MAX,
};

pub async fn app(backend: Backend, smtp_url: Option<String>) -> Option<TestApp> {
    TestApp::spawn(backend, move |c| {
        c.limits.auth_per_minute = 1_000;
        c.smtp_url = smtp_url.map(Into::into);
    })
    .await
}

/// A student signed in with a verified email.
pub async fn verified_student(app: &TestApp, email: &str) -> String {
    let cookie = app.signed_in(email).await;
    verify(app, email).await;
    cookie
}

pub async fn verify(app: &TestApp, email: &str) {
    let account = app
        .store
        .account_by_email(email)
        .await
        .expect("read")
        .expect("registered");
    app.store
        .mark_email_verified(&account.id, now_millis())
        .await
        .expect("verified");
}

pub fn filing() -> Vec<(&'static str, &'static str)> {
    vec![
        ("category", "fees"),
        (
            "happened",
            "I paid the second instalment twice on 3 November.\r\nThe accounts office has both receipts.",
        ),
        ("askedFor", "A refund of the second payment."),
        ("shareName", "no"),
    ]
}

pub async fn file(app: &TestApp, cookie: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    app.client
        .post(app.url("/grievances/new"))
        .header("origin", &app.base)
        .header(header::COOKIE, cookie)
        .form(fields)
        .send()
        .await
        .expect("sent")
}

pub async fn page(app: &TestApp, path: &str, cookie: Option<&str>) -> (StatusCode, String) {
    let mut request = app.client.get(app.url(path));
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    let response = request.send().await.expect("sent");
    let status = response.status();
    if status == StatusCode::OK {
        assert_eq!(
            response
                .headers()
                .get(header::CACHE_CONTROL)
                .and_then(|v| v.to_str().ok()),
            Some("no-store"),
            "{path} is for its student only"
        );
    }
    (status, response.text().await.expect("body"))
}

/// A grievance about fees filed by `account_id` at `at`, with `files`, as the store takes it.
pub fn stored_grievance(account_id: &str, at: i64, files: Vec<NewGrievanceFile>) -> NewGrievance {
    NewGrievance {
        account_id: account_id.to_owned(),
        student_email: "asha@example.com".into(),
        student_name: "Asha Rao".into(),
        category: "fees".into(),
        happened: "Twice.".into(),
        asked_for: "Once.".into(),
        share_name: true,
        received_at: at,
        refer_by: at + 1,
        report_by: at + 2,
        year: year(),
        client_ip: "192.0.2.1".into(),
        files,
    }
}

/// A daily allowance no test here reaches.
pub const GENEROUS: DailyAllowance = DailyAllowance {
    per_account: 100,
    per_address: 100,
    day_start: 0,
};

pub fn year() -> i64 {
    college_site::dates::college_date(now_millis()).0
}

async fn a_verified_student_files_a_grievance_and_follows_it(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app(backend, Some(smtp.url())).await else {
        return;
    };
    require_built_web_app();
    let member = app
        .staff_member("sgrc@example.com", "grievance-committee")
        .await;
    let student = verified_student(&app, "asha@example.com").await;

    let (status, form) = page(&app, "/grievances/new", Some(&student)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(form.contains("File a grievance") && form.contains("How it works"));
    assert!(form.contains("within 15 working days"), "{form}");

    let filed = file(&app, &student, &filing()).await;
    assert_eq!(filed.status(), StatusCode::SEE_OTHER);
    let number = format!("GRV-{}-0001", year());
    let location = filed.headers()[header::LOCATION]
        .to_str()
        .expect("text")
        .to_owned();
    assert_eq!(location, format!("/grievances/{number}?filed"));

    let (status, shown) = page(&app, &location, Some(&student)).await;
    assert_eq!(status, StatusCode::OK);
    for words in [
        "Your grievance is filed",
        number.as_str(),
        "Fees and refunds",
        "I paid the second instalment twice on 3 November.<br>The accounts office has both receipts.",
        "A refund of the second payment.",
        "Referred to the committee by",
    ] {
        assert!(shown.contains(words), "{words} in {shown}");
    }
    let (_, list) = page(&app, "/grievances", Some(&student)).await;
    assert!(
        list.contains(&number) && list.contains("Received"),
        "{list}"
    );
    // The student's data download holds it too.
    let download: serde_json::Value = app
        .get_signed_in("/api/account/data", &student)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(download["grievances"][0]["number"], number.as_str());
    assert_eq!(
        download["grievances"][0]["askedFor"],
        "A refund of the second payment."
    );

    let acknowledged = smtp
        .wait_for_subject(&format!("Your grievance {number} is filed"), MAIL_WAIT)
        .await;
    assert!(
        acknowledged
            .envelope_to
            .iter()
            .any(|to| to == "asha@example.com")
    );
    let text = acknowledged.body_text();
    assert!(
        text.contains("Students' Grievance Redressal Committee by"),
        "{text}"
    );
    assert!(text.contains(&format!("/grievances/{number}")), "{text}");
    let arrived = smtp
        .wait_for_subject(&format!("Grievance {number} arrived"), MAIL_WAIT)
        .await;
    assert!(
        arrived
            .envelope_to
            .iter()
            .any(|to| to == "sgrc@example.com")
    );
    // A mailbox others may share never holds the grievance's words.
    assert!(
        !arrived.body_text().contains("instalment"),
        "{}",
        arrived.body_text()
    );

    // Nobody else can open it: it is, to them, no page at all.
    let other = verified_student(&app, "ravi@example.com").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let office = app.staff_member("office@example.com", "office").await;
    let editor = app.staff_member("editor@example.com", "editor").await;
    for email in [
        "sgrc@example.com",
        "admin@example.com",
        "office@example.com",
        "editor@example.com",
    ] {
        verify(&app, email).await;
    }
    for (who, cookie) in [
        ("another student", &other),
        ("an admin", &admin),
        ("the office", &office),
        ("an editor", &editor),
    ] {
        let (status, body) = page(&app, &format!("/grievances/{number}"), Some(cookie)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{who}");
        assert!(!body.contains("instalment"), "{who}");
        let (_, list) = page(&app, "/grievances", Some(cookie)).await;
        assert!(!list.contains(&number), "{who}");
    }
    // The committee reads it in its own room (the staff area), not on the student's page.
    let (status, _) = page(&app, &format!("/grievances/{number}"), Some(&member)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Signed out, each page asks to sign in first and comes back.
    let response = app
        .client
        .get(app.url("/grievances/new"))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        response.headers()[header::LOCATION],
        "/login?returnTo=%2Fgrievances%2Fnew"
    );
    let (status, _) = page(&app, "/grievances/GRV-2026-x", Some(&student)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn a_filing_with_problems_keeps_the_text_and_the_allowances_hold(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    require_built_web_app();
    // An unverified email is asked for first: the college must be able to write.
    let unverified = app.signed_in("new@example.com").await;
    let (status, body) = page(&app, "/grievances/new", Some(&unverified)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(body.contains("Verify your email first"));
    assert_eq!(
        file(&app, &unverified, &filing()).await.status(),
        StatusCode::FORBIDDEN
    );

    let student = verified_student(&app, "asha@example.com").await;
    let refused = file(
        &app,
        &student,
        &[
            ("category", "parking"),
            ("happened", "The fee receipt \u{202E}was wrong"),
            ("askedFor", ""),
        ],
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = refused.text().await.expect("body");
    for words in [
        "There is a problem",
        "Choose what the grievance is about.",
        "Remove the invisible control characters",
        "Say what you would like the college to do.",
        "Choose whether the department concerned may see your name.",
        // The student's words are kept, to fix and send again.
        "The fee receipt",
        r##"href="#grievance-happened""##,
        r#"aria-invalid="true""#,
    ] {
        assert!(body.contains(words), "{words} in {body}");
    }
    // A form posted from another site is refused, and nothing is stored.
    let forged = app
        .client
        .post(app.url("/grievances/new"))
        .header("origin", "https://elsewhere.example")
        .header(header::COOKIE, &student)
        .form(&filing())
        .send()
        .await
        .expect("sent");
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    // A body that is not a form at all gets the form again, never a 5xx.
    let garbled = app
        .client
        .post(app.url("/grievances/new"))
        .header("origin", &app.base)
        .header(header::COOKIE, &student)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body("category=%ZZ&&=")
        .send()
        .await
        .expect("sent");
    assert_eq!(garbled.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let (_, list) = page(&app, "/grievances", Some(&student)).await;
    assert!(list.contains("You have not filed a grievance."), "{list}");

    // Three a day: the fourth keeps its text and says when to come back.
    for place in 1..=3 {
        let filed = file(&app, &student, &filing()).await;
        assert_eq!(filed.status(), StatusCode::SEE_OTHER);
        assert_eq!(
            filed.headers()[header::LOCATION],
            format!("/grievances/GRV-{}-{place:04}?filed", year()).as_str()
        );
    }
    let fourth = file(&app, &student, &filing()).await;
    assert_eq!(fourth.status(), StatusCode::TOO_MANY_REQUESTS);
    let body = fourth.text().await.expect("body");
    assert!(
        body.contains("You have filed 3 grievances today") && body.contains("second instalment")
    );

    // At most five open at once, whatever the day's allowance (the store's own check).
    let account = app
        .store
        .account_by_email("asha@example.com")
        .await
        .expect("read")
        .expect("there");
    let grievance = |at: i64| stored_grievance(&account.id, at, Vec::new());
    let generous = GENEROUS;
    let no_mails = |_: &str| Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..3 {
        outcomes.push(
            app.store
                .file_grievance(&grievance(now_millis()), 5, generous, BOUNDS, &no_mails)
                .await
                .expect("stored"),
        );
    }
    assert!(matches!(outcomes[1], GrievanceFiled::Filed(_)));
    assert_eq!(outcomes[2], GrievanceFiled::TooManyOpen);
    let (_, list) = page(&app, "/grievances", Some(&student)).await;
    assert_eq!(list.matches("<tr><th scope=\"row\">").count(), 5, "{list}");
}
