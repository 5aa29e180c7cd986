//! `/healthz` and `/readyz` as a service manager and a load balancer use them: ready only with
//! every migration applied, and not ready from the moment the server is asked to stop, while
//! the requests in flight still finish.

use std::time::Duration;

use crate::common::{Backend, TestApp, TestDatabase, raw_sql};
use college_site::{app::RunningServer, config::Config};
use reqwest::StatusCode;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

crate::on_both_backends!(
    ready_only_with_every_migration_applied,
    draining_is_visible_before_requests_in_flight_finish,
);

async fn get(client: &reqwest::Client, url: &str) -> (StatusCode, String) {
    let response = client.get(url).send().await.expect("sent");
    let status = response.status();
    (status, response.text().await.expect("text"))
}

async fn ready_only_with_every_migration_applied(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    assert_eq!(
        get(&app.client, &app.url("/readyz")).await,
        (StatusCode::OK, "ready".to_owned())
    );
    let newest = raw_sql::texts(
        app.database_url(),
        "SELECT CAST(MAX(version) AS TEXT) FROM _sqlx_migrations",
    )
    .await
    .remove(0);
    raw_sql::execute(
        app.database_url(),
        &format!("DELETE FROM _sqlx_migrations WHERE version = {newest}"),
    )
    .await;
    assert_eq!(
        get(&app.client, &app.url("/readyz")).await,
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "migrations not applied".to_owned()
        )
    );
    // Liveness is another question: the process is fine, a restart would not help.
    assert_eq!(
        get(&app.client, &app.url("/healthz")).await.0,
        StatusCode::OK
    );
    app.stop().await;
}

async fn draining_is_visible_before_requests_in_flight_finish(backend: Backend) {
    let Some(database) = TestDatabase::create(backend).await else {
        return;
    };
    let mut config = Config::for_tests(database.url.clone(), database.dir.path().join("data"));
    config.ops.drain_delay = Duration::from_secs(2);
    let server = RunningServer::start(config).await.expect("starts");
    let server_addr = server.addr;
    let base = format!("http://{server_addr}");
    let client = reqwest::Client::new();
    assert_eq!(
        get(&client, &format!("{base}/readyz")).await.0,
        StatusCode::OK
    );

    // A contact form whose body is still arriving: a request in flight.
    let body = "name=Asha+Rao&email=asha%40example.in&subject=Hostel&message=Is+there+a+hostel%3F&website=";
    let (head, tail) = body.split_at(20);
    let mut in_flight = TcpStream::connect(server.addr).await.expect("connects");
    in_flight
        .write_all(
            format!(
                "POST /contact HTTP/1.1\r\nHost: {addr}\r\nOrigin: {base}\r\n\
                 Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len}\r\n\
                 Connection: close\r\n\r\n{head}",
                addr = server.addr,
                len = body.len(),
            )
            .as_bytes(),
        )
        .await
        .expect("head sent");
    tokio::time::sleep(Duration::from_millis(200)).await;

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    stop.send(()).expect("signal");
    let draining = crate::common::eventually(Duration::from_secs(1), || async {
        let (status, said) = get(&client, &format!("{base}/readyz")).await;
        (status == StatusCode::SERVICE_UNAVAILABLE).then_some(said)
    })
    .await
    .expect("/readyz answers 503 while draining");
    assert_eq!(draining, "draining");
    // Still alive, still serving pages, until the drain delay is over.
    assert_eq!(
        get(&client, &format!("{base}/healthz")).await.0,
        StatusCode::OK
    );
    assert!(!running.is_finished());
    // Then the server takes no more connections, and the request in flight still finishes.
    crate::common::eventually(Duration::from_secs(5), || async {
        TcpStream::connect(server_addr).await.is_err().then_some(())
    })
    .await
    .expect("new connections are refused after the drain delay");

    in_flight
        .write_all(tail.as_bytes())
        .await
        .expect("rest sent");
    let mut answer = String::new();
    in_flight
        .read_to_string(&mut answer)
        .await
        .expect("answer read");
    assert!(answer.starts_with("HTTP/1.1 303"), "{answer}");
    tokio::time::timeout(Duration::from_secs(10), running)
        .await
        .expect("stops after the drain delay")
        .expect("task")
        .expect("stops cleanly");
    let stored = raw_sql::texts(&database.url, "SELECT subject FROM contact_messages").await;
    assert_eq!(stored, ["Hostel"]);
}
