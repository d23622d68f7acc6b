//! What the shop has seen of phones, over Diesel: the orders placed with one, by outcome, read
//! from the orders' phone index; and the staff's band for one (`phone_bands`).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{Phone, UserId};
use ordering::{BandOverride, CancelCause, OrderStatus, PhoneBand, PhoneBook, PhoneRecord};

use diesel::upsert::excluded;

use crate::database::{Database, DbConn, execute_natively};
use crate::schema::{order_cancellations, orders, phone_bands, users};

/// The phones' records and bands over a database.
pub struct DieselPhoneBook {
    db: Database,
}

impl DieselPhoneBook {
    /// The book over a database.
    pub fn new(db: Database) -> Self {
        DieselPhoneBook { db }
    }
}

/// A staff band as stored: band, note, who (and their name) and when.
type BandRow = (String, String, Option<i64>, Option<String>, chrono::NaiveDateTime);

diesel::allow_columns_to_appear_in_same_group_by_clause!(orders::status, order_cancellations::cause);

/// The orders placed with a phone, by status and cause of cancelling, counted in the database
/// from the orders' phone index: a large client's thousands of orders stay there.
pub(crate) fn record_of(conn: &mut DbConn, phone: &str) -> QueryResult<PhoneRecord> {
    // One statement: an order has at most one cause of cancelling.
    let rows: Vec<(String, Option<String>, i64)> = orders::table
        .left_join(order_cancellations::table)
        .filter(orders::customer_phone.eq(phone))
        .group_by((orders::status, order_cancellations::cause))
        .select((orders::status, order_cancellations::cause.nullable(), diesel::dsl::count_star()))
        .load(conn)?;
    let mut record = PhoneRecord::default();
    for (status, cause, count) in rows {
        let count = u64::try_from(count).unwrap_or(0);
        record.orders += count;
        if status == <&str>::from(OrderStatus::Delivered) {
            record.delivered += count;
        } else if status == <&str>::from(OrderStatus::Cancelled) {
            record.cancelled += count;
        }
        if cause.as_deref() == Some(CancelCause::Unconfirmed.into()) {
            record.never_confirmed += count;
        } else if cause.as_deref() == Some(CancelCause::Refused.into()) {
            record.refused += count;
        }
    }
    Ok(record)
}

/// The staff's band for a phone, with who set it.
pub(crate) fn band_of(conn: &mut DbConn, phone: &str) -> QueryResult<Option<BandOverride>> {
    let found: Option<BandRow> = phone_bands::table
        .left_join(users::table.on(users::id.nullable().eq(phone_bands::set_by)))
        .filter(phone_bands::phone.eq(phone))
        .select((phone_bands::band, phone_bands::note, phone_bands::set_by, users::name.nullable(), phone_bands::set_at))
        .first(conn)
        .optional()?;
    let Some((band, note, by, by_name, at)) = found else { return Ok(None) };
    let band = band.parse::<PhoneBand>().map_err(|error| diesel::result::Error::DeserializationError(Box::new(error)))?;
    Ok(Some(BandOverride { band, note, by: by.map(UserId), by_name, at: at.and_utc() }))
}

impl PhoneBook for DieselPhoneBook {
    fn record(&self, phone: &Phone) -> anyhow::Result<PhoneRecord> {
        Ok(record_of(&mut *self.db.conn()?, &phone.to_string())?)
    }

    fn band_override(&self, phone: &Phone) -> anyhow::Result<Option<BandOverride>> {
        Ok(band_of(&mut *self.db.conn()?, &phone.to_string())?)
    }

    fn set_band_override(&self, phone: &Phone, band: Option<(PhoneBand, String, UserId, DateTime<Utc>)>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let phone = phone.to_string();
        let Some((band, note, by, at)) = band else {
            diesel::delete(phone_bands::table.find(&phone)).execute(conn)?;
            return Ok(());
        };
        // One statement, so two staff setting a band at once leave the later one, not an error.
        let upsert = diesel::insert_into(phone_bands::table)
            .values((
                phone_bands::phone.eq(&phone),
                phone_bands::band.eq(<&str>::from(band)),
                phone_bands::note.eq(&note),
                phone_bands::set_by.eq(by.0),
                phone_bands::set_at.eq(at.naive_utc()),
            ))
            .on_conflict(phone_bands::phone)
            .do_update()
            .set((
                phone_bands::band.eq(excluded(phone_bands::band)),
                phone_bands::note.eq(excluded(phone_bands::note)),
                phone_bands::set_by.eq(excluded(phone_bands::set_by)),
                phone_bands::set_at.eq(excluded(phone_bands::set_at)),
            ));
        execute_natively(conn, upsert)?;
        Ok(())
    }
}
