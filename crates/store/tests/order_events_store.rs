#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! The spine of order changes on a real database (SQLite, or PostgreSQL on the Makefile's
//! second leg): each change writes its `order_events` row in its own transaction, so the
//! change and its event are kept or lost together.

use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
use kernel::{Localized, Money, OrderId, Weight};
use std::sync::Arc;

use ordering::{NewOrder, Newsroom, OrderBook, OrderEvent, OrderHeadline, OrderHerald, OrderLine, OrderNews, OrderStatus, Placement, StatusMove, TextMessage};
use store::Backend;
use store::database::DbConn;
use store::order_events::{DieselOrderSpine, GAP_WAIT};
use store::orders::DieselOrderBook;
use store::schema::{message_queue, order_events, orders};

mod common;
#[path = "support/guest_order.rs"]
mod support;

/// A herald texting the order's number to its phone for each piece of news.
struct Texting;

impl OrderHerald for Texting {
    fn news(&self, order: &OrderHeadline, event: OrderEvent) -> OrderNews {
        OrderNews { texts: vec![TextMessage { to: order.phone.clone(), body: format!("{} {event:?}", order.number) }], ..OrderNews::default() }
    }

    fn points_earned(&self, _: &OrderHeadline, _: i64) -> ordering::Notice {
        unreachable!("no points in this test")
    }
}

struct Clock(DateTime<Utc>);

impl kernel::Clock for Clock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

/// Takes every order as a new buyer's: awaiting its confirmation.
fn taken(_: &ordering::BuyerHistory) -> Result<ordering::Admission, ordering::PhoneRefusal> {
    Ok(ordering::Admission { awaits_call: false, confirmed: None })
}

fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_790_000_000 + seconds, 0).unwrap()
}

/// A guest's order of one line no longer in the catalogue (no stock to take).
fn guest_order() -> NewOrder {
    let price = Money::from_pounds(40);
    support::guest_order(
        "01112345678",
        vec![OrderLine {
            product: None,
            slug: "mint-seeds".into(),
            name: Localized::new("بذور نعناع".into(), "Mint seeds".into()),
            image: None,
            quantity: 1,
            unit_price: price,
            weight: Weight::from_grams(250),
            line_total: price,
        }],
    )
}

/// The events of an order as (version, kind, payload), oldest first.
fn events(conn: &mut DbConn, order: OrderId) -> Vec<(i32, String, serde_json::Value)> {
    order_events::table
        .filter(order_events::order_id.eq(order.0))
        .order(order_events::seq)
        .select((order_events::order_version, order_events::kind, order_events::payload))
        .load::<(i32, String, String)>(conn)
        .unwrap()
        .into_iter()
        .map(|(version, kind, payload)| (version, kind, serde_json::from_str(&payload).unwrap()))
        .collect()
}

/// Makes every write of an event fail, as a crash between the change and its event would.
fn break_the_spine(conn: &mut DbConn, backend: Backend) {
    let statements: &[&str] = match backend {
        Backend::Sqlite => &["CREATE TRIGGER spine_broken BEFORE INSERT ON order_events BEGIN SELECT RAISE(ABORT, 'the spine is broken'); END"],
        Backend::Postgres => &[
            "CREATE FUNCTION spine_broken() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the spine is broken'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER spine_broken BEFORE INSERT ON order_events FOR EACH ROW EXECUTE FUNCTION spine_broken()",
        ],
    };
    for statement in statements {
        diesel::sql_query(*statement).execute(conn).unwrap();
    }
}

fn mend_the_spine(conn: &mut DbConn, backend: Backend) {
    let statement = match backend {
        Backend::Sqlite => "DROP TRIGGER spine_broken",
        Backend::Postgres => "DROP TRIGGER spine_broken ON order_events",
    };
    diesel::sql_query(statement).execute(conn).unwrap();
}

#[test]
fn a_status_change_and_its_event_are_kept_or_lost_together() {
    let test = common::fresh_database();
    store::seed::shipping_cities(&test.db).unwrap();
    let book = DieselOrderBook::new(test.db.clone());
    let Placement::Placed(placed) = book.place(&guest_order(), &taken, None, at(0)).unwrap() else { panic!("not placed") };
    let id = placed.id;
    let conn = &mut *test.db.conn().unwrap();
    assert_eq!(
        events(conn, id),
        [(1, "order.created".to_string(), serde_json::json!({"number": placed.number, "status": "new", "source": "guest", "total_piastres": 9_000}))]
    );

    // Nobody signed in: the history's author would have to be a stored account.
    let staff = None;
    let to_the_courier = StatusMove::decide(OrderStatus::New, OrderStatus::OnDelivery, staff, None, at(60)).unwrap();
    break_the_spine(conn, test.db.backend());
    assert!(book.change_status(id, &to_the_courier).is_err(), "the event could not be written");
    let (status, version): (String, i32) = orders::table.find(id.0).select((orders::status, orders::version)).first(conn).unwrap();
    assert_eq!((status.as_str(), version), ("new", 1), "so the change was not kept either");
    assert_eq!(book.order(id).unwrap().unwrap().history.len(), 1, "nor its history row");

    mend_the_spine(conn, test.db.backend());
    assert!(book.change_status(id, &to_the_courier).unwrap());
    let cancel = StatusMove::decide(OrderStatus::OnDelivery, OrderStatus::Cancelled, staff, Some("refused at the door".into()), at(120)).unwrap();
    assert!(book.change_status(id, &cancel).unwrap());
    assert!(!book.change_status(id, &cancel).unwrap(), "a repeat finds it moved and writes nothing");
    let written = events(conn, id);
    assert_eq!(
        written[1..],
        [
            (2, "order.status_changed".to_string(), serde_json::json!({"from": "new", "to": "on_delivery", "by": null, "points_earned": null})),
            (3, "order.cancelled".to_string(), serde_json::json!({"from": "on_delivery", "by": null})),
        ]
    );
    let version: i32 = orders::table.find(id.0).select(orders::version).first(conn).unwrap();
    assert_eq!(version, 3, "the order's version is its last event's");
}

#[test]
fn the_news_of_each_change_is_written_once_however_many_readers_tell_it() {
    let test = common::fresh_database();
    store::seed::shipping_cities(&test.db).unwrap();
    let book = DieselOrderBook::new(test.db.clone());
    for n in 0..3 {
        assert!(matches!(book.place(&guest_order(), &taken, None, at(n)).unwrap(), Placement::Placed(_)));
    }
    let now = at(60);
    std::thread::scope(|scope| {
        for _ in 0..3 {
            let newsroom = Newsroom::new(Arc::new(DieselOrderSpine::new(test.db.clone())), Arc::new(Texting), Arc::new(Clock(now)));
            scope.spawn(move || newsroom.tell_untold().unwrap());
        }
    });
    let conn = &mut *test.db.conn().unwrap();
    let texts: Vec<String> = message_queue::table.order(message_queue::id).select(message_queue::body).load(conn).unwrap();
    assert_eq!(texts.len(), 3, "one text per placed order: {texts:?}");
    let again = Newsroom::new(Arc::new(DieselOrderSpine::new(test.db.clone())), Arc::new(Texting), Arc::new(Clock(now)));
    assert_eq!(again.tell_untold().unwrap(), 0, "nothing is told twice");
}

#[test]
fn the_news_waits_for_a_young_gap_in_the_spine_and_passes_an_old_one() {
    let test = common::fresh_database();
    store::seed::shipping_cities(&test.db).unwrap();
    let book = DieselOrderBook::new(test.db.clone());
    let Placement::Placed(placed) = book.place(&guest_order(), &taken, None, at(0)).unwrap() else { panic!("not placed") };
    let conn = &mut *test.db.conn().unwrap();
    // The number after the first event is taken by a transaction that has not committed; the
    // event after it is already there.
    diesel::insert_into(order_events::table)
        .values((
            order_events::seq.eq(3_i64),
            order_events::id.eq("after-the-gap"),
            order_events::order_id.eq(placed.id.0),
            order_events::order_version.eq(2),
            order_events::kind.eq("order.status_changed"),
            order_events::payload.eq(r#"{"from":"new","to":"on_delivery","by":null}"#),
            order_events::occurred_at.eq(at(1).naive_utc()),
        ))
        .execute(conn)
        .unwrap();
    let spine = DieselOrderSpine::new(test.db.clone());
    let seqs = |now: DateTime<Utc>| -> Vec<i64> { ordering::OrderSpine::untold(&spine, 10, now).unwrap().into_iter().map(|change| change.seq).collect() };
    assert_eq!(seqs(at(1) + GAP_WAIT - chrono::TimeDelta::seconds(1)), [1], "the gap may still fill: what comes after it waits");
    assert_eq!(seqs(at(1) + GAP_WAIT + chrono::TimeDelta::seconds(1)), [1, 3], "a gap older than the wait is a transaction that rolled back");
}
