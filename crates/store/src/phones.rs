//! What the shop has seen of phones, over Diesel: the orders placed with one, by outcome, read
//! from the orders' phone index, and the staff's band for one (`phone_bands`), in one read with
//! a client's delivered orders: a buyer's whole history for an order's admission.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use kernel::{Phone, UserId};
use ordering::{BandOverride, BuyerHistory, CancelCause, OrderStatus, PhoneBand, PhoneBook, PhoneReach, PhoneRecord};

use diesel::upsert::excluded;

use crate::database::{Database, DbConn, KeptPrepared, execute_natively, load_natively};
use crate::schema::{orders, phone_bands, users};

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

/// What the shop knows of a buyer, in one read: the orders of account `$2` in status `$3`
/// (delivered) and the staff's band for phone `$1`, repeated on each row, and the phone's
/// orders counted by status and cause of cancelling (an order has at most one) from the orders'
/// phone index, where a large client's thousands of orders stay. One row with no counts for a
/// phone never seen. SQLite reads `$1`… as named parameters, numbered as they first appear (so
/// in this order): the same text serves both databases.
const STANDING: &str = "SELECT asked.delivered, band.band, band.note, band.set_by, setter.name AS set_by_name, band.set_at, record.status, record.cause, record.orders \
     FROM (SELECT $1 AS phone, (SELECT COUNT(*) FROM orders WHERE orders.user_id = $2 AND orders.status = $3) AS delivered) AS asked \
     LEFT JOIN phone_bands AS band ON band.phone = asked.phone \
     LEFT JOIN users AS setter ON setter.id = band.set_by \
     LEFT JOIN (SELECT orders.status, order_cancellations.cause, COUNT(*) AS orders FROM orders \
         LEFT JOIN order_cancellations ON order_cancellations.order_id = orders.id \
         WHERE orders.customer_phone = $1 GROUP BY orders.status, order_cancellations.cause) AS record ON TRUE";

/// A row of [`STANDING`].
#[derive(QueryableByName)]
struct StandingRow {
    #[diesel(sql_type = BigInt)]
    delivered: i64,
    #[diesel(sql_type = Nullable<Text>)]
    band: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    note: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    set_by: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    set_by_name: Option<String>,
    #[diesel(sql_type = Nullable<Timestamp>)]
    set_at: Option<chrono::NaiveDateTime>,
    #[diesel(sql_type = Nullable<Text>)]
    status: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    cause: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    orders: Option<i64>,
}

/// What the shop knows of a buyer: the orders placed with their phone, by outcome, the staff's
/// band for it (with who set it), and their account's delivered orders (none for a guest).
pub(crate) fn buyer_history(conn: &mut DbConn, phone: &str, user: Option<UserId>) -> QueryResult<BuyerHistory> {
    let statement = diesel::sql_query(STANDING)
        .bind::<Text, _>(phone)
        .bind::<Nullable<BigInt>, _>(user.map(|user| user.0))
        .bind::<Text, _>(<&str>::from(OrderStatus::Delivered));
    let rows: Vec<StandingRow> = load_natively(conn, KeptPrepared(statement))?;
    let mut record = PhoneRecord::default();
    let mut band = None;
    let mut delivered = 0;
    for row in rows {
        delivered = row.delivered;
        if band.is_none()
            && let (Some(stored), Some(note), Some(at)) = (&row.band, &row.note, row.set_at)
        {
            let parsed = stored.parse::<PhoneBand>().map_err(|error| diesel::result::Error::DeserializationError(Box::new(error)))?;
            band = Some(BandOverride { band: parsed, note: note.clone(), by: row.set_by.map(UserId), by_name: row.set_by_name.clone(), at: at.and_utc() });
        }
        let (Some(status), Some(count)) = (row.status, row.orders) else { continue };
        let count = u64::try_from(count).unwrap_or(0);
        record.orders += count;
        if status == <&str>::from(OrderStatus::Delivered) {
            record.delivered += count;
        } else if status == <&str>::from(OrderStatus::Cancelled) {
            record.cancelled += count;
        }
        if row.cause.as_deref() == Some(CancelCause::Unconfirmed.into()) {
            record.never_confirmed += count;
        } else if row.cause.as_deref() == Some(CancelCause::Refused.into()) {
            record.refused += count;
        } else if row.cause.as_deref() == Some(CancelCause::NotOrdered.into()) {
            record.not_ordered += count;
        }
    }
    Ok(BuyerHistory { record, band, delivered: u64::try_from(delivered).unwrap_or(0) })
}

impl PhoneBook for DieselPhoneBook {
    fn record(&self, phone: &Phone) -> anyhow::Result<PhoneRecord> {
        Ok(buyer_history(&mut *self.db.conn()?, &phone.to_string(), None)?.record)
    }

    fn band_override(&self, phone: &Phone) -> anyhow::Result<Option<BandOverride>> {
        Ok(buyer_history(&mut *self.db.conn()?, &phone.to_string(), None)?.band)
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

    fn reach(&self, phone: &Phone, engineer: UserId) -> anyhow::Result<PhoneReach> {
        let conn = &mut *self.db.conn()?;
        let phone = phone.to_string();
        let placed_with = orders::table.filter(orders::customer_phone.eq(&phone));
        let own_order = diesel::select(diesel::dsl::exists(placed_with.filter(orders::user_id.is_not_null()).filter(orders::sales_engineer_id.eq(engineer.0))));
        let own_account = diesel::select(diesel::dsl::exists(
            users::table.filter(users::role.eq("customer")).filter(users::phone.eq(&phone)).filter(users::sales_engineer_id.eq(engineer.0)),
        ));
        let guest_order = diesel::select(diesel::dsl::exists(placed_with.filter(orders::user_id.is_null())));
        Ok(PhoneReach {
            own_client: own_account.get_result::<bool>(conn)? || own_order.get_result::<bool>(conn)?,
            guest_order: guest_order.get_result::<bool>(conn)?,
        })
    }
}
