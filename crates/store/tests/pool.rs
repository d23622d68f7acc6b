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
