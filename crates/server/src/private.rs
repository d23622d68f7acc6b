//! The shop's files are its owner's alone: the token secret, the SQLite file, the outbox of
//! one-time codes and every backup hold what a stranger on the machine must not read. The
//! process writes with umask 077 (files 0600, folders 0700), and the data dir and the files
//! already in it are narrowed at start, for a data dir made before this rule.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use anyhow::Context;

/// Makes what the process writes from now on, and what the data dir holds, the owner's alone.
pub fn keep_files_private(data_dir: &Path) -> anyhow::Result<()> {
    rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
    if !data_dir.is_dir() {
        return Ok(());
    }
    std::fs::set_permissions(data_dir, std::fs::Permissions::from_mode(0o700)).with_context(|| format!("narrowing {}", data_dir.display()))?;
    for entry in std::fs::read_dir(data_dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o600)).with_context(|| format!("narrowing {}", entry.path().display()))?;
        }
    }
    Ok(())
}
