//! The clients waiting for products to come back, in the database: each told once, in the
//! bell and (when they asked and take SMS) by text, in the transaction that forgets the wish.

use catalog::{StockAlert, StockAlerts};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::{Locale, Localized, Phone};
use ordering::{MessageChannel, Notice};

use crate::database::{Database, DbConn, write};
use crate::desk::notice_row;
use crate::schema::{message_queue, notifications, products, stock_alerts, users};

/// The most wishes one run tells: the rest wait for the next run.
const TOLD_PER_RUN: i64 = 500;

/// The waiting list over a database.
#[derive(Clone)]
pub struct DieselStockAlerts {
    db: Database,
}

impl DieselStockAlerts {
    /// The waiting list over a database.
    pub fn new(db: Database) -> Self {
        DieselStockAlerts { db }
    }
}

/// A wish whose product is back, with what telling it needs.
#[derive(Queryable)]
struct Waiting {
    user: i64,
    product: i64,
    by_sms: bool,
    locale: String,
    name_ar: String,
    name_en: String,
    slug: String,
    phone: Option<String>,
    sms_opt_out_at: Option<NaiveDateTime>,
}

impl StockAlerts for DieselStockAlerts {
    fn ask(&self, alert: StockAlert, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            // Asked again: one wish, with the newest channel and language.
            forget(conn, alert.user.0, alert.product.0)?;
            diesel::insert_into(stock_alerts::table)
                .values((
                    stock_alerts::user_id.eq(alert.user.0),
                    stock_alerts::product_id.eq(alert.product.0),
                    stock_alerts::by_sms.eq(alert.by_sms),
                    stock_alerts::locale.eq(alert.locale.code()),
                    stock_alerts::asked_at.eq(at.naive_utc()),
                ))
                .execute(conn)
        })?;
        Ok(())
    }

    fn tell_the_waiting(&self, at: DateTime<Utc>) -> anyhow::Result<usize> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        Ok(write(conn, |conn| {
            let waiting: Vec<Waiting> = stock_alerts::table
                .inner_join(products::table)
                .inner_join(users::table)
                .filter(products::quantity.gt(0))
                .select((
                    stock_alerts::user_id,
                    stock_alerts::product_id,
                    stock_alerts::by_sms,
                    stock_alerts::locale,
                    products::name_ar,
                    products::name_en,
                    products::slug,
                    users::phone,
                    users::sms_opt_out_at,
                ))
                .limit(TOLD_PER_RUN)
                .load(conn)?;
            let mut told = 0;
            for wish in waiting {
                // Forgotten first: another node telling the same wish finds nothing to forget.
                if forget(conn, wish.user, wish.product)? == 0 {
                    continue;
                }
                let name = Localized::new(wish.name_ar.clone(), wish.name_en.clone());
                let wording = |locale: Locale, key: &str| messages::text_with(locale, key, &[("name", messages::Arg::from(name.pick(locale).clone()))]);
                let both = |key: &str| Localized::new(wording(Locale::Ar, key), wording(Locale::En, key));
                let notice =
                    Notice { title: both("news.back_in_stock.title"), body: both("news.back_in_stock.body"), link: format!("/products/{}", wish.slug) };
                diesel::insert_into(notifications::table).values(notice_row(wish.user, &notice, now)).execute(conn)?;
                let phone = wish.phone.as_deref().and_then(Phone::parse).filter(|_| wish.by_sms && wish.sms_opt_out_at.is_none());
                if let Some(phone) = phone {
                    let locale = if wish.locale == "en" { Locale::En } else { Locale::Ar };
                    diesel::insert_into(message_queue::table)
                        .values((
                            message_queue::channel.eq(<&str>::from(MessageChannel::Sms)),
                            message_queue::recipient.eq(phone.international()),
                            message_queue::body.eq(wording(locale, "news.back_in_stock.sms")),
                            message_queue::created_at.eq(now),
                            message_queue::next_attempt_at.eq(now),
                        ))
                        .execute(conn)?;
                }
                told += 1;
            }
            QueryResult::Ok(told)
        })?)
    }
}

/// Forgets a client's wish for a product; how many rows went (0 or 1).
fn forget(conn: &mut DbConn, user: i64, product: i64) -> QueryResult<usize> {
    diesel::delete(stock_alerts::table.filter(stock_alerts::user_id.eq(user)).filter(stock_alerts::product_id.eq(product))).execute(conn)
}
