#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! The catalogue's store on a real database (SQLite, or PostgreSQL on the Makefile's second
//! leg): what staff write is what the storefront loads, every write bumps the version, and
//! removals hand back the pictures to delete.

use catalog::WeightUnit;
use catalog::offer::OfferTarget;
use catalog::ports::{CatalogueEditor, CatalogueStore};
use catalog::{CategoryDraft, OfferDraft, ProductDraft};
use chrono::{Duration, Utc};
use kernel::{Localized, Money, Percent, ProductId, Weight};
use store::catalogue::DieselCatalogueStore;

mod common;

fn draft(name_en: &str, category: Option<kernel::CategoryId>) -> ProductDraft {
    ProductDraft {
        name: Localized::new(format!("{name_en} بالعربية"), name_en.to_string()),
        description: Localized::new("وصف".into(), "A description".into()),
        price: Money::from_piastres(8_550),
        discount: Percent::new(10).unwrap(),
        expires_at: None,
        weight: Weight::from_grams(250),
        weight_unit: WeightUnit::G,
        quantity: 40,
        featured: true,
        is_package: false,
        pieces_per_package: None,
        category_id: category,
    }
}

fn offer_on(target: OfferTarget) -> OfferDraft {
    OfferDraft {
        title: Localized::new("عرض".into(), "Deal".into()),
        percentage: Percent::new(15).unwrap(),
        target,
        starts_at: Utc::now() - Duration::days(1),
        ends_at: Utc::now() + Duration::days(6),
    }
}

#[test]
fn a_product_is_read_back_as_written_and_its_removal_returns_its_pictures() {
    let test = common::fresh_database();
    let store = DieselCatalogueStore::new(test.db.clone());
    let start = store.versions().unwrap().catalogue;
    let seeds = store
        .create_category("seeds", &CategoryDraft { name: Localized::new("بذور".into(), "Seeds".into()), sort_order: 1, returnable: true }, None)
        .unwrap()
        .unwrap();
    let id = store.create_product("melon-seeds", &draft("Melon seeds", Some(seeds)), &["products/a-large.webp".into()]).unwrap().unwrap();
    assert!(store.update_product(id, &draft("Sweet melon seeds", Some(seeds)), &["products/b-large.webp".into()]).unwrap());
    assert_eq!(store.versions().unwrap().catalogue, start + 3, "every write bumps the version");

    let loaded = store.load().unwrap();
    let product = loaded.products.iter().find(|p| p.id == id).unwrap();
    assert_eq!(product.draft.name, Localized::new("Sweet melon seeds بالعربية".to_string(), "Sweet melon seeds".to_string()));
    assert_eq!((product.draft.price, product.draft.discount.value(), product.draft.weight.grams()), (Money::from_piastres(8_550), 10, 250));
    assert_eq!((product.draft.weight_unit, product.draft.category_id, product.draft.quantity), (WeightUnit::G, Some(seeds), 40));
    assert_eq!(product.images, ["products/a-large.webp", "products/b-large.webp"], "new pictures come after the old ones");
    assert_eq!(loaded.categories.iter().find(|c| c.id == seeds).map(|c| c.draft.name.en.as_str()), Some("Seeds"));

    assert_eq!(store.delete_product(id).unwrap(), Some(vec!["products/a-large.webp".to_string(), "products/b-large.webp".to_string()]));
    assert_eq!(store.delete_product(id).unwrap(), None, "already gone");
    assert!(!store.update_product(id, &draft("Ghost", None), &[]).unwrap());
    assert!(store.load().unwrap().products.iter().all(|p| p.id != id));
}

#[test]
fn an_offer_keeps_the_products_it_covers_until_it_moves_to_a_category() {
    let test = common::fresh_database();
    let store = DieselCatalogueStore::new(test.db.clone());
    let a = store.create_product("a", &draft("Basil seeds", None), &[]).unwrap().unwrap();
    let b = store.create_product("b", &draft("Mint seeds", None), &[]).unwrap().unwrap();
    let herbs = store
        .create_category("herbs", &CategoryDraft { name: Localized::new("أعشاب".into(), "Herbs".into()), sort_order: 2, returnable: true }, None)
        .unwrap()
        .unwrap();

    let offer = store.create_offer(&offer_on(OfferTarget::Products(vec![a, b])), Some("offers/banner.webp".into())).unwrap();
    let loaded = store.load().unwrap().offers.into_iter().find(|o| o.id == offer).unwrap();
    let OfferTarget::Products(mut covered) = loaded.draft.target else { panic!("an offer on products") };
    covered.sort();
    assert_eq!(covered, [a, b]);
    assert!(loaded.active, "a new offer is switched on");

    assert!(store.set_offer_active(offer, false).unwrap());
    assert_eq!(store.update_offer(offer, &offer_on(OfferTarget::Category(herbs)), None).unwrap(), Some(Vec::new()), "no new banner, nothing to remove");
    let moved = store.load().unwrap().offers.into_iter().find(|o| o.id == offer).unwrap();
    assert_eq!((moved.draft.target, moved.active), (OfferTarget::Category(herbs), false));

    assert_eq!(store.delete_offer(offer).unwrap(), Some(vec!["offers/banner.webp".to_string()]));
    assert!(!store.set_offer_active(offer, true).unwrap(), "a removed offer cannot be switched on");
}

#[test]
fn products_exist_only_when_every_one_named_does() {
    let test = common::fresh_database();
    let store = DieselCatalogueStore::new(test.db.clone());
    let a = store.create_product("a", &draft("Okra seeds", None), &[]).unwrap().unwrap();
    assert!(store.products_exist(&[a, a]).unwrap(), "a repeated id counts once");
    assert!(!store.products_exist(&[a, ProductId(999_999)]).unwrap());
    assert!(store.slug_taken("a").unwrap());
    assert!(!store.slug_taken("b").unwrap());
}

#[test]
fn the_daily_write_off_takes_an_expired_lots_units_out_of_the_stock_and_keeps_the_lot_listed() {
    use catalog::LotDraft;
    use catalog::ports::{LotWrite, Shelf};
    let test = common::fresh_database();
    let store = DieselCatalogueStore::new(test.db.clone());
    let id = store.create_product("copper-wp", &draft("Copper 77% WP", None), &[]).unwrap().unwrap();
    let day = |text: &str| text.parse::<chrono::NaiveDate>().unwrap();
    let lot = |batch: &str, expires_on: &str, quantity: i64| LotDraft { batch: batch.into(), expires_on: day(expires_on), quantity };
    // The 40 units typed before lots belong to no lot: the first lot says what becomes of them.
    assert_eq!(store.add_lot(id, &lot("CU-1", "2026-11-30", 6), None, day("2026-11-27")).unwrap(), LotWrite::UnlottedUndecided(40));
    assert!(store.lots(id).unwrap().unwrap().is_empty(), "nothing written");
    let counted_again = catalog::UnlottedUnits::WriteOff { reason: "counted again".into() };
    assert!(matches!(store.add_lot(id, &lot("CU-1", "2026-11-30", 6), Some(counted_again), day("2026-11-27")).unwrap(), LotWrite::Done(_)));
    assert!(matches!(store.add_lot(id, &lot("CU-2", "2027-06-30", 4), None, day("2026-11-27")).unwrap(), LotWrite::Done(_)));
    let stock = || store.stock().unwrap().into_iter().find(|(product, _)| *product == id).map(|(_, units)| units);
    assert_eq!(stock(), Some(10));

    assert_eq!(store.write_off_expired(day("2026-11-30")).unwrap(), Vec::<ProductId>::new(), "its last day still sells");
    assert_eq!(stock(), Some(10));
    assert_eq!(store.write_off_expired(day("2026-12-01")).unwrap(), vec![id]);
    assert_eq!(stock(), Some(4), "only the lot in date counts");
    assert_eq!(store.write_off_expired(day("2026-12-01")).unwrap(), Vec::<ProductId>::new(), "once");
    let watched = store.lots_expiring_by(day("2026-12-01"), 10).unwrap();
    assert_eq!(
        watched.iter().map(|lot| (lot.draft.batch.as_str(), lot.draft.quantity)).collect::<Vec<_>>(),
        [("CU-1", 6)],
        "still on the shelf for staff to take off"
    );
}
