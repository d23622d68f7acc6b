//! Catalogue use cases over a mocked store.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use kernel::{CategoryId, Clock, Localized, Money, OfferId, PageRequest, Percent, ProductId, Weight};

use super::*;
use crate::agronomy::{Agronomy, Registration};
use crate::offer::OfferDraft;
use crate::offer::OfferTarget;
use crate::ports::{MockCatalogueStore, Versions};
use crate::product::WeightUnit;
use crate::product::{CategoryDraft, ProductDraft};
use crate::search::SynonymGroup;

struct FixedClock(DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000, 0).unwrap_or_default()
}

fn category(id: i64, slug: &str, ar: &str, en: &str) -> Category {
    Category {
        id: CategoryId(id),
        slug: slug.into(),
        draft: CategoryDraft { name: Localized::new(ar.into(), en.into()), sort_order: id as i32, returnable: true },
        image: None,
    }
}

fn product(id: i64, ar: &str, en: &str, pounds: i64, category: i64) -> Product {
    Product {
        id: ProductId(id),
        slug: format!("p-{id}"),
        draft: ProductDraft {
            name: Localized::new(ar.into(), en.into()),
            description: Localized::new(String::new(), String::new()),
            price: Money::from_pounds(pounds),
            discount: Percent::ZERO,
            expires_at: None,
            weight: Weight::from_grams(1000),
            weight_unit: WeightUnit::Kg,
            quantity: 10,
            featured: false,
            is_package: false,
            pieces_per_package: None,
            category_id: Some(CategoryId(category)),
        },
        agronomy: Agronomy::default(),
        documents: crate::product::ProductDocuments::default(),
        images: vec![],
        created_at: now() - Duration::days(id),
    }
}

/// `product` with its draft changed by `change`.
fn changed(mut product: Product, change: impl FnOnce(&mut ProductDraft)) -> Product {
    change(&mut product.draft);
    product
}

fn stored() -> StoredCatalogue {
    StoredCatalogue {
        version: 1,
        stock_version: 0,
        categories: vec![category(1, "fertilisers", "أسمدة", "Fertilisers"), category(2, "seeds", "بذور", "Seeds")],
        products: vec![
            product(1, "سماد عضوي", "Organic compost", 120, 1),
            changed(product(2, "أسمدة نيتروجينية", "Nitrogen fertiliser", 300, 1), |draft| draft.featured = true),
            changed(product(3, "بذور طماطم", "Tomato seeds", 45, 2), |draft| draft.quantity = 0),
            product(4, "بذور خيار", "Cucumber seeds", 60, 2),
        ],
        offers: vec![Offer {
            id: OfferId(1),
            draft: OfferDraft {
                title: Localized::new("عرض".into(), "Deal".into()),
                percentage: Percent::clamped(50),
                target: OfferTarget::Products(vec![ProductId(2)]),
                starts_at: now() - Duration::days(1),
                ends_at: now() + Duration::days(1),
            },
            banner_image: None,
            active: true,
        }],
        synonyms: vec![SynonymGroup { id: 1, members: vec!["قوطة".into(), "طماطم".into()] }],
        ..StoredCatalogue::default()
    }
}

fn service(store: MockCatalogueStore) -> CatalogService {
    CatalogService::new(Arc::new(store), Arc::new(FixedClock(now())), chrono::Duration::zero())
}

fn store_at_version_one() -> MockCatalogueStore {
    let mut store = MockCatalogueStore::new();
    store.expect_versions().returning(|| Ok(Versions::new(1, 0)));
    store.expect_load().times(1).returning(|| Ok(stored()));
    store
}

fn query() -> ProductQuery {
    ProductQuery { sort: Sort::Relevance, ..ProductQuery::every(PageRequest::new(None, None)) }
}

fn ids(list: &ProductPage) -> Vec<i64> {
    list.page.data.iter().map(|card| card.product.id.0).collect()
}

#[test]
fn the_catalogue_is_loaded_once_per_version() {
    let catalog = service(store_at_version_one());
    for _ in 0..3 {
        assert_eq!(catalog.list_products(&query()).map(|p| p.page.total).ok(), Some(4));
    }
}

#[test]
fn the_copy_in_memory_keeps_serving_while_the_store_cannot_say_whether_it_changed() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let out_of_reach = Arc::new(AtomicBool::new(false));
    let mut store = MockCatalogueStore::new();
    let down = out_of_reach.clone();
    store.expect_versions().returning(move || if down.load(Ordering::SeqCst) { Err(anyhow::anyhow!("no connection")) } else { Ok(Versions::new(1, 0)) });
    store.expect_load().times(1).returning(|| Ok(stored()));
    let catalog = service(store);
    assert!(!catalog.has_copy());
    assert_eq!(catalog.list_products(&query()).map(|p| p.page.total).ok(), Some(4));
    out_of_reach.store(true, Ordering::SeqCst);
    assert!(catalog.has_copy());
    assert_eq!(catalog.list_products(&query()).map(|p| p.page.total).ok(), Some(4), "served from memory");
    assert!(catalog.categories().is_ok(), "every read from memory");

    let mut empty = MockCatalogueStore::new();
    empty.expect_versions().returning(|| Err(anyhow::anyhow!("no connection")));
    assert!(service(empty).categories().is_err(), "without a copy there is nothing to serve");
}

#[test]
fn a_new_version_reloads_the_catalogue() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let current = Arc::new(AtomicI64::new(1));
    let mut store = MockCatalogueStore::new();
    let read = current.clone();
    store.expect_versions().returning(move || Ok(Versions::new(read.load(Ordering::SeqCst), 0)));
    let loaded = current.clone();
    store.expect_load().times(2).returning(move || Ok(StoredCatalogue { version: loaded.load(Ordering::SeqCst), ..stored() }));
    let catalog = service(store);
    assert!(catalog.categories().is_ok());
    assert!(catalog.categories().is_ok());
    current.store(2, Ordering::SeqCst);
    assert!(catalog.categories().is_ok());
    assert!(catalog.categories().is_ok());
}

#[test]
fn a_write_during_a_read_of_the_catalogue_is_not_hidden_by_that_read() {
    use std::sync::Barrier;
    use std::sync::atomic::{AtomicI64, Ordering};
    let version = Arc::new(AtomicI64::new(1));
    let (started, go_on) = (Arc::new(Barrier::new(2)), Arc::new(Barrier::new(2)));
    let mut store = MockCatalogueStore::new();
    let read = version.clone();
    store.expect_versions().returning(move || Ok(Versions::new(read.load(Ordering::SeqCst), 0)));
    let (loaded, first_started, first_go_on) = (version.clone(), started.clone(), go_on.clone());
    let mut loads = 0;
    store.expect_load().times(2).returning(move || {
        loads += 1;
        if loads == 1 {
            // A read of the catalogue as it stood before the write: it ends after the write.
            first_started.wait();
            first_go_on.wait();
            return Ok(stored());
        }
        let mut catalogue = StoredCatalogue { version: loaded.load(Ordering::SeqCst), ..stored() };
        catalogue.products.push(product(5, "بذور فجل", "Radish seeds", 30, 2));
        Ok(catalogue)
    });
    // Copies are trusted for a minute: only a write on this node makes it read again.
    let catalog = Arc::new(CatalogService::new(Arc::new(store), Arc::new(FixedClock(now())), chrono::Duration::minutes(1)));
    let reader = std::thread::spawn({
        let catalog = catalog.clone();
        move || catalog.catalogue().map(|c| c.version)
    });
    started.wait();
    version.store(2, Ordering::SeqCst);
    catalog.invalidate();
    go_on.wait();
    assert_eq!(reader.join().ok().and_then(Result::ok), Some(1), "the read that began first answers what it read");
    assert_eq!(catalog.product("p-5").map(|card| card.product.id.0).ok(), Some(5), "the writer then sees its own product");
}

#[test]
fn a_sale_reloads_only_the_stock_and_a_sold_out_product_leaves_the_in_stock_list() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let stock_version = Arc::new(AtomicI64::new(0));
    let mut store = MockCatalogueStore::new();
    let read = stock_version.clone();
    store.expect_versions().returning(move || Ok(Versions::new(1, read.load(Ordering::SeqCst))));
    store.expect_load().times(1).returning(|| Ok(stored()));
    store.expect_stock().times(1).returning(|| Ok(vec![(ProductId(1), 0), (ProductId(3), 7)]));
    store.expect_lot_expiries().times(1).returning(|| Ok(vec![]));
    let catalog = service(store);
    let in_stock = || {
        let page = catalog.list_products(&ProductQuery { in_stock: true, ..query() }).unwrap_or_else(|e| panic!("{e}"));
        ids(&page)
    };
    assert_eq!(in_stock(), [1, 2, 4]);
    stock_version.store(1, Ordering::SeqCst);
    assert_eq!(in_stock(), [2, 3, 4], "compost sold out, tomato seeds restocked by a cancel");
    assert_eq!(catalog.product("p-1").map(|card| card.product.draft.quantity).ok(), Some(0));
    assert_eq!(in_stock(), [2, 3, 4], "read once per stock version");
}

#[test]
fn without_a_search_the_newest_come_first() {
    let page = service(store_at_version_one()).list_products(&query()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ids(&page), vec![1, 2, 3, 4]);
}

#[test]
fn filters_by_category_slug_stock_featured_and_offers() {
    let catalog = service(store_at_version_one());
    let by_slug = ProductQuery { category: Some(CategoryRef::Slug("seeds".into())), ..query() };
    assert_eq!(catalog.list_products(&by_slug).map(|p| ids(&p)).ok(), Some(vec![3, 4]));
    let in_stock = ProductQuery { in_stock: true, ..by_slug };
    assert_eq!(catalog.list_products(&in_stock).map(|p| ids(&p)).ok(), Some(vec![4]));
    let unknown = ProductQuery { category: Some(CategoryRef::Slug("tractors".into())), ..query() };
    assert_eq!(catalog.list_products(&unknown).map(|p| p.page.total).ok(), Some(0));
    let featured = ProductQuery { featured: true, ..query() };
    assert_eq!(catalog.list_products(&featured).map(|p| ids(&p)).ok(), Some(vec![2]));
    let offers = ProductQuery { offers: true, ..query() };
    assert_eq!(catalog.list_products(&offers).map(|p| ids(&p)).ok(), Some(vec![2]));
}

#[test]
fn price_filters_and_sorts_use_the_sale_price() {
    let catalog = service(store_at_version_one());
    let cheap_first = ProductQuery { sort: Sort::PriceAsc, ..query() };
    assert_eq!(catalog.list_products(&cheap_first).map(|p| ids(&p)).ok(), Some(vec![3, 4, 1, 2]), "300 at half price is 150");
    let dear_first = ProductQuery { sort: Sort::PriceDesc, ..query() };
    assert_eq!(catalog.list_products(&dear_first).map(|p| ids(&p)).ok(), Some(vec![2, 1, 4, 3]));
    let range = ProductQuery { min_price: Some(Money::from_pounds(100)), max_price: Some(Money::from_pounds(150)), ..query() };
    assert_eq!(catalog.list_products(&range).map(|p| ids(&p)).ok(), Some(vec![1, 2]));
}

#[test]
fn search_finds_arabic_in_any_spelling_and_ranks_the_best_match_first() {
    let catalog = service(store_at_version_one());
    let search = |text: &str| ProductQuery { search: Some(text.into()), ..query() };
    assert_eq!(catalog.list_products(&search("اسمده")).map(|p| ids(&p)).ok(), Some(vec![1, 2]), "the plural finds the singular too");
    assert_eq!(catalog.list_products(&search("أسمدة نيتروجينية")).map(|p| ids(&p)).ok(), Some(vec![2]));
    assert_eq!(catalog.list_products(&search("البذور")).map(|p| ids(&p)).ok(), Some(vec![3, 4]));
    assert_eq!(catalog.list_products(&search("tomatto")).map(|p| ids(&p)).ok(), Some(vec![3]));
    assert_eq!(catalog.list_products(&search("tractor")).map(|p| p.page.total).ok(), Some(0));
    let some = catalog.list_products(&search("اسمده tractor")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((ids(&some), some.every_word), (vec![1, 2], false), "a word the catalogue lacks does not empty the answer, and says so");
    assert!(catalog.list_products(&search("اسمده")).is_ok_and(|list| list.every_word));
    assert_eq!(catalog.list_products(&search("بذور قوطة")).map(|p| ids(&p)).ok(), Some(vec![3]), "the stored synonyms answer");
}

#[test]
fn pages_hold_their_slice_and_the_count() {
    let catalog = service(store_at_version_one());
    let second = ProductQuery { page: PageRequest::new(Some(2), Some(3)), ..query() };
    let page = catalog.list_products(&second).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((ids(&page), page.page.total, page.page.last_page, page.page.current_page), (vec![4], 4, 2, 2));
    let beyond = ProductQuery { page: PageRequest::new(Some(9), Some(3)), ..query() };
    assert_eq!(catalog.list_products(&beyond).map(|p| p.page.data.len()).ok(), Some(0));
}

#[test]
fn a_product_by_slug_carries_its_price_and_category_and_unknown_slugs_are_not_found() {
    let catalog = service(store_at_version_one());
    let card = catalog.product("p-2").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((card.price.sale_price, card.price.has_offer), (Money::from_pounds(150), true));
    assert_eq!(card.category.map(|c| c.slug), Some("fertilisers".to_string()));
    assert!(matches!(catalog.product("nope"), Err(CatalogError::NotFound)));
}

#[test]
fn home_shows_featured_categories_recent_and_running_offers() {
    let home = service(store_at_version_one()).home().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(home.featured.iter().map(|c| c.product.id).collect::<Vec<_>>(), vec![ProductId(2)]);
    assert_eq!(home.categories.len(), 2);
    assert_eq!(home.recent.first().map(|c| c.product.id), Some(ProductId(1)));
    assert_eq!(home.offers.len(), 1);
}

#[test]
fn an_offer_page_lists_the_products_it_lowers_while_it_runs() {
    let catalogue = service(store_at_version_one()).catalogue().unwrap_or_else(|e| panic!("{e}"));
    let (offer, page) = catalogue.offer(OfferId(1), PageRequest::new(None, None), now()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(offer.id, OfferId(1));
    assert_eq!(page.data.iter().map(|c| c.product.id).collect::<Vec<_>>(), vec![ProductId(2)]);
    assert_eq!(page.data[0].price.sale_price, Money::from_piastres(15_000), "half of 300 EGP");
    assert_eq!(page.total, 1);
    assert!(matches!(catalogue.offer(OfferId(1), PageRequest::new(None, None), now() + Duration::days(2)), Err(CatalogError::NotFound)), "over");
    assert!(matches!(catalogue.offer(OfferId(9), PageRequest::new(None, None), now()), Err(CatalogError::NotFound)));
}

#[test]
fn the_search_box_suggests_products_and_categories_as_the_shopper_types() {
    let catalogue = service(store_at_version_one()).catalogue().unwrap_or_else(|e| panic!("{e}"));
    let seeds = catalogue.suggest("بذ", now());
    assert_eq!(seeds.categories.iter().map(|c| c.slug.as_str()).collect::<Vec<_>>(), ["seeds"]);
    assert_eq!(seeds.products.iter().map(|c| c.product.id).collect::<Vec<_>>(), vec![ProductId(3), ProductId(4)]);
    let english = catalogue.suggest("fertilizer", now());
    assert_eq!(english.categories.iter().map(|c| c.slug.as_str()).collect::<Vec<_>>(), ["fertilisers"], "the American spelling finds the British name");
    assert_eq!(catalogue.suggest("  ", now()), Suggestions::default());
    assert!(catalogue.suggest("tractor", now()).products.is_empty());
}

#[test]
fn a_cart_gets_the_cards_of_the_ids_that_exist_priced_now() {
    let catalogue = service(store_at_version_one()).catalogue().unwrap_or_else(|e| panic!("{e}"));
    let cards = catalogue.cards_of(&[ProductId(2), ProductId(999)], now());
    assert_eq!(cards.iter().map(|c| c.product.id).collect::<Vec<_>>(), vec![ProductId(2)]);
    assert_eq!(cards[0].price, catalogue.product(&cards[0].product.slug, now()).unwrap_or_else(|e| panic!("{e}")).price);
}

#[test]
fn a_product_whose_registration_ran_out_leaves_every_shoppers_view_at_midnight_in_cairo_and_stays_with_staff() {
    // 1_800_000_000 is 2027-01-15 10:00 in Cairo: a registration whose last day was the 14th ran out.
    let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2027, 1, d);
    let registered = |until: Option<chrono::NaiveDate>| Agronomy {
        registration: Some(Registration { number: "SAMPLE-1".into(), expires_on: until }),
        ..Agronomy::default()
    };
    let mut lapsed = changed(product(5, "بذور طماطم هجين", "Hybrid tomato seeds", 50, 2), |draft| draft.featured = true);
    lapsed.agronomy = registered(day(14));
    let mut last_day = product(6, "بذور طماطم بلدي", "Heirloom tomato seeds", 40, 2);
    last_day.agronomy = registered(day(15));
    let mut store = MockCatalogueStore::new();
    store.expect_versions().returning(|| Ok(Versions::new(1, 0)));
    store.expect_load().times(1).returning(move || {
        let mut catalogue = stored();
        catalogue.products.extend([lapsed.clone(), last_day.clone()]);
        Ok(catalogue)
    });
    let catalogue = service(store).catalogue().unwrap_or_else(|e| panic!("{e}"));
    let shown = |query: ProductQuery| ids(&catalogue.list_products(&query, now()));
    let ids_of = |cards: &[ProductCard]| cards.iter().map(|card| card.product.id.0).collect::<Vec<_>>();

    assert_eq!(shown(query()), [1, 2, 3, 4, 6], "the everything list");
    assert_eq!(shown(ProductQuery { search: Some("طماطم".into()), ..query() }), [3, 6], "a search");
    assert_eq!(shown(ProductQuery { category: Some(CategoryRef::Id(CategoryId(2))), ..query() }), [3, 4, 6], "a category");
    assert!(matches!(catalogue.product("p-5", now()), Err(CatalogError::NotFound)), "its page");
    assert!(!ids_of(&catalogue.home(now()).featured).contains(&5) && !ids_of(&catalogue.home(now()).recent).contains(&5), "Home");
    assert_eq!(ids_of(&catalogue.cards_of(&[ProductId(5), ProductId(6)], now())), [6], "a cart or an order cannot price it");
    assert_eq!(catalogue.product_slugs(now()).filter(|slug| *slug == "p-5").count(), 0, "the sitemap");
    assert!(ids_of(&catalogue.suggest("طماطم", now()).products).iter().all(|&id| id != 5), "the search box");

    assert_eq!(shown(ProductQuery { off_sale_too: true, ..query() }), [1, 2, 3, 4, 5, 6], "staff list every product");
    assert_eq!(catalogue.product_for_staff("p-5", now()).map(|card| card.product.on_sale(now())).ok(), Some(false), "staff open it, marked off sale");
    assert_eq!(
        catalogue.lapsed_registrations(kernel::shop_day(now())),
        [RegistrationLapse {
            product: ProductId(5),
            name: Localized::new("بذور طماطم هجين".into(), "Hybrid tomato seeds".into()),
            ended_on: day(14).unwrap_or_default()
        }]
    );
    assert!(catalogue.product("p-5", now() - Duration::hours(11)).is_ok(), "on its last day, still on sale until midnight in Cairo");
}

#[test]
fn within_the_freshness_time_the_version_is_not_asked_again() {
    let mut store = MockCatalogueStore::new();
    store.expect_versions().times(1).returning(|| Ok(Versions::new(1, 0)));
    store.expect_load().times(1).returning(|| Ok(stored()));
    let catalog = CatalogService::new(Arc::new(store), Arc::new(FixedClock(now())), chrono::Duration::seconds(1));
    for _ in 0..3 {
        assert!(catalog.categories().is_ok());
    }
}

#[test]
fn a_stale_copy_is_checked_by_one_caller_while_the_others_keep_serving_it() {
    let mut store = MockCatalogueStore::new();
    store.expect_versions().returning(|| Ok(Versions::new(1, 0)));
    store.expect_load().times(1).returning(|| Ok(stored()));
    let catalog = CatalogService::new(Arc::new(store), Arc::new(FixedClock(now())), chrono::Duration::zero());
    assert!(catalog.fresh_catalogue().is_none(), "nothing cached yet");
    assert!(catalog.catalogue().is_ok());
    assert!(catalog.fresh_catalogue().is_none(), "stale: the first caller checks");
    assert!(catalog.fresh_catalogue().is_some(), "the others are served meanwhile");
    assert!(catalog.catalogue().is_ok());
    assert!(catalog.fresh_catalogue().is_none(), "after the check, the next stale caller checks again");
}

#[test]
fn pages_of_every_order_are_slices_of_the_whole_order_with_ties_newest_first() {
    // Many equal prices and scores, so a page cut inside a run of ties is exercised.
    let products: Vec<Product> = (1..=23)
        .map(|id| product(id, "سماد عضوي", if id % 2 == 0 { "Organic compost" } else { "Organic compost mix" }, 100 + (id % 4) * 10, 1 + id % 2))
        .collect();
    let mut store = MockCatalogueStore::new();
    store.expect_versions().returning(|| Ok(Versions::new(1, 0)));
    store.expect_load().returning(move || {
        Ok(StoredCatalogue {
            version: 1,
            stock_version: 0,
            categories: stored().categories,
            products: products.clone(),
            offers: vec![],
            synonyms: vec![],
            ..StoredCatalogue::default()
        })
    });
    let catalog = service(store);
    for (search, sort) in [
        (None, Sort::PriceAsc),
        (None, Sort::PriceDesc),
        (Some("compost mix"), Sort::Relevance),
        (Some("compost"), Sort::Relevance),
        (Some("compost"), Sort::PriceAsc),
        (Some("compost"), Sort::Newest),
    ] {
        let asked = |page: Option<u32>, per_page: Option<u32>| ProductQuery {
            search: search.map(str::to_string),
            sort,
            page: PageRequest::new(page, per_page),
            ..query()
        };
        let whole = ids(&catalog.list_products(&asked(None, Some(100))).unwrap());
        let paged: Vec<i64> = (1..=9).flat_map(|page| ids(&catalog.list_products(&asked(Some(page), Some(3))).unwrap())).collect();
        assert_eq!(paged, whole, "{search:?} {sort:?}");
        assert!(!whole.is_empty());
    }
    let by_price = ids(&catalog.list_products(&ProductQuery { sort: Sort::PriceAsc, page: PageRequest::new(None, Some(100)), ..query() }).unwrap());
    assert_eq!(&by_price[..6], [4, 8, 12, 16, 20, 1], "cheapest first, then newest first (lower ids here) among equal prices");
}

#[test]
fn staff_find_offers_by_status_and_title_newest_first_a_page_at_a_time() {
    let mut store = MockCatalogueStore::new();
    store.expect_versions().returning(|| Ok(Versions::new(1, 0)));
    store.expect_load().returning(|| {
        let running = stored().offers.remove(0);
        let offers = vec![
            running.clone(),
            Offer {
                id: OfferId(2),
                draft: OfferDraft { title: Localized::new("تخفيضات الصيف".into(), "Summer sale".into()), ..running.draft.clone() },
                active: false,
                ..running.clone()
            },
            Offer {
                id: OfferId(3),
                draft: OfferDraft {
                    title: Localized::new(running.draft.title.ar.clone(), "Old deal".into()),
                    ends_at: now() - Duration::hours(1),
                    ..running.draft.clone()
                },
                ..running
            },
        ];
        Ok(StoredCatalogue { offers, ..stored() })
    });
    let catalogue = service(store).catalogue().unwrap_or_else(|error| panic!("{error}"));
    let ids = |query: OfferQuery| catalogue.list_offers(&query, now()).data.into_iter().map(|offer| offer.id.0).collect::<Vec<_>>();
    let all = OfferQuery { status: None, search: None, page: PageRequest::new(None, None) };
    assert_eq!(ids(all.clone()), vec![3, 2, 1], "newest first");
    assert_eq!(ids(OfferQuery { status: Some(OfferStatus::Expired), ..all.clone() }), vec![3]);
    assert_eq!(ids(OfferQuery { status: Some(OfferStatus::Inactive), ..all.clone() }), vec![2]);
    assert_eq!(ids(OfferQuery { search: Some("تخفيضات".into()), ..all.clone() }), vec![2], "Arabic titles are searched");
    assert_eq!(ids(OfferQuery { search: Some("DEAL".into()), ..all.clone() }), vec![3, 1], "either title, any case");
    let second = catalogue.list_offers(&OfferQuery { page: PageRequest::new(Some(2), Some(2)), ..all }, now());
    assert_eq!((second.data.len(), second.total, second.last_page), (1, 3, 2));
}

#[test]
fn a_client_waits_only_for_a_product_out_of_stock_that_exists() {
    use crate::back_in_stock::{BackInStock, MockStockAlerts, StockAlert};
    let mut alerts = MockStockAlerts::new();
    alerts.expect_ask().withf(|alert, at| alert.product == ProductId(3) && alert.by_sms && *at == now()).times(1).returning(|_, _| Ok(()));
    let back = BackInStock::new(Arc::new(service(store_at_version_one())), Arc::new(alerts));
    let wish = |product| StockAlert { user: kernel::UserId(9), product: ProductId(product), by_sms: true, locale: kernel::Locale::Ar };
    assert!(back.ask(wish(3)).is_ok(), "tomato seeds are out of stock");
    assert!(
        matches!(back.ask(wish(1)), Err(CatalogError::Invalid(errors)) if errors == kernel::FieldErrors::single("product", "in_stock")),
        "compost can be ordered now"
    );
    assert!(matches!(back.ask(wish(99)), Err(CatalogError::NotFound)));
}

#[test]
fn a_lotted_product_ships_its_soonest_lot_in_date_and_a_sale_that_empties_it_moves_the_day() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let day = |text: &str| text.parse::<NaiveDate>().unwrap_or_default();
    let stock_version = Arc::new(AtomicI64::new(0));
    let mut store = MockCatalogueStore::new();
    let read = stock_version.clone();
    store.expect_versions().returning(move || Ok(Versions::new(1, read.load(Ordering::SeqCst))));
    store.expect_load().times(1).returning(move || {
        // The clock's day is 15 January 2027: a lot's expiry day is the last it sells.
        let lot_expiries = vec![(ProductId(1), day("2027-03-01")), (ProductId(1), day("2027-01-15")), (ProductId(1), day("2027-01-14"))];
        Ok(StoredCatalogue { lot_expiries, ..stored() })
    });
    store.expect_stock().times(1).returning(|| Ok(vec![]));
    store.expect_lot_expiries().times(1).returning(move || Ok(vec![(ProductId(1), day("2027-03-01"))]));
    let catalog = service(store);
    let today = kernel::shop_day(now());
    let ships = |product| catalog.catalogue().map(|catalogue| catalogue.ships_expiring_on(ProductId(product), today)).ok().flatten();
    assert_eq!(ships(1), Some(day("2027-01-15")), "the soonest lot in date, not the one past");
    assert_eq!(ships(2), None, "a product kept outside lots");
    stock_version.store(1, Ordering::SeqCst);
    assert_eq!(ships(1), Some(day("2027-03-01")), "a sale emptied the January lot");
}
