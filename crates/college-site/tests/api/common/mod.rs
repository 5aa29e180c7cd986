//! Test helpers: a real server on port 0 with a fresh database (a SQLite file in a temporary
//! folder, or a new PostgreSQL database when `TEST_DATABASE_URL` is set), and a real SMTP server
//! on loopback that keeps what it receives.
#![allow(dead_code)]

pub mod account_api;
pub mod auth_api;
pub mod classes_api;
pub mod email_links;
pub mod fielded;
pub mod google_flow;
pub mod old_database;
pub mod passkey_device;
pub mod passkeys_api;
pub mod progress_api;
pub mod progress_records;
pub mod raw_sql;
pub mod records;
pub mod role_matrix;
pub mod second_factor;
pub mod smtp;
pub mod staff_api;

use std::{path::PathBuf, time::Duration};

use college_site::{
    app::RunningServer,
    config::Config,
    store::{self, SharedStore},
};
use sqlx::{Connection, Executor, PgConnection};
use tempfile::TempDir;

#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs each named async test body (a function taking a [`Backend`]) once per backend, as two
/// tests `NAME::sqlite` and `NAME::postgres`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::common::Backend::Sqlite).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::common::Backend::Postgres).await;
            }
        }
    )+};
}

/// A fresh, empty database for one test. `None` when the backend is not available here: for
/// PostgreSQL that is when `TEST_DATABASE_URL` is unset, and the test says it was skipped.
pub struct TestDatabase {
    pub url: String,
    pub dir: TempDir,
}

impl TestDatabase {
    pub async fn create(backend: Backend) -> Option<Self> {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.path().join("college.db").display()),
            Backend::Postgres => {
                let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
                    eprintln!(
                        "SKIPPED: PostgreSQL test skipped because TEST_DATABASE_URL is not set \
                         (for example TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)"
                    );
                    return None;
                };
                fresh_postgres_database(&admin_url).await
            }
        };
        Some(Self { url, dir })
    }

    pub async fn store(&self) -> SharedStore {
        store::connect(&self.url)
            .await
            .expect("store opens and migrates")
    }
}

/// Creates a uniquely named database next to the one `admin_url` names, and returns its URL.
async fn fresh_postgres_database(admin_url: &str) -> String {
    let name = format!("college_test_{}_{}", std::process::id(), rand_suffix());
    let mut admin = PgConnection::connect(admin_url)
        .await
        .expect("TEST_DATABASE_URL reachable");
    admin
        .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
        .await
        .expect("create test database");
    let mut url = url::Url::parse(admin_url).expect("TEST_DATABASE_URL is a URL");
    url.set_path(&name);
    url.to_string()
}

fn rand_suffix() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!("{nanos}_{}", COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// A running server and what a test needs to talk to it.
pub struct TestApp {
    pub base: String,
    pub store: SharedStore,
    pub data_dir: PathBuf,
    /// A client that does not follow redirects, so tests see the 303s.
    pub client: reqwest::Client,
    database_url: String,
    server: Option<RunningServer>,
    /// The database's folder lives as long as the first instance that created it.
    _database: Option<TestDatabase>,
    /// The authenticator apps set up on this instance, by the session cookie that set them up.
    pub authenticators:
        std::sync::Mutex<std::collections::HashMap<String, second_factor::Authenticator>>,
}

impl TestApp {
    /// Starts the server on a fresh database; `configure` may change the test configuration.
    pub async fn spawn(backend: Backend, configure: impl FnOnce(&mut Config)) -> Option<Self> {
        let database = TestDatabase::create(backend).await?;
        let data_dir = database.dir.path().join("data");
        let url = database.url.clone();
        Some(Self::start(url, data_dir, Some(database), configure).await)
    }

    /// Another server instance on the same database, as when a site runs several.
    pub async fn second_instance(&self, configure: impl FnOnce(&mut Config)) -> Self {
        Self::start(
            self.database_url.clone(),
            self.data_dir.clone(),
            None,
            configure,
        )
        .await
    }

    /// A server on an existing database, e.g. one restored from a backup.
    pub async fn on_database(
        database_url: String,
        data_dir: PathBuf,
        configure: impl FnOnce(&mut Config),
    ) -> Self {
        Self::start(database_url, data_dir, None, configure).await
    }

    async fn start(
        database_url: String,
        data_dir: PathBuf,
        database: Option<TestDatabase>,
        configure: impl FnOnce(&mut Config),
    ) -> Self {
        let mut config = Config::for_tests(database_url.clone(), data_dir.clone());
        configure(&mut config);
        let server = RunningServer::start(config).await.expect("server starts");
        Self {
            base: format!("http://{}", server.addr),
            store: server.store.clone(),
            data_dir,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("client"),
            database_url,
            server: Some(server),
            _database: database,
            authenticators: std::sync::Mutex::default(),
        }
    }

    /// Where this server answers `/metrics`, when it does.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.server.as_ref().and_then(|server| server.metrics_addr)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Posts the contact form as a browser on our own page does.
    pub async fn post_contact(&self, fields: &[(&str, &str)]) -> reqwest::Response {
        self.contact_request(fields)
            .send()
            .await
            .expect("request sent")
    }

    /// Posts the contact form with an `X-Forwarded-For` header, as a reverse proxy would (or
    /// a client pretending to be one).
    pub async fn post_contact_forwarded_for(
        &self,
        forwarded_for: &str,
        fields: &[(&str, &str)],
    ) -> reqwest::Response {
        self.contact_request(fields)
            .header("x-forwarded-for", forwarded_for)
            .send()
            .await
            .expect("request sent")
    }

    fn contact_request(&self, fields: &[(&str, &str)]) -> reqwest::RequestBuilder {
        self.client
            .post(self.url("/contact"))
            .header("origin", &self.base)
            .form(fields)
    }

    /// Posts JSON to the API as the site's own pages do.
    pub async fn api(&self, path: &str, body: serde_json::Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("origin", &self.base)
            .json(&body)
            .send()
            .await
            .expect("request sent")
    }

    /// Stops the server and keeps its database, for a test that starts another on it later.
    pub async fn stop_server(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop().await.expect("server stops cleanly");
        }
    }

    pub async fn stop(mut self) {
        if let Some(server) = self.server.take() {
            server.stop().await.expect("server stops cleanly");
        }
    }
}

/// Polls `check` until it returns `Some`, for at most `limit`.
pub async fn eventually<T, F, Fut>(limit: Duration, mut check: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        if let Some(value) = check().await {
            return Some(value);
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A valid contact form.
pub fn valid_form() -> Vec<(&'static str, &'static str)> {
    vec![
        ("name", "Asha Rao"),
        ("email", "asha.rao@example.in"),
        ("subject", "BCA admission"),
        ("message", "When does the BCA admission open?\nThank you."),
        ("website", ""),
    ]
}

/// Fails with a clear message when the web app was not built before the tests.
pub fn require_built_web_app() {
    assert!(
        college_site::web::assets::is_built(),
        "web/dist is not built: run `make test`, which builds the web app before the server tests"
    );
}
