use clap::Parser;
use college_site::{
    app::RunningServer,
    config::{Cli, Command, Config},
};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    let Cli { command } = Cli::parse();
    let result = match command {
        Command::Serve(args) => serve(args).await,
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error:#}");
            eprintln!("college-site: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(args: college_site::config::ServeArgs) -> anyhow::Result<()> {
    let config = Config::from_args(args)?;
    tracing::debug!(?config, "starting");
    let server = RunningServer::start(config).await?;
    server.run_until(shutdown_signal()).await?;
    tracing::info!("stopped cleanly");
    Ok(())
}

/// Resolves on SIGTERM (what service managers send) or Ctrl-C.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing in-flight requests");
}
