#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! The pool of connections on a real database: it asks a connection whether it is alive at
//! most every [`CHECKED_FOR`], and a connection the server dropped is replaced once that time
//! has passed, so a restarted server costs at most that long of failed requests.

use std::time::Duration;

use diesel::RunQueryDsl;
use diesel::connection::SimpleConnection;
use store::database::CHECKED_FOR;

mod common;

/// The size of the tests' pools (`common::fresh_database`).
const POOL_SIZE: usize = 4;

#[test]
fn connections_the_server_dropped_are_replaced_once_the_check_is_due() {
    let test = common::fresh_database();
    for _ in 0..8 {
        test.db.ping().unwrap();
    }
    if !test_support::postgres_leg() {
        // A SQLite connection is a file handle in this process: nothing can drop it.
        return;
    }
    // Every other connection of the pool is ended by the server, as a restart would.
    let ended: Vec<bool> =
        diesel::sql_query("SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            .load::<Ended>(&mut *test.db.conn().unwrap())
            .unwrap()
            .into_iter()
            .map(|row| row.ended)
            .collect();
    assert!(!ended.is_empty() && ended.iter().all(|ended| *ended), "the pool held other connections: {ended:?}");

    std::thread::sleep(CHECKED_FOR + Duration::from_millis(100));
    // All of the pool's connections at once, so the dropped ones are among them.
    let held: Vec<_> = (0..POOL_SIZE).map(|_| test.db.conn().unwrap()).collect();
    for mut conn in held {
        conn.batch_execute("SELECT 1").expect("a dropped connection is checked and replaced, never handed out");
    }
}

#[derive(diesel::QueryableByName)]
struct Ended {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    ended: bool,
}

#[test]
fn a_checkpoint_when_idle_empties_sqlites_write_ahead_log() {
    let fresh = test_support::fresh_database();
    let db = store::Database::connect(&fresh.url, 4).unwrap();
    db.migrate().unwrap();
    if test_support::postgres_leg() {
        db.checkpoint().unwrap();
        return; // PostgreSQL keeps its own log: nothing to do, and nothing fails.
    }
    let wal = std::path::PathBuf::from(format!("{}-wal", fresh.url));
    let mut conn = db.conn().unwrap();
    conn.batch_execute("CREATE TABLE filler (text TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) INSERT INTO filler SELECT hex(randomblob(100)) FROM n;")
        .unwrap();
    drop(conn);
    let before = std::fs::metadata(&wal).unwrap().len();
    assert!(before > 1_000_000, "the writes went to the log first: {before} bytes");
    db.checkpoint().unwrap();
    assert_eq!(std::fs::metadata(&wal).unwrap().len(), 0, "the log is emptied");
    assert_eq!(diesel::sql_query("SELECT count(*) AS n FROM filler").load::<Count>(&mut *db.conn().unwrap()).unwrap()[0].n, 20000, "and nothing lost");
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}
