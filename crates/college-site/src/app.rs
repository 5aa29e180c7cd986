//! Assembles the server: the store, the outbox worker, the routes and their middleware, and
//! runs it until asked to stop, letting in-flight requests finish.

use std::{future::Future, net::SocketAddr, sync::Arc, time::Duration};

use ipnet::IpNet;

use axum::{
    Router,
    extract::Request,
    http::{HeaderValue, Method, StatusCode, header},
    middleware,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use tokio::{
    net::TcpListener,
    sync::{Semaphore, watch},
    task::JoinHandle,
};
use tokio_util::sync::CancellationToken;
use tower_http::timeout::TimeoutLayer;

use crate::{
    accounts::{
        self,
        google::client::GoogleSignIn,
        session::cookies::SessionCookies,
        settings::data_download::{DOWNLOADS_AT_ONCE, DOWNLOADS_BURST, DOWNLOADS_REFILL},
    },
    backup,
    classes::{
        self,
        domain::{
            JOIN_TRIES_PER_ACCOUNT_BURST, JOIN_TRIES_PER_ACCOUNT_REFILL, JOIN_TRIES_PER_IP_BURST,
            JOIN_TRIES_PER_IP_REFILL, TEACH_CALLS_BURST, TEACH_CALLS_REFILL,
        },
        live::LIVE_VIEWS_PER_ACCOUNT,
    },
    config::Config,
    connections, contact,
    content::{
        self,
        files::cache::{DOWNLOAD_MB_REFILL, FileCache, file_cache_budget},
    },
    grievances, health,
    http::{
        api_errors,
        body_limit::limit_body,
        limits::{SENSITIVE_CHANGES_BURST, SENSITIVE_CHANGES_REFILL},
        methods, request_address,
        state::AppState,
    },
    logs::requests::{accept_request_id, propagate_request_id, set_request_id, trace_layer},
    metrics,
    outbox::{Mailer, OutboxSignal, OutboxWorker},
    progress,
    rate_limit::{AccountLimiter, IpFailures, IpLimiter, OpenPerAccount},
    staff::{
        self,
        domain::{STAFF_CALLS_BURST, STAFF_CALLS_REFILL, TEST_MAILS_BURST, TEST_MAILS_REFILL},
    },
    store::{self, SharedStore},
    web::{
        assets, offline,
        security::{SecurityHeaders, add_security_headers, sandbox_policy},
    },
};

/// A started server.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// Where `/metrics` is served, when it is.
    pub metrics_addr: Option<SocketAddr>,
    pub store: SharedStore,
    shutdown: CancellationToken,
    draining: CancellationToken,
    drain_delay: Duration,
    server: JoinHandle<std::io::Result<()>>,
    background: Vec<JoinHandle<()>>,
}

impl RunningServer {
    /// Connects the store (running migrations), binds the listener and starts serving.
    pub async fn start(config: Config) -> anyhow::Result<Self> {
        let store = store::connect(config.database_url.expose()).await?;
        if config.second_factor_key.is_none() {
            let with_factor = store.accounts_with_second_factor().await?;
            anyhow::ensure!(
                with_factor == 0,
                "SECOND_FACTOR_KEY is not set, but {with_factor} account(s) sign in with a second factor: set the key they were set up with (see README, \"Two-step sign-in\")"
            );
            tracing::warn!(
                "SECOND_FACTOR_KEY is not set: nobody can set up two-step sign-in, which staff accounts need"
            );
        }
        let mailer = Mailer::from_config(&config)?;
        let listener = TcpListener::bind(config.listen).await?;
        let addr = listener.local_addr()?;
        if !assets::is_built() {
            tracing::warn!("the web app is not built (web/dist is missing): pages will be bare");
        }

        let site_origin = config
            .public_origin
            .clone()
            .or_else(|| loopback_origin(addr));
        if site_origin.is_none() {
            tracing::warn!(
                "PUBLIC_URL is not set: password reset and email verification by mail are off"
            );
        }

        let shutdown = CancellationToken::new();
        let draining = CancellationToken::new();
        let drain_delay = config.ops.drain_delay;
        let signal = OutboxSignal::default();
        let worker = OutboxWorker::new(store.clone(), mailer, &config, signal.clone())
            .spawn(shutdown.child_token());
        let state = AppState {
            contact_limiter: IpLimiter::per_minute(config.limits.contact_per_minute),
            auth_limiter: IpLimiter::per_minute(config.limits.auth_per_minute),
            sign_in_limiter: IpLimiter::per_minute(config.limits.sign_ins_per_minute),
            failed_sign_ins: IpFailures::per_minute(config.limits.auth_per_minute),
            registration_limiter: IpLimiter::burst(
                config.limits.registrations_per_day,
                Duration::from_secs(86_400) / config.limits.registrations_per_day.max(1),
            ),
            account_limiter: AccountLimiter::burst(
                SENSITIVE_CHANGES_BURST,
                SENSITIVE_CHANGES_REFILL,
            ),
            progress_limiter: AccountLimiter::burst(
                progress::limits::SAVES_BURST,
                progress::limits::SAVES_REFILL,
            ),
            download_limiter: AccountLimiter::burst(DOWNLOADS_BURST, DOWNLOADS_REFILL),
            downloads: Arc::new(Semaphore::new(DOWNLOADS_AT_ONCE)),
            teach_limiter: AccountLimiter::burst(TEACH_CALLS_BURST, TEACH_CALLS_REFILL),
            join_ip_limiter: IpLimiter::burst(JOIN_TRIES_PER_IP_BURST, JOIN_TRIES_PER_IP_REFILL),
            join_account_limiter: AccountLimiter::burst(
                JOIN_TRIES_PER_ACCOUNT_BURST,
                JOIN_TRIES_PER_ACCOUNT_REFILL,
            ),
            search_limiter: IpLimiter::burst(content::SEARCHES_BURST, content::SEARCHES_REFILL),
            staff_limiter: AccountLimiter::burst(STAFF_CALLS_BURST, STAFF_CALLS_REFILL),
            test_mail_limiter: AccountLimiter::burst(TEST_MAILS_BURST, TEST_MAILS_REFILL),
            live_views: OpenPerAccount::new(LIVE_VIEWS_PER_ACCOUNT),
            progress_changed: watch::channel(0).0,
            content_changed: Arc::new(tokio::sync::Notify::new()),
            rendered_pages: Arc::default(),
            disclosure_attention: Arc::default(),
            file_cache: FileCache::new(file_cache_budget(config.uploads.max_file_bytes)),
            download_mb_limiter: IpLimiter::burst(
                config.uploads.download_burst_mb,
                DOWNLOAD_MB_REFILL,
            ),
            shutdown: shutdown.clone(),
            draining: draining.clone(),
            cookies: SessionCookies::new(config.is_https()),
            google: Arc::new(GoogleSignIn::new(config.google.clone())),
            config: Arc::new(config),
            store: store.clone(),
            outbox: signal,
            site_origin: site_origin.map(Into::into),
        };
        // The site's pages and courses start as the build wrote them, as revision 1 of each;
        // the disclosure's items as empty drafts, for the office to fill in.
        content::pages::service::seed(&store).await;
        content::courses::service::seed(&store).await;
        content::disclosure::service::seed(&store).await;
        content::disclosure::linked_members::link_once(&store).await;
        let janitor = spawn_housekeeping(state.clone(), shutdown.child_token());
        let schedule = content::publishing::schedule::spawn(
            store.clone(),
            state.content_changed.clone(),
            shutdown.child_token(),
        );
        let mut background = vec![worker, janitor, schedule];
        if let Some(schedule) = state.config.ops.backups.clone() {
            let url = state.config.database_url.clone();
            background
                .extend(backup::schedule::spawn(schedule, url, shutdown.child_token()).await?);
        }
        let mut metrics_addr = None;
        if let Some(addr) = state.config.ops.metrics_listen {
            let handle = metrics::install();
            let (bound, task) =
                metrics::listener::spawn(addr, handle, store.clone(), shutdown.child_token())
                    .await?;
            metrics_addr = Some(bound);
            background.push(task);
        }

        let connection_limits = state.config.ops.connections;
        let router = router(state);
        let server = tokio::spawn(connections::serve(
            listener,
            router,
            connection_limits,
            shutdown.clone(),
        ));
        tracing::info!(%addr, "listening");
        Ok(Self {
            addr,
            metrics_addr,
            store,
            shutdown,
            draining,
            drain_delay,
            server,
            background,
        })
    }

    /// Serves until `signal` resolves, then drains: `/readyz` answers 503 at once, the site
    /// is still served for the drain delay, then the server stops taking connections, lets
    /// in-flight requests finish and stops the background work.
    pub async fn run_until(self, signal: impl Future<Output = ()>) -> anyhow::Result<()> {
        let shutdown = self.shutdown.clone();
        tokio::select! {
            () = signal => {
                self.draining.cancel();
                if !self.drain_delay.is_zero() {
                    tracing::info!(
                        delay_ms = u64::try_from(self.drain_delay.as_millis()).unwrap_or(u64::MAX),
                        "draining: /readyz answers 503; still serving for the drain delay"
                    );
                    tokio::select! {
                        () = tokio::time::sleep(self.drain_delay) => {}
                        () = shutdown.cancelled() => {}
                    }
                }
            }
            () = shutdown.cancelled() => {}
        }
        self.stop().await
    }

    pub async fn stop(self) -> anyhow::Result<()> {
        self.draining.cancel();
        self.shutdown.cancel();
        let served = self.server.await;
        for task in self.background {
            let _ = task.await;
        }
        served??;
        Ok(())
    }
}

/// `http://` and the address the server listens on, when that is loopback: only there is the
/// listening address also the one a visitor's browser uses.
fn loopback_origin(addr: SocketAddr) -> Option<String> {
    addr.ip().is_loopback().then(|| format!("http://{addr}"))
}

pub fn router(state: AppState) -> Router {
    let declared = assets::declared_sources();
    let security = SecurityHeaders::new(state.config.is_https(), &declared);
    let sandbox_csp = sandbox_policy(&assets::sandbox_script_hashes(), &declared.connect_origins);
    let limits = state.config.limits.clone();
    let with_metrics = state.config.ops.metrics_listen.is_some();
    let trusted_proxies: Arc<[IpNet]> = state.config.trusted_proxies.clone().into();
    let offline_cache = state.config.offline_cache;
    let site = Router::new()
        .route(
            "/sandbox",
            get(move |request: Request| sandbox_page(request, sandbox_csp.clone())),
        )
        // The page itself is the content room's: its text is the office's.
        .route("/contact", post(contact::post_contact))
        .merge(contact::enquiry_router())
        .merge(health::router())
        .route(
            offline::WORKER_PATH,
            get(move |request: Request| async move {
                offline::worker(offline_cache, request.headers())
            }),
        )
        .merge(accounts::router())
        .merge(classes::router())
        .merge(staff::router())
        .fallback(static_files);
    let site = limit_body(site, limits.max_body_bytes);
    // Saved code needs more room than the site's limit; see `progress::MAX_BODY_BYTES`.
    let progress = limit_body(progress::router(), progress::MAX_BODY_BYTES);
    // A notice is longer than most requests the site takes.
    let content = limit_body(content::router(), content::MAX_BODY_BYTES);
    let grievances = grievances::router(state.config.uploads.max_file_bytes);
    let uploads = limit_body(
        content::upload_router(),
        state.config.uploads.max_file_bytes,
    );
    let app = site
        .merge(progress)
        .merge(content)
        .merge(grievances)
        .merge(uploads)
        // Every page ends with the footer the office publishes, whoever answered it.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            content::pages::site_wide::fill_footer,
        ))
        .with_state(state)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        .layer(middleware::from_fn(request_address::plain_address))
        .layer(middleware::from_fn(methods::known_only))
        // Outside the timeout and the body limits, so that their answers under `/api/` (408,
        // 413), like the router's own (404, 405), come in the API's JSON shape; inside the
        // security headers, so those still go on every answer. Pages keep theirs.
        .layer(middleware::from_fn(api_errors::json_errors));
    // Only when they are served: counting costs a little on every request.
    let app = if with_metrics {
        app.layer(middleware::from_fn(metrics::http::track))
    } else {
        app
    };
    app.layer(trace_layer())
        .layer(middleware::from_fn_with_state(
            security,
            add_security_headers,
        ))
        .layer(propagate_request_id())
        .layer(set_request_id())
        .layer(middleware::from_fn_with_state(
            trusted_proxies,
            accept_request_id,
        ))
}

/// Pages and files of the web app. Only GET and HEAD make sense for them.
async fn static_files(request: Request) -> Response {
    // No page lives under `/api/`: an address there that no route has is unknown whatever
    // the method, and `api_errors::json_errors` answers it in JSON.
    if api_errors::is_api_path(request.uri().path()) {
        return StatusCode::NOT_FOUND.into_response();
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    assets::respond(request.uri().path(), request.headers())
}

/// The tutorial's sandbox document, with its own CSP (see `sandbox_policy`). Only our own
/// pages may frame it.
async fn sandbox_page(request: Request, csp: HeaderValue) -> Response {
    let mut response = assets::sandbox_page(request.headers());
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    response
}

/// Once a minute: forget idle rate-limit entries, delete what has expired in the accounts
/// (see [`accounts::purge_expired`]) and the audit entries older than the retention setting,
/// so memory and tables stay small.
fn spawn_housekeeping(state: AppState, shutdown: CancellationToken) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut every_minute = tokio::time::interval(Duration::from_secs(60));
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                _ = every_minute.tick() => {
                    state.contact_limiter.forget_idle();
                    state.auth_limiter.forget_idle();
                    state.sign_in_limiter.forget_idle();
                    state.failed_sign_ins.forget_idle();
                    state.registration_limiter.forget_idle();
                    state.account_limiter.forget_idle();
                    state.progress_limiter.forget_idle();
                    state.download_limiter.forget_idle();
                    state.download_mb_limiter.forget_idle();
                    state.teach_limiter.forget_idle();
                    state.join_ip_limiter.forget_idle();
                    state.join_account_limiter.forget_idle();
                    state.search_limiter.forget_idle();
                    state.staff_limiter.forget_idle();
                    state.test_mail_limiter.forget_idle();
                    let now = store::now_millis();
                    if let Err(error) = accounts::purge_expired(&state.store, now).await {
                        tracing::warn!(error = %crate::error_chain::Chain(&error), "housekeeping: cannot purge expired rows");
                    }
                    let origin = state.site_origin.as_deref();
                    let (days, inbox) = (state.config.unverified_account_days, &state.config.contact_inbox);
                    match accounts::dormant::tell_and_purge(&state.store, days, inbox, origin, now).await {
                        Ok(run) if run.told > 0 => state.outbox.mail_added(),
                        Ok(_) => {}
                        Err(error) => tracing::warn!(error = %crate::error_chain::Chain(&error), "housekeeping: cannot purge unconfirmed accounts"),
                    }
                    match grievances::reminders::remind(&state.store, inbox, origin, now).await {
                        Ok(sent) if sent > 0 => state.outbox.mail_added(),
                        Ok(_) => {}
                        Err(error) => tracing::warn!(error = %crate::error_chain::Chain(&error), "housekeeping: cannot remind the grievance committee"),
                    }
                    let retention = i64::try_from(state.config.audit_retention.as_millis())
                        .unwrap_or(i64::MAX);
                    match state.store.purge_audit_before(now.saturating_sub(retention)).await {
                        Ok(0) => {}
                        Ok(purged) => tracing::info!(purged, "housekeeping: old audit entries deleted"),
                        Err(error) => tracing::warn!(error = %crate::error_chain::Chain(&error), "housekeeping: cannot purge the audit log"),
                    }
                }
            }
        }
    })
}
