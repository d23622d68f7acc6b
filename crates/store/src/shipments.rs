//! Parcels handed to couriers and their couriers' reports, over Diesel (`shipments`,
//! `courier_reports`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{Money, UserId};
use ordering::{
    CashParcel, CourierCash, CourierKind, CourierReport, NewShipment, OrderStatus, Remittance, ReportKept, Shipment, ShipmentBook, ShipmentEvent, ShipmentState,
};

use crate::database::{Database, DbConn, execute_natively, unique_collision, write};
use crate::schema::{courier_remittances, courier_reports, order_history, orders, shipments};

/// The shipments over a database.
pub struct DieselShipmentBook {
    db: Database,
}

impl DieselShipmentBook {
    /// The book over a database.
    pub fn new(db: Database) -> Self {
        DieselShipmentBook { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = shipments)]
struct ShipmentRow {
    order_id: i64,
    courier: String,
    courier_name: String,
    tracking: String,
    tracking_url: Option<String>,
    state: String,
    cod: i64,
    collected: Option<i64>,
    handed_over_at: chrono::NaiveDateTime,
    handed_over_by: Option<i64>,
}

/// A delivered parcel not settled: its order, courier and name, cash to collect, cash
/// collected, and the order's number.
type UnsettledRow = (i64, String, String, i64, Option<i64>, Option<String>);

/// What a delivered parcel's courier collected: Bosta's report, or the shop's own courier the
/// cash due (it reports nothing); nothing before delivery.
pub(crate) fn collected_of(courier: CourierKind, reported: Option<i64>, cod: i64, delivered: bool) -> Option<Money> {
    match courier {
        CourierKind::Manual if delivered => Some(Money::from_piastres(reported.unwrap_or(cod))),
        _ => reported.map(Money::from_piastres),
    }
}

/// The shipments of these orders, each with its courier's reports oldest first.
pub fn shipments_of(conn: &mut DbConn, orders: &[i64]) -> anyhow::Result<HashMap<i64, Shipment>> {
    let rows: Vec<ShipmentRow> = shipments::table.filter(shipments::order_id.eq_any(orders)).select(ShipmentRow::as_select()).load(conn)?;
    if rows.is_empty() {
        return Ok(HashMap::new());
    }
    let trackings: Vec<&str> = rows.iter().map(|row| row.tracking.as_str()).collect();
    let reports: Vec<(String, String, i32, String, chrono::NaiveDateTime)> = courier_reports::table
        .filter(courier_reports::tracking.eq_any(&trackings))
        .order((courier_reports::occurred_at, courier_reports::id))
        .select((courier_reports::courier, courier_reports::tracking, courier_reports::code, courier_reports::state, courier_reports::occurred_at))
        .load(conn)?;
    let mut found = HashMap::with_capacity(rows.len());
    for row in rows {
        let events = reports
            .iter()
            .filter(|(courier, tracking, ..)| *courier == row.courier && *tracking == row.tracking)
            .map(|(_, _, code, state, at)| Ok(ShipmentEvent { state: state.parse()?, code: *code, at: at.and_utc() }))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let shipment = Shipment {
            courier: row.courier.parse()?,
            courier_name: row.courier_name,
            tracking: row.tracking,
            tracking_url: row.tracking_url,
            state: row.state.parse()?,
            cod: Money::from_piastres(row.cod),
            collected: row.collected.map(Money::from_piastres),
            handed_over_at: row.handed_over_at.and_utc(),
            handed_over_by: row.handed_over_by.map(UserId),
            events,
        };
        found.insert(row.order_id, shipment);
    }
    Ok(found)
}

impl ShipmentBook for DieselShipmentBook {
    fn keep(&self, shipment: &NewShipment) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let kept = diesel::insert_into(shipments::table)
            .values((
                shipments::order_id.eq(shipment.order.0),
                shipments::courier.eq(<&str>::from(shipment.courier)),
                shipments::courier_name.eq(&shipment.courier_name),
                shipments::tracking.eq(&shipment.booking.tracking),
                shipments::tracking_url.eq(&shipment.booking.tracking_url),
                shipments::state.eq(<&str>::from(shipment.state)),
                shipments::cod.eq(shipment.cod.piastres()),
                shipments::handed_over_at.eq(shipment.at.naive_utc()),
                shipments::handed_over_by.eq(shipment.by.0),
            ))
            .execute(conn);
        match kept {
            Ok(_) => Ok(true),
            // The order's parcel, or a parcel with the same tracking number, was kept first.
            Err(error) if unique_collision(&error).is_some() => Ok(false),
            Err(error) => Err(error.into()),
        }
    }

    fn record_report(&self, courier: CourierKind, report: &CourierReport, received_at: DateTime<Utc>) -> anyhow::Result<ReportKept> {
        let conn = &mut *self.db.conn()?;
        let courier_name: &str = courier.into();
        Ok(write(conn, |conn| {
            let insert = diesel::insert_into(courier_reports::table)
                .values((
                    courier_reports::courier.eq(courier_name),
                    courier_reports::tracking.eq(&report.tracking),
                    courier_reports::code.eq(report.code),
                    courier_reports::state.eq(<&str>::from(report.state)),
                    courier_reports::occurred_at.eq(report.at.naive_utc()),
                    courier_reports::raw.eq(&report.raw),
                    courier_reports::received_at.eq(received_at.naive_utc()),
                ))
                .on_conflict_do_nothing();
            if execute_natively(conn, insert)? == 0 {
                return QueryResult::Ok(ReportKept::Seen);
            }
            let id: i64 = courier_reports::table
                .filter(courier_reports::courier.eq(courier_name))
                .filter(courier_reports::tracking.eq(&report.tracking))
                .filter(courier_reports::code.eq(report.code))
                .filter(courier_reports::occurred_at.eq(report.at.naive_utc()))
                .select(courier_reports::id)
                .first(conn)?;
            let order: Option<i64> = shipments::table
                .filter(shipments::courier.eq(courier_name))
                .filter(shipments::tracking.eq(&report.tracking))
                .select(shipments::order_id)
                .first(conn)
                .optional()?;
            let Some(order) = order else { return Ok(ReportKept::Unknown) };
            // Reports come out of order: an older one is kept for the record but does not set
            // the state back, and nothing moves a parcel out of a final state.
            let later: i64 = courier_reports::table
                .filter(courier_reports::courier.eq(courier_name))
                .filter(courier_reports::tracking.eq(&report.tracking))
                .filter(courier_reports::occurred_at.gt(report.at.naive_utc()))
                .count()
                .get_result(conn)?;
            if later == 0 {
                let finals: Vec<&str> = ShipmentState::FINAL.into_iter().map(<&str>::from).collect();
                diesel::update(shipments::table.find(order).filter(shipments::state.ne_all(&finals)))
                    .set((shipments::state.eq(<&str>::from(report.state)), shipments::collected.eq(report.collected.map(Money::piastres))))
                    .execute(conn)?;
            }
            Ok(ReportKept::New { order: kernel::OrderId(order), id })
        })?)
    }

    fn forget_report(&self, id: i64) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::delete(courier_reports::table.find(id)).execute(conn)?;
        Ok(())
    }

    fn call_off(&self, order: kernel::OrderId) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let finals: Vec<&str> = ShipmentState::FINAL.into_iter().map(<&str>::from).collect();
        diesel::update(shipments::table.find(order.0).filter(shipments::state.ne_all(&finals)))
            .set(shipments::state.eq(<&str>::from(ShipmentState::Cancelled)))
            .execute(conn)?;
        Ok(())
    }

    fn cash_with_couriers(&self) -> anyhow::Result<Vec<CourierCash>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<UnsettledRow> = shipments::table
            .inner_join(orders::table)
            .filter(shipments::remittance_id.is_null())
            .filter(orders::status.eq(<&str>::from(OrderStatus::Delivered)))
            .select((shipments::order_id, shipments::courier, shipments::courier_name, shipments::cod, shipments::collected, orders::number))
            .load(conn)?;
        let ids: Vec<i64> = rows.iter().map(|row| row.0).collect();
        let delivered: HashMap<i64, chrono::NaiveDateTime> = order_history::table
            .filter(order_history::order_id.eq_any(&ids))
            .filter(order_history::to_status.eq(<&str>::from(OrderStatus::Delivered)))
            .select((order_history::order_id, order_history::changed_at))
            .load::<(i64, chrono::NaiveDateTime)>(conn)?
            .into_iter()
            .collect();
        let mut couriers: Vec<CourierCash> = Vec::new();
        for (order, courier, courier_name, cod, collected, number) in rows {
            let courier: CourierKind = courier.parse()?;
            let parcel = CashParcel {
                order: kernel::OrderId(order),
                number: number.unwrap_or_default(),
                amount: Money::from_piastres(cod),
                collected: collected_of(courier, collected, cod, true),
                delivered_at: delivered.get(&order).map_or_else(Utc::now, |at| at.and_utc()),
            };
            match couriers.iter_mut().find(|cash| cash.courier == courier && cash.courier_name == courier_name) {
                Some(cash) => cash.parcels.push(parcel),
                None => couriers.push(CourierCash { courier, courier_name, parcels: vec![parcel] }),
            }
        }
        for cash in &mut couriers {
            cash.parcels.sort_by_key(|parcel| parcel.delivered_at);
        }
        couriers.sort_by_key(|cash| cash.parcels.first().map(|parcel| parcel.delivered_at));
        Ok(couriers)
    }

    fn record_remittance(&self, remittance: &Remittance) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let ids: Vec<i64> = remittance.orders.iter().map(|order| order.0).collect();
        let kept = write(conn, |conn| {
            let id: i64 = diesel::insert_into(courier_remittances::table)
                .values((
                    courier_remittances::courier.eq(<&str>::from(remittance.courier)),
                    courier_remittances::courier_name.eq(&remittance.courier_name),
                    courier_remittances::amount.eq(remittance.amount.piastres()),
                    courier_remittances::note.eq(&remittance.note),
                    courier_remittances::recorded_by.eq(remittance.by.0),
                    courier_remittances::recorded_at.eq(remittance.at.naive_utc()),
                ))
                .returning(courier_remittances::id)
                .get_result(conn)?;
            let delivered = orders::table.filter(orders::status.eq(<&str>::from(OrderStatus::Delivered))).select(orders::id);
            let settled = diesel::update(
                shipments::table
                    .filter(shipments::order_id.eq_any(&ids))
                    .filter(shipments::order_id.eq_any(delivered))
                    .filter(shipments::courier.eq(<&str>::from(remittance.courier)))
                    .filter(shipments::courier_name.eq(&remittance.courier_name))
                    .filter(shipments::remittance_id.is_null()),
            )
            .set(shipments::remittance_id.eq(id))
            .execute(conn)?;
            // A parcel of another courier, not delivered, or settled by a remittance kept
            // meanwhile: nothing of this one is kept.
            if settled != ids.len() {
                return Err(diesel::result::Error::RollbackTransaction);
            }
            QueryResult::Ok(())
        });
        match kept {
            Ok(()) => Ok(true),
            Err(diesel::result::Error::RollbackTransaction) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }
}
