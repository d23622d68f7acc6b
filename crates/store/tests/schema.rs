#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! `src/schema.rs` is written by hand for both databases; this checks it against what the
//! migrations really build, on SQLite and on PostgreSQL: the same tables, the same columns,
//! the same types and the same nullability.

use std::collections::BTreeMap;

use diesel::sql_types::{BigInt, Text};
use diesel::{QueryableByName, RunQueryDsl};
use store::database::DbConn;

mod common;

/// What SQLite's `INTEGER PRIMARY KEY` is reported as.
const ROW_ID: &str = "RowId";

/// Table → column → Diesel type, as `schema.rs` declares them.
type Declared = BTreeMap<String, BTreeMap<String, String>>;

fn declared() -> Declared {
    let source = include_str!("../src/schema.rs");
    let mut tables = Declared::new();
    for block in source.split("diesel::table! {").skip(1) {
        let header = block.trim_start();
        let name = header.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap().to_string();
        let body = &header[header.find('{').unwrap() + 1..header.find('}').unwrap()];
        let columns = body
            .lines()
            .filter_map(|line| line.trim().trim_end_matches(',').split_once(" -> "))
            .map(|(column, ty)| (column.trim().to_string(), ty.trim().to_string()))
            .collect();
        tables.insert(name, columns);
    }
    tables
}

#[derive(QueryableByName)]
struct SqliteColumn {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    #[diesel(column_name = "type")]
    ty: String,
    #[diesel(sql_type = BigInt)]
    notnull: i64,
    #[diesel(sql_type = BigInt)]
    pk: i64,
}

#[derive(QueryableByName)]
struct NamedTable {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct PostgresColumn {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
    #[diesel(sql_type = Text)]
    data_type: String,
    #[diesel(sql_type = Text)]
    is_nullable: String,
}

/// Table → column → (the Diesel type the column needs, whether it may be null).
fn built() -> BTreeMap<String, BTreeMap<String, String>> {
    let test = common::fresh_database();
    let mut conn = test.db.conn().unwrap();
    let mut tables: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let diesel_type = |base: &str, nullable: bool| if nullable { format!("Nullable<{base}>") } else { base.to_string() };
    match &mut *conn {
        DbConn::Sqlite(sqlite) => {
            let names: Vec<NamedTable> =
                // `order_words*` is SQLite's word index of orders (FTS5 and its shadow tables),
                // which no query names through schema.rs.
                diesel::sql_query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'order_words%' AND name <> '__diesel_schema_migrations'")
                    .load(sqlite)
                    .unwrap();
            for NamedTable { name } in names {
                let columns: Vec<SqliteColumn> = diesel::sql_query(format!("PRAGMA table_info({name})")).load(sqlite).unwrap();
                let columns: BTreeMap<String, String> = columns
                    .into_iter()
                    .map(|column| {
                        // `INTEGER PRIMARY KEY` is the row id, never null: `Integer` and `BigInt` both read it.
                        let base = match (column.ty.to_uppercase().as_str(), column.pk > 0) {
                            ("INTEGER", true) => ROW_ID,
                            ("BIGINT", _) => "BigInt",
                            ("INTEGER", false) => "Integer",
                            ("TEXT", _) => "Text",
                            ("BOOLEAN", _) => "Bool",
                            ("TIMESTAMP", _) => "Timestamp",
                            ("DATE", _) => "Date",
                            (other, _) => panic!("{name}.{}: SQLite type {other} has no mapping in this test", column.name),
                        };
                        (column.name, diesel_type(base, column.notnull == 0 && column.pk == 0))
                    })
                    .collect();
                tables.insert(name, columns);
            }
        }
        DbConn::Postgres(postgres) => {
            let columns: Vec<PostgresColumn> = diesel::sql_query(
                // A generated column (`orders.search_words`, PostgreSQL's word index of orders) is
                // read only by the search's SQL, never through schema.rs.
                "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text FROM information_schema.columns \
                 WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations' AND is_generated = 'NEVER'",
            )
            .load(postgres)
            .unwrap();
            for column in columns {
                let base = match column.data_type.as_str() {
                    "bigint" => "BigInt",
                    "integer" => "Integer",
                    "text" | "character varying" => "Text",
                    "boolean" => "Bool",
                    "timestamp without time zone" => "Timestamp",
                    "date" => "Date",
                    other => panic!("{}.{}: PostgreSQL type {other} has no mapping in this test", column.table_name, column.column_name),
                };
                tables.entry(column.table_name).or_default().insert(column.column_name, diesel_type(base, column.is_nullable == "YES"));
            }
        }
    }
    tables
}

#[test]
fn the_hand_written_schema_matches_what_the_migrations_build() {
    let declared = declared();
    let built = built();
    assert!(declared.len() > 10, "schema.rs was read: {} tables", declared.len());
    assert_eq!(declared.keys().collect::<Vec<_>>(), built.keys().collect::<Vec<_>>(), "the same tables");
    for (table, columns) in &declared {
        let built = &built[table];
        let declared: BTreeMap<String, String> = columns
            .iter()
            .map(|(column, ty)| {
                let row_id = built.get(column).is_some_and(|built| built == ROW_ID) && (ty == "BigInt" || ty == "Integer");
                (column.clone(), if row_id { ROW_ID.to_string() } else { ty.clone() })
            })
            .collect();
        assert_eq!(&declared, built, "the columns of {table}: schema.rs (left) against the migrations (right)");
    }
}
