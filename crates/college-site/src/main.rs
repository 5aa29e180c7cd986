use clap::Parser;
use college_site::{
    app::RunningServer,
    config::{Cli, Command, Config},
};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let Cli {
        command,
        log_format,
    } = Cli::parse();
    college_site::logs::install(
        log_format,
        college_site::logs::DEFAULT_FILTER,
        std::io::stdout,
    );
    let result = match command {
        Command::Serve(args) => serve(*args).await,
        Command::Roles(args) => college_site::roles::cli::run(args)
            .await
            .map(|said| println!("{said}")),
        Command::Backup(args) => college_site::backup::cli::run(args)
            .await
            .map(|said| println!("{said}")),
        Command::Accounts(args) => college_site::staff::cli::run(args)
            .await
            .map(|said| println!("{said}")),
        Command::SecondFactor(args) => college_site::accounts::second_factor::cli::run(args)
            .await
            .map(|said| println!("{said}")),
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
    // Installed before the server says it is listening: from then on, SIGTERM drains it
    // instead of killing it.
    let shutdown = shutdown_signal()?;
    let server = RunningServer::start(config).await?;
    server.run_until(shutdown).await?;
    tracing::info!("stopped cleanly");
    Ok(())
}

/// Resolves on SIGTERM (what service managers send) or Ctrl-C. The handlers are installed at
/// once, not when the future is first polled.
#[cfg(unix)]
fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => {},
            _ = interrupt.recv() => {},
        }
        tracing::info!("shutting down: finishing in-flight requests");
    })
}

#[cfg(not(unix))]
fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down: finishing in-flight requests");
    })
}
