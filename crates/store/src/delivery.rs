//! Shipping cities and buyers' addresses over Diesel.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use chrono::Utc;
use diesel::prelude::*;
use kernel::{AddressId, CityId, Localized, Money, Page, UserId};
use ordering::{Address, AddressBook, AddressDraft, CashTerms, CityDraft, CityQuery, CityRemoval, CityStore, CodFee, Recipient, ShippingCity};

use crate::database::{Database, DbConn, contains_pattern, lower, write};
use crate::schema::{addresses, orders, shipping_cities, users};

/// A city row: id, names, cost in piastres, active, position, and cash on delivery there
/// (taken, the fee's kind and its amount).
type CityRow = (i64, String, String, i64, bool, i32, bool, String, i64);

const CITY_COLUMNS: (
    shipping_cities::id,
    shipping_cities::name_ar,
    shipping_cities::name_en,
    shipping_cities::shipping_cost,
    shipping_cities::active,
    shipping_cities::sort_order,
    shipping_cities::cod_accepted,
    shipping_cities::cod_fee_kind,
    shipping_cities::cod_fee,
) = (
    shipping_cities::id,
    shipping_cities::name_ar,
    shipping_cities::name_en,
    shipping_cities::shipping_cost,
    shipping_cities::active,
    shipping_cities::sort_order,
    shipping_cities::cod_accepted,
    shipping_cities::cod_fee_kind,
    shipping_cities::cod_fee,
);

fn city((id, name_ar, name_en, cost, active, sort_order, cod_accepted, fee_kind, fee): CityRow) -> ShippingCity {
    let fee = match fee_kind.as_str() {
        "flat" => CodFee::Flat(Money::from_piastres(fee)),
        // Only the city form writes it, within 0..=10,000.
        "percent" => CodFee::Percent(u32::try_from(fee).unwrap_or(0)),
        _ => CodFee::None,
    };
    ShippingCity {
        id: CityId(id),
        name: Localized::new(name_ar, name_en),
        shipping_cost: Money::from_piastres(cost),
        cash: CashTerms { accepted: cod_accepted, fee },
        active,
        sort_order,
    }
}

/// A cash fee as stored: its kind and its amount (piastres, or hundredths of a percent).
fn stored_fee(fee: CodFee) -> (&'static str, i64) {
    match fee {
        CodFee::None => ("none", 0),
        CodFee::Flat(amount) => ("flat", amount.piastres()),
        CodFee::Percent(hundredths) => ("percent", i64::from(hundredths)),
    }
}

/// The cities and addresses in the database.
#[derive(Clone)]
pub struct DieselDeliveryStore {
    db: Database,
    cities: Arc<CityCopy>,
}

impl DieselDeliveryStore {
    /// The store over a database, reading the cities each time they are asked for.
    pub fn new(db: Database) -> Self {
        DieselDeliveryStore::remembering_cities(db, Duration::ZERO)
    }

    /// The store over a database, answering the buyers' cities from a copy read at most every
    /// `freshness`: a checkout's city comes from memory. This node's own changes to a city show
    /// at once, another node's within `freshness`.
    pub fn remembering_cities(db: Database, freshness: Duration) -> Self {
        DieselDeliveryStore { db, cities: Arc::new(CityCopy { freshness, held: RwLock::new(None), writes: AtomicU64::new(0) }) }
    }

    /// Every city in the buyers' order, from the copy while it is fresh.
    fn all_cities(&self) -> anyhow::Result<Arc<Vec<ShippingCity>>> {
        let copy = &self.cities;
        if let Ok(held) = copy.held.read()
            && let Some((read_at, cities)) = held.as_ref()
            && read_at.elapsed() < copy.freshness
        {
            return Ok(cities.clone());
        }
        let writes = copy.writes.load(Ordering::Acquire);
        let rows: Vec<CityRow> =
            shipping_cities::table.order((shipping_cities::sort_order, shipping_cities::id)).select(CITY_COLUMNS).load(&mut *self.db.conn()?)?;
        let cities = Arc::new(rows.into_iter().map(city).collect::<Vec<_>>());
        // A copy read while this node changed a city may miss the change: it is not kept.
        if copy.freshness > Duration::ZERO
            && let Ok(mut held) = copy.held.write()
            && copy.writes.load(Ordering::Acquire) == writes
        {
            *held = Some((Instant::now(), cities.clone()));
        }
        Ok(cities)
    }

    /// Forgets the copy after a change to the cities (after it, so that no copy read before
    /// the change is kept).
    fn changed_cities(&self) {
        if let Ok(mut held) = self.cities.held.write() {
            self.cities.writes.fetch_add(1, Ordering::AcqRel);
            *held = None;
        }
    }
}

/// The cities as last read, with when.
struct CityCopy {
    freshness: Duration,
    held: RwLock<Option<(Instant, Arc<Vec<ShippingCity>>)>>,
    // Counts this node's changes, so a copy read across one is not kept.
    writes: AtomicU64,
}

/// The cities a staff query selects, before paging.
fn matching_cities<'a>(query: &CityQuery) -> shipping_cities::BoxedQuery<'a, <DbConn as Connection>::Backend> {
    let mut rows = shipping_cities::table.into_boxed();
    if let Some(search) = &query.search {
        let pattern = contains_pattern(search);
        rows = rows.filter(lower(shipping_cities::name_ar).like(pattern.clone()).escape('\\').or(lower(shipping_cities::name_en).like(pattern).escape('\\')));
    }
    rows
}

impl CityStore for DieselDeliveryStore {
    fn active_cities(&self) -> anyhow::Result<Vec<ShippingCity>> {
        Ok(self.all_cities()?.iter().filter(|city| city.active).cloned().collect())
    }

    fn cities(&self, query: &CityQuery) -> anyhow::Result<Page<ShippingCity>> {
        let conn = &mut *self.db.conn()?;
        let total: i64 = matching_cities(query).count().get_result(conn)?;
        let rows: Vec<CityRow> = matching_cities(query)
            .order((shipping_cities::sort_order, shipping_cities::id))
            .limit(i64::from(query.page.per_page))
            .offset(query.page.offset())
            .select(CITY_COLUMNS)
            .load(conn)?;
        Ok(Page::new(rows.into_iter().map(city).collect(), query.page, u64::try_from(total).unwrap_or(0)))
    }

    fn city(&self, id: CityId) -> anyhow::Result<Option<ShippingCity>> {
        Ok(self.all_cities()?.iter().find(|city| city.id == id).cloned())
    }

    fn add_city(&self, draft: &CityDraft) -> anyhow::Result<CityId> {
        let conn = &mut *self.db.conn()?;
        let (fee_kind, fee) = stored_fee(draft.cash.fee);
        let id = diesel::insert_into(shipping_cities::table)
            .values((
                shipping_cities::name_ar.eq(&draft.name.ar),
                shipping_cities::name_en.eq(&draft.name.en),
                shipping_cities::shipping_cost.eq(draft.shipping_cost.piastres()),
                shipping_cities::active.eq(draft.active),
                shipping_cities::sort_order.eq(draft.sort_order),
                shipping_cities::cod_accepted.eq(draft.cash.accepted),
                shipping_cities::cod_fee_kind.eq(fee_kind),
                shipping_cities::cod_fee.eq(fee),
            ))
            .returning(shipping_cities::id)
            .get_result(conn)?;
        self.changed_cities();
        Ok(CityId(id))
    }

    fn update_city(&self, id: CityId, draft: &CityDraft) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let (fee_kind, fee) = stored_fee(draft.cash.fee);
        let changed = diesel::update(shipping_cities::table.find(id.0))
            .set((
                shipping_cities::name_ar.eq(&draft.name.ar),
                shipping_cities::name_en.eq(&draft.name.en),
                shipping_cities::shipping_cost.eq(draft.shipping_cost.piastres()),
                shipping_cities::active.eq(draft.active),
                shipping_cities::sort_order.eq(draft.sort_order),
                shipping_cities::cod_accepted.eq(draft.cash.accepted),
                shipping_cities::cod_fee_kind.eq(fee_kind),
                shipping_cities::cod_fee.eq(fee),
            ))
            .execute(conn)?;
        self.changed_cities();
        Ok(changed > 0)
    }

    fn remove_city(&self, id: CityId) -> anyhow::Result<CityRemoval> {
        let conn = &mut *self.db.conn()?;
        let removal = write(conn, |conn| {
            let used_by_address = diesel::select(diesel::dsl::exists(addresses::table.filter(addresses::city_id.eq(id.0)))).get_result::<bool>(conn)?;
            let used_by_client = diesel::select(diesel::dsl::exists(users::table.filter(users::city_id.eq(id.0)))).get_result::<bool>(conn)?;
            let used_by_order = diesel::select(diesel::dsl::exists(orders::table.filter(orders::city_id.eq(id.0)))).get_result::<bool>(conn)?;
            let row = shipping_cities::table.find(id.0);
            let outcome = if used_by_address || used_by_client || used_by_order {
                (diesel::update(row).set(shipping_cities::active.eq(false)).execute(conn)? > 0).then_some(CityRemoval::Deactivated)
            } else {
                (diesel::delete(row).execute(conn)? > 0).then_some(CityRemoval::Removed)
            };
            QueryResult::Ok(outcome.unwrap_or(CityRemoval::NotFound))
        });
        self.changed_cities();
        Ok(removal?)
    }
}

/// An address row (id, text, label, recipient's name and phone, landmark) with its city.
type AddressRow = ((i64, String, String, Option<String>, Option<String>, Option<String>), CityRow);

/// The columns of an [`AddressRow`].
const ADDRESS_COLUMNS: (addresses::id, addresses::address, addresses::label, addresses::recipient_name, addresses::recipient_phone, addresses::landmark) =
    (addresses::id, addresses::address, addresses::label, addresses::recipient_name, addresses::recipient_phone, addresses::landmark);

fn address(((id, text, label, recipient_name, recipient_phone, landmark), city_row): AddressRow) -> Address {
    let recipient = recipient_name.zip(recipient_phone.as_deref().and_then(kernel::Phone::parse)).map(|(name, phone)| Recipient { name, phone });
    Address { id: AddressId(id), text, city: city(city_row), label: label.parse().unwrap_or_default(), recipient, landmark }
}

/// An address's details as columns to write.
type DetailValues = (
    diesel::dsl::Eq<addresses::label, &'static str>,
    diesel::dsl::Eq<addresses::recipient_name, Option<String>>,
    diesel::dsl::Eq<addresses::recipient_phone, Option<String>>,
    diesel::dsl::Eq<addresses::landmark, Option<String>>,
);

/// The columns an address's details are written to.
fn detail_values(draft: &AddressDraft) -> DetailValues {
    let recipient = draft.recipient();
    (
        addresses::label.eq(<&'static str>::from(draft.label.unwrap_or_default())),
        addresses::recipient_name.eq(recipient.as_ref().map(|recipient| recipient.name.clone())),
        addresses::recipient_phone.eq(recipient.map(|recipient| recipient.phone.as_str().to_string())),
        addresses::landmark.eq(draft.landmark()),
    )
}

impl AddressBook for DieselDeliveryStore {
    fn addresses(&self, owner: UserId) -> anyhow::Result<Vec<Address>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<AddressRow> = addresses::table
            .inner_join(shipping_cities::table)
            .filter(addresses::user_id.eq(owner.0))
            .order(addresses::id)
            .select((ADDRESS_COLUMNS, CITY_COLUMNS))
            .load(conn)?;
        Ok(rows.into_iter().map(address).collect())
    }

    fn address(&self, owner: UserId, id: AddressId) -> anyhow::Result<Option<Address>> {
        let conn = &mut *self.db.conn()?;
        let row: Option<AddressRow> = addresses::table
            .inner_join(shipping_cities::table)
            .filter(addresses::id.eq(id.0).and(addresses::user_id.eq(owner.0)))
            .select((ADDRESS_COLUMNS, CITY_COLUMNS))
            .first(conn)
            .optional()?;
        Ok(row.map(address))
    }

    fn add_address(&self, owner: UserId, draft: &AddressDraft, max: usize) -> anyhow::Result<Option<AddressId>> {
        let Some(city) = draft.city else { return Ok(None) };
        let conn = &mut *self.db.conn()?;
        // Parallel adds must not pass the limit: SQLite's writing transaction queues them, and
        // on PostgreSQL the no-op update locks the owner's row until the count is written.
        write(conn, |conn| {
            diesel::update(users::table.find(owner.0)).set(users::id.eq(users::id)).execute(conn)?;
            let count: i64 = addresses::table.filter(addresses::user_id.eq(owner.0)).count().get_result(conn)?;
            if usize::try_from(count).unwrap_or(usize::MAX) >= max {
                return QueryResult::Ok(None);
            }
            let id = diesel::insert_into(addresses::table)
                .values((
                    addresses::user_id.eq(owner.0),
                    addresses::city_id.eq(city.0),
                    addresses::address.eq(&draft.text),
                    addresses::created_at.eq(Utc::now().naive_utc()),
                    detail_values(draft),
                ))
                .returning(addresses::id)
                .get_result(conn)?;
            Ok(Some(AddressId(id)))
        })
        .map_err(Into::into)
    }

    fn update_address(&self, owner: UserId, id: AddressId, draft: &AddressDraft) -> anyhow::Result<bool> {
        let Some(city) = draft.city else { return Ok(false) };
        let conn = &mut *self.db.conn()?;
        let changed = diesel::update(addresses::table.filter(addresses::id.eq(id.0).and(addresses::user_id.eq(owner.0))))
            .set((addresses::address.eq(&draft.text), addresses::city_id.eq(city.0), detail_values(draft)))
            .execute(conn)?;
        self.changed_cities();
        Ok(changed > 0)
    }

    fn remove_address(&self, owner: UserId, id: AddressId) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::delete(addresses::table.filter(addresses::id.eq(id.0).and(addresses::user_id.eq(owner.0)))).execute(conn)? > 0)
    }
}
