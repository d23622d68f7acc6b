//! The shop's content over Diesel: settings, pages and contact messages.

use std::collections::HashMap;

use chrono::Utc;
use diesel::prelude::*;
use kernel::{Email, Phone};
use shop::{ContactMessage, Page, ShopStore};

use crate::database::Database;
use crate::schema::{contact_messages, pages, shop_settings};

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
        let conn = &mut self.db.conn()?;
        let exists = pages::table.find(&page.slug).select(pages::slug).first::<String>(conn).optional()?.is_some();
        if exists {
            return Ok(false);
        }
        diesel::insert_into(pages::table)
            .values((
                pages::slug.eq(&page.slug),
                pages::title_ar.eq(&page.title_ar),
                pages::title_en.eq(&page.title_en),
                pages::body_ar.eq(&page.body_ar),
                pages::body_en.eq(&page.body_en),
                pages::updated_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        Ok(true)
    }
}

impl ShopStore for DieselShopStore {
    fn settings(&self) -> anyhow::Result<HashMap<String, String>> {
        let conn = &mut self.db.conn()?;
        let rows: Vec<(String, String)> = shop_settings::table.select((shop_settings::name, shop_settings::value)).load(conn)?;
        Ok(rows.into_iter().collect())
    }

    fn page(&self, slug: &str) -> anyhow::Result<Option<Page>> {
        let conn = &mut self.db.conn()?;
        let row: Option<(String, String, String, String, String)> = pages::table
            .find(slug)
            .select((pages::slug, pages::title_ar, pages::title_en, pages::body_ar, pages::body_en))
            .first(conn)
            .optional()?;
        Ok(row.map(|(slug, title_ar, title_en, body_ar, body_en)| Page { slug, title_ar, title_en, body_ar, body_en }))
    }

    fn add_contact_message(&self, message: &ContactMessage) -> anyhow::Result<()> {
        let conn = &mut self.db.conn()?;
        diesel::insert_into(contact_messages::table)
            .values((
                contact_messages::name.eq(&message.name),
                contact_messages::phone.eq(message.phone.as_ref().map(Phone::as_str)),
                contact_messages::email.eq(message.email.as_ref().map(Email::as_str)),
                contact_messages::message.eq(&message.message),
                contact_messages::created_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        Ok(())
    }
}
