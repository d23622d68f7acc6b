//! Backups: the database and the media folder in one `.tar.gz`, written while the shop serves,
//! and restored into an empty data dir (SQLite) or an empty database (PostgreSQL).
//!
//! SQLite is copied with `VACUUM INTO` (one read transaction beside the writers), PostgreSQL
//! with `pg_dump` (one snapshot, custom format); either way the backup holds every order
//! acknowledged before it started, and never half of one.
//!
//! An archive to restore is treated as hostile: every entry is checked before anything is
//! written (plain files and folders only, at the names a backup writes, never `..` nor an
//! absolute path, never a link or a device, no media file over the upload cap, no more in all
//! than `[backups] max_restore_bytes`), it is unpacked into a private folder that goes away
//! when anything fails, every file 0600 and every folder 0700 whatever the archive says, and a
//! PostgreSQL dump is loaded by `pg_restore` as a role that is no superuser (so a tampered
//! dump's `COPY … TO PROGRAM` cannot reach the host). An older plain-SQL dump, which psql would
//! run as a script, is refused outright.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{BufReader, BufWriter};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use store::{Backend, Database};

use crate::settings::Settings;

/// The archive's name for a SQLite database.
const SQLITE_ENTRY: &str = "mahsoul.db";
/// The archive's name for a PostgreSQL dump (pg_dump's custom format).
const POSTGRES_ENTRY: &str = "postgres.dump";
/// The name of a plain-SQL PostgreSQL dump, as backups before the custom format wrote it:
/// refused, since psql runs it as a script.
const POSTGRES_PLAIN_ENTRY: &str = "postgres.sql";
/// The largest media file a restore writes: the upload cap, as no upload is larger.
const MEDIA_FILE_MAX: u64 = 10 * 1024 * 1024;
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
/// SQLite file; a PostgreSQL database without tables, reached as a role that is no superuser
/// unless `allow_superuser`), and its images into the media folder, which must be empty too.
/// Nothing is written unless the whole archive passes its checks, and nothing is left behind
/// when it fails. Migrations newer than the backup run at the next start.
pub fn restore(settings: &Settings, from: &Path, allow_superuser: bool) -> anyhow::Result<Archived> {
    let url = settings.database_url();
    let backend = Backend::of(&url);
    let sqlite_path = PathBuf::from(url.strip_prefix("sqlite://").unwrap_or(&url));
    match backend {
        Backend::Sqlite => ensure!(!sqlite_path.exists(), "{} exists: restore into an empty data dir", sqlite_path.display()),
        Backend::Postgres => {
            ensure!(
                allow_superuser || !postgres_is_superuser(&url)?,
                "the database URL signs in as a PostgreSQL superuser, who could run a tampered dump's commands on this machine: restore as the shop's \
                 own role (docs/operations.md, \"Restoring\"), or pass --allow-superuser for an archive you made yourself"
            );
            ensure!(postgres_is_empty(&url)?, "the database already has tables: restore into an empty database");
        }
    }
    let media = settings.media_dir();
    ensure!(!media.exists() || std::fs::read_dir(&media)?.next().is_none(), "{} is not empty: restore into an empty data dir", media.display());
    let database = check_archive(from, backend, settings.backups.max_restore_bytes)?;

    let data_dir = media.parent().context("the media folder has no parent")?.to_path_buf();
    std::fs::create_dir_all(&data_dir)?;
    let staging = data_dir.join(".restoring");
    let _ = std::fs::remove_dir_all(&staging);
    private_folder().create(&staging).with_context(|| format!("creating {}", staging.display()))?;
    let outcome = (|| {
        let media_files = unpack(from, &staging)?;
        let dump = staging.join(database);
        match backend {
            Backend::Sqlite => {
                if let Some(dir) = sqlite_path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                std::fs::rename(&dump, &sqlite_path)?;
            }
            Backend::Postgres => pg_restore(&url, &dump)?,
        }
        if staging.join(MEDIA_ENTRY).is_dir() {
            if media.exists() {
                std::fs::remove_dir(&media)?;
            }
            std::fs::rename(staging.join(MEDIA_ENTRY), &media)?;
        }
        Ok(Archived { database: backend.name(), media_files })
    })();
    let _ = std::fs::remove_dir_all(&staging);
    outcome
}

/// Reads the whole archive without writing anything: every entry a plain file or folder at a
/// name a backup writes, no media file over the upload cap, no more than `max_bytes` in all,
/// the database of the configured backend in it once, never a plain-SQL dump. Answers the
/// database's entry name.
fn check_archive(from: &Path, backend: Backend, max_bytes: u64) -> anyhow::Result<&'static str> {
    let mut archive = open_archive(from)?;
    let mut database = None;
    let mut total: u64 = 0;
    for entry in archive.entries()? {
        let entry = entry?;
        let path = entry.path()?.into_owned();
        let name = path.to_string_lossy().into_owned();
        let kind = entry.header().entry_type();
        ensure!(kind.is_file() || kind.is_dir(), "{} is not a Mahsoul backup: {name:?} is a link or a device, not a file or folder", from.display());
        ensure!(
            !name.is_empty() && path.components().all(|part| matches!(part, Component::Normal(_))),
            "{} is not a Mahsoul backup: {name:?} is not a plain relative name",
            from.display()
        );
        let size = entry.header().size()?;
        total = total.saturating_add(size);
        ensure!(total <= max_bytes, "{} holds more than {max_bytes} bytes ([backups] max_restore_bytes): refused", from.display());
        match name.trim_end_matches('/') {
            POSTGRES_PLAIN_ENTRY => bail!(
                "{} holds a plain-SQL PostgreSQL dump, which psql would run as a script: refused. Take a new backup with this version, which writes \
                 pg_dump's custom format",
                from.display()
            ),
            found @ (SQLITE_ENTRY | POSTGRES_ENTRY) if kind.is_file() => {
                let wanted = match backend {
                    Backend::Sqlite => found == SQLITE_ENTRY,
                    Backend::Postgres => found != SQLITE_ENTRY,
                };
                ensure!(wanted, "this backup is of the other database: restore it into a {} one", other(backend));
                ensure!(database.is_none(), "{} holds two databases", from.display());
                database = Some(if found == SQLITE_ENTRY { SQLITE_ENTRY } else { POSTGRES_ENTRY });
            }
            MEDIA_ENTRY if kind.is_dir() => {}
            media if media.starts_with("media/") => {
                ensure!(size <= MEDIA_FILE_MAX, "{} is not a Mahsoul backup: {name:?} is larger than any upload ({MEDIA_FILE_MAX} bytes)", from.display());
            }
            _ => bail!("{} is not a Mahsoul backup: it holds {name:?}", from.display()),
        }
    }
    database.with_context(|| format!("{} holds no database", from.display()))
}

/// The gzipped tar at `from`, to be read from its start.
fn open_archive(from: &Path) -> anyhow::Result<tar::Archive<GzDecoder<BufReader<File>>>> {
    let file = File::open(from).with_context(|| format!("opening {}", from.display()))?;
    Ok(tar::Archive::new(GzDecoder::new(BufReader::new(file))))
}

/// Unpacks a checked archive into `into`, each file written 0600 and each folder 0700 whatever
/// modes the archive gives them; answers how many media files it held.
fn unpack(from: &Path, into: &Path) -> anyhow::Result<usize> {
    let mut archive = open_archive(from)?;
    let mut media_files = 0;
    for entry in archive.entries()? {
        let mut entry = entry?;
        let target = into.join(entry.path()?);
        if entry.header().entry_type().is_dir() {
            private_folder().create(&target)?;
            continue;
        }
        if let Some(parent) = target.parent() {
            private_folder().create(parent)?;
        }
        let mut file = OpenOptions::new().write(true).create_new(true).mode(0o600).open(&target).with_context(|| format!("writing {}", target.display()))?;
        std::io::copy(&mut entry, &mut file)?;
        media_files += usize::from(target.starts_with(into.join(MEDIA_ENTRY)));
    }
    Ok(media_files)
}

/// Folders the restore makes: the owner's alone, with their parents.
fn private_folder() -> DirBuilder {
    let mut folder = DirBuilder::new();
    folder.recursive(true).mode(0o700);
    folder
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

/// `pg_dump` of the database at `url` into `to`, in its custom format (loaded by `pg_restore`,
/// which runs no psql command) without owners or grants (the restoring role owns what it loads).
fn pg_dump(url: &str, to: &Path) -> anyhow::Result<()> {
    let output = File::create(to)?;
    let status = Command::new("pg_dump")
        .args(["--no-owner", "--no-privileges", "--format=custom", "--dbname", url])
        .stdout(output)
        .stderr(Stdio::inherit())
        .status()
        .context("running pg_dump (install PostgreSQL's client tools)")?;
    ensure!(status.success(), "pg_dump failed ({status})");
    Ok(())
}

/// Loads a custom-format dump in one transaction: it all loads, or nothing does.
fn pg_restore(url: &str, file: &Path) -> anyhow::Result<()> {
    let status = Command::new("pg_restore")
        .args(["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--dbname", url])
        .arg(file)
        .stdout(Stdio::null())
        .status()
        .context("running pg_restore (install PostgreSQL's client tools)")?;
    ensure!(status.success(), "pg_restore failed to load the dump ({status})");
    Ok(())
}

/// Whether the database at `url` signs in as a superuser.
fn postgres_is_superuser(url: &str) -> anyhow::Result<bool> {
    Ok(psql_answer(url, "SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user")? == "t")
}

/// Whether the database at `url` has no table of its own yet.
fn postgres_is_empty(url: &str) -> anyhow::Result<bool> {
    Ok(psql_answer(url, "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = 'public'")? == "0")
}

/// The one value `query` answers on the database at `url`.
fn psql_answer(url: &str, query: &str) -> anyhow::Result<String> {
    let output = Command::new("psql")
        .args(["--no-psqlrc", "--tuples-only", "--no-align", "--dbname", url, "--command", query])
        .output()
        .context("running psql (install PostgreSQL's client tools)")?;
    ensure!(output.status.success(), "psql could not reach the database: {}", String::from_utf8_lossy(&output.stderr).trim());
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}
