//! A fresh, migrated database for each store test: SQLite in a temporary folder, or a new
//! PostgreSQL database when `MAHSOUL_TEST_DATABASE=postgres` (the Makefile runs both legs).

use diesel::{Connection, PgConnection, RunQueryDsl};
use store::Database;

/// A migrated database that lives as long as this value.
pub struct TestDb {
    pub db: Database,
    _dir: tempfile::TempDir,
}

/// Whether this run is the PostgreSQL leg.
pub fn postgres_leg() -> bool {
    std::env::var("MAHSOUL_TEST_DATABASE").is_ok_and(|v| v == "postgres")
}

/// A new, migrated database of the leg's backend.
pub fn fresh_database() -> TestDb {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = if postgres_leg() {
        let base = std::env::var("MAHSOUL_TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
        let name = format!("mahsoul_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(&format!("{base}/postgres")).expect("PostgreSQL reachable");
        diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut admin).expect("create database");
        format!("{base}/{name}")
    } else {
        dir.path().join("test.db").to_string_lossy().into_owned()
    };
    let db = Database::connect(&url, 4).expect("connect");
    db.migrate().expect("migrate");
    TestDb { db, _dir: dir }
}
