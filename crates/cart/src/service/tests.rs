#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

use std::sync::Arc;

use kernel::{Localized, Money, ProductId, ShippingRule, UserId, Weight};

use super::CartService;
use crate::error::CartError;
use crate::line::{CartLine, MAX_LINES};
use crate::ports::{MockCartStore, MockPriceList, PricedProduct};

const BUYER: UserId = UserId(7);

fn product(id: i64, pounds: i64, available: i64, grams: i64) -> PricedProduct {
    PricedProduct {
        id: ProductId(id),
        slug: format!("p-{id}"),
        name: Localized::new(format!("منتج {id}"), format!("Product {id}")),
        image: None,
        price: Money::from_pounds(pounds),
        sale_price: Money::from_pounds(pounds),
        available,
        weight: Weight::from_grams(grams),
        needs_safety_acknowledgement: false,
    }
}

fn line(id: i64, quantity: u32) -> CartLine {
    CartLine { product: ProductId(id), quantity }
}

/// A price list holding these products and the shop's default rule (10 kg free, 5 EGP a kg).
fn prices(products: Vec<PricedProduct>) -> MockPriceList {
    let mut prices = MockPriceList::new();
    prices.expect_priced().returning(move |ids| Ok(products.iter().filter(|p| ids.contains(&p.id)).cloned().collect()));
    prices.expect_shipping_rule().returning(|| Ok(ShippingRule { free_weight: Weight::from_grams(10_000), extra_fee_per_kg: Money::from_pounds(5) }));
    prices
}

fn service(store: MockCartStore, prices: MockPriceList) -> CartService {
    CartService::new(Arc::new(store), Arc::new(prices))
}

#[test]
fn adding_grows_the_line_and_never_beyond_the_stock_left() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok(vec![line(1, 2)]));
    store
        .expect_add()
        .withf(|owner, product, units, most| *owner == BUYER && (*product, *units, *most) == (ProductId(1), 2, 5))
        .times(1)
        .returning(|_, _, _, _| Ok(true));
    store.expect_put().never();
    let cart = service(store, prices(vec![product(1, 30, 5, 500)]));

    assert!(cart.add(BUYER, ProductId(1), 2).is_ok());
    match cart.add(BUYER, ProductId(1), 4) {
        Err(CartError::ShortOfStock { product, left }) => assert_eq!((product.en.as_str(), left), ("Product 1", 5)),
        other => panic!("expected short of stock, got {other:?}"),
    }
}

#[test]
fn an_add_answers_the_cart_with_the_line_put_reading_the_cart_once() {
    let mut store = MockCartStore::new();
    store.expect_lines().times(1).returning(|_| Ok(vec![line(2, 1), line(1, 2)]));
    store.expect_add().times(1).returning(|_, _, _, _| Ok(true));
    let cart = service(store, prices(vec![product(1, 30, 5, 500), product(2, 10, 9, 100), product(3, 20, 9, 100)]));
    let view = cart.add(BUYER, ProductId(1), 3).unwrap();
    let shown: Vec<(i64, u32)> = view.lines.iter().map(|line| (line.product.id.0, line.quantity)).collect();
    assert_eq!(shown, [(2, 1), (1, 5)], "the grown line keeps its place");

    let mut store = MockCartStore::new();
    store.expect_lines().times(1).returning(|_| Ok(vec![line(2, 1)]));
    store.expect_add().times(1).returning(|_, _, _, _| Ok(true));
    let cart = service(store, prices(vec![product(2, 10, 9, 100), product(3, 20, 9, 100)]));
    let view = cart.add(BUYER, ProductId(3), 1).unwrap();
    let shown: Vec<(i64, u32)> = view.lines.iter().map(|line| (line.product.id.0, line.quantity)).collect();
    assert_eq!(shown, [(2, 1), (3, 1)], "a new line comes last");
}

#[test]
fn an_add_the_store_refuses_because_a_parallel_add_came_first_names_what_is_left() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok(vec![line(1, 2)]));
    store.expect_add().returning(|_, _, _, _| Ok(false));
    let cart = service(store, prices(vec![product(1, 30, 5, 500), product(2, 30, 5_000, 500)]));
    match cart.add(BUYER, ProductId(1), 1) {
        Err(CartError::ShortOfStock { left, .. }) => assert_eq!(left, 5),
        other => panic!("expected short of stock, got {other:?}"),
    }
    assert!(matches!(cart.add(BUYER, ProductId(2), 1), Err(CartError::Invalid(e)) if e.has("quantity")), "over the bound of a line");
}

#[test]
fn quantities_out_of_bounds_and_unknown_products_are_refused() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok(Vec::new()));
    store.expect_put().never();
    store.expect_add().never();
    store.expect_remove().withf(|_, product| *product == ProductId(1)).times(1).returning(|_, _| Ok(()));
    let cart = service(store, prices(vec![product(1, 30, 5000, 500)]));

    for quantity in [0, -3, 1000, i64::MAX] {
        assert!(matches!(cart.add(BUYER, ProductId(1), quantity), Err(CartError::Invalid(e)) if e.has("quantity")), "{quantity}");
    }
    assert!(matches!(cart.set(BUYER, ProductId(1), -1), Err(CartError::Invalid(_))));
    assert!(matches!(cart.add(BUYER, ProductId(99), 1), Err(CartError::UnknownProduct)));
    assert!(cart.set(BUYER, ProductId(1), 0).is_ok(), "0 removes the line");
}

#[test]
fn a_full_cart_takes_no_new_product_but_its_lines_still_change() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok((1..=MAX_LINES as i64).map(|id| line(id, 1)).collect()));
    store.expect_put().withf(|_, lines| lines == [line(1, 3)]).times(1).returning(|_, _| Ok(()));
    store.expect_add().never();
    let cart = service(store, prices((1..=MAX_LINES as i64 + 1).map(|id| product(id, 10, 50, 100)).collect()));

    assert!(matches!(cart.add(BUYER, ProductId(MAX_LINES as i64 + 1), 1), Err(CartError::Invalid(e)) if e.has("product")));
    assert!(cart.set(BUYER, ProductId(1), 3).is_ok());
}

#[test]
fn the_view_adds_line_totals_weight_and_the_shipping_extra() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok(vec![line(1, 2), line(2, 3), line(404, 1)]));
    let mut discounted = product(2, 40, 10, 2_000);
    discounted.sale_price = Money::from_pounds(36);
    let view = service(store, prices(vec![product(1, 30, 1, 3_000), discounted])).view(BUYER).unwrap();

    assert_eq!(view.lines.len(), 2, "a product gone from the catalogue drops out");
    assert_eq!(view.lines[1].line_total, Money::from_pounds(108), "sale price times quantity");
    assert_eq!(view.total, Money::from_pounds(60 + 108));
    assert_eq!(view.total_weight, Weight::from_grams(12_000));
    assert_eq!(view.shipping_extra, Money::from_pounds(10), "2 kg above the free 10 kg");
    assert!(view.lines[0].short(), "2 wanted, 1 left: flagged");
    assert!(!view.lines[1].short());
}

#[test]
fn a_transfer_merges_quantities_caps_them_at_the_stock_and_skips_what_is_gone() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok(vec![line(1, 2)]));
    store.expect_put().withf(|_, lines| lines == [line(1, 5), line(2, 4)]).times(1).returning(|_, _| Ok(()));
    let cart = service(store, prices(vec![product(1, 30, 50, 500), product(2, 20, 4, 500), product(3, 10, 0, 500)]));

    let items = [(ProductId(1), 1), (ProductId(2), 9), (ProductId(1), 2), (ProductId(3), 1), (ProductId(404), 1)];
    assert!(cart.transfer(BUYER, &items).is_ok(), "1: 2 + 1 + 2; 2: only 4 left; 3 sold out; 404 unknown");
}

#[test]
fn a_hostile_transfer_is_refused_whole() {
    let mut store = MockCartStore::new();
    store.expect_lines().returning(|_| Ok(Vec::new()));
    store.expect_put().never();
    let cart = service(store, prices(vec![product(1, 30, 50, 500)]));

    let too_many: Vec<(ProductId, i64)> = (0..1_000).map(|id| (ProductId(id), 1)).collect();
    assert!(matches!(cart.transfer(BUYER, &too_many), Err(CartError::Invalid(e)) if e.has("items")));
    assert!(matches!(cart.transfer(BUYER, &[(ProductId(1), 1), (ProductId(1), -5)]), Err(CartError::Invalid(e)) if e.has("items")));
}

#[test]
fn a_browser_cart_is_priced_like_a_server_cart_without_touching_any_store() {
    let mut store = MockCartStore::new();
    store.expect_put().never();
    store.expect_lines().never();
    let cart = service(store, prices(vec![product(1, 40, 3, 250), product(2, 100, 50, 6_000)]));
    let view = cart.quote(&[(ProductId(1), 2), (ProductId(2), 2), (ProductId(1), 3), (ProductId(9), 1)]).unwrap();
    let lines: Vec<(i64, u32, bool)> = view.lines.iter().map(|line| (line.product.id.0, line.quantity, line.short())).collect();
    assert_eq!(lines, [(1, 5, true), (2, 2, false)], "merged, the gone product left out, the short line kept and flagged");
    assert_eq!(view.total, Money::from_pounds(5 * 40 + 2 * 100));
    assert!(matches!(cart.quote(&[(ProductId(1), 0)]), Err(CartError::Invalid(_))));
}
