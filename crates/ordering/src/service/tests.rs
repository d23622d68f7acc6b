#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

use std::sync::Arc;

use kernel::{AddressId, CityId, Localized, Money, UserId};

use super::Delivery;
use crate::address::{Address, AddressDraft, AddressLabel, MAX_ADDRESSES};
use crate::city::{COD_PERCENT_MAX, CashTerms, CityDraft, CityRemoval, CodFee, SHIPPING_COST_MAX, ShippingCity};
use crate::error::OrderingError;
use crate::ports::{MockAddressBook, MockCityStore};

const BUYER: UserId = UserId(7);

fn city(id: i64, active: bool) -> ShippingCity {
    ShippingCity {
        id: CityId(id),
        name: Localized::new("الجيزة".into(), "Giza".into()),
        shipping_cost: Money::from_pounds(50),
        cash: CashTerms::default(),
        active,
        sort_order: 0,
    }
}

fn draft(text: &str, city: Option<i64>) -> AddressDraft {
    AddressDraft { text: text.into(), city: city.map(CityId), label: Some(AddressLabel::Home), ..AddressDraft::default() }
}

fn cities_with(known: Vec<ShippingCity>) -> MockCityStore {
    let mut cities = MockCityStore::new();
    cities.expect_city().returning(move |id| Ok(known.iter().find(|city| city.id == id).cloned()));
    cities
}

fn rules(result: Result<impl std::fmt::Debug, OrderingError>) -> Vec<(String, Vec<&'static str>)> {
    match result {
        Err(OrderingError::Invalid(errors)) => errors.iter().map(|(field, rules)| (field.to_string(), rules.to_vec())).collect(),
        other => panic!("expected invalid fields, got {other:?}"),
    }
}

#[test]
fn an_address_needs_its_text_and_an_active_city_and_nothing_is_stored_otherwise() {
    let mut book = MockAddressBook::new();
    book.expect_add_address().never();
    let delivery = Delivery::new(Arc::new(cities_with(vec![city(1, true), city(2, false)])), Arc::new(book));

    assert_eq!(rules(delivery.add_address(BUYER, draft("", None))), [("address".into(), vec!["required"]), ("city_id".into(), vec!["required"])]);
    assert_eq!(rules(delivery.add_address(BUYER, draft("12 Nile St", Some(2)))), [("city_id".into(), vec!["city_unknown"])], "an inactive city");
    assert_eq!(rules(delivery.add_address(BUYER, draft("12 Nile St", Some(99)))), [("city_id".into(), vec!["city_unknown"])]);
    assert_eq!(rules(delivery.add_address(BUYER, draft(&"x".repeat(501), Some(1)))), [("address".into(), vec!["too_long"])]);
}

#[test]
fn a_buyer_at_the_limit_of_addresses_is_told_so() {
    let mut book = MockAddressBook::new();
    book.expect_add_address().withf(|owner, _, max| *owner == BUYER && *max == MAX_ADDRESSES).returning(|_, _, _| Ok(None));
    let delivery = Delivery::new(Arc::new(cities_with(vec![city(1, true)])), Arc::new(book));
    assert_eq!(rules(delivery.add_address(BUYER, draft("12 Nile St", Some(1)))), [("address".into(), vec!["addresses_too_many"])]);
}

#[test]
fn a_saved_address_is_answered_with_its_city() {
    let mut book = MockAddressBook::new();
    book.expect_add_address().returning(|_, _, _| Ok(Some(AddressId(5))));
    book.expect_address().withf(|owner, id| *owner == BUYER && *id == AddressId(5)).returning(|_, id| {
        Ok(Some(Address { id, text: "12 Nile St".into(), city: city(1, true), label: AddressLabel::Home, recipient: None, landmark: None }))
    });
    let delivery = Delivery::new(Arc::new(cities_with(vec![city(1, true)])), Arc::new(book));
    let saved = delivery.add_address(BUYER, draft("12 Nile St", Some(1))).unwrap();
    assert_eq!((saved.id, saved.city.shipping_cost), (AddressId(5), Money::from_pounds(50)));
}

#[test]
fn another_buyers_address_is_not_found() {
    let mut book = MockAddressBook::new();
    book.expect_update_address().returning(|_, _, _| Ok(false));
    book.expect_remove_address().returning(|_, _| Ok(false));
    let delivery = Delivery::new(Arc::new(cities_with(vec![city(1, true)])), Arc::new(book));
    assert!(matches!(delivery.update_address(BUYER, AddressId(9), draft("12 Nile St", Some(1))), Err(OrderingError::NotFound)));
    assert!(matches!(delivery.remove_address(BUYER, AddressId(9)), Err(OrderingError::NotFound)));
}

#[test]
fn a_city_needs_both_names_and_a_cost_in_range() {
    let mut cities = MockCityStore::new();
    cities.expect_add_city().never();
    let delivery = Delivery::new(Arc::new(cities), Arc::new(MockAddressBook::new()));
    let bad = CityDraft {
        name: Localized::new(String::new(), "Siwa".into()),
        shipping_cost: Money::from_piastres(SHIPPING_COST_MAX.piastres() + 1),
        cash: CashTerms { accepted: true, fee: CodFee::Percent(COD_PERCENT_MAX + 1) },
        active: true,
        sort_order: 0,
    };
    assert_eq!(
        rules(delivery.add_city(bad)),
        [("cod_fee".into(), vec!["cod_fee_range"]), ("name_ar".into(), vec!["required"]), ("shipping_cost".into(), vec!["shipping_cost_range"])]
    );
    let negative = CityDraft {
        name: Localized::new("سيوة".into(), "Siwa".into()),
        shipping_cost: Money::from_piastres(-1),
        cash: CashTerms { accepted: false, fee: CodFee::Flat(Money::from_piastres(-1)) },
        active: true,
        sort_order: 0,
    };
    assert_eq!(rules(delivery.add_city(negative)), [("cod_fee".into(), vec!["cod_fee_range"]), ("shipping_cost".into(), vec!["shipping_cost_range"])]);
}

#[test]
fn removing_a_city_in_use_deactivates_it_and_an_unknown_one_is_not_found() {
    let mut cities = MockCityStore::new();
    cities.expect_remove_city().returning(|id| Ok(if id == CityId(1) { CityRemoval::Deactivated } else { CityRemoval::NotFound }));
    let delivery = Delivery::new(Arc::new(cities), Arc::new(MockAddressBook::new()));
    assert_eq!(delivery.remove_city(CityId(1)).unwrap(), CityRemoval::Deactivated);
    assert!(matches!(delivery.remove_city(CityId(2)), Err(OrderingError::NotFound)));
}
