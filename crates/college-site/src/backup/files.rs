//! The file steps every backup shares: a temporary name beside the destination, syncing, and
//! the final rename.

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
    time::Instant,
};

use super::Written;

/// A name beside `dest` for the copy while it is written: the rename into place then stays on
/// one file system, and so is atomic.
pub fn partial_path(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "backup".to_owned());
    dest.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Refuses when `dest` exists and may not be replaced, or when its folder is missing.
pub fn check_destination(dest: &Path, overwrite: bool) -> anyhow::Result<()> {
    if dest.exists() && !overwrite {
        anyhow::bail!(
            "{} already exists: choose another name, or add --overwrite to replace it",
            dest.display()
        );
    }
    if dest.is_dir() {
        anyhow::bail!("{} is a directory: name the file to write", dest.display());
    }
    if let Some(dir) = parent_of(dest)
        && !dir.is_dir()
    {
        anyhow::bail!("the folder {} does not exist", dir.display());
    }
    Ok(())
}

/// Flushes `path` to the disk, then moves it to `dest` and flushes the folder, so that the
/// copy and its name both survive a power cut. Returns the copy's size.
fn sync_and_rename(path: &Path, dest: &Path) -> io::Result<u64> {
    let file = File::open(path)?;
    file.sync_all()?;
    let bytes = file.metadata()?.len();
    drop(file);
    std::fs::rename(path, dest)?;
    if let Some(dir) = parent_of(dest) {
        File::open(dir)?.sync_all()?;
    }
    Ok(bytes)
}

fn parent_of(path: &Path) -> Option<&Path> {
    path.parent().filter(|dir| !dir.as_os_str().is_empty())
}

/// Deletes the temporary copy when a backup fails half-way.
pub struct Partial(pub PathBuf);

impl Partial {
    /// Makes the finished, checked copy the backup at `dest` (synced, then renamed), and
    /// says what was written since `started`.
    pub fn keep_as(self, dest: &Path, started: Instant) -> io::Result<Written> {
        let bytes = sync_and_rename(&self.0, dest)?;
        // Renamed: nothing is left at the temporary name for `drop` to delete.
        std::mem::forget(self);
        Ok(Written {
            path: dest.to_owned(),
            bytes,
            took: started.elapsed(),
        })
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
