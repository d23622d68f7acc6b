#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! Buyers' carts on a real database (SQLite, or PostgreSQL on the Makefile's second leg).

use cart::{CartLine, CartStore};
use catalog::ProductDraft;
use catalog::WeightUnit;
use catalog::ports::CatalogueEditor;
use identity::ports::UserRepository;
use identity::user::{NewUser, Role, UserId};
use kernel::{Localized, Money, Percent, Phone, ProductId, Weight};
use store::cart::DieselCartStore;
use store::catalogue::DieselCatalogueStore;
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

fn product(catalogue: &DieselCatalogueStore, slug: &str) -> ProductId {
    let draft = ProductDraft {
        name: Localized::new(format!("{slug} ar"), slug.to_string()),
        description: Localized::default(),
        price: Money::from_pounds(20),
        discount: Percent::ZERO,
        expires_at: None,
        weight: Weight::from_grams(500),
        weight_unit: WeightUnit::G,
        quantity: 10,
        featured: false,
        is_package: false,
        pieces_per_package: None,
        category_id: None,
    };
    catalogue.create_product(slug, &draft, &[]).unwrap().unwrap()
}

fn line(product: ProductId, quantity: u32) -> CartLine {
    CartLine { product, quantity }
}

#[test]
fn a_cart_keeps_its_lines_in_the_order_they_came_and_only_its_own() {
    let test = common::fresh_database();
    let (users, catalogue, carts) =
        (DieselUserRepository::new(test.db.clone()), DieselCatalogueStore::new(test.db.clone()), DieselCartStore::new(test.db.clone()));
    let (samir, mona) = (buyer(&users, "01012345678"), buyer(&users, "01112345678"));
    let (a, b, c) = (product(&catalogue, "a"), product(&catalogue, "b"), product(&catalogue, "c"));

    carts.put(samir, &[line(b, 2)]).unwrap();
    carts.put(samir, &[line(a, 1), line(b, 5)]).unwrap();
    carts.put(mona, &[line(c, 3)]).unwrap();
    let lines = carts.lines(samir).unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], line(b, 5), "b came first and its quantity was replaced");
    assert_eq!(lines[1], line(a, 1));
    assert_eq!(carts.lines(mona).unwrap(), [line(c, 3)], "one buyer never sees another's lines");

    carts.remove(samir, b).unwrap();
    carts.remove(samir, c).unwrap();
    assert_eq!(carts.lines(samir).unwrap(), [line(a, 1)], "removing a line the cart lacks is fine");
    carts.clear(samir).unwrap();
    assert!(carts.lines(samir).unwrap().is_empty());
    assert_eq!(carts.lines(mona).unwrap().len(), 1);
}

#[test]
fn a_product_removed_from_the_catalogue_leaves_every_cart() {
    let test = common::fresh_database();
    let (users, catalogue, carts) =
        (DieselUserRepository::new(test.db.clone()), DieselCatalogueStore::new(test.db.clone()), DieselCartStore::new(test.db.clone()));
    let samir = buyer(&users, "01012345678");
    let (a, b) = (product(&catalogue, "a"), product(&catalogue, "b"));
    carts.put(samir, &[line(a, 1), line(b, 1)]).unwrap();
    catalogue.delete_product(a).unwrap();
    assert_eq!(carts.lines(samir).unwrap(), [line(b, 1)]);
}

#[test]
fn parallel_adds_of_one_line_all_count_and_never_pass_the_bound() {
    let test = common::fresh_database();
    let (users, catalogue, carts) =
        (DieselUserRepository::new(test.db.clone()), DieselCatalogueStore::new(test.db.clone()), DieselCartStore::new(test.db.clone()));
    let samir = buyer(&users, "01012345678");
    let seeds = product(&catalogue, "seeds");
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| assert!(carts.add(samir, seeds, 1, 999).unwrap()));
        }
    });
    assert_eq!(carts.lines(samir).unwrap(), [line(seeds, 8)], "one line, every add counted");

    assert!(!carts.add(samir, seeds, 3, 10).unwrap(), "8 + 3 is over 10");
    assert!(carts.add(samir, seeds, 2, 10).unwrap());
    assert_eq!(carts.lines(samir).unwrap(), [line(seeds, 10)]);
    let soil = product(&catalogue, "soil");
    assert!(!carts.add(samir, soil, 4, 3).unwrap(), "a new line is bound too");
    assert_eq!(carts.lines(samir).unwrap().len(), 1);
}
