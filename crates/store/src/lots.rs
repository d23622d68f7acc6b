//! Lots over Diesel. A product's stock (`products.quantity`) stays the one count an order's
//! guarded update takes from; for a product kept in lots it is counted again from the lots in
//! date at every write of a lot, under the same row lock orders take (so a count never misses
//! an order committing meanwhile), and by the daily write-off once a lot expires. Orders take
//! each line's units from the lots in the same transaction (`take_from_lots`). Registrations
//! that ran out are told to staff once each (`registration_lapses`).

use catalog::lots::{OPENING_STOCK_BATCH, first_expiring_first, sellable_units};
use catalog::ports::{LotWrite, Shelf};
use catalog::{Lot, LotDraft, LotId, RegistrationLapse, UnlottedUnits};
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use identity::permission::Permission;
use kernel::{Locale, Localized, ProductId};
use ordering::{LineLot, Notice};

use crate::catalogue::{DieselCatalogueStore, stock_moved_in_transaction, write_moving_stock};
use crate::database::{DbConn, execute_natively, write};
use crate::desk::{NoticeRow, notice_row};
use crate::schema::{notifications, order_lot_takes, product_lots, products, registration_lapses, role_permissions, stock_write_offs, users};

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_lots)]
struct LotRow {
    id: i64,
    product_id: i64,
    batch: String,
    expires_on: NaiveDate,
    quantity: i64,
    received_at: NaiveDateTime,
}

impl From<LotRow> for Lot {
    fn from(row: LotRow) -> Lot {
        Lot {
            id: LotId(row.id),
            product: ProductId(row.product_id),
            draft: LotDraft { batch: row.batch, expires_on: row.expires_on, quantity: row.quantity },
            received_at: row.received_at,
        }
    }
}

/// The product's lots, soonest to expire first.
fn lots_of(conn: &mut DbConn, product: i64) -> QueryResult<Vec<Lot>> {
    let rows: Vec<LotRow> = product_lots::table
        .filter(product_lots::product_id.eq(product))
        .order((product_lots::expires_on, product_lots::id))
        .select(LotRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().map(Lot::from).collect())
}

/// Locks the product's row as an order taking its stock does; false when there is none.
fn lock_product(conn: &mut DbConn, product: i64) -> QueryResult<bool> {
    Ok(diesel::update(products::table.find(product)).set(products::quantity.eq(products::quantity)).execute(conn)? == 1)
}

/// Sets a product kept in lots to the units of its lots in date; true when it changed.
/// Products without lots keep the stock staff typed.
pub(crate) fn count_stock_from_lots(conn: &mut DbConn, product: i64, today: NaiveDate) -> QueryResult<bool> {
    let lots = lots_of(conn, product)?;
    if lots.is_empty() {
        return Ok(false);
    }
    set_stock(conn, product, sellable_units(&lots, today))
}

/// Sets whether the product is kept in lots, as its lots now say: an order learns it from the
/// product's row, which its stock statement holds (migration 000042).
fn mark_kept_in_lots(conn: &mut DbConn, product: i64) -> QueryResult<()> {
    let lots = product_lots::table.filter(product_lots::product_id.eq(product));
    diesel::update(products::table.find(product)).set(products::kept_in_lots.eq(diesel::dsl::exists(lots))).execute(conn)?;
    Ok(())
}

/// Sets a product's stock; true when it changed.
fn set_stock(conn: &mut DbConn, product: i64, units: i64) -> QueryResult<bool> {
    let changed = diesel::update(products::table.find(product).filter(products::quantity.ne(units))).set(products::quantity.eq(units)).execute(conn)? == 1;
    if changed {
        stock_moved_in_transaction(conn)?;
    }
    Ok(changed)
}

/// Stores a lot of the product; answers its id.
fn insert_lot(conn: &mut DbConn, product: i64, draft: &LotDraft, received_at: NaiveDateTime) -> QueryResult<LotId> {
    diesel::insert_into(product_lots::table)
        .values((
            product_lots::product_id.eq(product),
            product_lots::batch.eq(&draft.batch),
            product_lots::expires_on.eq(draft.expires_on),
            product_lots::quantity.eq(draft.quantity),
            product_lots::received_at.eq(received_at),
        ))
        .returning(product_lots::id)
        .get_result(conn)
        .map(LotId)
}

/// Whether another lot of the product has this batch number.
fn batch_taken(conn: &mut DbConn, product: i64, batch: &str, besides: Option<i64>) -> QueryResult<bool> {
    let mut query = product_lots::table.filter(product_lots::product_id.eq(product).and(product_lots::batch.eq(batch))).select(product_lots::id).into_boxed();
    if let Some(lot) = besides {
        query = query.filter(product_lots::id.ne(lot));
    }
    Ok(query.first::<i64>(conn).optional()?.is_some())
}

/// A lot write under the product's lock, the stock counted again after it.
fn lot_write(
    store: &DieselCatalogueStore,
    product: ProductId,
    today: NaiveDate,
    work: impl FnOnce(&mut DbConn) -> QueryResult<LotWrite>,
) -> anyhow::Result<LotWrite> {
    let conn = &mut *store.db().conn()?;
    let written = write_moving_stock(
        conn,
        |written| matches!(written, LotWrite::Done(_)),
        |conn| {
            if !lock_product(conn, product.0)? {
                return QueryResult::Ok(LotWrite::NoProduct);
            }
            let written = work(conn)?;
            if let LotWrite::Done(_) = written {
                count_stock_from_lots(conn, product.0, today)?;
                mark_kept_in_lots(conn, product.0)?;
            }
            Ok(written)
        },
    )?;
    Ok(written)
}

impl Shelf for DieselCatalogueStore {
    fn lots(&self, product: ProductId) -> anyhow::Result<Option<Vec<Lot>>> {
        let conn = &mut *self.db().conn()?;
        if products::table.find(product.0).select(products::id).first::<i64>(conn).optional()?.is_none() {
            return Ok(None);
        }
        Ok(Some(lots_of(conn, product.0)?))
    }

    fn add_lot(&self, product: ProductId, draft: &LotDraft, unlotted: Option<UnlottedUnits>, today: NaiveDate) -> anyhow::Result<LotWrite> {
        lot_write(self, product, today, |conn| {
            if batch_taken(conn, product.0, &draft.batch, None)? {
                return Ok(LotWrite::BatchTaken);
            }
            let now = Utc::now().naive_utc();
            // The first lot: the units the product holds in no lot are kept or written off, as
            // the owner said, under the row lock orders take them by.
            let first = !diesel::select(diesel::dsl::exists(product_lots::table.filter(product_lots::product_id.eq(product.0)))).get_result::<bool>(conn)?;
            let in_no_lot: i64 = if first { products::table.find(product.0).select(products::quantity).first(conn)? } else { 0 };
            if in_no_lot > 0 {
                match &unlotted {
                    None => return Ok(LotWrite::UnlottedUndecided(in_no_lot)),
                    Some(UnlottedUnits::OpeningStock { .. }) if draft.batch == OPENING_STOCK_BATCH => return Ok(LotWrite::BatchTaken),
                    Some(UnlottedUnits::OpeningStock { expires_on }) => {
                        insert_lot(conn, product.0, &LotDraft { batch: OPENING_STOCK_BATCH.into(), expires_on: *expires_on, quantity: in_no_lot }, now)?;
                    }
                    Some(UnlottedUnits::WriteOff { reason }) => {
                        diesel::insert_into(stock_write_offs::table)
                            .values((
                                stock_write_offs::product_id.eq(product.0),
                                stock_write_offs::units.eq(in_no_lot),
                                stock_write_offs::reason.eq(reason.trim()),
                                stock_write_offs::written_at.eq(now),
                            ))
                            .execute(conn)?;
                    }
                }
            }
            Ok(LotWrite::Done(insert_lot(conn, product.0, draft, now)?))
        })
    }

    fn update_lot(&self, product: ProductId, lot: LotId, draft: &LotDraft, today: NaiveDate) -> anyhow::Result<LotWrite> {
        lot_write(self, product, today, |conn| {
            if batch_taken(conn, product.0, &draft.batch, Some(lot.0))? {
                return Ok(LotWrite::BatchTaken);
            }
            let updated = diesel::update(product_lots::table.find(lot.0).filter(product_lots::product_id.eq(product.0)))
                .set((product_lots::batch.eq(&draft.batch), product_lots::expires_on.eq(draft.expires_on), product_lots::quantity.eq(draft.quantity)))
                .execute(conn)?;
            Ok(if updated == 1 { LotWrite::Done(lot) } else { LotWrite::NoLot })
        })
    }

    fn remove_lot(&self, product: ProductId, lot: LotId, today: NaiveDate) -> anyhow::Result<LotWrite> {
        lot_write(self, product, today, |conn| {
            let removed = diesel::delete(product_lots::table.find(lot.0).filter(product_lots::product_id.eq(product.0))).execute(conn)?;
            if removed == 0 {
                return Ok(LotWrite::NoLot);
            }
            // The last lot gone, nothing is left on the shelf: the count from lots would find
            // none to count and keep the stock as it was.
            if lots_of(conn, product.0)?.is_empty() {
                set_stock(conn, product.0, 0)?;
            }
            Ok(LotWrite::Done(lot))
        })
    }

    fn lots_expiring_by(&self, day: NaiveDate, limit: i64) -> anyhow::Result<Vec<Lot>> {
        let conn = &mut *self.db().conn()?;
        let rows: Vec<LotRow> = product_lots::table
            .filter(product_lots::expires_on.le(day).and(product_lots::quantity.gt(0)))
            .order((product_lots::expires_on, product_lots::id))
            .limit(limit)
            .select(LotRow::as_select())
            .load(conn)?;
        Ok(rows.into_iter().map(Lot::from).collect())
    }

    fn write_off_expired(&self, today: NaiveDate) -> anyhow::Result<Vec<ProductId>> {
        let conn = &mut *self.db().conn()?;
        let holding: Vec<i64> = product_lots::table
            .filter(product_lots::expires_on.lt(today).and(product_lots::quantity.gt(0)))
            .select(product_lots::product_id)
            .distinct()
            .order(product_lots::product_id)
            .load(conn)?;
        let mut fell = Vec::new();
        for product in holding {
            let changed = write_moving_stock(
                conn,
                |changed| *changed,
                |conn| {
                    lock_product(conn, product)?;
                    count_stock_from_lots(conn, product, today)
                },
            )?;
            if changed {
                fell.push(ProductId(product));
            }
        }
        Ok(fell)
    }

    fn tell_lapses(&self, lapses: &[RegistrationLapse], at: DateTime<Utc>) -> anyhow::Result<usize> {
        let conn = &mut *self.db().conn()?;
        let told_at = at.naive_utc();
        Ok(write(conn, |conn| {
            // What was told already, in one read: the job asks again every run while a product stays lapsed.
            let products: Vec<i64> = lapses.iter().map(|lapse| lapse.product.0).collect();
            let told: Vec<(i64, NaiveDate)> = registration_lapses::table
                .filter(registration_lapses::product_id.eq_any(&products))
                .select((registration_lapses::product_id, registration_lapses::ended_on))
                .load(conn)?;
            let new: Vec<&RegistrationLapse> = lapses.iter().filter(|lapse| !told.contains(&(lapse.product.0, lapse.ended_on))).collect();
            if new.is_empty() {
                return QueryResult::Ok(0);
            }
            let rows: Vec<_> = new
                .iter()
                .map(|lapse| {
                    (
                        registration_lapses::product_id.eq(lapse.product.0),
                        registration_lapses::ended_on.eq(lapse.ended_on),
                        registration_lapses::told_at.eq(told_at),
                    )
                })
                .collect();
            execute_natively(conn, diesel::insert_into(registration_lapses::table).values(rows))?;
            let editors: Vec<i64> = users::table
                .inner_join(role_permissions::table.on(users::access_role_id.eq(role_permissions::role_id.nullable())))
                .filter(role_permissions::permission.eq(<&str>::from(Permission::ProductEdit)))
                .filter(users::blocked.eq(false))
                .select(users::id)
                .load(conn)?;
            let notices: Vec<Notice> = new.iter().map(|lapse| lapse_notice(lapse)).collect();
            let rows: Vec<NoticeRow> = editors.iter().flat_map(|&user| notices.iter().map(move |notice| notice_row(user, notice, told_at))).collect();
            if !rows.is_empty() {
                execute_natively(conn, diesel::insert_into(notifications::table).values(rows))?;
            }
            Ok(new.len())
        })?)
    }
}

/// What staff read in the bell of a registration that ran out, in both languages.
fn lapse_notice(lapse: &RegistrationLapse) -> Notice {
    let wording = |locale: Locale, key: &str| {
        let args = [("name", messages::Arg::from(lapse.name.pick(locale).clone())), ("date", messages::Arg::from(lapse.ended_on.to_string()))];
        messages::text_with(locale, key, &args)
    };
    let both = |key: &str| Localized::new(wording(Locale::Ar, key), wording(Locale::En, key));
    Notice {
        title: both("news.registration_lapsed.title"),
        body: both("news.registration_lapsed.body"),
        link: format!("/dashboard/products-actions?id={}", lapse.product.0),
    }
}

/// Takes a line's units from the product's lots, soonest to expire first, once the order's
/// guarded update holds the product's row; records what came from which batch for the invoice.
/// `Err` with the units the lots in date hold when they are too few. A product without lots
/// takes nothing here.
pub(crate) fn take_from_lots(conn: &mut DbConn, order: i64, product: i64, wanted: i64, today: NaiveDate) -> QueryResult<Result<Vec<LineLot>, i64>> {
    let lots = lots_of(conn, product)?;
    take_from(conn, order, product, wanted, today, &lots)
}

/// The lots of each of the products, soonest to expire first, in one read: an order reads them
/// once its guarded updates hold every product's row.
pub(crate) fn lots_of_each(conn: &mut DbConn, products: &[i64]) -> QueryResult<std::collections::HashMap<i64, Vec<Lot>>> {
    let rows: Vec<LotRow> = product_lots::table
        .filter(product_lots::product_id.eq_any(products))
        .order((product_lots::product_id, product_lots::expires_on, product_lots::id))
        .select(LotRow::as_select())
        .load(conn)?;
    let mut each: std::collections::HashMap<i64, Vec<Lot>> = std::collections::HashMap::new();
    for lot in rows.into_iter().map(Lot::from) {
        each.entry(lot.product.0).or_default().push(lot);
    }
    Ok(each)
}

/// [`take_from_lots`] from the product's `lots` as read under its row's lock.
pub(crate) fn take_from(conn: &mut DbConn, order: i64, product: i64, wanted: i64, today: NaiveDate, lots: &[Lot]) -> QueryResult<Result<Vec<LineLot>, i64>> {
    if lots.is_empty() {
        return Ok(Ok(Vec::new()));
    }
    let takes = match first_expiring_first(lots, wanted, today) {
        Ok(takes) => takes,
        Err(left) => return Ok(Err(left)),
    };
    let mut taken = Vec::new();
    for take in takes {
        let Some(lot) = lots.iter().find(|lot| lot.id == take.lot) else { continue };
        diesel::update(product_lots::table.find(take.lot.0)).set(product_lots::quantity.eq(product_lots::quantity - take.quantity)).execute(conn)?;
        diesel::insert_into(order_lot_takes::table)
            .values((
                order_lot_takes::order_id.eq(order),
                order_lot_takes::product_id.eq(product),
                order_lot_takes::lot_id.eq(take.lot.0),
                order_lot_takes::batch.eq(&lot.draft.batch),
                order_lot_takes::expires_on.eq(lot.draft.expires_on),
                order_lot_takes::quantity.eq(take.quantity),
            ))
            .execute(conn)?;
        taken.push(LineLot {
            product: ProductId(product),
            batch: lot.draft.batch.clone(),
            expires_on: lot.draft.expires_on,
            quantity: u32::try_from(take.quantity).unwrap_or(u32::MAX),
        });
    }
    Ok(Ok(taken))
}

/// What an order keeps of the batches its units came from once some go back to the shelf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TakenRecord {
    /// It still names them: what was sold (a cancellation, a return).
    Kept,
    /// It no longer holds them (its lines changed, units refused at the door): the invoice
    /// names only the batches delivered.
    Reduced,
}

/// Puts `units` of a line back into the lots they came from (all of them for a cancelled
/// order, some for a return), soonest to expire first as they were taken and no lot above
/// what the line took of it, under the product's lock first as orders take it, and counts the
/// product's stock again; false when the line took from no lot.
pub(crate) fn return_units_to_lots(conn: &mut DbConn, order: i64, product: i64, units: i64, today: NaiveDate, record: TakenRecord) -> QueryResult<bool> {
    let line = order_lot_takes::table.filter(order_lot_takes::order_id.eq(order).and(order_lot_takes::product_id.eq(product)));
    let takes: Vec<(String, Option<i64>, i64)> =
        line.order(order_lot_takes::expires_on).select((order_lot_takes::batch, order_lot_takes::lot_id, order_lot_takes::quantity)).load(conn)?;
    if takes.is_empty() {
        return Ok(false);
    }
    lock_product(conn, product)?;
    let mut left = units;
    for (batch, lot, quantity) in takes {
        let back = left.min(quantity);
        if back <= 0 {
            break;
        }
        if let Some(lot) = lot {
            diesel::update(product_lots::table.find(lot)).set(product_lots::quantity.eq(product_lots::quantity + back)).execute(conn)?;
        }
        if record == TakenRecord::Reduced {
            let take = order_lot_takes::table.find((order, product, &batch));
            if back == quantity {
                diesel::delete(take).execute(conn)?;
            } else {
                diesel::update(take).set(order_lot_takes::quantity.eq(order_lot_takes::quantity - back)).execute(conn)?;
            }
        }
        left -= back;
    }
    count_stock_from_lots(conn, product, today)?;
    Ok(true)
}
