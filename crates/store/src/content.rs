//! The shop's content over Diesel: settings, pages and contact messages.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::{Email, Localized, Phone};
use shop::{ContactMessage, ContactQuery, ContactStatus, Page, ReceivedMessage, ShopStore};

use crate::database::{Database, DbConn, contains_pattern, lower, write};
use crate::schema::{contact_messages, pages, shop_settings};

/// A contact message row.
type ContactRow = (i64, String, Option<String>, Option<String>, String, NaiveDateTime, Option<NaiveDateTime>);

/// The shop's content in its database.
#[derive(Clone)]
pub struct DieselShopStore {
    db: Database,
}

impl DieselShopStore {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Adds a page unless it exists; true when added.
    pub fn add_page_if_missing(&self, page: &Page) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let exists = pages::table.find(&page.slug).select(pages::slug).first::<String>(conn).optional()?.is_some();
        if exists {
            return Ok(false);
        }
        diesel::insert_into(pages::table)
            .values((
                pages::slug.eq(&page.slug),
                pages::title_ar.eq(&page.title.ar),
                pages::title_en.eq(&page.title.en),
                pages::body_ar.eq(&page.body.ar),
                pages::body_en.eq(&page.body.en),
                pages::updated_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        Ok(true)
    }
}

/// The contact messages a query selects, before paging.
fn matching_messages<'a>(query: &ContactQuery) -> contact_messages::BoxedQuery<'a, <DbConn as Connection>::Backend> {
    let mut rows = contact_messages::table.into_boxed();
    match query.status {
        Some(ContactStatus::New) => rows = rows.filter(contact_messages::handled_at.is_null()),
        Some(ContactStatus::Handled) => rows = rows.filter(contact_messages::handled_at.is_not_null()),
        None => {}
    }
    if let Some(search) = &query.search {
        let pattern = contains_pattern(search);
        rows = rows.filter(
            lower(contact_messages::name)
                .like(pattern.clone())
                .escape('\\')
                .or(contact_messages::phone.like(pattern.clone()).escape('\\'))
                .or(lower(contact_messages::email.assume_not_null()).like(pattern.clone()).escape('\\'))
                .or(lower(contact_messages::message).like(pattern).escape('\\')),
        );
    }
    rows
}

fn received((id, name, phone, email, message, created_at, handled_at): ContactRow) -> ReceivedMessage {
    ReceivedMessage {
        id,
        message: ContactMessage { name, phone: phone.as_deref().and_then(Phone::parse), email: email.as_deref().and_then(Email::parse), message },
        received_at: created_at.and_utc(),
        handled_at: handled_at.map(|at| at.and_utc()),
    }
}

impl ShopStore for DieselShopStore {
    fn settings(&self) -> anyhow::Result<HashMap<String, String>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<(String, String)> = shop_settings::table.select((shop_settings::name, shop_settings::value)).load(conn)?;
        Ok(rows.into_iter().collect())
    }

    fn save_settings(&self, settings: &[(String, String)], at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let at = at.naive_utc();
        write(conn, |conn| {
            for (name, value) in settings {
                let changed =
                    diesel::update(shop_settings::table.find(name)).set((shop_settings::value.eq(value), shop_settings::updated_at.eq(at))).execute(conn)?;
                if changed == 0 {
                    diesel::insert_into(shop_settings::table)
                        .values((shop_settings::name.eq(name), shop_settings::value.eq(value), shop_settings::updated_at.eq(at)))
                        .execute(conn)?;
                }
            }
            Ok(())
        })
    }

    fn page(&self, slug: &str) -> anyhow::Result<Option<Page>> {
        let conn = &mut *self.db.conn()?;
        let row: Option<(String, String, String, String, String)> =
            pages::table.find(slug).select((pages::slug, pages::title_ar, pages::title_en, pages::body_ar, pages::body_en)).first(conn).optional()?;
        Ok(row.map(|(slug, title_ar, title_en, body_ar, body_en)| Page {
            slug,
            title: Localized::new(title_ar, title_en),
            body: Localized::new(body_ar, body_en),
        }))
    }

    fn save_page(&self, page: &Page, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let at = at.naive_utc();
        write(conn, |conn| {
            let text = (
                pages::title_ar.eq(&page.title.ar),
                pages::title_en.eq(&page.title.en),
                pages::body_ar.eq(&page.body.ar),
                pages::body_en.eq(&page.body.en),
                pages::updated_at.eq(at),
            );
            if diesel::update(pages::table.find(&page.slug)).set(text).execute(conn)? == 0 {
                diesel::insert_into(pages::table).values((pages::slug.eq(&page.slug), text)).execute(conn)?;
            }
            Ok(())
        })
    }

    fn add_contact_message(&self, message: &ContactMessage, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::insert_into(contact_messages::table)
            .values((
                contact_messages::name.eq(&message.name),
                contact_messages::phone.eq(message.phone.as_ref().map(Phone::as_str)),
                contact_messages::email.eq(message.email.as_ref().map(Email::as_str)),
                contact_messages::message.eq(&message.message),
                contact_messages::created_at.eq(at.naive_utc()),
            ))
            .execute(conn)?;
        Ok(())
    }

    fn contact_messages(&self, query: &ContactQuery) -> anyhow::Result<kernel::Page<ReceivedMessage>> {
        let conn = &mut *self.db.conn()?;
        let total: i64 = matching_messages(query).count().get_result(conn)?;
        let rows: Vec<ContactRow> = matching_messages(query)
            .order((contact_messages::created_at.desc(), contact_messages::id.desc()))
            .limit(i64::from(query.page.per_page))
            .offset(query.page.offset())
            .load(conn)?;
        Ok(kernel::Page::new(rows.into_iter().map(received).collect(), query.page, u64::try_from(total).unwrap_or(0)))
    }

    fn mark_contact_handled(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            let exists = contact_messages::table.find(id).select(contact_messages::id).first::<i64>(conn).optional()?.is_some();
            diesel::update(contact_messages::table.find(id).filter(contact_messages::handled_at.is_null()))
                .set(contact_messages::handled_at.eq(at.naive_utc()))
                .execute(conn)?;
            Ok(exists)
        })
    }

    fn delete_contact_message(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::delete(contact_messages::table.find(id)).execute(conn)? > 0)
    }
}
