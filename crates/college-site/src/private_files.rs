//! Files that hold personal data (the SQLite database, backups, mail written to disk) are the
//! server account's alone: files 0600, folders the server makes 0700, whatever the umask.

use std::{fs, io, path::Path};

#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};

/// Makes `dir` and any missing parents; the ones made here are private.
pub fn create_dir_all(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(0o700);
    builder.create(dir)
}

/// Makes `dir` private, whether or not it existed: a folder of the server's own, such as the
/// scheduled backups'.
pub fn private_dir(dir: &Path) -> io::Result<()> {
    create_dir_all(dir)?;
    #[cfg(unix)]
    fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
    Ok(())
}

/// Creates `path` empty and private (or empties it and makes it private), for a program that
/// then writes into it (SQLite's `VACUUM INTO`, `pg_dump`): the file keeps its mode. Returns
/// the file, open for writing.
pub fn create_empty(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    options.mode(0o600);
    let file = options.open(path)?;
    make_private(path)?;
    Ok(file)
}

/// Makes an existing file private; a missing one is left missing.
pub fn make_private(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    match fs::set_permissions(path, fs::Permissions::from_mode(0o600)) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        other => other?,
    }
    Ok(())
}

/// Writes `bytes` to a new private file at `path`.
pub async fn write(path: &Path, bytes: Vec<u8>) -> io::Result<()> {
    let path = path.to_owned();
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut file = create_empty(&path)?;
        file.write_all(&bytes)?;
        file.sync_all()
    })
    .await
    .map_err(io::Error::other)?
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).expect("exists").permissions().mode() & 0o777
    }

    #[test]
    fn made_and_existing_files_become_private() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let nested = dir.path().join("a/b");
        create_dir_all(&nested).expect("made");
        assert_eq!(mode(&nested), 0o700);

        let open = dir.path().join("open.db");
        fs::write(&open, b"data").expect("written");
        fs::set_permissions(&open, fs::Permissions::from_mode(0o644)).expect("chmod");
        make_private(&open).expect("private");
        assert_eq!(mode(&open), 0o600);
        make_private(&dir.path().join("missing")).expect("nothing to do");

        let empty = dir.path().join("copy");
        create_empty(&empty).expect("created");
        assert_eq!(
            (mode(&empty), fs::metadata(&empty).expect("exists").len()),
            (0o600, 0)
        );
    }
}
