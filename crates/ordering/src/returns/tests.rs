#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

use chrono::{DateTime, Duration, Utc};
use kernel::{CityId, Locale, Localized, Money, OrderId, Phone, ProductId, UserId, Weight};

use super::*;
use crate::order::{Destination, NewOrder, OrderLine, OrderSource, OrderStatus, Receiver, StatusChange, Totals};
use crate::payment::PaymentMethod;

fn at(days: i64) -> DateTime<Utc> {
    DateTime::<Utc>::from_timestamp(1_790_000_000, 0).unwrap() + Duration::days(days)
}

fn line(product: i64, pounds: i64, quantity: u32) -> OrderLine {
    let unit_price = Money::from_pounds(pounds);
    OrderLine {
        product: Some(ProductId(product)),
        slug: format!("p{product}"),
        name: Localized::new(format!("منتج {product}"), format!("Product {product}")),
        image: None,
        quantity,
        unit_price,
        weight: Weight::from_grams(250),
        line_total: unit_price.checked_times(i64::from(quantity)).unwrap(),
    }
}

/// A client's order of 3 × EGP 40 and 2 × EGP 100 (subtotal 320, EGP 32 off), delivered on
/// day 0.
fn delivered() -> Order {
    let (subtotal, discount) = (Money::from_pounds(320), Money::from_pounds(32));
    let change = |from, to, day| StatusChange { from, to, at: at(day), by: None, note: None };
    Order {
        id: OrderId(9),
        number: "MS-2026-000009".into(),
        status: OrderStatus::Delivered,
        created_at: at(-2),
        placed: NewOrder {
            user: Some(UserId(7)),
            source: OrderSource::Web,
            customer_name: "Samir".into(),
            customer_phone: Phone::parse("01012345678").unwrap(),
            receiver: Receiver::Buyer,
            destination: Destination { address: "Farm".into(), city: CityId(1), city_name: Localized::default() },
            notes: None,
            copoun: Some("TEN".into()),
            promo: None,
            lines: vec![line(1, 40, 3), line(2, 100, 2)],
            totals: Totals {
                subtotal,
                discount,
                shipping_base: Money::from_pounds(50),
                shipping_extra: Money::ZERO,
                cod_fee: Money::ZERO,
                total: Money::from_pounds(338),
                total_weight: Weight::from_grams(1_250),
            },
            payment_method: PaymentMethod::CashOnDelivery,
            locale: Locale::Ar,
            safety_acknowledged: false,
            confirmed: None,
            awaits_call: false,
        },
        history: vec![
            change(None, OrderStatus::New, -2),
            change(Some(OrderStatus::New), OrderStatus::OnDelivery, -1),
            change(Some(OrderStatus::OnDelivery), OrderStatus::Delivered, 0),
        ],
        sales_engineer: None,
        lots: Vec::new(),
        confirmation: None,
        cancelled_as: None,
        failed_attempts: Vec::new(),
        shipment: None,
        returns: Vec::new(),
    }
}

fn request(lines: Vec<(i64, i64)>, reason: &str) -> ReturnRequest {
    ReturnRequest { lines: lines.into_iter().map(|(product, units)| (ProductId(product), units)).collect(), reason: reason.into() }
}

fn rules_of(result: Result<(Vec<ReturnLine>, String, Money), FieldErrors>) -> Vec<(String, Vec<&'static str>)> {
    result.unwrap_err().iter().map(|(field, rules)| (field.to_string(), rules.to_vec())).collect()
}

#[test]
fn a_delivered_order_is_returned_within_its_days_and_pays_back_its_units_less_their_share_of_the_discount() {
    let (lines, reason, refund) = check_request(&delivered(), &request(vec![(2, 1), (1, 1), (1, 1)], " Wrong seeds "), &[], 14, at(14)).unwrap();
    assert_eq!(reason, "Wrong seeds");
    assert_eq!(lines.iter().map(|line| (line.product.0, line.quantity)).collect::<Vec<_>>(), [(2, 1), (1, 2)], "the same product's units add up");
    // EGP 180 of the EGP 320 subtotal bore EGP 18 of the EGP 32 discount.
    assert_eq!(refund, Money::from_pounds(162));
    assert_eq!(
        rules_of(check_request(&delivered(), &request(vec![(1, 1)], "late"), &[], 14, at(14) + Duration::seconds(1))),
        [("order".into(), vec!["return_too_late"])]
    );
    let on_delivery = Order { status: OrderStatus::OnDelivery, ..delivered() };
    assert_eq!(rules_of(check_request(&on_delivery, &request(vec![(1, 1)], "x"), &[], 14, at(1))), [("order".into(), vec!["return_not_delivered"])]);
}

#[test]
fn a_return_names_its_reason_and_only_units_it_received_that_can_be_returned() {
    let order = delivered();
    assert_eq!(
        rules_of(check_request(&order, &request(vec![], " "), &[], 14, at(1))),
        [("items".into(), vec!["return_items"]), ("reason".into(), vec!["required"])]
    );
    assert_eq!(rules_of(check_request(&order, &request(vec![(3, 1)], "x"), &[], 14, at(1))), [("items".into(), vec!["product_unknown"])]);
    assert_eq!(rules_of(check_request(&order, &request(vec![(1, 4)], "x"), &[], 14, at(1))), [("items".into(), vec!["return_quantity"])]);
    assert_eq!(rules_of(check_request(&order, &request(vec![(1, 0)], "x"), &[], 14, at(1))), [("items".into(), vec!["return_quantity"])]);
    assert_eq!(rules_of(check_request(&order, &request(vec![(2, 1)], "x"), &[ProductId(2)], 14, at(1))), [("items".into(), vec!["not_returnable"])]);

    let kept = |state| OrderReturn {
        id: 1,
        order: order.id,
        state,
        lines: vec![ReturnLine { product: ProductId(1), name: Localized::default(), quantity: 2, unit_price: Money::from_pounds(40) }],
        reason: "x".into(),
        asked_at: at(1),
        opened_by: None,
        note: None,
        refund: Money::from_pounds(72),
        resaleable: None,
        points_back: None,
        updated_at: at(1),
    };
    let asked_before = Order { returns: vec![kept(ReturnState::Approved)], ..delivered() };
    assert_eq!(rules_of(check_request(&asked_before, &request(vec![(1, 2)], "x"), &[], 14, at(1))), [("items".into(), vec!["return_quantity"])], "2 of 3 held");
    assert!(check_request(&asked_before, &request(vec![(1, 1)], "x"), &[], 14, at(1)).is_ok());
    let refused_before = Order { returns: vec![kept(ReturnState::Refused)], ..delivered() };
    assert!(check_request(&refused_before, &request(vec![(1, 3)], "x"), &[], 14, at(1)).is_ok(), "a refused return holds nothing");
}

#[test]
fn the_points_taken_back_are_the_returned_units_share_of_what_the_order_earned() {
    let lines = |units| vec![ReturnLine { product: ProductId(2), name: Localized::default(), quantity: units, unit_price: Money::from_pounds(100) }];
    // 32 points for EGP 320: a EGP 100 packet earned 10 of them.
    assert_eq!(points_back(32, &lines(1), Money::from_pounds(320)), 10);
    assert_eq!(points_back(32, &lines(2), Money::from_pounds(320)), 20);
    assert_eq!(points_back(5, &lines(1), Money::from_pounds(320)), 1, "1.56 rounds down: the client keeps the fraction");
    assert_eq!(points_back(0, &lines(1), Money::from_pounds(320)), 0);
    assert_eq!(points_back(32, &lines(9), Money::from_pounds(320)), 32, "never more than it earned");
}

#[test]
fn a_return_moves_request_then_approval_or_refusal_then_receipt_then_refund_and_nothing_else() {
    use ReturnState::{Approved, Received, Refunded, Refused, Requested};
    let receive = ReturnStep::Receive { resaleable: true };
    let steps = [ReturnStep::Approve, ReturnStep::Refuse, receive, ReturnStep::Refund];
    let allowed: Vec<(ReturnState, ReturnState)> = [Requested, Approved, Refused, Received, Refunded]
        .into_iter()
        .flat_map(|from| steps.iter().filter_map(move |step| from.next(*step).map(|to| (from, to))))
        .collect();
    assert_eq!(allowed, [(Requested, Approved), (Requested, Refused), (Approved, Received), (Received, Refunded)]);
}
