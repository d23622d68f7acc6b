//! Backups: the database and the media folder in one `.tar.gz`, written while the shop serves,
//! and restored into an empty data dir (SQLite) or an empty database (PostgreSQL).
//!
//! SQLite is copied with `VACUUM INTO` (one read transaction beside the writers), PostgreSQL
//! with `pg_dump` (one snapshot); either way the backup holds every order acknowledged before
//! it started, and never half of one.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use store::{Backend, Database};

use crate::settings::Settings;

/// The archive's name for a SQLite database.
const SQLITE_ENTRY: &str = "mahsoul.db";
/// The archive's name for a PostgreSQL dump (plain SQL).
const POSTGRES_ENTRY: &str = "postgres.sql";
/// The archive's folder of uploaded and demo images.
const MEDIA_ENTRY: &str = "media";

/// What a backup or a restore handled.
#[derive(Debug)]
pub struct Archived {
    /// `sqlite` or `postgres`.
    pub database: &'static str,
    /// Media files in the archive.
    pub media_files: usize,
}

/// Writes the shop's database and media folder to `to` (a `.tar.gz`), while it serves. The
/// archive appears at `to` only once complete: a failed backup leaves no file that looks good.
pub fn backup(settings: &Settings, to: &Path) -> anyhow::Result<Archived> {
    let url = settings.database_url();
    let backend = Backend::of(&url);
    let partial = sibling(to, "partial");
    let dump = sibling(to, "dump");
    let outcome = (|| {
        match backend {
            Backend::Sqlite => Database::connect(&url, 1)?.copy_sqlite_into(&dump)?,
            Backend::Postgres => pg_dump(&url, &dump)?,
        }
        let file = File::create(&partial).with_context(|| format!("creating {}", partial.display()))?;
        let mut archive = tar::Builder::new(GzEncoder::new(BufWriter::new(file), Compression::fast()));
        archive.append_path_with_name(&dump, database_entry(backend))?;
        let media = settings.media_dir();
        let media_files = if media.is_dir() { count_files(&media)? } else { 0 };
        if media.is_dir() {
            archive.append_dir_all(MEDIA_ENTRY, &media)?;
        }
        archive.into_inner()?.finish()?.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&partial, to).with_context(|| format!("moving the backup to {}", to.display()))?;
        Ok(Archived { database: backend.name(), media_files })
    })();
    let _ = std::fs::remove_file(&dump);
    if outcome.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    outcome
}

/// Restores the archive at `from` into the configured database, which must be empty (no
/// SQLite file; a PostgreSQL database without tables), and its images into the media folder.
/// Migrations newer than the backup run at the next start.
pub fn restore(settings: &Settings, from: &Path) -> anyhow::Result<Archived> {
    let url = settings.database_url();
    let backend = Backend::of(&url);
    let sqlite_path = PathBuf::from(url.strip_prefix("sqlite://").unwrap_or(&url));
    match backend {
        Backend::Sqlite => ensure!(!sqlite_path.exists(), "{} exists: restore into an empty data dir", sqlite_path.display()),
        Backend::Postgres => ensure!(postgres_is_empty(&url)?, "the database already has tables: restore into an empty database"),
    }
    let media = settings.media_dir();
    ensure!(!media.exists() || std::fs::read_dir(&media)?.next().is_none(), "{} is not empty: restore into an empty data dir", media.display());

    let file = File::open(from).with_context(|| format!("opening {}", from.display()))?;
    let mut archive = tar::Archive::new(GzDecoder::new(BufReader::new(file)));
    let data_dir = media.parent().context("the media folder has no parent")?.to_path_buf();
    std::fs::create_dir_all(&data_dir)?;
    let dump = match backend {
        Backend::Sqlite => {
            if let Some(dir) = sqlite_path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            sibling(&sqlite_path, "restoring")
        }
        Backend::Postgres => data_dir.join("postgres.sql.restoring"),
    };
    let (mut database, mut media_files) = (None, 0);
    for entry in archive.entries()? {
        let mut entry = entry?;
        let name = entry.path()?.to_string_lossy().into_owned();
        match (name.as_str(), backend) {
            (SQLITE_ENTRY, Backend::Sqlite) | (POSTGRES_ENTRY, Backend::Postgres) => {
                entry.unpack(&dump)?;
                database = Some(backend);
            }
            (SQLITE_ENTRY | POSTGRES_ENTRY, _) => bail!("this backup is of the other database: restore it into a {} one", other(backend)),
            _ if name == MEDIA_ENTRY || name.starts_with("media/") => {
                // `unpack_in` refuses entries that would land outside the data dir.
                if entry.unpack_in(&data_dir)? && entry.header().entry_type().is_file() {
                    media_files += 1;
                }
            }
            _ => bail!("{} is not a Mahsoul backup: it holds {name:?}", from.display()),
        }
    }
    ensure!(database.is_some(), "{} holds no database", from.display());
    match backend {
        Backend::Sqlite => std::fs::rename(&dump, &sqlite_path)?,
        Backend::Postgres => {
            let loaded = psql_file(&url, &dump);
            let _ = std::fs::remove_file(&dump);
            loaded?;
        }
    }
    Ok(Archived { database: backend.name(), media_files })
}

fn database_entry(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => SQLITE_ENTRY,
        Backend::Postgres => POSTGRES_ENTRY,
    }
}

fn other(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "PostgreSQL",
        Backend::Postgres => "SQLite",
    }
}

/// `path` with `.suffix` added to its name, in the same folder (so a rename is atomic).
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|name| name.to_os_string()).unwrap_or_default();
    name.push(format!(".{suffix}"));
    path.with_file_name(name)
}

fn count_files(dir: &Path) -> anyhow::Result<usize> {
    let mut count = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        count += if entry.file_type()?.is_dir() { count_files(&entry.path())? } else { 1 };
    }
    Ok(count)
}

/// `pg_dump` of the database at `url` into `to`, as plain SQL without owners or grants (the
/// restoring role owns what it loads).
fn pg_dump(url: &str, to: &Path) -> anyhow::Result<()> {
    let output = File::create(to)?;
    let status = Command::new("pg_dump")
        .args(["--no-owner", "--no-privileges", "--format=plain", "--dbname", url])
        .stdout(output)
        .stderr(Stdio::inherit())
        .status()
        .context("running pg_dump (install PostgreSQL's client tools)")?;
    ensure!(status.success(), "pg_dump failed ({status})");
    Ok(())
}

/// Loads a plain SQL dump in one transaction: it all loads, or nothing does.
fn psql_file(url: &str, file: &Path) -> anyhow::Result<()> {
    let status = Command::new("psql")
        .args(["--no-psqlrc", "--quiet", "--single-transaction", "--set", "ON_ERROR_STOP=1", "--dbname", url, "--file"])
        .arg(file)
        .stdout(Stdio::null())
        .status()
        .context("running psql (install PostgreSQL's client tools)")?;
    ensure!(status.success(), "psql failed to load the dump ({status})");
    Ok(())
}

/// Whether the database at `url` has no table of its own yet.
fn postgres_is_empty(url: &str) -> anyhow::Result<bool> {
    let output = Command::new("psql")
        .args(["--no-psqlrc", "--tuples-only", "--no-align", "--dbname", url, "--command"])
        .arg("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = 'public'")
        .output()
        .context("running psql (install PostgreSQL's client tools)")?;
    ensure!(output.status.success(), "psql could not reach the database: {}", String::from_utf8_lossy(&output.stderr).trim());
    Ok(String::from_utf8_lossy(&output.stdout).trim() == "0")
}
