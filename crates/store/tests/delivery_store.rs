#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! Shipping cities and buyers' addresses on a real database (SQLite, or PostgreSQL on the
//! Makefile's second leg).

use std::sync::Arc;

use identity::ports::UserRepository;
use identity::user::{NewUser, Role, UserId};
use kernel::{CityId, Localized, Money, PageRequest, Phone};
use ordering::{AddressBook, AddressDraft, CashTerms, CityDraft, CityQuery, CityRemoval, CityStore, CodFee};
use store::delivery::DieselDeliveryStore;
use store::identity::DieselUserRepository;

mod common;

fn buyer(users: &DieselUserRepository, phone: &str) -> UserId {
    let user = NewUser {
        name: "Samir".into(),
        email: None,
        phone: Phone::parse(phone),
        password_hash: Some("hash".into()),
        role: Role::Customer,
        access_role: None,
        verified: true,
        city_id: None,
        google_subject: None,
    };
    users.create(&user).unwrap().unwrap().id
}

fn city(name: &str, pounds: i64) -> CityDraft {
    CityDraft {
        name: Localized::new(format!("{name} ar"), name.to_string()),
        shipping_cost: Money::from_pounds(pounds),
        cash: CashTerms::default(),
        active: true,
        sort_order: 0,
    }
}

fn at(text: &str, city: CityId) -> AddressDraft {
    AddressDraft { text: text.into(), city: Some(city), label: Some(ordering::AddressLabel::Home), ..AddressDraft::default() }
}

#[test]
fn cities_are_searched_in_either_language_and_an_inactive_one_is_not_offered() {
    let test = common::fresh_database();
    let cities = DieselDeliveryStore::new(test.db.clone());
    let luxor = cities.add_city(&city("Luxor", 70)).unwrap();
    let aswan = cities.add_city(&city("Aswan", 80)).unwrap();
    let query = |search: &str| CityQuery { search: Some(search.into()), page: PageRequest::new(None, None) };
    assert_eq!(cities.cities(&query("LUX")).unwrap().data.iter().map(|c| c.id).collect::<Vec<_>>(), [luxor]);
    assert_eq!(cities.cities(&query("aswan ar")).unwrap().data.iter().map(|c| c.id).collect::<Vec<_>>(), [aswan]);
    assert_eq!(cities.cities(&query("%")).unwrap().total, 0, "a wildcard is searched as itself");

    cities.update_city(aswan, &CityDraft { active: false, ..city("Aswan", 90) }).unwrap();
    assert!(!cities.active_cities().unwrap().iter().any(|c| c.id == aswan));
    assert_eq!(cities.city(aswan).unwrap().unwrap().shipping_cost, Money::from_pounds(90));
}

#[test]
fn a_citys_cash_terms_are_kept_as_written() {
    let test = common::fresh_database();
    let cities = DieselDeliveryStore::new(test.db.clone());
    let luxor = cities.add_city(&city("Luxor", 70)).unwrap();
    assert_eq!(cities.city(luxor).unwrap().unwrap().cash, CashTerms { accepted: true, fee: CodFee::None }, "cash with no fee unless set");
    for cash in [
        CashTerms { accepted: true, fee: CodFee::Percent(150) },
        CashTerms { accepted: true, fee: CodFee::Flat(Money::from_piastres(1_250)) },
        CashTerms { accepted: false, fee: CodFee::None },
    ] {
        cities.update_city(luxor, &CityDraft { cash, ..city("Luxor", 70) }).unwrap();
        assert_eq!(cities.city(luxor).unwrap().unwrap().cash, cash);
    }
}

#[test]
fn a_city_in_use_is_deactivated_and_a_free_one_removed() {
    let test = common::fresh_database();
    let (users, book) = (DieselUserRepository::new(test.db.clone()), DieselDeliveryStore::new(test.db.clone()));
    let (used, free) = (book.add_city(&city("Used", 10)).unwrap(), book.add_city(&city("Free", 10)).unwrap());
    let samir = buyer(&users, "01012345678");
    book.add_address(samir, &at("Farm road", used), 20).unwrap().unwrap();

    assert_eq!(book.remove_city(used).unwrap(), CityRemoval::Deactivated);
    assert_eq!(book.addresses(samir).unwrap()[0].city.id, used, "the address keeps its city");
    assert_eq!(book.remove_city(free).unwrap(), CityRemoval::Removed);
    assert_eq!(book.remove_city(free).unwrap(), CityRemoval::NotFound);
}

#[test]
fn addresses_belong_to_their_owner_only() {
    let test = common::fresh_database();
    let (users, book) = (DieselUserRepository::new(test.db.clone()), DieselDeliveryStore::new(test.db.clone()));
    let cairo = book.add_city(&city("Cairo", 50)).unwrap();
    let (samir, mona) = (buyer(&users, "01012345678"), buyer(&users, "01112345678"));
    let home = book.add_address(samir, &at("Home", cairo), 20).unwrap().unwrap();

    assert!(book.address(mona, home).unwrap().is_none());
    assert!(!book.update_address(mona, home, &at("Mine", cairo)).unwrap());
    assert!(!book.remove_address(mona, home).unwrap());
    assert_eq!(book.addresses(samir).unwrap()[0].text, "Home");
    assert!(book.remove_address(samir, home).unwrap());
    assert!(book.addresses(samir).unwrap().is_empty());
}

#[test]
fn thirty_parallel_adds_never_pass_the_limit_of_twenty() {
    let test = common::fresh_database();
    let (users, book) = (DieselUserRepository::new(test.db.clone()), Arc::new(DieselDeliveryStore::new(test.db.clone())));
    let cairo = book.add_city(&city("Cairo", 50)).unwrap();
    let samir = buyer(&users, "01012345678");
    let added: usize = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..30)
            .map(|n| {
                let book = book.clone();
                scope.spawn(move || book.add_address(samir, &at(&format!("Farm {n}"), cairo), 20).unwrap().is_some())
            })
            .collect();
        handles.into_iter().map(|handle| usize::from(handle.join().unwrap())).sum()
    });
    assert_eq!(added, 20);
    assert_eq!(book.addresses(samir).unwrap().len(), 20);
}
