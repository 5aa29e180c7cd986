//! The bounds of the files editors attach to notices (`--upload-max-mb`, `--uploads-budget-mb`).

use clap::Args;

#[derive(Debug, Args)]
pub struct UploadArgs {
    /// The largest file an editor may upload, in MB (a PDF, or an image before it is resized).
    #[arg(long, env = "UPLOAD_MAX_MB", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub upload_max_mb: u32,

    /// What every uploaded file together may take in the database, in MB.
    #[arg(long, env = "UPLOADS_BUDGET_MB", default_value_t = 2048, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub uploads_budget_mb: u32,
}

impl UploadArgs {
    /// The defaults with the sizes from the command line.
    pub fn settings(&self) -> UploadSettings {
        UploadSettings {
            max_file_bytes: self.upload_max_mb as usize * MB,
            budget_bytes: i64::from(self.uploads_budget_mb) * MB as i64,
            ..UploadSettings::default()
        }
    }
}

/// The bounds of what editors upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UploadSettings {
    /// The largest upload, in bytes.
    pub max_file_bytes: usize,
    /// What every file's copies together may take, in bytes.
    pub budget_bytes: i64,
    /// Megabytes of large files one address may download at once, then about 4 MB a second
    /// (see `content::files::cache`).
    pub download_burst_mb: u32,
}

impl Default for UploadSettings {
    fn default() -> Self {
        Self {
            max_file_bytes: 10 * MB,
            budget_bytes: 2048 * MB as i64,
            download_burst_mb: 1024,
        }
    }
}

pub const MB: usize = 1024 * 1024;
