#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{AddressId, CityId, Clock, IdempotencyKey, KeptAnswer, Locale, Localized, Money, OrderId, Phone, ProductId, ShippingRule, UserId, Weight};

use super::{Buyer, OrderPorts, Orders, totals};
use crate::checkout::{AddressChoice, Checkout, GuestCheckout, ReceiverKind};
use crate::city::{CashTerms, CodFee, ShippingCity};
use crate::desk::PhoneRecord;
use crate::error::OrderingError;
use crate::news::{MockOrderHerald, MockOrderSpine, Newsroom};
use crate::order::{CancelCause, ConfirmedVia, NewOrder, Order, OrderLine, OrderSource, OrderStatus, order_number};
use crate::payment::{MockPaymentMethods, PaymentMethod};
use crate::ports::{
    Admit, BuyerHistory, ConfirmationRules, Keyed, MockAddressBook, MockBuyerCart, MockCityStore, MockConfirmationLinks, MockOrderBook, MockPricing,
    MockPromoCodes, Placement, QuotedProduct,
};
use crate::promo::{PromoCode, PromoDraft, PromoRefusal, PromoValue};

const RULE: ShippingRule = ShippingRule { free_weight: Weight::from_grams(10_000), extra_fee_per_kg: Money::from_pounds(5) };
const BUYER: UserId = UserId(7);

struct FixedClock;
impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }
}

fn line(pounds: i64, grams: i64, quantity: u32) -> OrderLine {
    let unit_price = Money::from_pounds(pounds);
    OrderLine {
        product: Some(ProductId(1)),
        slug: "p".into(),
        name: Localized::default(),
        image: None,
        quantity,
        unit_price,
        weight: Weight::from_grams(grams),
        line_total: unit_price.checked_times(i64::from(quantity)).unwrap(),
    }
}

fn product(id: i64, pounds: i64, grams: i64) -> QuotedProduct {
    QuotedProduct {
        id: ProductId(id),
        slug: format!("p-{id}"),
        name: Localized::new(format!("منتج {id}"), format!("Product {id}")),
        image: None,
        sale_price: Money::from_pounds(pounds),
        weight: Weight::from_grams(grams),
        needs_safety_acknowledgement: false,
    }
}

fn buyer() -> Buyer {
    Buyer { id: BUYER, name: "Samir".into(), phone: Phone::parse("01012345678"), group: None, locale: Locale::Ar }
}

fn checkout() -> Checkout {
    Checkout {
        address: Some(AddressChoice::Written { text: "12 Nile St".into(), city: Some(CityId(1)) }),
        receiver_kind: Some(ReceiverKind::Buyer),
        receiver_name: String::new(),
        receiver_phone: String::new(),
        notes: String::new(),
        copoun: None,
        expected_total: None,
        payment_method: None,
        acknowledged_safety: false,
    }
}

fn key() -> IdempotencyKey {
    IdempotencyKey { caller: "user:7".into(), key: "k-1".into(), fingerprint: "f".into() }
}

fn stored(id: i64, order: &NewOrder) -> Order {
    Order {
        id: OrderId(id),
        number: order_number(2026, OrderId(id)),
        status: OrderStatus::New,
        created_at: FixedClock.now(),
        placed: order.clone(),
        history: vec![],
        sales_engineer: None,
        lots: Vec::new(),
        confirmation: order.confirmed.map(|via| crate::order::Confirmation { at: FixedClock.now(), by: None, via }),
        cancelled_as: None,
        failed_attempts: Vec::new(),
        shipment: None,
        returns: Vec::new(),
    }
}

/// Orders over mocks: Cairo (50 EGP) active, a cart of `cart` lines, products 1 (40 EGP,
/// 250 g) and 2 (100 EGP, 6 kg), and a book that answers `placement`.
fn orders(cart: Vec<(ProductId, u32)>, book: MockOrderBook) -> Orders {
    orders_for_phones(cart, book, PhoneRecord::default())
}

/// [`orders`] with every phone's record `phones` where a standing is read outside an order
/// (a confirmation link).
fn orders_for_phones(cart: Vec<(ProductId, u32)>, book: MockOrderBook, phones: PhoneRecord) -> Orders {
    let mut cities = MockCityStore::new();
    // Cairo takes cash with no fee, Siwa no cash at all, Aswan 1.5 % and Luxor EGP 10.
    cities.expect_city().returning(|id| {
        let (name, cash) = match id.0 {
            1 => (("القاهرة", "Cairo"), CashTerms::default()),
            2 => (("سيوة", "Siwa"), CashTerms { accepted: false, fee: CodFee::None }),
            3 => (("أسوان", "Aswan"), CashTerms { accepted: true, fee: CodFee::Percent(150) }),
            4 => (("الأقصر", "Luxor"), CashTerms { accepted: true, fee: CodFee::Flat(Money::from_pounds(10)) }),
            _ => return Ok(None),
        };
        Ok(Some(ShippingCity {
            id,
            name: Localized::new(name.0.into(), name.1.into()),
            shipping_cost: Money::from_pounds(50),
            cash,
            active: true,
            sort_order: 1,
        }))
    });
    let mut pricing = MockPricing::new();
    pricing.expect_quote().returning(|ids| {
        let dangerous = QuotedProduct { needs_safety_acknowledgement: true, ..product(3, 150, 250) };
        Ok([product(1, 40, 250), product(2, 100, 6_000), dangerous].into_iter().filter(|p| ids.contains(&p.id)).collect())
    });
    pricing.expect_shipping_rule().returning(|| Ok(RULE));
    let mut buyer_cart = MockBuyerCart::new();
    buyer_cart.expect_cart_lines().returning(move |_| Ok(cart.clone()));
    Orders::new(OrderPorts {
        book: Arc::new(book),
        cart: Arc::new(buyer_cart),
        pricing: Arc::new(pricing),
        cities: Arc::new(cities),
        addresses: Arc::new(MockAddressBook::new()),
        promos: Arc::new(MockPromoCodes::new()),
        payments: Arc::new(cash_only()),
        newsroom: quiet_newsroom(),
        links: Arc::new(links()),
        rules: ConfirmationRules { within: chrono::Duration::hours(24), trusted_after_delivered: 2 },
        standings: crate::reputation::standings_of(phones),
        returns: Arc::new(crate::returns::MockReturnBook::new()),
        return_days: 14,
        clock: Arc::new(FixedClock),
    })
}

/// Links as the shop signs them: `<id>-ok` names its order.
fn links() -> MockConfirmationLinks {
    let mut links = MockConfirmationLinks::new();
    links.expect_link().returning(|order| format!("https://mahsoul.example/confirm/{}-ok", order.0));
    links.expect_order_of().returning(|token| token.strip_suffix("-ok").and_then(|id| id.parse().ok()).map(OrderId));
    links
}

/// A shop taking cash on delivery only.
fn cash_only() -> MockPaymentMethods {
    let mut payments = MockPaymentMethods::new();
    payments.expect_offered().return_const(vec![PaymentMethod::CashOnDelivery]);
    payments
}

/// A newsroom over an empty spine: the news is the newsroom's own test.
fn quiet_newsroom() -> Arc<Newsroom> {
    let mut spine = MockOrderSpine::new();
    spine.expect_untold().returning(|_, _| Ok(vec![]));
    Arc::new(Newsroom::new(Arc::new(spine), Arc::new(MockOrderHerald::new()), Arc::new(FixedClock)))
}

/// What a book placing `order` as order `id` for a buyer with `history` answers: the order as
/// `admit` takes it, or the phone's refusal.
fn admitted(id: i64, order: &NewOrder, admit: Admit<'_>, history: &BuyerHistory) -> Placement {
    match admit(history) {
        Ok(admission) => {
            Placement::Placed(Box::new(stored(id, &NewOrder { awaits_call: admission.awaits_call, confirmed: admission.confirmed, ..order.clone() })))
        }
        Err(refusal) => Placement::PhoneRefused(refusal),
    }
}

/// A book that stores whatever it is given as order 1, for a buyer new to the shop, and
/// answers it back.
fn storing_book() -> MockOrderBook {
    let mut book = MockOrderBook::new();
    let kept = Arc::new(std::sync::Mutex::new(None::<NewOrder>));
    let writer = kept.clone();
    book.expect_place().times(1).returning(move |order, admit, _, _| {
        let placement = admitted(1, order, admit, &BuyerHistory::default());
        if let Placement::Placed(placed) = &placement {
            *writer.lock().unwrap() = Some(placed.placed.clone());
        }
        Ok(placement)
    });
    book.expect_order().returning(move |id| Ok(kept.lock().unwrap().as_ref().map(|order| stored(id.0, order))));
    book
}

fn rules(result: Result<impl std::fmt::Debug, OrderingError>) -> Vec<(String, Vec<&'static str>)> {
    match result {
        Err(OrderingError::Invalid(errors)) => errors.iter().map(|(field, rules)| (field.to_string(), rules.to_vec())).collect(),
        other => panic!("expected invalid fields, got {other:?}"),
    }
}

#[test]
fn shipping_is_free_up_to_exactly_ten_kilograms_and_every_started_kilogram_above_pays() {
    let at = |grams| totals(&[line(10, grams, 1)], Money::from_pounds(50), Money::ZERO, &RULE, CodFee::None).unwrap();
    assert_eq!(at(10_000).shipping_extra, Money::ZERO, "exactly 10 kg");
    assert_eq!(at(10_001).shipping_extra, Money::from_pounds(5), "10.001 kg");
    assert_eq!(at(12_500).shipping_extra, Money::from_pounds(15), "2.5 kg over rounds up to 3");
    let twelve = at(12_500);
    assert_eq!((twelve.shipping_base, twelve.shipping_total(), twelve.total), (Money::from_pounds(50), Money::from_pounds(65), Money::from_pounds(75)));
}

#[test]
fn totals_add_lines_and_weights_and_a_discount_never_goes_below_zero_or_touches_shipping() {
    let both = totals(&[line(40, 250, 3), line(100, 6_000, 2)], Money::from_pounds(50), Money::from_pounds(20), &RULE, CodFee::None).unwrap();
    assert_eq!((both.subtotal, both.discount, both.total_weight), (Money::from_pounds(320), Money::from_pounds(20), Weight::from_grams(12_750)));
    assert_eq!(both.total, Money::from_pounds(320 - 20 + 50 + 15));
    let over = totals(&[line(40, 250, 1)], Money::from_pounds(50), Money::from_pounds(500), &RULE, CodFee::None).unwrap();
    assert_eq!((over.discount, over.total), (Money::from_pounds(40), Money::from_pounds(50)), "only shipping is left to pay");
}

#[test]
fn a_cash_fee_is_flat_or_a_share_of_what_the_courier_collects_rounded_to_the_piastre() {
    let lines = [line(40, 250, 3), line(100, 6_000, 2)];
    // Collected before the fee: 320 − 20 + 50 + 15 = 365.
    let with = |fee| totals(&lines, Money::from_pounds(50), Money::from_pounds(20), &RULE, fee).unwrap();
    assert_eq!((with(CodFee::None).cod_fee, with(CodFee::None).total), (Money::ZERO, Money::from_pounds(365)));
    let flat = with(CodFee::Flat(Money::from_pounds(10)));
    assert_eq!((flat.cod_fee, flat.total), (Money::from_pounds(10), Money::from_pounds(375)));
    let share = with(CodFee::Percent(150));
    assert_eq!((share.cod_fee, share.total), (Money::from_piastres(548), Money::from_piastres(37_048)), "1.5 % of 365 is 5.475, rounded to 5.48");
    assert_eq!(CodFee::Percent(150).on(Money::from_piastres(33_300)), Some(Money::from_piastres(500)), "4.995 rounds up");
    assert_eq!(CodFee::Percent(150).on(Money::from_piastres(33_299)), Some(Money::from_piastres(499)), "4.99485 rounds down");
    assert_eq!(CodFee::Percent(10_000).on(Money::from_piastres(i64::MAX)), None, "overflow is refused, not wrapped");
}

#[test]
fn a_cash_order_pays_its_citys_fee_as_its_own_part_of_the_total() {
    for (city, fee) in [(1, Money::ZERO), (3, Money::from_piastres(135)), (4, Money::from_pounds(10))] {
        let guest = GuestCheckout { city: Some(CityId(city)), ..one_packet_guest() };
        let placed = orders(vec![], storing_book()).place_guest_order(guest, Locale::Ar, None).unwrap();
        let totals = placed.placed.totals;
        // One packet of EGP 40 and EGP 50 of shipping: EGP 90 before the fee (1.5 % is 1.35).
        assert_eq!((totals.cod_fee, totals.total), (fee, Money::from_pounds(90).checked_add(fee).unwrap()), "city {city}");
    }
    let seen_without_fee = GuestCheckout { city: Some(CityId(4)), expected_total: Some(Money::from_pounds(90)), ..one_packet_guest() };
    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let refused = orders(vec![], book).place_guest_order(seen_without_fee, Locale::Ar, None);
    assert!(matches!(refused, Err(OrderingError::TotalChanged { total }) if total == Money::from_pounds(100)), "{refused:?}");
}

#[test]
fn a_city_without_cash_on_delivery_refuses_a_cash_order_naming_itself_and_the_shops_phone() {
    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let orders = orders(vec![(ProductId(1), 1)], book);
    let refused = orders.place_guest_order(GuestCheckout { city: Some(CityId(2)), ..one_packet_guest() }, Locale::Ar, None);
    assert!(matches!(&refused, Err(OrderingError::CodUnavailable { city, shop_phone }) if city.en == "Siwa" && shop_phone == "01000000000"), "{refused:?}");
    assert!(refused.unwrap_err().is_kept(), "the refusal answers the request and is kept under its key");
    let to_siwa = Checkout { address: Some(AddressChoice::Written { text: "Oasis road".into(), city: Some(CityId(2)) }), ..checkout() };
    assert!(matches!(orders.place_order(&buyer(), to_siwa, None), Err(OrderingError::CodUnavailable { .. })));
}

#[test]
fn the_order_state_machine_allows_only_the_designed_moves() {
    use OrderStatus::{Cancelled, Delivered, New, OnDelivery};
    let all = [New, OnDelivery, Delivered, Cancelled];
    let allowed: Vec<(OrderStatus, OrderStatus)> =
        all.iter().flat_map(|&from| all.iter().map(move |&to| (from, to))).filter(|&(from, to)| from.can_become(to)).collect();
    assert_eq!(allowed, [(New, OnDelivery), (New, Cancelled), (OnDelivery, Delivered), (OnDelivery, Cancelled)]);
}

#[test]
fn a_client_order_is_priced_now_from_the_cart_and_stored_once() {
    let orders = orders(vec![(ProductId(1), 3), (ProductId(2), 2)], storing_book());
    let order = orders.place_order(&buyer(), checkout(), None).unwrap().placed;
    assert_eq!((order.user, order.source, order.customer_name.as_str()), (Some(BUYER), OrderSource::Web, "Samir"));
    assert_eq!(
        order.lines.iter().map(|l| (l.product, l.quantity, l.unit_price)).collect::<Vec<_>>(),
        [(Some(ProductId(1)), 3, Money::from_pounds(40)), (Some(ProductId(2)), 2, Money::from_pounds(100))]
    );
    assert_eq!(order.totals.total, Money::from_pounds(320 + 50 + 15));
    assert_eq!((order.destination.address.as_str(), order.destination.city_name.en.as_str()), ("12 Nile St", "Cairo"));
}

#[test]
fn a_total_the_buyer_did_not_see_refuses_the_order_naming_the_new_one() {
    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let orders = orders(vec![(ProductId(1), 1)], book);
    let request = Checkout { expected_total: Some(Money::from_pounds(80)), ..checkout() };
    match orders.place_order(&buyer(), request, None) {
        Err(OrderingError::TotalChanged { total }) => assert_eq!(total, Money::from_pounds(90)),
        other => panic!("expected a changed total, got {other:?}"),
    }
    let orders_seen = self::orders(vec![(ProductId(1), 1)], storing_book());
    assert!(orders_seen.place_order(&buyer(), Checkout { expected_total: Some(Money::from_pounds(90)), ..checkout() }, None).is_ok(), "the same total passes");
}

#[test]
fn an_order_for_someone_else_needs_their_name_and_phone() {
    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let orders = orders(vec![(ProductId(1), 1)], book);
    let other = Checkout { receiver_kind: Some(ReceiverKind::Other), ..checkout() };
    assert_eq!(
        rules(orders.place_order(&buyer(), other.clone(), None)),
        [("receiver_name".into(), vec!["required"]), ("receiver_phone".into(), vec!["required"])]
    );
    let bad_phone = Checkout { receiver_name: "Mona".into(), receiver_phone: "12345".into(), ..other };
    assert_eq!(rules(orders.place_order(&buyer(), bad_phone, None)), [("receiver_phone".into(), vec!["phone_invalid"])]);
    let untyped = Checkout { receiver_kind: None, address: None, ..checkout() };
    assert_eq!(rules(orders.place_order(&buyer(), untyped, None)), [("address_id".into(), vec!["required"]), ("type".into(), vec!["required"])]);
}

#[test]
fn an_empty_cart_an_unknown_city_or_another_clients_address_places_nothing() {
    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let empty = orders(vec![], book);
    assert_eq!(rules(empty.place_order(&buyer(), checkout(), None)), [("cart".into(), vec!["cart_empty"])]);

    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let orders = orders(vec![(ProductId(1), 1)], book);
    let nowhere = Checkout { address: Some(AddressChoice::Written { text: "x".into(), city: Some(CityId(99)) }), ..checkout() };
    assert_eq!(rules(orders.place_order(&buyer(), nowhere, None)), [("city_id".into(), vec!["city_unknown"])]);
    let not_mine = Checkout { address: Some(AddressChoice::Saved(AddressId(5))), ..checkout() };
    let mut addresses = MockAddressBook::new();
    addresses.expect_address().returning(|_, _| Ok(None));
    let orders = Orders { addresses: Arc::new(addresses), ..orders };
    assert_eq!(rules(orders.place_order(&buyer(), not_mine, None)), [("address_id".into(), vec!["address_unknown"])]);
}

#[test]
fn the_key_and_its_answer_go_to_the_book_with_the_order_and_a_parallel_holder_of_the_key_is_told() {
    let mut book = MockOrderBook::new();
    book.expect_place().times(1).returning(|order, _, keyed, _| {
        let keyed = keyed.expect("the key goes with the order");
        assert_eq!((&keyed.key, keyed.answer(&stored(3, order))), (&key(), KeptAnswer("MS-2026-000003".into())));
        Ok(Placement::KeyTaken)
    });
    let orders = orders(vec![(ProductId(1), 1)], book);
    let keyed = Keyed { key: key(), answer: Box::new(|order: &Order| KeptAnswer(order.number.clone())) };
    let taken = orders.place_order(&buyer(), checkout(), Some(&keyed));
    assert!(matches!(taken, Err(OrderingError::KeyTaken)), "{taken:?}");
    assert!(OrderingError::TotalChanged { total: Money::ZERO }.is_kept() && !OrderingError::KeyTaken.is_kept(), "the key's answer is the other request's");
}

#[test]
fn a_short_line_names_the_product_and_what_is_left() {
    let mut book = MockOrderBook::new();
    book.expect_place().returning(|_, _, _, _| Ok(Placement::ShortOfStock { product: ProductId(2), left: 1 }));
    let orders = orders(vec![(ProductId(1), 1), (ProductId(2), 2)], book);
    match orders.place_order(&buyer(), checkout(), None) {
        Err(OrderingError::ShortOfStock { product, left }) => assert_eq!((product.en.as_str(), left), ("Product 2", 1)),
        other => panic!("expected short stock, got {other:?}"),
    }
}

#[test]
fn a_guest_order_merges_its_lines_and_needs_who_and_where() {
    let orders = orders(vec![], storing_book());
    let guest = GuestCheckout {
        source: OrderSource::Guest,
        name: "Mona".into(),
        phone: "+20 111 234 5678".into(),
        address: "Farm road".into(),
        landmark: "behind the mosque".into(),
        city: Some(CityId(1)),
        items: vec![(ProductId(1), 2), (ProductId(2), 1), (ProductId(1), 1)],
        notes: String::new(),
        copoun: None,
        expected_total: None,
        payment_method: None,
        acknowledged_safety: false,
    };
    let placed = orders.place_guest_order(guest.clone(), Locale::En, None).unwrap().placed;
    assert_eq!(placed.lines.iter().map(|l| l.quantity).collect::<Vec<_>>(), [3, 1]);
    assert_eq!((placed.user, placed.customer_phone.to_string()), (None, "01112345678".to_string()));
    assert_eq!(placed.destination.address, "Farm road — behind the mosque", "the landmark after the address, for the courier");
    assert_eq!(placed.payment_method, PaymentMethod::CashOnDelivery, "the shop's way to pay when none is asked");
    let by_card = GuestCheckout { payment_method: Some(PaymentMethod::Card), ..guest.clone() };
    assert_eq!(rules(orders.place_guest_order(by_card, Locale::En, None)), [("payment_method".into(), vec!["payment_method_unavailable"])]);

    let nobody = GuestCheckout { name: String::new(), phone: "abc".into(), items: vec![(ProductId(1), 0)], city: None, ..guest };
    assert_eq!(
        rules(orders.place_guest_order(nobody, Locale::En, None)),
        [
            ("city_id".into(), vec!["required"]),
            ("items".into(), vec!["quantity_range"]),
            ("name".into(), vec!["required"]),
            ("phone".into(), vec!["phone_invalid"])
        ]
    );
}

#[test]
fn a_client_cancels_only_their_own_new_order() {
    let mut book = MockOrderBook::new();
    book.expect_order().returning(|id| Ok(Some(stored(id.0, &sample_order()))));
    book.expect_change_status()
        .withf(|id, change| *id == OrderId(3) && (change.from, change.to, change.by) == (OrderStatus::New, OrderStatus::Cancelled, Some(BUYER)))
        .returning(|_, _| Ok(false));
    let orders = orders(vec![], book);
    assert!(matches!(orders.cancel(BUYER, OrderId(3)), Err(OrderingError::CannotCancel)), "moved on meanwhile");
    assert!(matches!(orders.cancel(UserId(8), OrderId(3)), Err(OrderingError::NotFound)), "another client's");
}

#[test]
fn tracking_needs_the_number_and_the_phone_it_was_placed_with() {
    let mut book = MockOrderBook::new();
    book.expect_order_by_number().returning(|number| Ok((number == "MS-2026-000003").then(|| stored(3, &sample_order()))));
    let orders = orders(vec![], book);
    assert_eq!(orders.track("ms-2026-000003", "+201012345678").unwrap().id, OrderId(3), "any common form of the phone");
    assert!(matches!(orders.track("MS-2026-000003", "01199999999"), Err(OrderingError::NotFound)));
    assert!(matches!(orders.track("MS-2026-000004", "01012345678"), Err(OrderingError::NotFound)));
}

fn sample_order() -> NewOrder {
    NewOrder {
        user: Some(BUYER),
        source: OrderSource::Web,
        customer_name: "Samir".into(),
        customer_phone: Phone::parse("01012345678").unwrap(),
        receiver: crate::order::Receiver::Buyer,
        destination: crate::order::Destination { address: "12 Nile St".into(), city: CityId(1), city_name: Localized::default() },
        notes: None,
        copoun: None,
        promo: None,
        lines: vec![line(40, 250, 1)],
        totals: totals(&[line(40, 250, 1)], Money::from_pounds(50), Money::ZERO, &RULE, CodFee::None).unwrap(),
        payment_method: PaymentMethod::CashOnDelivery,
        locale: Locale::Ar,
        safety_acknowledged: false,
        confirmed: None,
        awaits_call: false,
    }
}

fn ramadan(limit_per_buyer: Option<u32>) -> PromoCode {
    PromoCode {
        id: 4,
        draft: PromoDraft {
            code: "RAMADAN20".into(),
            value: PromoValue::Percent(kernel::Percent::new(20).unwrap()),
            min_subtotal: None,
            max_discount: Some(Money::from_pounds(50)),
            starts_at: None,
            expires_at: None,
            usage_limit: Some(3),
            per_user_limit: limit_per_buyer,
            active: true,
            group: None,
        },
        used: 0,
        owner: None,
    }
}

#[test]
fn a_promo_code_takes_its_capped_share_off_the_subtotal_only_and_the_store_holds_its_limits() {
    let mut promos = MockPromoCodes::new();
    promos.expect_promo_by_code().withf(|code| code == "RAMADAN20").returning(|_| Ok(Some(ramadan(Some(1)))));
    promos
        .expect_promo_uses_by()
        .withf(|id, user, phone| *id == 4 && *user == Some(BUYER) && phone.is_some_and(|p| p.to_string() == "01012345678"))
        .returning(|_, _, _| Ok(0));
    let orders = Orders { promos: Arc::new(promos), ..orders(vec![(ProductId(1), 3), (ProductId(2), 2)], storing_book()) };
    let placed = orders.place_order(&buyer(), Checkout { copoun: Some(" ramadan٢٠ ".into()), ..checkout() }, None).unwrap().placed;
    assert_eq!(placed.totals.discount, Money::from_pounds(50), "20 % of 320 is 64, capped at 50");
    assert_eq!(placed.totals.total, Money::from_pounds(320 - 50 + 50 + 15), "shipping untouched");
    assert_eq!((placed.copoun.as_deref(), placed.promo.map(|p| (p.id, p.usage_limit, p.per_user_limit))), (Some("RAMADAN20"), Some((4, Some(3), Some(1)))));
}

#[test]
fn a_personal_coupon_serves_its_owner_and_is_refused_to_another_client() {
    for (owner, refused) in [(BUYER, false), (UserId(8), true)] {
        let mut promos = MockPromoCodes::new();
        promos.expect_promo_by_code().returning(move |_| Ok(Some(PromoCode { owner: Some(owner), ..ramadan(Some(1)) })));
        promos.expect_promo_uses_by().returning(|_, _, _| Ok(0));
        let book = if refused {
            let mut book = MockOrderBook::new();
            book.expect_place().never();
            book
        } else {
            storing_book()
        };
        let orders = Orders { promos: Arc::new(promos), ..orders(vec![(ProductId(1), 1)], book) };
        let outcome = orders.place_order(&buyer(), Checkout { copoun: Some("RAMADAN20".into()), ..checkout() }, None);
        assert_eq!(matches!(outcome, Err(OrderingError::Promo(PromoRefusal::NotYours))), refused, "{outcome:?}");
    }
}

#[test]
fn a_code_used_by_this_buyer_or_used_up_meanwhile_places_nothing() {
    let mut promos = MockPromoCodes::new();
    promos.expect_promo_by_code().returning(|_| Ok(Some(ramadan(Some(1)))));
    promos.expect_promo_uses_by().returning(|_, _, _| Ok(1));
    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let orders = Orders { promos: Arc::new(promos), ..self::orders(vec![(ProductId(1), 1)], book) };
    assert!(matches!(
        orders.place_order(&buyer(), Checkout { copoun: Some("RAMADAN20".into()), ..checkout() }, None),
        Err(OrderingError::Promo(PromoRefusal::AlreadyUsed))
    ));

    let mut promos = MockPromoCodes::new();
    promos.expect_promo_by_code().returning(|_| Ok(Some(ramadan(None))));
    promos.expect_promo_uses_by().returning(|_, _, _| Ok(0));
    let mut book = MockOrderBook::new();
    book.expect_place().returning(|_, _, _, _| Ok(Placement::PromoRefused(PromoRefusal::UsedUp)));
    let orders = Orders { promos: Arc::new(promos), ..self::orders(vec![(ProductId(1), 1)], book) };
    assert!(matches!(
        orders.place_order(&buyer(), Checkout { copoun: Some("RAMADAN20".into()), ..checkout() }, None),
        Err(OrderingError::Promo(PromoRefusal::UsedUp))
    ));

    let mut promos = MockPromoCodes::new();
    promos.expect_promo_by_code().returning(|_| Ok(None));
    let orders = Orders { promos: Arc::new(promos), ..self::orders(vec![(ProductId(1), 1)], MockOrderBook::new()) };
    assert!(matches!(
        orders.place_order(&buyer(), Checkout { copoun: Some("NOPE".into()), ..checkout() }, None),
        Err(OrderingError::Promo(PromoRefusal::Unknown))
    ));
}

#[test]
fn a_sales_order_is_the_clients_order_of_the_picked_lines_and_leaves_their_cart_alone() {
    // The client's cart holds something else, which the order must not take.
    let orders = orders(vec![(ProductId(2), 5)], storing_book());
    let placed = orders.place_sales_order(&buyer(), checkout(), &[(ProductId(1), 2), (ProductId(1), 1)], None).unwrap().placed;
    assert_eq!((placed.user, placed.source), (Some(BUYER), OrderSource::Sales));
    assert_eq!(placed.lines.iter().map(|line| (line.product, line.quantity)).collect::<Vec<_>>(), [(Some(ProductId(1)), 3)], "one product's lines added up");
    assert_eq!(placed.totals.subtotal, Money::from_pounds(120));

    let mut book = MockOrderBook::new();
    book.expect_place().never();
    let refused = self::orders(vec![], book).place_sales_order(&buyer(), Checkout { address: None, ..checkout() }, &[(ProductId(1), 0)], None);
    assert_eq!(rules(refused), [("address_id".into(), vec!["required"]), ("items".into(), vec!["quantity_range"])], "every broken field at once");
}

#[test]
fn a_dangerous_product_is_ordered_only_with_the_buyers_acknowledgement_and_the_order_keeps_it() {
    let guest = |items: Vec<(ProductId, i64)>, acknowledged_safety: bool| GuestCheckout {
        source: OrderSource::Guest,
        name: "Mona".into(),
        phone: "01112345678".into(),
        address: "Farm road".into(),
        landmark: String::new(),
        city: Some(CityId(1)),
        items,
        notes: String::new(),
        copoun: None,
        expected_total: None,
        payment_method: None,
        acknowledged_safety,
    };
    let dangerous = vec![(ProductId(3), 1), (ProductId(1), 1)];
    let refusing = orders(vec![], MockOrderBook::new());
    assert_eq!(
        rules(refusing.place_guest_order(guest(dangerous.clone(), false), Locale::En, None)),
        [("acknowledged_safety".into(), vec!["safety_acknowledgement_required"])],
        "refused before anything is stored"
    );
    let placed = orders(vec![], storing_book()).place_guest_order(guest(dangerous, true), Locale::En, None).unwrap().placed;
    assert!(placed.safety_acknowledged);
    let ordinary = orders(vec![], storing_book()).place_guest_order(guest(vec![(ProductId(1), 1)], true), Locale::En, None).unwrap().placed;
    assert!(!ordinary.safety_acknowledged, "nothing needed acknowledging");
}

/// A book placing any order as order 9 for a buyer whose account had `delivered` orders
/// delivered and whose phone has `record`.
fn placing_book(delivered: u64, record: PhoneRecord) -> MockOrderBook {
    let mut book = MockOrderBook::new();
    let history = BuyerHistory { record, band: None, delivered };
    book.expect_place().returning(move |order, admit, _, _| Ok(admitted(9, order, admit, &history)));
    book
}

#[test]
fn a_new_buyers_order_awaits_confirmation_and_a_trusted_clients_or_a_sales_engineers_does_not() {
    let cart = vec![(ProductId(1), 1)];
    let first = orders(cart.clone(), placing_book(1, PhoneRecord::default())).place_order(&buyer(), checkout(), None).unwrap();
    assert!(first.awaiting_confirmation(), "one delivered order is not yet trust");
    let links = orders(cart.clone(), placing_book(1, PhoneRecord::default()));
    assert_eq!(links.confirmation_link(&first).as_deref(), Some("https://mahsoul.example/confirm/9-ok"));

    let trusted = orders(cart.clone(), placing_book(2, PhoneRecord::default())).place_order(&buyer(), checkout(), None).unwrap();
    assert_eq!(trusted.confirmation.map(|confirmation| confirmation.via), Some(ConfirmedVia::Trusted));
    assert_eq!(links.confirmation_link(&trusted), None, "nothing to confirm");

    let for_client = orders(cart.clone(), placing_book(0, PhoneRecord::default())).place_sales_order(&buyer(), checkout(), &[(ProductId(1), 1)], None).unwrap();
    assert_eq!(for_client.confirmation.map(|confirmation| confirmation.via), Some(ConfirmedVia::Sales));

    let guest = one_packet_guest();
    let book = placing_book(5, PhoneRecord::default());
    assert!(orders(cart, book).place_guest_order(guest, Locale::Ar, None).unwrap().awaiting_confirmation(), "a guest always confirms");
}

/// A guest's checkout of one packet of product 1 to Cairo.
fn one_packet_guest() -> GuestCheckout {
    GuestCheckout {
        name: "Mona".into(),
        phone: "01112345678".into(),
        address: "Farm road".into(),
        landmark: String::new(),
        city: Some(CityId(1)),
        items: vec![(ProductId(1), 1)],
        notes: String::new(),
        copoun: None,
        expected_total: None,
        payment_method: None,
        acknowledged_safety: false,
        source: OrderSource::Guest,
    }
}

/// A phone with `refused` refused parcels and nothing delivered.
fn refusing(refused: u64) -> PhoneRecord {
    PhoneRecord { orders: refused, cancelled: refused, refused, ..PhoneRecord::default() }
}

#[test]
fn a_blocked_phone_cannot_order_cash_on_delivery() {
    let guest = one_packet_guest();
    let orders = orders(vec![(ProductId(1), 1)], placing_book(0, refusing(3)));
    let refused = orders.place_guest_order(guest, Locale::Ar, None);
    assert!(matches!(&refused, Err(OrderingError::PhoneBlocked { shop_phone }) if shop_phone == "01000000000"), "{refused:?}");
    assert!(refused.unwrap_err().is_kept(), "the refusal answers the request and is kept under its key");
    assert!(matches!(orders.place_order(&buyer(), checkout(), None), Err(OrderingError::PhoneBlocked { .. })));
}

#[test]
fn a_phone_the_staff_call_waits_for_the_call_whatever_would_trust_it_unless_a_sales_engineer_vouches() {
    let cart = vec![(ProductId(1), 1)];
    let called = orders(cart.clone(), placing_book(5, refusing(1))).place_order(&buyer(), checkout(), None).unwrap();
    assert!(called.awaiting_confirmation() && called.placed.awaits_call, "five delivered orders do not skip the call");
    let links = orders(cart.clone(), placing_book(5, refusing(1)));
    assert_eq!(links.confirmation_link(&called), None, "no link to tap: the shop calls");
    let prepaying = orders(cart.clone(), placing_book(0, refusing(2))).place_order(&buyer(), checkout(), None).unwrap();
    assert!(prepaying.placed.awaits_call);
    let vouched = orders(cart.clone(), placing_book(0, refusing(3))).place_sales_order(&buyer(), checkout(), &[(ProductId(1), 1)], None).unwrap();
    assert_eq!((vouched.confirmation.map(|c| c.via), vouched.placed.awaits_call), (Some(ConfirmedVia::Sales), false));

    let mut book = MockOrderBook::new();
    book.expect_order().returning(|id| Ok(Some(stored(id.0, &sample_order()))));
    book.expect_confirm().never();
    let refused = orders_for_phones(vec![], book, refusing(1)).confirm_by_link("9-ok");
    assert!(matches!(&refused, Err(OrderingError::Invalid(errors)) if errors.has("order")), "{refused:?}");
}

#[test]
fn a_link_confirms_only_the_order_it_names_and_only_while_it_awaits() {
    let mut book = MockOrderBook::new();
    book.expect_confirm()
        .withf(|id, confirmation| *id == OrderId(9) && confirmation.via == ConfirmedVia::Link && confirmation.by.is_none())
        .times(1)
        .returning(|_, _| Ok(true));
    book.expect_confirm().returning(|_, _| Ok(false));
    book.expect_order().returning(|id| Ok(Some(stored(id.0, &sample_order()))));
    let orders = orders(vec![], book);
    assert_eq!(orders.confirm_by_link("9-ok").unwrap().id, OrderId(9));
    assert!(matches!(orders.confirm_by_link("9-ok"), Err(OrderingError::NotFound)), "once");
    assert!(matches!(orders.confirm_by_link("9-forged"), Err(OrderingError::NotFound)), "a made-up link names nothing");
}

#[test]
fn orders_nobody_confirmed_in_time_cancel_themselves_with_their_stock_and_code_given_back() {
    let mut book = MockOrderBook::new();
    let cutoff = FixedClock.now() - chrono::Duration::hours(24);
    book.expect_unconfirmed_before().withf(move |before, _| *before == cutoff).returning(|_, _| Ok(vec![OrderId(3), OrderId(4)]));
    book.expect_change_status()
        .withf(|_, change| {
            change.cause == CancelCause::Unconfirmed && change.restock && change.release_promo && change.to == OrderStatus::Cancelled && change.by.is_none()
        })
        .returning(|id, _| Ok(id == OrderId(3)));
    assert_eq!(orders(vec![], book).expire_unconfirmed().unwrap(), 1, "order 4 was confirmed meanwhile and stays");
}
