//! The shop's content use cases over the [`ShopStore`] port.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use chrono::{DateTime, Utc};
use kernel::{Clock, FieldErrors, Localized};

use crate::contact::{ContactMessage, ContactQuery, MESSAGE_MAX, ReceivedMessage};
use crate::pages::{PAGES, Page, PageText};
use crate::settings::{SettingsChange, ShopSettings};

/// Why a shop call failed.
#[derive(Debug, thiserror::Error)]
pub enum ShopError {
    /// No such page or message.
    #[error("not found")]
    NotFound,
    /// The input broke field rules.
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// Storage failed.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Where the shop's content is kept.
#[cfg_attr(test, mockall::automock)]
pub trait ShopStore: Send + Sync {
    /// Stored settings by name.
    fn settings(&self) -> anyhow::Result<HashMap<String, String>>;
    /// Stores every named setting, replacing what was there.
    fn save_settings(&self, settings: &[(String, String)], at: DateTime<Utc>) -> anyhow::Result<()>;
    /// A page by slug.
    fn page(&self, slug: &str) -> anyhow::Result<Option<Page>>;
    /// Stores a page, replacing what was there.
    fn save_page(&self, page: &Page, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Stores a contact message.
    fn add_contact_message(&self, message: &ContactMessage, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Contact messages matching the query, newest first.
    fn contact_messages(&self, query: &ContactQuery) -> anyhow::Result<kernel::Page<ReceivedMessage>>;
    /// Marks a message answered; false when there is no such message.
    fn mark_contact_handled(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<bool>;
    /// Removes a message; false when there is no such message.
    fn delete_contact_message(&self, id: i64) -> anyhow::Result<bool>;
}

/// The shop's content calls.
pub struct ShopService {
    store: Arc<dyn ShopStore>,
    clock: Arc<dyn Clock>,
    freshness: chrono::Duration,
    /// The settings as last read or saved, and when.
    remembered: RwLock<Option<(ShopSettings, DateTime<Utc>)>>,
}

impl ShopService {
    /// The service over its store and clock. The settings are read again once `freshness` has
    /// passed since they were last read: every cart call and checkout asks for the shipping
    /// rule, and a change saved on another node is seen that much later.
    pub fn new(store: Arc<dyn ShopStore>, clock: Arc<dyn Clock>, freshness: chrono::Duration) -> ShopService {
        ShopService { store, clock, freshness, remembered: RwLock::new(None) }
    }

    /// The public settings.
    pub fn settings(&self) -> Result<ShopSettings, ShopError> {
        let now = self.clock.now();
        let remembered = self.remembered.read().ok().and_then(|kept| kept.clone());
        if let Some((settings, read_at)) = remembered
            && now - read_at < self.freshness
        {
            return Ok(settings);
        }
        let settings = ShopSettings::from_stored(&self.store.settings()?);
        self.remember(&settings, now);
        Ok(settings)
    }

    /// Applies a staff change to the settings as stored now; a change breaking any rule changes
    /// nothing.
    pub fn update_settings(&self, change: SettingsChange) -> Result<ShopSettings, ShopError> {
        let settings = ShopSettings::from_stored(&self.store.settings()?).apply(change).map_err(ShopError::Invalid)?;
        let now = self.clock.now();
        self.store.save_settings(&settings.to_stored(), now)?;
        self.remember(&settings, now);
        Ok(settings)
    }

    fn remember(&self, settings: &ShopSettings, at: DateTime<Utc>) {
        if let Ok(mut kept) = self.remembered.write() {
            *kept = Some((settings.clone(), at));
        }
    }

    /// A content page.
    pub fn page(&self, slug: &str) -> Result<Page, ShopError> {
        if !PAGES.contains(&slug) {
            return Err(ShopError::NotFound);
        }
        self.store.page(slug)?.ok_or(ShopError::NotFound)
    }

    /// The four pages for staff to edit, in [`PAGES`] order; one never written is blank.
    pub fn pages(&self) -> Result<Vec<Page>, ShopError> {
        PAGES
            .iter()
            .map(|slug| {
                let blank = || Page { slug: slug.to_string(), title: Localized::default(), body: Localized::default() };
                Ok(self.store.page(slug)?.unwrap_or_else(blank))
            })
            .collect()
    }

    /// Replaces a page's text in both languages.
    pub fn update_page(&self, slug: &str, text: PageText) -> Result<Page, ShopError> {
        if !PAGES.contains(&slug) {
            return Err(ShopError::NotFound);
        }
        text.check().map_err(ShopError::Invalid)?;
        let page = text.into_page(slug);
        self.store.save_page(&page, self.clock.now())?;
        Ok(page)
    }

    /// Keeps a contact message for staff: a name, a phone or an e-mail to answer, and a
    /// message of at most [`MESSAGE_MAX`] characters.
    pub fn contact(&self, message: ContactMessage) -> Result<(), ShopError> {
        let mut errors = FieldErrors::new();
        if message.phone.is_none() && message.email.is_none() {
            errors.add("phone", "contact_missing");
        }
        errors.limit_length("message", &message.message, MESSAGE_MAX);
        errors.limit_length("name", &message.name, kernel::validation::limits::NAME);
        errors.into_result().map_err(ShopError::Invalid)?;
        Ok(self.store.add_contact_message(&message, self.clock.now())?)
    }

    /// Contact messages for staff, newest first.
    pub fn contact_messages(&self, query: &ContactQuery) -> Result<kernel::Page<ReceivedMessage>, ShopError> {
        Ok(self.store.contact_messages(query)?)
    }

    /// Marks a contact message answered (again is harmless: the first time is kept).
    pub fn mark_contact_handled(&self, id: i64) -> Result<(), ShopError> {
        if self.store.mark_contact_handled(id, self.clock.now())? { Ok(()) } else { Err(ShopError::NotFound) }
    }

    /// Removes a contact message.
    pub fn delete_contact_message(&self, id: i64) -> Result<(), ShopError> {
        if self.store.delete_contact_message(id)? { Ok(()) } else { Err(ShopError::NotFound) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use kernel::Phone;

    struct FixedClock;
    impl Clock for FixedClock {
        fn now(&self) -> DateTime<Utc> {
            Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
        }
    }

    fn service(store: MockShopStore) -> ShopService {
        ShopService::new(Arc::new(store), Arc::new(FixedClock), chrono::Duration::zero())
    }

    /// A clock moved by hand, in milliseconds.
    struct HandClock(std::sync::atomic::AtomicI64);
    impl Clock for HandClock {
        fn now(&self) -> DateTime<Utc> {
            FixedClock.now() + chrono::Duration::milliseconds(self.0.load(std::sync::atomic::Ordering::SeqCst))
        }
    }

    #[test]
    fn settings_are_read_again_only_after_the_freshness_time_and_a_saved_change_is_seen_at_once() {
        let mut store = MockShopStore::new();
        let reads = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = reads.clone();
        store.expect_settings().returning(move || {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(HashMap::from([("shipping_hours".to_string(), "24".to_string())]))
        });
        store.expect_save_settings().returning(|_, _| Ok(()));
        let clock = Arc::new(HandClock(std::sync::atomic::AtomicI64::new(0)));
        let service = ShopService::new(Arc::new(store), clock.clone(), chrono::Duration::milliseconds(250));
        let read = || reads.load(std::sync::atomic::Ordering::SeqCst);

        assert_eq!((service.settings().unwrap().shipping_hours, service.settings().unwrap().shipping_hours, read()), (24, 24, 1));
        let change = SettingsChange { shipping_hours: Some(48), ..SettingsChange::default() };
        assert_eq!(service.update_settings(change).unwrap().shipping_hours, 48);
        assert_eq!(read(), 2, "a change applies to the settings as stored, not as remembered");
        assert_eq!(service.settings().unwrap().shipping_hours, 48, "the node that saved sees its change at once");
        clock.0.store(249, std::sync::atomic::Ordering::SeqCst);
        assert_eq!((service.settings().unwrap().shipping_hours, read()), (48, 2));
        clock.0.store(250, std::sync::atomic::Ordering::SeqCst);
        assert_eq!((service.settings().unwrap().shipping_hours, read()), (24, 3), "read again once the time passed");
    }

    #[test]
    fn only_the_four_pages_exist() {
        let mut store = MockShopStore::new();
        store.expect_page().never();
        store.expect_save_page().never();
        let service = service(store);
        assert!(matches!(service.page("secrets"), Err(ShopError::NotFound)));
        let text = PageText { title: Localized::new("س".into(), "S".into()), body: Localized::new("نص".into(), "Text".into()) };
        assert!(matches!(service.update_page("secrets", text), Err(ShopError::NotFound)));
    }

    #[test]
    fn a_page_needs_both_languages_and_is_saved_trimmed() {
        let mut store = MockShopStore::new();
        store.expect_save_page().withf(|page, _| page.slug == "about-us" && page.title.en == "About us").times(1).returning(|_, _| Ok(()));
        let service = service(store);
        let text = |title_ar: &str| PageText {
            title: Localized::new(title_ar.into(), " About us ".into()),
            body: Localized::new("من نحن".into(), "Who we are".into()),
        };
        assert!(matches!(service.update_page("about-us", text(" ")), Err(ShopError::Invalid(e)) if e.has("title_ar")));
        assert_eq!(service.update_page("about-us", text("من نحن")).unwrap().title.en, "About us");
    }

    #[test]
    fn a_page_never_written_is_offered_blank() {
        let mut store = MockShopStore::new();
        store.expect_page().returning(|slug| {
            Ok((slug == "about-us").then(|| Page {
                slug: slug.into(),
                title: Localized::new("من نحن".into(), "About".into()),
                body: Localized::new("ب".into(), "B".into()),
            }))
        });
        let pages = service(store).pages().unwrap();
        assert_eq!(pages.iter().map(|p| p.slug.as_str()).collect::<Vec<_>>(), PAGES);
        assert_eq!(pages[0].title.en, "About");
        assert_eq!(pages[3].title.en, "");
    }

    #[test]
    fn settings_are_saved_whole_and_a_broken_change_saves_nothing() {
        let mut store = MockShopStore::new();
        store.expect_settings().returning(|| Ok(HashMap::from([("shipping_hours".to_string(), "24".to_string())])));
        store
            .expect_save_settings()
            .withf(|rows, _| rows.iter().any(|(n, v)| n == "extra_fee_per_kg" && v == "6.50") && rows.iter().any(|(n, v)| n == "shipping_hours" && v == "24"))
            .times(1)
            .returning(|_, _| Ok(()));
        let service = service(store);
        let broken = SettingsChange { extra_fee_per_kg: Some("6".into()), email: Some("nope".into()), ..SettingsChange::default() };
        assert!(matches!(service.update_settings(broken), Err(ShopError::Invalid(e)) if e.has("email")));
        let good = SettingsChange { extra_fee_per_kg: Some("6.5".into()), ..SettingsChange::default() };
        assert_eq!(service.update_settings(good).unwrap().shipping_hours, 24);
    }

    #[test]
    fn a_contact_message_needs_a_way_to_answer_and_a_sane_length() {
        let mut store = MockShopStore::new();
        store.expect_add_contact_message().times(1).returning(|_, _| Ok(()));
        let service = service(store);
        let message =
            |phone: Option<&str>, text: String| ContactMessage { name: "Samir".into(), phone: phone.and_then(Phone::parse), email: None, message: text };
        assert!(matches!(service.contact(message(None, "Hello".into())), Err(ShopError::Invalid(e)) if e.has("phone")));
        assert!(matches!(service.contact(message(Some("01012345678"), "x".repeat(2001))), Err(ShopError::Invalid(e)) if e.has("message")));
        assert!(service.contact(message(Some("01012345678"), "Do you sell drip irrigation?".into())).is_ok());
    }

    #[test]
    fn handling_or_removing_a_missing_message_is_not_found() {
        let mut store = MockShopStore::new();
        store.expect_mark_contact_handled().returning(|id, _| Ok(id == 1));
        store.expect_delete_contact_message().returning(|id| Ok(id == 1));
        let service = service(store);
        assert!(service.mark_contact_handled(1).is_ok());
        assert!(matches!(service.mark_contact_handled(2), Err(ShopError::NotFound)));
        assert!(matches!(service.delete_contact_message(2), Err(ShopError::NotFound)));
    }
}
