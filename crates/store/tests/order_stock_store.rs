#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! An order's stock on a real database (SQLite, or PostgreSQL on the Makefile's second leg):
//! one statement takes the units of all its products, or none of them, and learns under their
//! rows' locks which of them are kept in lots.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use catalog::ports::{CatalogueEditor, CatalogueStore, LotWrite, Shelf};
use catalog::{LotDraft, ProductDraft, WeightUnit};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use kernel::{Localized, Money, Percent, ProductId, Weight};
use ordering::{NewOrder, OrderBook, OrderLine, Placement};
use store::Database;
use store::catalogue::DieselCatalogueStore;
use store::database::DbConn;
use store::orders::DieselOrderBook;

#[path = "support/guest_order.rs"]
mod support;

fn product(name_en: &str, quantity: i64) -> ProductDraft {
    ProductDraft {
        name: Localized::new(format!("{name_en} بالعربية"), name_en.to_string()),
        description: Localized::new("وصف".into(), "A description".into()),
        price: Money::from_pounds(40),
        discount: Percent::ZERO,
        expires_at: None,
        weight: Weight::from_grams(250),
        weight_unit: WeightUnit::G,
        quantity,
        featured: false,
        is_package: false,
        pieces_per_package: None,
        category_id: None,
    }
}

/// A guest's order of `units` of each product, from a phone of its own.
fn order_of(number: u32, lines: &[(ProductId, u32)]) -> NewOrder {
    let price = Money::from_pounds(40);
    let lines = lines
        .iter()
        .map(|&(product, quantity)| OrderLine {
            product: Some(product),
            slug: format!("product-{}", product.0),
            name: Localized::new("بذور".into(), "Seeds".into()),
            image: None,
            quantity,
            unit_price: price,
            weight: Weight::from_grams(250),
            line_total: price,
        })
        .collect();
    support::guest_order(&format!("0111{number:07}"), lines)
}

fn taken(_: &ordering::BuyerHistory) -> Result<ordering::Admission, ordering::PhoneRefusal> {
    Ok(ordering::Admission { awaits_call: false, confirmed: None })
}

/// A new shop's database (kept while its first part lives) with its cities, over a pool of
/// `connections`.
fn shop(connections: u32) -> (test_support::FreshDatabase, Database) {
    let fresh = test_support::fresh_database();
    let db = Database::connect(&fresh.url, connections).unwrap();
    db.migrate().unwrap();
    store::seed::shipping_cities(&db).unwrap();
    (fresh, db)
}

fn at() -> DateTime<Utc> {
    DateTime::from_timestamp(1_790_000_000, 0).unwrap()
}

#[derive(diesel::QueryableByName)]
struct Plans {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    generic_plans: i64,
}

#[test]
fn orders_of_one_two_and_three_products_take_their_units_and_a_short_one_takes_none() {
    // One connection, so that every order runs on the same prepared statements.
    let (_fresh, db) = shop(1);
    // A shelf of a thousand other products, as in a shop: on three rows every plan costs the same.
    diesel::sql_query(
        "WITH RECURSIVE shelf (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM shelf WHERE n < 1000) \
         INSERT INTO products (slug, name_ar, name_en, description_ar, description_en, price, discount, weight_grams, weight_unit, quantity, featured, is_package, created_at, updated_at) \
         SELECT 'shelf-' || n, 'رف', 'Shelf', 'وصف', 'About', 100, 0, 250, 'g', 5, FALSE, FALSE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM shelf",
    )
    .execute(&mut *db.conn().unwrap())
    .unwrap();
    let catalogue = DieselCatalogueStore::new(db.clone());
    let [okra, mint, neem] = [("okra", "Okra seeds"), ("mint", "Mint seeds"), ("neem", "Neem oil")]
        .map(|(slug, name)| catalogue.create_product(slug, &product(name, 20), &[]).unwrap().unwrap());
    let book = DieselOrderBook::new(db.clone());
    let orders: [&[(ProductId, u32)]; 8] = [
        &[(okra, 1)],
        &[(okra, 1), (mint, 2)],
        &[(neem, 1), (mint, 1), (okra, 3)],
        &[(mint, 1)],
        &[(okra, 1), (neem, 2)],
        &[(neem, 1)],
        &[(mint, 1), (okra, 1)],
        &[(okra, 2), (mint, 1), (neem, 1)],
    ];
    let moves_before = catalogue.versions().unwrap().stock;
    for (number, lines) in (1..).zip(orders) {
        assert!(matches!(book.place(&order_of(number, lines), &taken, None, at()).unwrap(), Placement::Placed(_)), "order {number}");
    }
    // Every order marked its stock moved (on PostgreSQL in its commit's round trip, after which
    // the one connection took the next order's transaction).
    assert_eq!(catalogue.versions().unwrap().stock, moves_before + 8);
    let stock = || {
        let all = catalogue.stock().unwrap();
        [okra, mint, neem].map(|id| all.iter().find(|(product, _)| *product == id).map(|(_, units)| *units).unwrap())
    };
    assert_eq!(stock(), [20 - 9, 20 - 6, 20 - 5]);

    let short = book.place(&order_of(9, &[(okra, 1), (neem, 16)]), &taken, None, at()).unwrap();
    assert!(matches!(short, Placement::ShortOfStock { product, left: 15 } if product == neem), "{short:?}");
    assert_eq!(stock(), [11, 14, 15], "nothing taken of either");
    assert_eq!(catalogue.versions().unwrap().stock, moves_before + 8, "a refused order marks nothing");

    if let DbConn::Postgres(pg) = &mut *db.conn().unwrap() {
        // The arrays' lengths are hidden from the planner, so PostgreSQL keeps one plan for the
        // statement whatever the order's size instead of planning it for every order.
        let plans: Vec<Plans> =
            diesel::sql_query("SELECT generic_plans FROM pg_prepared_statements WHERE statement LIKE 'WITH held AS MATERIALIZED%'").load(pg).unwrap();
        assert_eq!(plans.len(), 1, "the stock statement is kept prepared");
        assert!(plans[0].generic_plans > 0, "after five orders planned on their own, one plan serves the rest");
    }
}

#[derive(diesel::QueryableByName)]
struct Waiting {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    waiting: i64,
}

/// Returns once `count` other connections wait for a lock on PostgreSQL (within ten seconds);
/// on SQLite, whose busy writers show nowhere, after a pause.
fn waiting_for_locks(db: &Database, count: i64) {
    let conn = &mut *db.conn().unwrap();
    let DbConn::Postgres(pg) = conn else { return thread::sleep(Duration::from_millis(300)) };
    for _ in 0..1000 {
        let waiting: Waiting =
            diesel::sql_query("SELECT COUNT(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
                .get_result(pg)
                .unwrap();
        if waiting.waiting >= count {
            return;
        }
        thread::sleep(Duration::from_millis(10));
    }
    panic!("{count} connections never came to wait for the product's row");
}

#[test]
fn a_lot_received_while_an_order_waits_for_its_product_is_the_lot_the_order_takes() {
    // The row's holder, the lot's receipt, the order, and a look at who waits.
    let (_fresh, db) = shop(4);
    let catalogue = DieselCatalogueStore::new(db.clone());
    let okra = catalogue.create_product("okra", &product("Okra seeds", 20), &[]).unwrap().unwrap();

    // Another writer's lot of the same batch, never committed, stops the receipt at the batch's
    // unique index on PostgreSQL once it holds the product's row: the order, started next,
    // waits for the receipt itself. (SQLite's one lock is held by that writer instead, and the
    // receipt and the order wait for it in no set order.)
    let expires_on = NaiveDate::from_ymd_opt(2099, 1, 1).unwrap();
    let (held, holding) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    let holder = thread::spawn({
        let db = db.clone();
        move || {
            use store::schema::product_lots;
            let rolled_back = db.conn().unwrap().transaction(|conn| {
                diesel::insert_into(product_lots::table)
                    .values((
                        product_lots::product_id.eq(okra.0),
                        product_lots::batch.eq("L-1"),
                        product_lots::expires_on.eq(expires_on),
                        product_lots::quantity.eq(3_i64),
                        product_lots::received_at.eq(at().naive_utc()),
                    ))
                    .execute(conn)?;
                held.send(()).unwrap();
                released.recv().unwrap();
                QueryResult::<()>::Err(diesel::result::Error::RollbackTransaction)
            });
            assert!(matches!(rolled_back, Err(diesel::result::Error::RollbackTransaction)));
        }
    });
    holding.recv().unwrap();
    let receipt = thread::spawn({
        let shelf = DieselCatalogueStore::new(db.clone());
        let today = at().date_naive();
        // The units typed before lots are written off: the lots alone count from here.
        let typed = catalog::UnlottedUnits::WriteOff { reason: "counted again".into() };
        move || shelf.add_lot(okra, &LotDraft { batch: "L-1".into(), expires_on, quantity: 3 }, Some(typed), today).unwrap()
    });
    waiting_for_locks(&db, 1);
    let order = thread::spawn({
        let book = DieselOrderBook::new(db.clone());
        move || book.place(&order_of(1, &[(okra, 1)]), &taken, None, at()).unwrap()
    });
    waiting_for_locks(&db, 2);
    release.send(()).unwrap();
    holder.join().unwrap();
    assert!(matches!(receipt.join().unwrap(), LotWrite::Done(_)));
    let Placement::Placed(order) = order.join().unwrap() else { panic!("the order is placed") };

    let lot = catalogue.lots(okra).unwrap().unwrap();
    let stock = catalogue.stock().unwrap().into_iter().find(|(product, _)| *product == okra).unwrap().1;
    assert_eq!(stock, lot.iter().map(|lot| lot.draft.quantity).sum::<i64>(), "the shelf counts what its lots hold");
    let took: Vec<(&str, u32)> = order.lots.iter().map(|taken| (taken.batch.as_str(), taken.quantity)).collect();
    match (&*db.conn().unwrap(), took.as_slice()) {
        // The order waited for the receipt's commit, and learnt from the row it then held that
        // the product is kept in lots now (its statement's snapshot, taken before the wait,
        // has no such lot).
        (DbConn::Postgres(_), took) => assert_eq!((took, lot[0].draft.quantity), (&[("L-1", 1)][..], 2)),
        // SQLite's busy writers retry in no set order: either the order came after the lot and
        // took from it, or it came first and the receipt counted the shelf anew.
        (DbConn::Sqlite(_), []) => assert_eq!(lot[0].draft.quantity, 3),
        (DbConn::Sqlite(_), took) => assert_eq!((took, lot[0].draft.quantity), (&[("L-1", 1)][..], 2)),
    }
}
