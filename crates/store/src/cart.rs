//! Buyers' carts over Diesel: one row per product and buyer.

use cart::{CartLine, CartStore};
use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;
use kernel::{ProductId, UserId};

use crate::database::{Database, DbConn, execute_natively, write};
use crate::schema::cart_items;

/// The carts in the database.
#[derive(Clone)]
pub struct DieselCartStore {
    db: Database,
}

impl DieselCartStore {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        DieselCartStore { db }
    }
}

impl CartStore for DieselCartStore {
    fn lines(&self, owner: UserId) -> anyhow::Result<Vec<CartLine>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<(i64, i32)> = cart_items::table
            .filter(cart_items::user_id.eq(owner.0))
            .order((cart_items::added_at, cart_items::product_id))
            .select((cart_items::product_id, cart_items::quantity))
            .load(conn)?;
        Ok(rows.into_iter().filter_map(|(product, quantity)| Some(CartLine { product: ProductId(product), quantity: u32::try_from(quantity).ok()? })).collect())
    }

    fn put(&self, owner: UserId, lines: &[CartLine]) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let now = Utc::now().naive_utc();
        match lines {
            [line] => put_line(conn, owner, line, now)?,
            _ => write(conn, |conn| lines.iter().try_for_each(|line| put_line(conn, owner, line, now)))?,
        }
        Ok(())
    }

    fn add(&self, owner: UserId, product: ProductId, units: u32, most: u32) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let (units, most) = (i32::try_from(units).unwrap_or(i32::MAX), i32::try_from(most).unwrap_or(i32::MAX));
        // A new line is refused by the same bound as a grown one.
        if units > most {
            return Ok(false);
        }
        let grown = cart_items::quantity + excluded(cart_items::quantity);
        let upsert = diesel::insert_into(cart_items::table)
            .values((
                cart_items::user_id.eq(owner.0),
                cart_items::product_id.eq(product.0),
                cart_items::quantity.eq(units),
                cart_items::added_at.eq(Utc::now().naive_utc()),
            ))
            .on_conflict((cart_items::user_id, cart_items::product_id))
            .do_update()
            .set(cart_items::quantity.eq(grown));
        // `… DO UPDATE … WHERE`: QueryDsl's `filter` would not take an insert.
        let bounded = diesel::query_dsl::methods::FilterDsl::filter(upsert, grown.le(most));
        Ok(execute_natively(conn, bounded)? == 1)
    }

    fn remove(&self, owner: UserId, product: ProductId) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::delete(cart_items::table.find((owner.0, product.0))).execute(conn)?;
        Ok(())
    }

    fn clear(&self, owner: UserId) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::delete(cart_items::table.filter(cart_items::user_id.eq(owner.0))).execute(conn)?;
        Ok(())
    }
}

/// Sets a line to its quantity, or adds it (dated `now`) when the cart lacks it: one upsert,
/// so two first adds of one line at once end in one line on both databases.
fn put_line(conn: &mut DbConn, owner: UserId, line: &CartLine, now: NaiveDateTime) -> QueryResult<()> {
    let quantity = i32::try_from(line.quantity).unwrap_or(i32::MAX);
    let upsert = diesel::insert_into(cart_items::table)
        .values((cart_items::user_id.eq(owner.0), cart_items::product_id.eq(line.product.0), cart_items::quantity.eq(quantity), cart_items::added_at.eq(now)))
        .on_conflict((cart_items::user_id, cart_items::product_id))
        .do_update()
        .set(cart_items::quantity.eq(excluded(cart_items::quantity)));
    execute_natively(conn, upsert)?;
    Ok(())
}
