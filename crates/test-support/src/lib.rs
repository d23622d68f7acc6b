//! What the store and API tests share: a database of the run's backend that no other test
//! uses. `MAHSOUL_TEST_DATABASE=postgres` picks PostgreSQL (at `MAHSOUL_TEST_POSTGRES_URL`,
//! by default the local server); otherwise SQLite in a temporary folder. The Makefile runs
//! both legs.
#![allow(clippy::expect_used)] // a test that cannot get its database has nothing to test

use diesel::{Connection, PgConnection, RunQueryDsl};
use tempfile::TempDir;

/// Whether this run is the PostgreSQL leg.
pub fn postgres_leg() -> bool {
    std::env::var("MAHSOUL_TEST_DATABASE").is_ok_and(|v| v == "postgres")
}

/// A new, empty database: its URL (a `postgres://` URL or a SQLite path) and a folder that
/// lives as long as this value (the SQLite file is in it).
pub struct FreshDatabase {
    /// What `store::Database::connect` takes.
    pub url: String,
    /// A temporary folder removed when the value is dropped.
    pub dir: TempDir,
}

/// The role restores sign in as on the PostgreSQL leg: it owns its database and is no
/// superuser, as `docs/operations.md` tells an owner to make one.
pub const RESTORE_ROLE: &str = "mahsoul_restore";

/// A new, empty database of the leg's backend. On PostgreSQL it is named `mahsoul_test_*`;
/// `scripts/drop-test-databases` removes those before a run.
pub fn fresh_database() -> FreshDatabase {
    fresh(None)
}

/// A new, empty database to restore into: on PostgreSQL owned by [`RESTORE_ROLE`] (made here
/// when missing), and its URL signs in as that role.
pub fn fresh_database_for_restore() -> FreshDatabase {
    fresh(Some(RESTORE_ROLE))
}

fn fresh(owner: Option<&str>) -> FreshDatabase {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = if postgres_leg() {
        let base = std::env::var("MAHSOUL_TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
        let name = format!("mahsoul_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(&format!("{base}/postgres?sslmode=disable")).expect("PostgreSQL must be reachable for the postgres leg");
        match owner {
            Some(role) => {
                // Tests running at once may both find the role missing: the loser's error is harmless.
                let made = format!(
                    "DO $$ BEGIN CREATE ROLE {role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"
                );
                diesel::sql_query(made).execute(&mut admin).expect("create the restore role");
                diesel::sql_query(format!("CREATE DATABASE {name} OWNER {role}")).execute(&mut admin).expect("create the test database");
            }
            None => {
                diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut admin).expect("create the test database");
            }
        }
        let base = match owner {
            Some(role) => {
                let host = base.trim_start_matches("postgres://").trim_start_matches("postgresql://");
                format!("postgres://{role}@{}", host.rsplit_once('@').map_or(host, |(_, host)| host))
            }
            None => base,
        };
        // Without TLS: libpq's OpenSSL clean-up at exit can race the pool's threads and crash
        // a passing test binary (diesel-rs/diesel#3441); nothing here leaves the machine.
        format!("{base}/{name}?sslmode=disable")
    } else {
        dir.path().join("test.db").to_string_lossy().into_owned()
    };
    FreshDatabase { url, dir }
}
