//! The bounds of the files editors attach to notices (`--upload-max-mb`, `--uploads-budget-mb`).

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
