#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! The shop's settings, pages and contact messages on a real database (SQLite, or PostgreSQL
//! on the Makefile's second leg).

use chrono::{Duration, Utc};
use kernel::{Localized, PageRequest, Phone};
use shop::{ContactMessage, ContactQuery, ContactStatus, Page, ShopStore};
use store::content::DieselShopStore;

mod common;

#[test]
fn settings_and_pages_are_read_back_as_saved() {
    let test = common::fresh_database();
    let store = DieselShopStore::new(test.db.clone());
    store.save_settings(&[("email".into(), "a@mahsoul.test".into()), ("address_ar".into(), "الدقي".into())], Utc::now()).unwrap();
    store.save_settings(&[("email".into(), "b@mahsoul.test".into())], Utc::now()).unwrap();
    let settings = store.settings().unwrap();
    assert_eq!(settings.get("email").map(String::as_str), Some("b@mahsoul.test"), "a second save replaces the value");
    assert_eq!(settings.get("address_ar").map(String::as_str), Some("الدقي"), "and keeps the others");

    assert_eq!(store.page("about-us").unwrap(), None);
    let page =
        Page { slug: "about-us".into(), title: Localized::new("من نحن".into(), "About us".into()), body: Localized::new("نص".into(), "Text".into()) };
    store.save_page(&page, Utc::now()).unwrap();
    let changed = Page { title: Localized::new("قصتنا".into(), "Our story".into()), ..page };
    store.save_page(&changed, Utc::now()).unwrap();
    assert_eq!(store.page("about-us").unwrap(), Some(changed));
}

#[test]
fn contact_messages_are_searched_filtered_handled_and_removed() {
    let test = common::fresh_database();
    let store = DieselShopStore::new(test.db.clone());
    let message = |name: &str, text: &str| ContactMessage { name: name.into(), phone: Phone::parse("01012345678"), email: None, message: text.into() };
    let start = Utc::now() - Duration::hours(3);
    store.add_contact_message(&message("عم رجب", "تقاوي بطاطس"), start).unwrap();
    store.add_contact_message(&message("Samir", "Drip kits?"), start + Duration::hours(1)).unwrap();
    store.add_contact_message(&message("Mona", "Palm fertiliser"), start + Duration::hours(2)).unwrap();
    let asked = |search: Option<&str>, status: Option<ContactStatus>| {
        store
            .contact_messages(&ContactQuery { search: search.map(str::to_string), status, page: PageRequest::new(None, None) })
            .unwrap()
            .data
            .into_iter()
            .map(|m| m.message.name)
            .collect::<Vec<_>>()
    };
    assert_eq!(asked(None, None), ["Mona", "Samir", "عم رجب"], "newest first");
    assert_eq!(asked(Some("بطاطس"), None), ["عم رجب"]);

    let samir = store.contact_messages(&ContactQuery { search: Some("Drip".into()), status: None, page: PageRequest::new(None, None) }).unwrap().data[0].id;
    assert!(store.mark_contact_handled(samir, Utc::now()).unwrap());
    assert_eq!(asked(None, Some(ContactStatus::Handled)), ["Samir"]);
    assert_eq!(asked(None, Some(ContactStatus::New)), ["Mona", "عم رجب"]);
    assert!(store.delete_contact_message(samir).unwrap());
    assert!(!store.delete_contact_message(samir).unwrap(), "already gone");
    assert!(!store.mark_contact_handled(samir, Utc::now()).unwrap());
}
