//! A fresh, migrated database for each store test, of the run's backend (test-support).

use store::Database;

/// A migrated database that lives as long as this value.
pub struct TestDb {
    pub db: Database,
    _fresh: test_support::FreshDatabase,
}

/// A new, migrated database of the leg's backend.
pub fn fresh_database() -> TestDb {
    let fresh = test_support::fresh_database();
    let db = Database::connect(&fresh.url, 4).expect("connect");
    db.migrate().expect("migrate");
    TestDb { db, _fresh: fresh }
}
