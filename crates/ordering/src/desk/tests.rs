#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CityId, Clock, Locale, Localized, Money, OrderId, PageRequest, Phone, UserId, Weight};

use super::{Audience, DeskPorts, MAX_SEARCH_WORDS, OrderDesk, OrderListing, OrderSearch, Repricing, StaffOrder, StaffOrderQuery, Viewer};
use crate::error::OrderingError;
use crate::news::{MockOrderHerald, MockOrderSpine, Newsroom};
use crate::order::{CancelCause, ConfirmedVia, Destination, NewOrder, Order, OrderSource, OrderStatus, Receiver, Totals};
use crate::ports::{
    Assignment, EarnedPoints, LinesChange, LinesOutcome, MockCityStore, MockOrderBook, MockPricing, MockPromoCodes, MockRewards, PointsGrant, QuotedProduct,
    StatusMove,
};
use crate::shipment::{Booking, CourierError, CourierKind, CourierReport, HandOver, MockCourier, MockShipmentBook, ReportKept, Shipment, ShipmentState};

const ADMIN: Viewer = Viewer { id: UserId(1), sales_engineer: false };
const SALES: Viewer = Viewer { id: UserId(2), sales_engineer: true };
const CLIENT: UserId = UserId(7);

struct FixedClock;
impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }
}

/// Order `id` in `status`: a client's (looked after by `engineer`) or a guest's.
fn order(id: i64, status: OrderStatus, client: Option<UserId>, engineer: Option<UserId>) -> StaffOrder {
    let zero = Money::ZERO;
    StaffOrder {
        order: Order {
            id: OrderId(id),
            number: format!("MS-2026-{id:06}"),
            status,
            created_at: FixedClock.now(),
            history: vec![],
            sales_engineer: engineer,
            lots: Vec::new(),
            confirmation: None,
            cancelled_as: None,
            failed_attempts: Vec::new(),
            shipment: None,
            returns: Vec::new(),
            placed: NewOrder {
                user: client,
                source: if client.is_some() { OrderSource::Web } else { OrderSource::Guest },
                customer_name: "Samir".into(),
                customer_phone: Phone::parse("01012345678").unwrap(),
                receiver: Receiver::Buyer,
                destination: Destination { address: "12 Nile St".into(), city: CityId(1), city_name: Localized::default() },
                notes: None,
                copoun: None,
                promo: None,
                lines: vec![],
                totals: Totals {
                    subtotal: zero,
                    discount: zero,
                    shipping_base: zero,
                    shipping_extra: zero,
                    cod_fee: zero,
                    total: zero,
                    total_weight: Weight::from_grams(0),
                },
                payment_method: crate::PaymentMethod::CashOnDelivery,
                locale: Locale::Ar,
                safety_acknowledged: false,
                confirmed: None,
                awaits_call: false,
            },
        },
        sales_engineer_name: None,
        notes: vec![],
        phone: None,
        undo_until: None,
        story: vec![],
    }
}

/// A newsroom over an empty spine, counting how often it was asked to tell the news.
fn newsroom(runs: Arc<AtomicUsize>) -> Arc<Newsroom> {
    let mut spine = MockOrderSpine::new();
    spine.expect_untold().returning(move |_, _| {
        runs.fetch_add(1, Ordering::SeqCst);
        Ok(vec![])
    });
    Arc::new(Newsroom::new(Arc::new(spine), Arc::new(MockOrderHerald::new()), Arc::new(FixedClock)))
}

/// A desk over these ports, phones without a record, and three attempts to a parcel.
fn desk_over(book: MockOrderBook, newsroom: Arc<Newsroom>, rewards: MockRewards) -> OrderDesk {
    OrderDesk::new(DeskPorts {
        book: Arc::new(book),
        newsroom,
        rewards: Arc::new(rewards),
        standings: crate::reputation::standings_of(crate::desk::PhoneRecord::default()),
        clock: Arc::new(FixedClock),
        max_attempts: 3,
        shipments: Arc::new(crate::shipment::MockShipmentBook::new()),
        bosta: None,
        returns: Arc::new(crate::returns::MockReturnBook::new()),
        return_days: 14,
        repricing: repricing(MockPricing::new(), MockPromoCodes::new()),
        undo_within: chrono::TimeDelta::minutes(10),
    })
}

/// A desk whose loyalty programme grants nothing, and how often it had the news told.
fn desk(book: MockOrderBook) -> (OrderDesk, Arc<AtomicUsize>) {
    let mut rewards = MockRewards::new();
    rewards.expect_earned_for().returning(|_, _| Ok(None));
    let runs = Arc::new(AtomicUsize::new(0));
    (desk_over(book, newsroom(runs.clone()), rewards), runs)
}

fn query(audience: Audience) -> StaffOrderQuery {
    StaffOrderQuery {
        audience,
        status: None,
        source: None,
        city: None,
        from: None,
        to: None,
        search: None,
        sales_engineer: None,
        awaiting_confirmation: false,
        page: PageRequest::new(None, None),
    }
}

/// A book holding one order whose status follows `change_status`, counting the changes.
/// The moves a book made: from, to, note.
type Moves = Arc<Mutex<Vec<(OrderStatus, OrderStatus, Option<String>)>>>;

fn book_with(start: StaffOrder) -> (MockOrderBook, Moves) {
    let mut book = MockOrderBook::new();
    let current = Arc::new(Mutex::new(start));
    let changes = Arc::new(Mutex::new(Vec::new()));
    let (reader, order_reader, writer, log) = (current.clone(), current.clone(), current, changes.clone());
    book.expect_staff_order().returning(move |id| Ok(Some(reader.lock().unwrap().clone()).filter(|found| found.order.id == id)));
    book.expect_order().returning(move |id| Ok(Some(order_reader.lock().unwrap().order.clone()).filter(|found| found.id == id)));
    book.expect_change_status().returning(move |_, change| {
        let mut order = writer.lock().unwrap();
        if order.order.status != change.from {
            return Ok(false);
        }
        order.order.status = change.to;
        order.order.cancelled_as = (change.to == OrderStatus::Cancelled).then_some(change.cause);
        log.lock().unwrap().push((change.from, change.to, change.note.clone()));
        Ok(true)
    });
    (book, changes)
}

/// The attempts a book was given: the attempt's number and the refusal made with it.
type Attempts = Arc<Mutex<Vec<(u32, Option<StatusMove>)>>>;

/// A book holding one order on delivery that keeps failed attempts as the store does (once
/// each, only on delivery) and the refusal made with the last; the attempts it was given.
fn book_of_attempts(start: StaffOrder) -> (MockOrderBook, Attempts) {
    let mut book = MockOrderBook::new();
    let current = Arc::new(Mutex::new(start));
    let given = Arc::new(Mutex::new(Vec::new()));
    let (reader, writer, log) = (current.clone(), current, given.clone());
    book.expect_staff_order().returning(move |_| Ok(Some(reader.lock().unwrap().clone())));
    book.expect_fail_delivery().returning(move |_, attempt, refusal| {
        let mut found = writer.lock().unwrap();
        log.lock().unwrap().push((attempt.attempt, refusal.clone()));
        if found.order.status != OrderStatus::OnDelivery || found.order.failed_attempts.len() + 1 != attempt.attempt as usize {
            return Ok(false);
        }
        found.order.failed_attempts.push(attempt.clone());
        if let Some(refusal) = refusal {
            found.order.status = refusal.to;
            found.order.cancelled_as = Some(refusal.cause);
        }
        Ok(true)
    });
    (book, given)
}

#[test]
fn a_sales_engineer_lists_only_the_client_orders_they_look_after() {
    let mut book = MockOrderBook::new();
    book.expect_staff_orders()
        .withf(|query| query.sales_engineer == Some(SALES.id))
        .times(1)
        .returning(|query| Ok(OrderListing { page: kernel::Page::new(vec![], query.page, 0), counts: vec![], awaiting: 0, more_matches: false }));
    book.expect_staff_orders()
        .withf(|query| query.sales_engineer.is_none())
        .times(2)
        .returning(|query| Ok(OrderListing { page: kernel::Page::new(vec![], query.page, 0), counts: vec![], awaiting: 0, more_matches: false }));
    let desk = desk(book).0;
    desk.orders(SALES, query(Audience::Clients)).unwrap();
    desk.orders(ADMIN, query(Audience::Clients)).unwrap();
    desk.orders(SALES, query(Audience::Guests)).unwrap();
}

#[test]
fn an_order_of_another_engineer_or_of_the_other_list_is_not_found() {
    let mut book = MockOrderBook::new();
    book.expect_staff_order().returning(|id| {
        Ok(Some(match id.0 {
            1 => order(1, OrderStatus::New, Some(CLIENT), Some(SALES.id)),
            2 => order(2, OrderStatus::New, Some(CLIENT), Some(UserId(9))),
            _ => order(id.0, OrderStatus::New, None, None),
        }))
    });
    let desk = desk(book).0;
    assert!(desk.order(SALES, Audience::Clients, OrderId(1)).is_ok(), "their client's");
    assert!(matches!(desk.order(SALES, Audience::Clients, OrderId(2)), Err(OrderingError::NotFound)), "another engineer's client");
    assert!(desk.order(ADMIN, Audience::Clients, OrderId(2)).is_ok(), "an admin sees every order");
    assert!(matches!(desk.order(ADMIN, Audience::Clients, OrderId(3)), Err(OrderingError::NotFound)), "a guest order is not a client order");
    assert!(matches!(desk.order(ADMIN, Audience::Guests, OrderId(1)), Err(OrderingError::NotFound)), "a client order is not a guest order");
}

#[test]
fn staff_move_an_order_along_the_state_machine_with_its_news_and_note() {
    let (book, changes) = book_with(order(1, OrderStatus::New, Some(CLIENT), None));
    let (desk, told) = desk(book);
    let moved = desk.change_status(ADMIN, Audience::Clients, OrderId(1), OrderStatus::OnDelivery, Some("  courier Ahmed  ".into())).unwrap();
    assert_eq!(moved.order.status, OrderStatus::OnDelivery);
    desk.change_status(ADMIN, Audience::Clients, OrderId(1), OrderStatus::Delivered, None).unwrap();
    assert_eq!(
        *changes.lock().unwrap(),
        [(OrderStatus::New, OrderStatus::OnDelivery, Some("courier Ahmed".into())), (OrderStatus::OnDelivery, OrderStatus::Delivered, None)]
    );
    assert_eq!(told.load(Ordering::SeqCst), 2, "the news is told after each move");
}

#[test]
fn delivering_a_clients_order_grants_its_points_with_the_move_and_a_guests_earns_nothing() {
    for (client, audience) in [(Some(CLIENT), Audience::Clients), (None, Audience::Guests)] {
        let mut start = order(1, OrderStatus::OnDelivery, client, None);
        start.order.placed.totals.subtotal = Money::from_piastres(25_950);
        let mut book = MockOrderBook::new();
        book.expect_staff_order().returning(move |_| Ok(Some(start.clone())));
        let grants = Arc::new(Mutex::new(Vec::new()));
        let log = grants.clone();
        book.expect_change_status().times(1).returning(move |_, change| {
            log.lock().unwrap().push(change.grant.clone());
            Ok(true)
        });
        let mut rewards = MockRewards::new();
        rewards
            .expect_earned_for()
            .withf(|subtotal, at| (*subtotal, *at) == (Money::from_piastres(25_950), FixedClock.now()))
            .times(usize::from(client.is_some()))
            .returning(|_, _| Ok(Some(EarnedPoints { points: 25, expires_at: None })));
        let desk = desk_over(book, newsroom(Arc::default()), rewards);
        desk.change_status(ADMIN, audience, OrderId(1), OrderStatus::Delivered, None).unwrap();
        let expected = client.map(|user| PointsGrant { user, points: 25, expires_at: None, note: "MS-2026-000001".into() });
        assert_eq!(*grants.lock().unwrap(), [expected]);
    }
}

#[test]
fn every_allowed_move_carries_what_it_does_decided_by_the_domain() {
    // (from, to, restock, release the promo use, grant points)
    for (from, to, restock, release_promo, grants) in [
        (OrderStatus::New, OrderStatus::OnDelivery, false, false, false),
        (OrderStatus::OnDelivery, OrderStatus::Delivered, false, false, true),
        (OrderStatus::New, OrderStatus::Cancelled, true, true, false),
        (OrderStatus::OnDelivery, OrderStatus::Cancelled, true, true, false),
    ] {
        let mut book = MockOrderBook::new();
        book.expect_staff_order().returning(move |_| Ok(Some(order(1, from, Some(CLIENT), None))));
        let moves = Arc::new(Mutex::new(Vec::new()));
        let log = moves.clone();
        book.expect_change_status().times(1).returning(move |_, change| {
            log.lock().unwrap().push(change.clone());
            Ok(true)
        });
        let mut rewards = MockRewards::new();
        rewards.expect_earned_for().returning(|_, _| Ok(Some(EarnedPoints { points: 5, expires_at: None })));
        let desk = desk_over(book, newsroom(Arc::default()), rewards);
        desk.change_status(ADMIN, Audience::Clients, OrderId(1), to, None).unwrap();
        let made = moves.lock().unwrap().pop().unwrap();
        assert_eq!(
            (made.from, made.to, made.restock, made.release_promo, made.grant.map(|grant| grant.points)),
            (from, to, restock, release_promo, grants.then_some(5)),
            "{from} → {to}"
        );
    }
}

#[test]
fn the_state_machine_decides_no_move_it_lacks() {
    use strum::IntoEnumIterator;
    for from in OrderStatus::iter() {
        for to in OrderStatus::iter() {
            let decided = crate::ports::StatusMove::decide(from, to, None, None, FixedClock.now());
            assert_eq!(decided.is_some(), from.can_become(to), "{from} → {to}");
        }
    }
}

#[test]
fn a_move_the_state_machine_lacks_is_refused_and_tells_nobody() {
    for (from, to) in [(OrderStatus::New, OrderStatus::Delivered), (OrderStatus::Delivered, OrderStatus::Cancelled), (OrderStatus::Cancelled, OrderStatus::New)]
    {
        let (book, changes) = book_with(order(1, from, Some(CLIENT), None));
        let (desk, told) = desk(book);
        let refused = desk.change_status(ADMIN, Audience::Clients, OrderId(1), to, None);
        assert!(matches!(refused, Err(OrderingError::NotAllowed { from: f, to: t }) if (f, t) == (from, to)), "{from} → {to}: {refused:?}");
        assert!(changes.lock().unwrap().is_empty());
        assert_eq!(told.load(Ordering::SeqCst), 0, "nothing to tell");
    }
}

#[test]
fn asking_again_for_the_status_an_order_has_changes_nothing_and_tells_nobody_twice() {
    let (book, changes) = book_with(order(1, OrderStatus::New, Some(CLIENT), None));
    let (desk, told) = desk(book);
    for _ in 0..3 {
        assert_eq!(desk.change_status(ADMIN, Audience::Clients, OrderId(1), OrderStatus::OnDelivery, None).unwrap().order.status, OrderStatus::OnDelivery);
    }
    assert_eq!(changes.lock().unwrap().len(), 1);
    assert_eq!(told.load(Ordering::SeqCst), 1, "told once");
}

#[test]
fn a_move_that_lost_to_a_parallel_one_is_done_if_it_was_the_same_and_refused_if_not() {
    for (won_by, asked, ok) in [(OrderStatus::OnDelivery, OrderStatus::OnDelivery, true), (OrderStatus::Cancelled, OrderStatus::OnDelivery, false)] {
        let mut book = MockOrderBook::new();
        let reads = Arc::new(Mutex::new(0));
        book.expect_staff_order().returning(move |id| {
            let mut reads = reads.lock().unwrap();
            *reads += 1;
            Ok(Some(order(id.0, if *reads == 1 { OrderStatus::New } else { won_by }, Some(CLIENT), None)))
        });
        book.expect_change_status().times(1).returning(|_, _| Ok(false));
        let outcome = desk(book).0.change_status(ADMIN, Audience::Clients, OrderId(1), asked, None);
        assert_eq!(outcome.is_ok(), ok, "{won_by} won, {asked} asked: {outcome:?}");
    }
}

#[test]
fn a_note_is_kept_with_its_author_and_a_blank_or_long_one_is_refused() {
    let (mut book, _) = book_with(order(1, OrderStatus::New, None, None));
    book.expect_add_note()
        .withf(|id, author, body, _| (*id, *author, body) == (OrderId(1), ADMIN.id, "called, no answer"))
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    let desk = desk(book).0;
    desk.add_note(ADMIN, Audience::Guests, OrderId(1), " called, no answer ").unwrap();
    assert!(matches!(desk.add_note(ADMIN, Audience::Guests, OrderId(1), "   "), Err(OrderingError::Invalid(_))));
    assert!(matches!(desk.add_note(ADMIN, Audience::Guests, OrderId(1), &"ن".repeat(2001)), Err(OrderingError::Invalid(_))));
}

#[test]
fn a_date_range_that_ends_before_it_starts_is_refused() {
    let desk = desk(MockOrderBook::new()).0;
    let backwards = StaffOrderQuery { from: NaiveDate::from_ymd_opt(2026, 5, 2), to: NaiveDate::from_ymd_opt(2026, 5, 1), ..query(Audience::Clients) };
    assert!(matches!(desk.orders(ADMIN, backwards), Err(OrderingError::Invalid(_))));
}

#[test]
fn an_engineer_who_is_no_sales_account_is_refused() {
    let (mut book, _) = book_with(order(1, OrderStatus::New, Some(CLIENT), None));
    book.expect_assign_sales_engineer().returning(|_, engineer, _| Ok(if engineer == SALES.id { Assignment::Done } else { Assignment::NoSuchEngineer }));
    let desk = desk(book).0;
    assert!(desk.assign_sales_engineer(ADMIN, OrderId(1), SALES.id).is_ok());
    assert!(matches!(desk.assign_sales_engineer(ADMIN, OrderId(1), UserId(5)), Err(OrderingError::Invalid(_))));
}

#[test]
fn a_search_that_reads_as_an_order_number_names_it_in_its_stored_form() {
    let number = |text: &str| OrderSearch::read(text).unwrap();
    let stored = OrderSearch::Number("MS-2026-000123".into());
    assert_eq!(number("MS-2026-000123"), stored);
    assert_eq!(number(" ms 2026 123 "), stored);
    assert_eq!(number("MS-٢٠٢٦-٠٠٠١٢٣"), stored);
    assert!(matches!(number("msamir"), OrderSearch::Words(_)), "a name");
    assert!(matches!(number("MS-2026"), OrderSearch::Words(_)), "a year alone");
}

#[test]
fn a_search_reads_a_phone_in_any_form_and_words_in_their_search_form() {
    let words = |text: &str| match OrderSearch::read(text) {
        Some(OrderSearch::Words(words)) => words,
        other => panic!("{text}: {other:?}"),
    };
    for phone in ["01012345678", "+20 101 234 5678", "٠١٠١٢٣٤٥٦٧٨", "00201012345678"] {
        assert_eq!(words(phone), [["01012345678"]], "{phone}");
    }
    assert_eq!(words("  إبراهيم   الفلاح "), [vec!["ابراهيم", "الابراهيم"], vec!["الفلاح"]], "one alef; the article is added where missing");
    assert_eq!(words("Urea 46%"), [["urea"], ["46"]]);
    assert_eq!(words(&"word ".repeat(50)).len(), MAX_SEARCH_WORDS, "a long text is cut to its first words");
    assert_eq!(OrderSearch::read(" ؟! "), None, "nothing to look for");
}

#[test]
fn staff_confirm_an_awaiting_order_by_call_or_whatsapp_once_and_say_who() {
    let mut book = MockOrderBook::new();
    book.expect_staff_order().returning(|id| Ok(Some(order(id.0, OrderStatus::New, Some(UserId(7)), None))));
    book.expect_confirm()
        .withf(|id, confirmation| *id == OrderId(5) && confirmation.by == Some(ADMIN.id) && confirmation.via == ConfirmedVia::Call)
        .times(1)
        .returning(|_, _| Ok(true));
    book.expect_confirm().returning(|_, _| Ok(false));
    let (desk, _) = desk(book);
    assert!(desk.confirm(ADMIN, Audience::Clients, OrderId(5), ConfirmedVia::Call).is_ok());
    let refused = |result: Result<StaffOrder, OrderingError>| match result {
        Err(OrderingError::Invalid(errors)) => errors.iter().map(|(field, codes)| format!("{field}:{}", codes.join(","))).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(desk.confirm(ADMIN, Audience::Clients, OrderId(5), ConfirmedVia::Call)),
        ["order:not_awaiting_confirmation"],
        "a parallel confirmation came first"
    );
    assert_eq!(refused(desk.confirm(ADMIN, Audience::Clients, OrderId(5), ConfirmedVia::Link)), ["via:choice_invalid"], "staff do not tap the buyer's link");

    let mut sent = MockOrderBook::new();
    sent.expect_staff_order().returning(|id| Ok(Some(order(id.0, OrderStatus::OnDelivery, Some(UserId(7)), None))));
    sent.expect_confirm().never();
    assert_eq!(refused(desk_of(sent).confirm(ADMIN, Audience::Clients, OrderId(6), ConfirmedVia::Whatsapp)), ["order:not_awaiting_confirmation"]);
}

fn desk_of(book: MockOrderBook) -> OrderDesk {
    desk(book).0
}

#[test]
fn a_refusal_is_only_of_a_parcel_on_delivery_and_gives_back_stock_and_promo_without_points() {
    for from in [OrderStatus::New, OrderStatus::Delivered, OrderStatus::Cancelled] {
        let (book, changes) = book_with(order(1, from, Some(CLIENT), None));
        let refused = desk(book).0.refuse(ADMIN, Audience::Clients, OrderId(1), "not home".into());
        assert!(matches!(refused, Err(OrderingError::NotAllowed { to: OrderStatus::Cancelled, .. })), "{from}: {refused:?}");
        assert!(changes.lock().unwrap().is_empty());
    }
    let decided = StatusMove::refusal(OrderStatus::OnDelivery, Some(ADMIN.id), "refused at the door".into(), FixedClock.now()).unwrap();
    assert_eq!(
        (decided.to, decided.cause, decided.restock, decided.release_promo, decided.grant, decided.note.as_deref()),
        (OrderStatus::Cancelled, CancelCause::Refused, true, true, None, Some("refused at the door"))
    );
    let (book, changes) = book_with(order(1, OrderStatus::OnDelivery, Some(CLIENT), None));
    let (desk, told) = desk(book);
    for _ in 0..2 {
        let refused = desk.refuse(ADMIN, Audience::Clients, OrderId(1), "  refused at the door ".into()).unwrap();
        assert_eq!((refused.order.status, refused.order.cancelled_as), (OrderStatus::Cancelled, Some(CancelCause::Refused)));
    }
    assert_eq!(*changes.lock().unwrap(), [(OrderStatus::OnDelivery, OrderStatus::Cancelled, Some("refused at the door".into()))], "refused once");
    assert_eq!(told.load(Ordering::SeqCst), 1, "told once");
}

#[test]
fn a_refusal_or_a_failed_attempt_needs_its_reason() {
    for reason in ["", "   ", &"x".repeat(super::MAX_NOTE + 1)] {
        let (book, _) = book_with(order(1, OrderStatus::OnDelivery, Some(CLIENT), None));
        let desk = desk(book).0;
        for outcome in
            [desk.refuse(ADMIN, Audience::Clients, OrderId(1), reason.into()), desk.fail_delivery(ADMIN, Audience::Clients, OrderId(1), reason.into())]
        {
            let Err(OrderingError::Invalid(errors)) = outcome else { panic!("{outcome:?}") };
            assert!(errors.has("reason"), "{errors:?}");
        }
    }
}

#[test]
fn failed_attempts_keep_the_order_on_delivery_until_the_last_allowed_one_refuses_it() {
    let (book, given) = book_of_attempts(order(1, OrderStatus::OnDelivery, None, None));
    let (desk, told) = desk(book);
    for attempt in 1..=2 {
        let after = desk.fail_delivery(ADMIN, Audience::Guests, OrderId(1), format!("phone off {attempt}")).unwrap();
        assert_eq!((after.order.status, after.order.failed_attempts.len()), (OrderStatus::OnDelivery, attempt), "attempt {attempt}");
    }
    let last = desk.fail_delivery(ADMIN, Audience::Guests, OrderId(1), "wrong address".into()).unwrap();
    assert_eq!((last.order.status, last.order.cancelled_as), (OrderStatus::Cancelled, Some(CancelCause::Refused)), "the third of 3 refuses it");
    let given = given.lock().unwrap();
    assert_eq!(given.iter().map(|(attempt, refusal)| (*attempt, refusal.is_some())).collect::<Vec<_>>(), [(1, false), (2, false), (3, true)]);
    let refusal = given[2].1.clone().unwrap();
    assert_eq!(
        (refusal.from, refusal.cause, refusal.restock, refusal.note.as_deref()),
        (OrderStatus::OnDelivery, CancelCause::Refused, true, Some("wrong address"))
    );
    assert_eq!(told.load(Ordering::SeqCst), 3, "the buyer hears of each");
    let after = desk.fail_delivery(ADMIN, Audience::Guests, OrderId(1), "again".into());
    assert!(matches!(&after, Err(OrderingError::Invalid(errors)) if errors.has("order")), "a refused order has no more attempts: {after:?}");
}

#[test]
fn a_failed_attempt_is_only_of_an_order_on_delivery() {
    for from in [OrderStatus::New, OrderStatus::Delivered, OrderStatus::Cancelled] {
        let (book, given) = book_of_attempts(order(1, from, Some(CLIENT), None));
        let failed = desk(book).0.fail_delivery(ADMIN, Audience::Clients, OrderId(1), "not home".into());
        assert!(matches!(&failed, Err(OrderingError::Invalid(errors)) if errors.has("order")), "{from}: {failed:?}");
        assert!(given.lock().unwrap().is_empty());
    }
}

/// A desk with Bosta's account over these ports: orders' moves grant nothing.
fn courier_desk(book: MockOrderBook, shipments: MockShipmentBook, bosta: MockCourier) -> (OrderDesk, Arc<AtomicUsize>) {
    let mut rewards = MockRewards::new();
    rewards.expect_earned_for().returning(|_, _| Ok(None));
    let runs = Arc::new(AtomicUsize::new(0));
    let desk = OrderDesk::new(DeskPorts {
        book: Arc::new(book),
        newsroom: newsroom(runs.clone()),
        rewards: Arc::new(rewards),
        standings: crate::reputation::standings_of(crate::desk::PhoneRecord::default()),
        clock: Arc::new(FixedClock),
        max_attempts: 3,
        shipments: Arc::new(shipments),
        bosta: Some(Arc::new(bosta)),
        returns: Arc::new(crate::returns::MockReturnBook::new()),
        return_days: 14,
        repricing: repricing(MockPricing::new(), MockPromoCodes::new()),
        undo_within: chrono::TimeDelta::minutes(10),
    });
    (desk, runs)
}

/// Order `id` in `status`, confirmed, with a parcel Bosta carries.
fn shipped(id: i64, status: OrderStatus) -> StaffOrder {
    let mut found = order(id, status, None, None);
    found.order.confirmation = Some(crate::order::Confirmation { at: FixedClock.now(), by: Some(ADMIN.id), via: ConfirmedVia::Call });
    found.order.shipment = Some(Shipment {
        courier: CourierKind::Bosta,
        courier_name: "Bosta".into(),
        tracking: "7012345".into(),
        tracking_url: None,
        state: ShipmentState::Created,
        cod: Money::ZERO,
        collected: None,
        handed_over_at: FixedClock.now(),
        handed_over_by: Some(ADMIN.id),
        events: vec![],
    });
    found
}

/// Bosta reading every webhook call as a report of `state` for order 5's parcel.
fn bosta_reporting(state: ShipmentState) -> MockCourier {
    let mut bosta = MockCourier::new();
    bosta.expect_read_report().returning(move |_, _| {
        Ok(CourierReport {
            tracking: "7012345".into(),
            state,
            code: 0,
            at: FixedClock.now(),
            collected: None,
            reason: Some("Nobody home".into()),
            raw: "{}".into(),
        })
    });
    bosta
}

/// A shipment book keeping the first report and seeing every later one as the same.
fn reports_kept_once() -> MockShipmentBook {
    let mut shipments = MockShipmentBook::new();
    let kept = Arc::new(AtomicUsize::new(0));
    shipments
        .expect_record_report()
        .returning(move |_, _, _| Ok(if kept.fetch_add(1, Ordering::SeqCst) == 0 { ReportKept::New { order: OrderId(5), id: 1 } } else { ReportKept::Seen }));
    shipments
}

#[test]
fn a_courier_reporting_a_delivery_twice_delivers_the_order_once() {
    let (book, moves) = book_with(shipped(5, OrderStatus::OnDelivery));
    let (desk, runs) = courier_desk(book, reports_kept_once(), bosta_reporting(ShipmentState::Delivered));
    desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}").unwrap();
    desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}").unwrap();
    let moves = moves.lock().unwrap();
    assert_eq!(moves.iter().map(|(from, to, _)| (*from, *to)).collect::<Vec<_>>(), vec![(OrderStatus::OnDelivery, OrderStatus::Delivered)]);
    assert_eq!(moves[0].2.as_deref(), Some("Bosta 7012345"), "the history says which courier moved it");
    assert_eq!(runs.load(Ordering::SeqCst), 1, "the news is told once");
}

#[test]
fn a_delivery_reported_before_the_pick_up_goes_on_delivery_first() {
    let (book, moves) = book_with(shipped(5, OrderStatus::New));
    let (desk, _) = courier_desk(book, reports_kept_once(), bosta_reporting(ShipmentState::Delivered));
    desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}").unwrap();
    let moves: Vec<_> = moves.lock().unwrap().iter().map(|(from, to, _)| (*from, *to)).collect();
    assert_eq!(moves, vec![(OrderStatus::New, OrderStatus::OnDelivery), (OrderStatus::OnDelivery, OrderStatus::Delivered)]);
}

#[test]
fn a_pick_up_puts_a_new_order_on_delivery_and_a_return_refuses_it() {
    let (book, moves) = book_with(shipped(5, OrderStatus::New));
    let (desk, _) = courier_desk(book, reports_kept_once(), bosta_reporting(ShipmentState::PickedUp));
    desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}").unwrap();
    assert_eq!(moves.lock().unwrap().last().map(|(from, to, _)| (*from, *to)), Some((OrderStatus::New, OrderStatus::OnDelivery)));

    let (book, moves) = book_with(shipped(5, OrderStatus::OnDelivery));
    let (desk, _) = courier_desk(book, reports_kept_once(), bosta_reporting(ShipmentState::Returned));
    desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}").unwrap();
    assert_eq!(moves.lock().unwrap().last().map(|(from, to, _)| (*from, *to)), Some((OrderStatus::OnDelivery, OrderStatus::Cancelled)));
}

#[test]
fn a_courier_exception_is_a_failed_attempt_with_its_reason() {
    let (mut book, given) = book_of_attempts(shipped(5, OrderStatus::OnDelivery));
    let current = shipped(5, OrderStatus::OnDelivery).order;
    book.expect_order().returning(move |_| Ok(Some(current.clone())));
    let (desk, _) = courier_desk(book, reports_kept_once(), bosta_reporting(ShipmentState::Exception));
    desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}").unwrap();
    assert_eq!(given.lock().unwrap().iter().map(|(attempt, refusal)| (*attempt, refusal.is_some())).collect::<Vec<_>>(), vec![(1, false)]);
}

#[test]
fn a_report_that_could_not_be_followed_is_forgotten_so_that_the_retry_is_followed() {
    let mut book = MockOrderBook::new();
    book.expect_order().returning(|_| Err(anyhow::anyhow!("the database went away")));
    let mut shipments = reports_kept_once();
    shipments.expect_forget_report().withf(|id| *id == 1).times(1).returning(|_| Ok(()));
    let (desk, _) = courier_desk(book, shipments, bosta_reporting(ShipmentState::Delivered));
    assert!(matches!(desk.courier_reported(CourierKind::Bosta, Some("secret".into()), b"{}"), Err(OrderingError::Storage(_))));
}

#[test]
fn a_webhook_call_without_the_secret_keeps_nothing() {
    let mut bosta = MockCourier::new();
    bosta.expect_read_report().returning(|_, _| Err(CourierError::Unauthorised));
    let (desk, _) = courier_desk(MockOrderBook::new(), MockShipmentBook::new(), bosta);
    assert!(matches!(desk.courier_reported(CourierKind::Bosta, None, b"{}"), Err(OrderingError::Courier(CourierError::Unauthorised))));
    assert!(matches!(desk.courier_reported(CourierKind::Manual, None, b"{}"), Err(OrderingError::NotFound)), "no webhook for staff's own courier");
}

#[test]
fn only_a_confirmed_new_order_not_handed_over_yet_is_handed_over() {
    let manual = || HandOver::Manual { courier_name: "Mahmoud".into(), tracking: "K-101".into() };
    for (start, field, rule) in [
        (order(5, OrderStatus::New, None, None), "order", "not_confirmed"),
        (shipped(5, OrderStatus::OnDelivery), "courier", "already_handed_over"),
        (
            {
                let mut found = shipped(5, OrderStatus::Delivered);
                found.order.shipment = None;
                found
            },
            "order",
            "not_new",
        ),
    ] {
        let (book, moves) = book_with(start);
        let (desk, _) = courier_desk(book, MockShipmentBook::new(), MockCourier::new());
        let Err(OrderingError::Invalid(errors)) = desk.hand_over(ADMIN, Audience::Guests, OrderId(5), manual()) else { panic!("refused") };
        assert_eq!(errors, kernel::FieldErrors::single(field, rule));
        assert!(moves.lock().unwrap().is_empty());
    }
}

#[test]
fn a_manual_hand_over_keeps_the_typed_courier_and_puts_the_order_on_delivery() {
    let mut start = shipped(5, OrderStatus::New);
    start.order.shipment = None;
    let (book, moves) = book_with(start);
    let mut shipments = MockShipmentBook::new();
    shipments
        .expect_keep()
        .withf(|shipment| {
            shipment.courier == CourierKind::Manual
                && shipment.courier_name == "Mahmoud"
                && shipment.booking.tracking == "K-101"
                && shipment.state == ShipmentState::PickedUp
        })
        .times(1)
        .returning(|_| Ok(true));
    let (desk, _) = courier_desk(book, shipments, MockCourier::new());
    desk.hand_over(ADMIN, Audience::Guests, OrderId(5), HandOver::Manual { courier_name: " Mahmoud ".into(), tracking: "k-101".into() }).unwrap();
    assert_eq!(moves.lock().unwrap().iter().map(|(from, to, _)| (*from, *to)).collect::<Vec<_>>(), vec![(OrderStatus::New, OrderStatus::OnDelivery)]);
}

#[test]
fn a_parcel_booked_with_bosta_waits_for_its_pick_up_and_a_lost_race_calls_the_booking_off() {
    let mut start = shipped(5, OrderStatus::New);
    start.order.shipment = None;
    let (book, moves) = book_with(start);
    let mut bosta = MockCourier::new();
    bosta.expect_book().times(2).returning(|_| Ok(Booking { tracking: "7012345".into(), tracking_url: None }));
    bosta.expect_cancel().withf(|tracking| tracking == "7012345").times(1).returning(|_| Ok(()));
    let mut shipments = MockShipmentBook::new();
    let kept = Arc::new(AtomicUsize::new(0));
    shipments.expect_keep().withf(|shipment| shipment.state == ShipmentState::Created).returning(move |_| Ok(kept.fetch_add(1, Ordering::SeqCst) == 0));
    let (desk, _) = courier_desk(book, shipments, bosta);
    desk.hand_over(ADMIN, Audience::Guests, OrderId(5), HandOver::Booked(CourierKind::Bosta)).unwrap();
    assert!(moves.lock().unwrap().is_empty(), "new until Bosta picks it up");
    let second = desk.hand_over(ADMIN, Audience::Guests, OrderId(5), HandOver::Booked(CourierKind::Bosta));
    assert!(matches!(second, Err(OrderingError::Invalid(_))), "the order's parcel was kept by the first");
}

#[test]
fn a_remittance_settles_some_delivered_parcels_for_an_amount_above_zero_once() {
    use super::RemittanceDraft;
    let draft = |orders: Vec<i64>, amount: Option<i64>| RemittanceDraft {
        courier: CourierKind::Manual,
        courier_name: " Said ".into(),
        amount: amount.map(Money::from_piastres),
        orders: orders.into_iter().map(OrderId).collect(),
        note: None,
    };
    let mut shipments = MockShipmentBook::new();
    let kept = Arc::new(AtomicUsize::new(0));
    shipments
        .expect_record_remittance()
        .withf(|remittance| remittance.courier_name == "Said" && remittance.orders == vec![OrderId(1), OrderId(2)])
        .returning(move |_| Ok(kept.fetch_add(1, Ordering::SeqCst) == 0));
    shipments.expect_cash_with_couriers().returning(|| Ok(vec![]));
    let (desk, _) = courier_desk(MockOrderBook::new(), shipments, MockCourier::new());

    let Err(OrderingError::Invalid(errors)) = desk.record_remittance(ADMIN, draft(vec![], Some(0))) else { panic!("refused") };
    let mut expected = kernel::FieldErrors::single("order_ids", "remittance_orders");
    expected.add("amount", "price_invalid");
    assert_eq!(errors, expected);
    assert!(desk.record_remittance(ADMIN, draft(vec![2, 1, 2], Some(9_950))).is_ok(), "the same parcel named twice is one");
    let Err(OrderingError::Invalid(again)) = desk.record_remittance(ADMIN, draft(vec![1, 2], Some(9_950))) else { panic!("settled once") };
    assert_eq!(again, kernel::FieldErrors::single("order_ids", "remittance_parcels"));
}

/// Repricing over these prices and codes, and one city taking 2% for cash at the door.
fn repricing(pricing: MockPricing, promos: MockPromoCodes) -> Repricing {
    let mut cities = MockCityStore::new();
    cities.expect_city().returning(|id| {
        let cash = crate::city::CashTerms { accepted: true, fee: crate::city::CodFee::Percent(200) };
        Ok(Some(crate::city::ShippingCity { id, name: Localized::default(), shipping_cost: Money::from_pounds(30), cash, active: true, sort_order: 0 }))
    });
    Repricing { pricing: Arc::new(pricing), cities: Arc::new(cities), promos: Arc::new(promos) }
}

/// A product as sold today.
fn sold(id: i64, pounds: i64, grams: i64, dangerous: bool) -> QuotedProduct {
    QuotedProduct {
        id: kernel::ProductId(id),
        slug: format!("p-{id}"),
        name: Localized::new(format!("منتج {id}"), format!("Product {id}")),
        image: None,
        sale_price: Money::from_pounds(pounds),
        weight: Weight::from_grams(grams),
        needs_safety_acknowledgement: dangerous,
    }
}

/// A guest's unconfirmed cash order of 2 units of product 1 at 40 EGP (today 55) and 1 of
/// product 2 at 100, with a 10% code, 30 EGP shipping and a 2% cash fee.
fn unconfirmed() -> StaffOrder {
    let mut found = order(8, OrderStatus::New, None, None);
    let line = |product: QuotedProduct, quantity: u32| crate::orders::order_line(&product, i64::from(quantity)).unwrap();
    found.order.placed.lines = vec![line(sold(1, 40, 1_000, false), 2), line(sold(2, 100, 500, false), 1)];
    found.order.placed.copoun = Some("TEN".into());
    let subtotal = Money::from_pounds(180);
    found.order.placed.totals = Totals {
        subtotal,
        discount: Money::from_pounds(18),
        shipping_base: Money::from_pounds(30),
        shipping_extra: Money::ZERO,
        cod_fee: Money::from_piastres(384),
        total: Money::from_piastres(19_584),
        total_weight: Weight::from_grams(2_500),
    };
    found
}

/// The shop's prices today (product 1 went up, product 3 is new and product 4 dangerous), a
/// 10% code, and one free kilogram then 5 EGP per started kilogram.
fn today_prices() -> (MockPricing, MockPromoCodes) {
    let mut pricing = MockPricing::new();
    pricing.expect_quote().returning(|ids| {
        Ok([sold(1, 55, 1_000, false), sold(2, 100, 500, false), sold(3, 20, 2_000, false), sold(4, 70, 100, true)]
            .into_iter()
            .filter(|product| ids.contains(&product.id))
            .collect())
    });
    pricing.expect_shipping_rule().returning(|| Ok(kernel::ShippingRule { free_weight: Weight::from_grams(3_000), extra_fee_per_kg: Money::from_pounds(5) }));
    let mut promos = MockPromoCodes::new();
    promos.expect_promo_by_code().returning(|code| {
        Ok((code == "TEN").then(|| crate::promo::PromoCode {
            id: 3,
            draft: crate::promo::PromoDraft {
                code: "TEN".into(),
                value: crate::promo::PromoValue::Percent(kernel::Percent::new(10).unwrap()),
                min_subtotal: None,
                max_discount: None,
                starts_at: None,
                expires_at: None,
                usage_limit: Some(1),
                per_user_limit: None,
                active: true,
                group: None,
            },
            used: 1,
            owner: None,
        }))
    });
    (pricing, promos)
}

/// A desk over this book with today's prices, and the change the book was asked to make.
fn lines_desk(book: MockOrderBook) -> (OrderDesk, Arc<AtomicUsize>) {
    let mut rewards = MockRewards::new();
    rewards.expect_earned_for().returning(|_, _| Ok(None));
    let runs = Arc::new(AtomicUsize::new(0));
    let mut desk = desk_over(book, newsroom(runs.clone()), rewards);
    let (pricing, promos) = today_prices();
    desk.repricing = repricing(pricing, promos);
    (desk, runs)
}

/// A book holding `start` that answers a change of its lines with `outcome`, keeping it.
fn lines_book(start: StaffOrder, outcome: LinesOutcome) -> (MockOrderBook, Arc<Mutex<Vec<LinesChange>>>) {
    let mut book = MockOrderBook::new();
    book.expect_staff_order().returning(move |_| Ok(Some(start.clone())));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let log = asked.clone();
    book.expect_change_lines().returning(move |_, change| {
        log.lock().unwrap().push(change.clone());
        Ok(outcome)
    });
    (book, asked)
}

#[test]
fn changed_lines_keep_the_price_held_price_the_added_at_today_and_retotal_code_weight_and_cash_fee() {
    let (book, asked) = lines_book(unconfirmed(), LinesOutcome::Changed);
    let (desk, runs) = lines_desk(book);
    let items = [(kernel::ProductId(1), 3), (kernel::ProductId(3), 1), (kernel::ProductId(1), 1)];
    desk.change_lines(ADMIN, Audience::Guests, OrderId(8), &items).unwrap();

    let asked = asked.lock().unwrap();
    let [change] = asked.as_slice() else { panic!("one change: {asked:?}") };
    let lines: Vec<_> = change.lines.iter().map(|line| (line.product.unwrap().0, line.quantity, line.unit_price, line.line_total)).collect();
    assert_eq!(lines, [(1, 4, Money::from_pounds(40), Money::from_pounds(160)), (3, 1, Money::from_pounds(20), Money::from_pounds(20))], "product 2 is gone");
    let totals = change.totals;
    assert_eq!((totals.subtotal, totals.discount), (Money::from_pounds(180), Money::from_pounds(18)));
    assert_eq!(totals.total_weight, Weight::from_grams(6_000));
    assert_eq!((totals.shipping_base, totals.shipping_extra), (Money::from_pounds(30), Money::from_pounds(15)), "three started kilograms over the free one");
    // 2% of 180 - 18 + 45 = 207 is 4.14.
    assert_eq!((totals.cod_fee, totals.total), (Money::from_piastres(414), Money::from_piastres(21_114)));
    assert_eq!((change.total_before, change.by), (Money::from_piastres(19_584), ADMIN.id));
    assert!(change.search_text.contains("product 3"), "{}", change.search_text);
    assert_eq!(runs.load(Ordering::SeqCst), 1, "the buyer hears of the new total");
}

#[test]
fn only_an_order_awaiting_confirmation_changes_its_lines_and_the_same_lines_change_nothing() {
    let mut confirmed = unconfirmed();
    confirmed.order.confirmation = Some(crate::order::Confirmation { at: FixedClock.now(), by: None, via: ConfirmedVia::Link });
    let (book, asked) = lines_book(confirmed, LinesOutcome::Changed);
    let refused = lines_desk(book).0.change_lines(ADMIN, Audience::Guests, OrderId(8), &[(kernel::ProductId(1), 1)]);
    assert!(broke(refused.unwrap_err(), "order", "not_awaiting_confirmation"));
    assert!(asked.lock().unwrap().is_empty());

    let (book, asked) = lines_book(unconfirmed(), LinesOutcome::Changed);
    let (desk, runs) = lines_desk(book);
    desk.change_lines(ADMIN, Audience::Guests, OrderId(8), &[(kernel::ProductId(1), 2), (kernel::ProductId(2), 1)]).unwrap();
    assert!(asked.lock().unwrap().is_empty(), "the lines it holds already");
    assert_eq!(runs.load(Ordering::SeqCst), 0);

    let (book, _) = lines_book(unconfirmed(), LinesOutcome::NotAwaiting);
    let raced = lines_desk(book).0.change_lines(ADMIN, Audience::Guests, OrderId(8), &[(kernel::ProductId(1), 1)]);
    assert!(broke(raced.unwrap_err(), "order", "not_awaiting_confirmation"), "confirmed meanwhile");
}

#[test]
fn changed_lines_are_refused_unknown_dangerous_unacknowledged_out_of_range_or_short() {
    let refusal = |items: &[(kernel::ProductId, i64)], outcome: LinesOutcome| {
        let (book, _) = lines_book(unconfirmed(), outcome);
        lines_desk(book).0.change_lines(ADMIN, Audience::Guests, OrderId(8), items).unwrap_err()
    };
    assert!(broke(refusal(&[(kernel::ProductId(9), 1)], LinesOutcome::Changed), "items", "product_unknown"));
    assert!(broke(refusal(&[(kernel::ProductId(4), 1)], LinesOutcome::Changed), "items", "safety_acknowledgement_required"));
    assert!(broke(refusal(&[(kernel::ProductId(1), 1_000)], LinesOutcome::Changed), "items", "quantity_range"));
    assert!(broke(refusal(&[], LinesOutcome::Changed), "items", "cart_empty"));
    let short = refusal(&[(kernel::ProductId(3), 5)], LinesOutcome::ShortOfStock { product: kernel::ProductId(3), left: 2 });
    assert!(matches!(short, OrderingError::ShortOfStock { product, left: 2 } if product.en == "Product 3"));
}

/// Whether the error is `field` breaking `rule`.
fn broke(error: OrderingError, field: &str, rule: &str) -> bool {
    matches!(error, OrderingError::Invalid(errors) if errors.iter().any(|(name, rules)| name == field && rules.contains(&rule)))
}

/// A desk over this book with today's prices, whose programme earns a point a pound.
fn door_desk(book: MockOrderBook) -> OrderDesk {
    let mut rewards = MockRewards::new();
    rewards.expect_earned_for().returning(|subtotal, _| Ok(Some(EarnedPoints { points: subtotal.piastres() / 100, expires_at: None })));
    let mut desk = desk_over(book, newsroom(Arc::new(AtomicUsize::new(0))), rewards);
    let (pricing, promos) = today_prices();
    desk.repricing = repricing(pricing, promos);
    desk
}

/// A client's order of `unconfirmed`'s lines, confirmed and on delivery, and the partial
/// deliveries its book was asked to make.
fn door_book() -> (MockOrderBook, Arc<Mutex<Vec<crate::ports::PartialDelivery>>>) {
    let mut found = unconfirmed();
    found.order.status = OrderStatus::OnDelivery;
    found.order.placed.user = Some(CLIENT);
    found.order.placed.totals.shipping_extra = Money::from_pounds(5);
    found.order.confirmation = Some(crate::order::Confirmation { at: FixedClock.now(), by: None, via: ConfirmedVia::Link });
    let mut book = MockOrderBook::new();
    book.expect_staff_order().returning(move |_| Ok(Some(found.clone())));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let log = asked.clone();
    book.expect_deliver_partly().returning(move |_, delivery| {
        log.lock().unwrap().push(delivery.clone());
        Ok(true)
    });
    (book, asked)
}

#[test]
fn a_parcel_partly_refused_is_delivered_with_what_was_taken_its_whole_shipping_and_the_points_of_it() {
    let (book, asked) = door_book();
    let desk = door_desk(book);
    let refused = [(kernel::ProductId(1), 1), (kernel::ProductId(2), 1)];
    desk.deliver_partly(ADMIN, Audience::Clients, OrderId(8), &refused, "did not want the second sack".into()).unwrap();

    let asked = asked.lock().unwrap();
    let [partial] = asked.as_slice() else { panic!("one delivery: {asked:?}") };
    let lines: Vec<_> = partial.taken.lines.iter().map(|line| (line.product.unwrap().0, line.quantity, line.line_total)).collect();
    assert_eq!(lines, [(1, 1, Money::from_pounds(40))], "the price held, product 2 refused whole");
    let totals = partial.taken.totals;
    assert_eq!((totals.subtotal, totals.discount), (Money::from_pounds(40), Money::from_pounds(4)));
    assert_eq!((totals.shipping_base, totals.shipping_extra), (Money::from_pounds(30), Money::from_pounds(5)), "the courier carried the whole parcel");
    // 2% of 40 - 4 + 35 = 71 is 1.42.
    assert_eq!((totals.cod_fee, totals.total), (Money::from_piastres(142), Money::from_piastres(7_242)));
    let delivery = &partial.delivery;
    assert_eq!((delivery.from, delivery.to, delivery.note.as_deref()), (OrderStatus::OnDelivery, OrderStatus::Delivered, Some("did not want the second sack")));
    assert_eq!(delivery.grant.as_ref().map(|grant| (grant.user, grant.points)), Some((CLIENT, 40)), "points of what was delivered");
    assert!(!delivery.restock && !delivery.release_promo);
}

#[test]
fn a_partial_delivery_is_refused_off_delivery_without_a_reason_or_refusing_what_the_parcel_does_not_hold() {
    let attempt = |refused: &[(kernel::ProductId, i64)], reason: &str| {
        let (book, asked) = door_book();
        let error = door_desk(book).deliver_partly(ADMIN, Audience::Clients, OrderId(8), refused, reason.into()).unwrap_err();
        assert!(asked.lock().unwrap().is_empty());
        error
    };
    let one = [(kernel::ProductId(1), 1)];
    assert!(broke(attempt(&one, " "), "reason", "required"));
    assert!(broke(attempt(&[(kernel::ProductId(1), 3)], "torn"), "items", "quantity_range"));
    assert!(broke(attempt(&[(kernel::ProductId(3), 1)], "torn"), "items", "product_unknown"));
    assert!(broke(attempt(&[(kernel::ProductId(1), 2), (kernel::ProductId(2), 1)], "torn"), "items", "all_refused"));

    let mut book = MockOrderBook::new();
    book.expect_staff_order().returning(|_| Ok(Some(unconfirmed())));
    let new = door_desk(book).deliver_partly(ADMIN, Audience::Guests, OrderId(8), &one, "torn".into()).unwrap_err();
    assert!(broke(new, "order", "not_on_delivery"));
}

/// Order 9 of a client, moved by `by` from `from` to `to` `minutes_ago`.
fn moved(from: OrderStatus, to: OrderStatus, by: Option<UserId>, minutes_ago: i64) -> StaffOrder {
    let mut found = order(9, to, Some(CLIENT), None);
    let at = FixedClock.now() - chrono::TimeDelta::minutes(minutes_ago);
    found.order.history = vec![
        crate::order::StatusChange { from: None, to: OrderStatus::New, at: at - chrono::TimeDelta::hours(1), by: Some(CLIENT), note: None },
        crate::order::StatusChange { from: Some(from), to, at, by, note: None },
    ];
    found
}

/// A book holding `start` that answers an undo with `outcome`, keeping what it was asked.
fn undo_book(start: StaffOrder, outcome: crate::ports::UndoOutcome) -> (MockOrderBook, Arc<Mutex<Vec<crate::ports::UndoMove>>>) {
    let mut book = MockOrderBook::new();
    book.expect_staff_order().returning(move |_| Ok(Some(start.clone())));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let log = asked.clone();
    book.expect_undo_move().returning(move |_, undo| {
        log.lock().unwrap().push(undo.clone());
        Ok(outcome)
    });
    (book, asked)
}

#[test]
fn a_staff_members_move_goes_back_where_it_was_within_the_minutes_and_says_until_when() {
    use crate::ports::UndoOutcome;
    let (book, asked) = undo_book(moved(OrderStatus::OnDelivery, OrderStatus::Delivered, Some(ADMIN.id), 4), UndoOutcome::Undone);
    let (undoing, runs) = desk(book);
    let shown = undoing.order(ADMIN, Audience::Clients, OrderId(9)).unwrap();
    assert_eq!(shown.undo_until, Some(FixedClock.now() + chrono::TimeDelta::minutes(6)));
    undoing.undo_last_move(ADMIN, Audience::Clients, OrderId(9)).unwrap();
    let asked = asked.lock().unwrap();
    assert_eq!(asked.as_slice(), [crate::ports::UndoMove { from: OrderStatus::Delivered, to: OrderStatus::OnDelivery, by: ADMIN.id, at: FixedClock.now() }]);
    assert_eq!(runs.load(Ordering::SeqCst), 1);

    let (book, _) =
        undo_book(moved(OrderStatus::New, OrderStatus::Cancelled, Some(ADMIN.id), 1), UndoOutcome::ShortOfStock { product: kernel::ProductId(1), left: 0 });
    let short = desk(book).0.undo_last_move(ADMIN, Audience::Clients, OrderId(9));
    assert!(matches!(short, Err(OrderingError::ShortOfStock { left: 0, .. })), "{short:?}");
    let (book, _) = undo_book(moved(OrderStatus::New, OrderStatus::Cancelled, Some(ADMIN.id), 1), UndoOutcome::Moved);
    assert!(broke(desk(book).0.undo_last_move(ADMIN, Audience::Clients, OrderId(9)).unwrap_err(), "order", "undo_unavailable"), "moved meanwhile");
}

#[test]
fn a_move_is_not_undone_late_nor_the_buyers_the_shops_an_undo_or_one_a_courier_or_the_buyer_acted_on() {
    use crate::ports::UndoOutcome;
    let refused = |found: StaffOrder, rule: &str| {
        let (book, asked) = undo_book(found, UndoOutcome::Undone);
        let undoing = desk(book).0;
        assert_eq!(undoing.order(ADMIN, Audience::Clients, OrderId(9)).unwrap().undo_until, None);
        assert!(broke(undoing.undo_last_move(ADMIN, Audience::Clients, OrderId(9)).unwrap_err(), "order", rule));
        assert!(asked.lock().unwrap().is_empty());
    };
    refused(moved(OrderStatus::New, OrderStatus::OnDelivery, Some(ADMIN.id), 11), "undo_expired");
    refused(moved(OrderStatus::New, OrderStatus::Cancelled, Some(CLIENT), 1), "undo_unavailable");
    refused(moved(OrderStatus::New, OrderStatus::Cancelled, None, 1), "undo_unavailable");
    refused(moved(OrderStatus::Delivered, OrderStatus::OnDelivery, Some(ADMIN.id), 1), "undo_unavailable");
    let mut shipped = moved(OrderStatus::New, OrderStatus::OnDelivery, Some(ADMIN.id), 1);
    shipped.order.shipment = self::shipped(9, OrderStatus::OnDelivery).order.shipment;
    refused(shipped, "undo_unavailable");
    let mut attempted = moved(OrderStatus::New, OrderStatus::OnDelivery, Some(ADMIN.id), 3);
    attempted.order.failed_attempts =
        vec![crate::order::FailedAttempt { attempt: 1, reason: "no answer".into(), by: Some(ADMIN.id), at: FixedClock.now() - chrono::TimeDelta::minutes(1) }];
    refused(attempted, "undo_unavailable");
}
