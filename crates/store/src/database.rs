//! Connections, the pool and migrations for both backends.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::LoadQuery;
use diesel::query_dsl::methods::ExecuteDsl;
use diesel::r2d2::{self, ManageConnection, Pool, PooledConnection};
use diesel::{PgConnection, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

#[allow(missing_docs)] // the derive generates undocumented public items
mod multi {
    use diesel::{PgConnection, SqliteConnection};

    /// A connection to either backend; queries written once run on both.
    #[derive(diesel::MultiConnection)]
    pub enum DbConn {
        /// PostgreSQL, for production.
        Postgres(PgConnection),
        /// SQLite, the embedded default.
        Sqlite(SqliteConnection),
    }
}
pub use multi::DbConn;

/// Runs `work` in one transaction that holds the write lock from its start. SQLite's default
/// transaction takes the lock at its first write, and when another writer committed after this
/// one first read, fails at once with "database is locked" instead of waiting; `BEGIN
/// IMMEDIATE` makes writers queue one behind another, up to the busy timeout. PostgreSQL needs
/// no such help: its row locks and guarded updates do the queuing.
pub fn write<T, E>(conn: &mut DbConn, work: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    write_committing(conn, |_| None, work)
}

/// [`write`], whose transaction ends on PostgreSQL with the text `commit` chooses for the
/// outcome, when it chooses one: plain statements that begin with `COMMIT`, whose rest runs
/// once the transaction has committed, in the same round trip (PostgreSQL runs the statements
/// of one simple query in turn, and the first ends the transaction). SQLite commits as usual.
pub(crate) fn write_committing<T, E>(
    conn: &mut DbConn,
    commit: impl FnOnce(&T) -> Option<&'static str>,
    work: impl FnOnce(&mut DbConn) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    type Manager = <DbConn as Connection>::TransactionManager;
    match conn {
        DbConn::Sqlite(sqlite) => AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?,
        DbConn::Postgres(_) => Manager::begin_transaction(conn)?,
    }
    let outcome = work(conn).and_then(|value| {
        let committed = match (commit(&value), &mut *conn) {
            // Diesel's PostgreSQL connection sees the transaction over when the text is done
            // (libpq reports the connection idle), so its bookkeeping needs no help.
            (Some(text), DbConn::Postgres(pg)) => pg.batch_execute(text),
            _ => Manager::commit_transaction(conn),
        };
        committed.map(|()| value).map_err(E::from)
    });
    if outcome.is_err() && Manager::transaction_manager_status_mut(conn).transaction_depth().ok().flatten().is_some() {
        // The error is the one worth reporting; a failed rollback leaves the connection broken,
        // and the pool replaces broken connections.
        let _ = Manager::rollback_transaction(conn);
    }
    outcome
}

/// The column a write collided on when it broke a unique constraint (`phone`, `email`, `name`,
/// `slug`…): a concurrent write took the value between this one's check and its insert. Read
/// from PostgreSQL's constraint name (`users_phone_key`) or SQLite's message (`UNIQUE
/// constraint failed: users.phone`).
pub fn unique_collision(error: &diesel::result::Error) -> Option<&'static str> {
    let diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, info) = error else { return None };
    let said = info.constraint_name().unwrap_or_else(|| info.message());
    ["google_subject", "phone", "email", "slug", "name", "code"].into_iter().find(|column| said.contains(column))
}

/// A write's outcome with a unique collision turned into the refusal `taken` makes of its
/// column; any other failure stays one.
pub fn or_taken<T, K>(outcome: QueryResult<Result<T, K>>, taken: impl Fn(&str) -> Option<K>) -> QueryResult<Result<T, K>> {
    match outcome {
        Err(error) => match unique_collision(&error).and_then(taken) {
            Some(refusal) => Ok(Err(refusal)),
            None => Err(error),
        },
        done => done,
    }
}

#[diesel::declare_sql_function]
extern "SQL" {
    /// SQL's `lower`, for searches that ignore case on both backends.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;

    /// SQL's `coalesce` of two ids: the first that is not null.
    fn coalesce(
        first: diesel::sql_types::Nullable<diesel::sql_types::BigInt>,
        second: diesel::sql_types::Nullable<diesel::sql_types::BigInt>,
    ) -> diesel::sql_types::Nullable<diesel::sql_types::BigInt>;
}

/// A `LIKE` pattern (escape `\\`) matching texts that contain `search`, in lower case.
pub(crate) fn contains_pattern(search: &str) -> String {
    let escaped = search.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// A PostgreSQL URL that names this machine (`localhost`, `127.0.0.1`, `::1`) and no `sslmode`,
/// made to connect without TLS: libpq's default (`prefer`) encrypts even traffic that never
/// leaves the machine, where it protects nothing and cost a tenth of the checkout's throughput
/// (docs/performance.md). Any `sslmode` the URL gives is kept.
fn without_tls_on_this_machine(url: &str) -> String {
    let Ok(mut parsed) = url::Url::parse(url) else {
        return url.to_string();
    };
    let this_machine = match parsed.host() {
        Some(url::Host::Domain(name)) => name == "localhost" || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    if !this_machine || parsed.query_pairs().any(|(name, _)| name == "sslmode") {
        return url.to_string();
    }
    parsed.query_pairs_mut().append_pair("sslmode", "disable");
    parsed.into()
}

/// Which database engine a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// `postgres://` or `postgresql://` URLs.
    Postgres,
    /// Anything else is a SQLite file path (optionally `sqlite://path`).
    Sqlite,
}

impl Backend {
    /// The backend a database URL selects, by its scheme.
    pub fn of(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") { Backend::Postgres } else { Backend::Sqlite }
    }

    /// `postgres` or `sqlite`, as the health check reports it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Postgres => "postgres",
            Backend::Sqlite => "sqlite",
        }
    }
}

/// Opens connections of the backend the URL names, never by trial (SQLite accepts any path),
/// and sets SQLite's pragmas on every new connection.
#[derive(Debug, Clone)]
pub struct ConnectionFactory {
    url: String,
    backend: Backend,
    /// The database's "out of reach" mark, shared with [`Database`]: set, every connection is
    /// checked before it is lent.
    unreachable: Arc<Reachability>,
}

/// How long a connection that answered the pool's check is taken as alive without asking
/// again. The check (`SELECT 1`, a round trip) ran before every use, a quarter of a checkout's
/// statements; a connection the server dropped is still found out within this time and
/// replaced (HikariCP's `aliveBypassWindowMs` is the same idea, at 500 ms).
pub const CHECKED_FOR: Duration = Duration::from_millis(500);

/// A connection in the pool and when it last answered the pool's check.
pub struct Pooled {
    conn: DbConn,
    checked_at: Instant,
    /// Set when a query found the connection gone, so the pool drops it instead of lending it
    /// again inside [`CHECKED_FOR`].
    lost: Arc<AtomicBool>,
}

/// Watches a connection's queries for the one that finds the server gone: it marks the
/// connection lost and the database out of reach, so the others are checked before use.
struct LossWatch {
    lost: Arc<AtomicBool>,
    unreachable: Arc<Reachability>,
}

impl diesel::connection::Instrumentation for LossWatch {
    fn on_connection_event(&mut self, event: diesel::connection::InstrumentationEvent<'_>) {
        if let diesel::connection::InstrumentationEvent::FinishQuery { error: Some(error), .. } = event
            && connection_lost(error)
        {
            self.lost.store(true, Ordering::Relaxed);
            self.unreachable.went_down();
        }
    }
}

/// Whether a query failed because the connection to the server is gone (a restart, a network
/// cut, the server ending the session). libpq tells a query it could not send, or whose answer
/// never came ("server closed the connection unexpectedly"), as `UnableToSendCommand`.
fn connection_lost(error: &diesel::result::Error) -> bool {
    matches!(
        error,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::ClosedConnection | diesel::result::DatabaseErrorKind::UnableToSendCommand, _)
    )
}

/// Whether a failure means the database is out of reach rather than that the request or the
/// code is wrong: no connection came from the pool in time, or the connection was lost under
/// the query. The caller can only try again shortly.
pub fn out_of_reach(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<NoConnection>() || cause.downcast_ref::<diesel::result::Error>().is_some_and(connection_lost))
}

/// Tells the database out of reach when a new connection cannot be made. r2d2 tries again
/// with a growing pause; its default handler logged every try, a line a second for as long
/// as an outage lasted.
#[derive(Debug)]
struct MarkUnreachable(Arc<Reachability>);

impl r2d2::HandleError<r2d2::Error> for MarkUnreachable {
    fn handle_error(&self, _error: r2d2::Error) {
        self.0.went_down();
    }
}

/// Whether the database is out of reach, and the two log lines of an outage: one when it goes
/// away, one when it answers again — not one per failed request or job run.
#[derive(Debug, Default)]
pub struct Reachability {
    down: AtomicBool,
}

impl Reachability {
    /// Marks the database out of reach; the first mark of an outage says so in the log.
    fn went_down(&self) {
        if !self.down.swap(true, Ordering::Relaxed) {
            tracing::warn!("the database is out of reach: reads are served from memory, writes answer 503 until it is back");
        }
    }

    /// Marks the database reachable; the first answer after an outage says so in the log.
    fn came_back(&self) {
        if self.down.swap(false, Ordering::Relaxed) {
            tracing::info!("the database answers again");
        }
    }

    /// Whether the database is marked out of reach.
    fn is_down(&self) -> bool {
        self.down.load(Ordering::Relaxed)
    }
}

/// Twice the longest pause between r2d2's tries at a lost connection.
const RECONNECT_WITHIN: Duration = Duration::from_millis(500);

/// How long a request waits for a connection from a busy pool.
const CONNECTION_WAIT: Duration = Duration::from_secs(10);

/// How long a request waits for a connection while the database is known to be out of reach:
/// long enough for a connection that is there, short enough to answer "try again" at once
/// rather than after the pool's whole wait.
const WAIT_WHILE_UNREACHABLE: Duration = Duration::from_millis(500);

/// The pool found no usable connection in time.
#[derive(Debug, thiserror::Error)]
#[error("no database connection available: {0}")]
struct NoConnection(r2d2::PoolError);

impl ManageConnection for ConnectionFactory {
    type Connection = Pooled;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<Pooled, r2d2::Error> {
        let mut conn = match self.backend {
            Backend::Postgres => PgConnection::establish(&self.url).map(DbConn::Postgres).map_err(r2d2::Error::ConnectionError)?,
            Backend::Sqlite => {
                let path = self.url.strip_prefix("sqlite://").unwrap_or(&self.url);
                let mut conn = SqliteConnection::establish(path).map_err(r2d2::Error::ConnectionError)?;
                // WAL lets readers run beside the one writer; the busy timeout makes writers
                // queue instead of failing; SQLite leaves foreign keys off unless asked.
                // The write-ahead log is cut back to 64 MiB each time a checkpoint empties it (it
                // grew to 104 MB under a minute of checkouts, its high-water mark kept).
                conn.batch_execute(
                    "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; \
                     PRAGMA journal_size_limit = 67108864;",
                )
                .map_err(r2d2::Error::QueryError)?;
                DbConn::Sqlite(conn)
            }
        };
        let lost = Arc::new(AtomicBool::new(false));
        conn.set_instrumentation(LossWatch { lost: lost.clone(), unreachable: self.unreachable.clone() });
        Ok(Pooled { conn, checked_at: Instant::now(), lost })
    }

    fn is_valid(&self, pooled: &mut Pooled) -> Result<(), r2d2::Error> {
        if pooled.checked_at.elapsed() < CHECKED_FOR && !self.unreachable.is_down() {
            return Ok(());
        }
        pooled.conn.batch_execute("SELECT 1").map_err(r2d2::Error::QueryError)?;
        pooled.checked_at = Instant::now();
        Ok(())
    }

    fn has_broken(&self, pooled: &mut Pooled) -> bool {
        pooled.lost.load(Ordering::Relaxed) || <DbConn as Connection>::TransactionManager::is_broken_transaction_manager(&mut pooled.conn)
    }
}

/// A statement whose text is one of a few, kept prepared on its connection. Diesel prepares
/// every `UPDATE`, upsert, many-row `INSERT` and raw statement anew each time, lest texts that
/// vary without bound fill the connection's cache; on PostgreSQL each such round is parsed and
/// planned again (a fifth of an order's database CPU, issue 42). Wrap only a statement whose
/// text takes few forms: it is then cached under its text. Load it (a `SELECT`, or a change
/// answering its rows with `RETURNING`): Diesel's `execute` hands a statement on by reference,
/// and a reference asks the statement's parts, not this wrapper, whether it may be kept.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeptPrepared<Q>(pub(crate) Q);

impl<Q, DB> QueryFragment<DB> for KeptPrepared<Q>
where
    DB: diesel::backend::Backend,
    Q: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        Ok(true)
    }
}

impl<Q> QueryId for KeptPrepared<Q> {
    type QueryId = ();
    // No type names the text: the cache keys it by the text itself.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for KeptPrepared<Q> {
    type SqlType = Q::SqlType;
}

impl<Q, C> RunQueryDsl<C> for KeptPrepared<Q> {}

/// An id a statement answers: drawn from a sequence, or of a row it wrote.
#[derive(QueryableByName)]
pub(crate) struct RowId {
    /// The id.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub(crate) id: i64,
}

/// Loads what a statement answers through each backend's own connection, for what Diesel's
/// connection over both backends cannot build (`ON CONFLICT`, the same text for both).
pub(crate) fn load_natively<'query, Q, U>(conn: &mut DbConn, statement: Q) -> QueryResult<Vec<U>>
where
    Q: LoadQuery<'query, PgConnection, U> + LoadQuery<'query, SqliteConnection, U>,
{
    match conn {
        DbConn::Postgres(pg) => LoadQuery::<PgConnection, U>::internal_load(statement, pg)?.collect(),
        DbConn::Sqlite(sqlite) => LoadQuery::<SqliteConnection, U>::internal_load(statement, sqlite)?.collect(),
    }
}

/// Runs a statement through each backend's own connection, for what Diesel's connection over
/// both backends cannot build: `ON CONFLICT`, and many rows in one `INSERT` (it would insert
/// them one by one).
pub(crate) fn execute_natively<Q>(conn: &mut DbConn, statement: Q) -> QueryResult<usize>
where
    Q: ExecuteDsl<PgConnection> + ExecuteDsl<SqliteConnection>,
{
    match conn {
        DbConn::Postgres(pg) => ExecuteDsl::<PgConnection>::execute(statement, pg),
        DbConn::Sqlite(sqlite) => ExecuteDsl::<SqliteConnection>::execute(statement, sqlite),
    }
}

/// The most connections a SQLite pool holds, whatever is configured: SQLite has one write
/// lock, and writers beyond a few only wait in its busy handler, whose growing sleeps stretch
/// the slowest checkouts (p99 176 ms with 8 connections, 73 ms with 4; docs/performance.md).
pub const SQLITE_MAX_CONNECTIONS: u32 = 4;

/// The shop's database: a pool of connections to one backend.
#[derive(Clone)]
pub struct Database {
    pool: Pool<ConnectionFactory>,
    backend: Backend,
    /// Set when the pool could not connect or the last wait for a connection failed; cleared
    /// by the next connection lent.
    unreachable: Arc<Reachability>,
}

/// A connection borrowed from the pool, given back when dropped.
pub struct Conn(PooledConnection<ConnectionFactory>);

impl Deref for Conn {
    type Target = DbConn;

    fn deref(&self) -> &DbConn {
        &self.0.conn
    }
}

impl DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut DbConn {
        &mut self.0.conn
    }
}

impl Database {
    /// Connects to the database at `url` with a pool of `max_connections` (at most
    /// [`SQLITE_MAX_CONNECTIONS`] for SQLite).
    pub fn connect(url: &str, max_connections: u32) -> anyhow::Result<Database> {
        let backend = Backend::of(url);
        if backend == Backend::Sqlite {
            let path = std::path::Path::new(url.strip_prefix("sqlite://").unwrap_or(url));
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            }
        }
        let max_connections = if backend == Backend::Sqlite { max_connections.min(SQLITE_MAX_CONNECTIONS) } else { max_connections };
        let url = if backend == Backend::Postgres { without_tls_on_this_machine(url) } else { url.to_string() };
        let unreachable = Arc::new(Reachability::default());
        // r2d2 tries a lost connection again after a pause that doubles up to half this time:
        // half a second keeps the tries a quarter of a second apart, within the half second a
        // request waits while the database is out of reach, so the first request after it comes
        // back finds a connection. Every wait for a connection names
        // its own time (`conn`, `readiness`); the first connections are made as they are asked
        // for, and a database that is not there shows at the first use (the migrations at start).
        let pool = Pool::builder()
            .max_size(max_connections)
            .connection_timeout(RECONNECT_WITHIN)
            .error_handler(Box::new(MarkUnreachable(unreachable.clone())))
            .build_unchecked(ConnectionFactory { url, backend, unreachable: unreachable.clone() });
        Ok(Database { pool, backend, unreachable })
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A pooled connection. Diesel blocks: call this off the async worker threads.
    ///
    /// Waits up to the pool's [`CONNECTION_WAIT`] for a busy pool, but gives up within
    /// [`WAIT_WHILE_UNREACHABLE`] of finding the database out of reach, so the caller can say
    /// "try again shortly" at once.
    pub fn conn(&self) -> anyhow::Result<Conn> {
        let deadline = Instant::now() + CONNECTION_WAIT;
        loop {
            let unreachable = self.unreachable.is_down();
            let wait = if unreachable { WAIT_WHILE_UNREACHABLE } else { deadline.saturating_duration_since(Instant::now()).min(Duration::from_secs(1)) };
            match self.pool.get_timeout(wait) {
                Ok(conn) => {
                    // Only a connection lent while the database was out of reach was checked
                    // against it (the pool's check is skipped otherwise): one lent unchecked
                    // while another request found the database gone says nothing of its return.
                    if unreachable {
                        self.unreachable.came_back();
                    }
                    return Ok(Conn(conn));
                }
                Err(error) if unreachable || self.unreachable.is_down() || Instant::now() >= deadline => {
                    self.unreachable.went_down();
                    return Err(NoConnection(error).into());
                }
                Err(_) => {}
            }
        }
    }

    /// Runs the migrations not yet applied; returns how many ran.
    pub fn migrate(&self) -> anyhow::Result<usize> {
        let mut conn = self.conn()?;
        let applied = match &mut *conn {
            DbConn::Postgres(pg) => pg.run_pending_migrations(POSTGRES_MIGRATIONS).map(|v| v.len()),
            DbConn::Sqlite(sqlite) => sqlite.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
        };
        applied.map_err(|e| anyhow::anyhow!("running migrations: {e}"))
    }

    /// The names of the migrations not yet applied, in the order they would run.
    pub fn pending_migrations(&self) -> anyhow::Result<Vec<String>> {
        pending_migrations_of(&mut self.conn()?)
    }

    /// Connections the pool holds, and how many of them are idle.
    pub fn pool_state(&self) -> (u32, u32) {
        let state = self.pool.state();
        (state.connections, state.idle_connections)
    }

    /// Whether the database is reachable, as far as the last connection asked for tells.
    pub fn reachable(&self) -> bool {
        !self.unreachable.is_down()
    }

    /// Answers when the database can serve a query.
    pub fn ping(&self) -> anyhow::Result<()> {
        Ok(self.conn()?.batch_execute("SELECT 1")?)
    }

    /// Whether the database answers within `within`, whatever the pool's own wait, and the
    /// migrations of this build it has not applied: a readiness probe answers a proxy that
    /// gives up after a second or two.
    pub fn readiness(&self, within: Duration) -> anyhow::Result<Vec<String>> {
        let mut conn = match self.pool.get_timeout(within) {
            Ok(conn) => Conn(conn),
            Err(error) => {
                self.unreachable.went_down();
                return Err(NoConnection(error).into());
            }
        };
        conn.batch_execute("SELECT 1")?;
        self.unreachable.came_back();
        pending_migrations_of(&mut conn)
    }

    /// Copies a SQLite database's write-ahead log into the database and empties the log file
    /// (`wal_checkpoint(TRUNCATE)`), so it does not stay at the size a busy hour left. It
    /// waits for the readers and writers of the moment: call it when the shop is idle. Nothing
    /// to do on PostgreSQL, which keeps its own log.
    pub fn checkpoint(&self) -> anyhow::Result<()> {
        let mut conn = self.conn()?;
        if let DbConn::Sqlite(sqlite) = &mut *conn {
            sqlite.batch_execute("PRAGMA wal_checkpoint(TRUNCATE);")?;
        }
        Ok(())
    }

    /// Writes a consistent copy of a SQLite database to `path` while the shop keeps serving
    /// (`VACUUM INTO`: one read transaction, so writers carry on beside it under WAL). The copy
    /// holds everything committed before it started.
    pub fn copy_sqlite_into(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let mut conn = self.conn()?;
        let DbConn::Sqlite(sqlite) = &mut *conn else {
            anyhow::bail!("only a SQLite database is copied file by file");
        };
        let target = path.to_str().context("the backup path is not valid UTF-8")?;
        diesel::sql_query("VACUUM INTO ?").bind::<diesel::sql_types::Text, _>(target).execute(sqlite)?;
        Ok(())
    }
}

/// The names of the migrations not yet applied on this connection's database, in order.
fn pending_migrations_of(conn: &mut Conn) -> anyhow::Result<Vec<String>> {
    let names = match &mut **conn {
        DbConn::Postgres(pg) => pg.pending_migrations(POSTGRES_MIGRATIONS).map(|pending| pending.iter().map(|m| m.name().to_string()).collect()),
        DbConn::Sqlite(sqlite) => sqlite.pending_migrations(SQLITE_MIGRATIONS).map(|pending| pending.iter().map(|m| m.name().to_string()).collect()),
    };
    names.map_err(|e| anyhow::anyhow!("reading the migrations: {e}"))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::{Reachability, without_tls_on_this_machine};

    /// A log writer that keeps what it is given.
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn an_outage_is_told_once_when_it_starts_and_once_when_it_ends_however_often_it_is_met() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = log.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || Captured(kept.clone())).with_ansi(false).finish();
        let reachability = Reachability::default();
        tracing::subscriber::with_default(subscriber, || {
            for _ in 0..2 {
                // Every request and job run of an outage meets it; the log hears of it once.
                (0..100).for_each(|_| reachability.went_down());
                assert!(reachability.is_down());
                (0..100).for_each(|_| reachability.came_back());
                assert!(!reachability.is_down());
            }
        });
        let text = String::from_utf8(log.lock().unwrap().clone()).unwrap();
        assert_eq!(text.matches("the database is out of reach").count(), 2, "{text}");
        assert_eq!(text.matches("the database answers again").count(), 2, "{text}");
    }

    #[test]
    fn a_kept_statement_is_prepared_once_on_its_connection_whichever_way_it_runs() {
        use diesel::prelude::*;

        use super::{Database, DbConn, KeptPrepared, RowId, load_natively};
        use crate::schema::event_cursors;

        let fresh = test_support::fresh_database();
        let db = Database::connect(&fresh.url, 1).unwrap();
        db.migrate().unwrap();
        let conn = &mut *db.conn().unwrap();
        for _ in 0..3 {
            // An update (Diesel's own are never kept) through the connection over both backends.
            let news = event_cursors::table.find("order_news");
            let moved = KeptPrepared(diesel::update(news).set(event_cursors::last_seq.eq(event_cursors::last_seq)).returning(event_cursors::last_seq))
                .load::<i64>(conn)
                .unwrap();
            assert_eq!(moved, [0], "the news' cursor, unmoved");
            // A raw statement through each backend's own connection.
            let raw = diesel::sql_query("SELECT CAST(7 AS BIGINT) AS id");
            assert_eq!(load_natively::<_, RowId>(conn, KeptPrepared(raw)).unwrap().iter().map(|row| row.id).collect::<Vec<_>>(), [7]);
        }
        if let DbConn::Postgres(pg) = conn {
            let kept: Vec<RowId> = diesel::sql_query(
                "SELECT COUNT(*) AS id FROM pg_prepared_statements WHERE statement LIKE 'UPDATE \"event_cursors\"%' OR statement = 'SELECT CAST(7 AS BIGINT) AS id' GROUP BY statement",
            )
            .load(pg)
            .unwrap();
            assert_eq!(kept.iter().map(|row| row.id).collect::<Vec<_>>(), [1, 1], "each prepared once, then reused");
        }
    }

    #[test]
    fn a_database_on_this_machine_is_reached_without_tls_unless_the_url_says_otherwise() {
        for (url, expected) in [
            ("postgres://postgres@127.0.0.1:5432/mahsoul", "postgres://postgres@127.0.0.1:5432/mahsoul?sslmode=disable"),
            ("postgresql://shop:secret@localhost/mahsoul", "postgresql://shop:secret@localhost/mahsoul?sslmode=disable"),
            ("postgres://postgres@[::1]:5432/mahsoul?application_name=shop", "postgres://postgres@[::1]:5432/mahsoul?application_name=shop&sslmode=disable"),
            ("postgres://postgres@127.0.0.1:5432/mahsoul?sslmode=require", "postgres://postgres@127.0.0.1:5432/mahsoul?sslmode=require"),
            ("postgres://shop@db.example.com/mahsoul", "postgres://shop@db.example.com/mahsoul"),
            ("postgres://shop@10.0.0.5/mahsoul", "postgres://shop@10.0.0.5/mahsoul"),
            ("postgres://postgres@%2Fvar%2Frun%2Fpostgresql/mahsoul", "postgres://postgres@%2Fvar%2Frun%2Fpostgresql/mahsoul"),
        ] {
            assert_eq!(without_tls_on_this_machine(url), expected, "{url}");
        }
    }
}
