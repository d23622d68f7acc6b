//! Buyers' carts over Diesel: one row per product and buyer.

use cart::{CartLine, CartStore};
use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::{ProductId, UserId};

use crate::database::{Database, DbConn, write};
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
        let conn = &mut self.db.conn()?;
        let rows: Vec<(i64, i32)> = cart_items::table
            .filter(cart_items::user_id.eq(owner.0))
            .order((cart_items::added_at, cart_items::product_id))
            .select((cart_items::product_id, cart_items::quantity))
            .load(conn)?;
        Ok(rows.into_iter().filter_map(|(product, quantity)| Some(CartLine { product: ProductId(product), quantity: u32::try_from(quantity).ok()? })).collect())
    }

    fn put(&self, owner: UserId, lines: &[CartLine]) -> anyhow::Result<()> {
        let conn = &mut self.db.conn()?;
        let now = Utc::now().naive_utc();
        // Two first adds of one line at once (PostgreSQL; SQLite's writers queue) both find no
        // row and both insert: the second meets the primary key, and once more finds the row.
        match put_lines(conn, owner, lines, now) {
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => put_lines(conn, owner, lines, now)?,
            outcome => outcome?,
        }
        Ok(())
    }

    fn remove(&self, owner: UserId, product: ProductId) -> anyhow::Result<()> {
        let conn = &mut self.db.conn()?;
        diesel::delete(cart_items::table.find((owner.0, product.0))).execute(conn)?;
        Ok(())
    }

    fn clear(&self, owner: UserId) -> anyhow::Result<()> {
        let conn = &mut self.db.conn()?;
        diesel::delete(cart_items::table.filter(cart_items::user_id.eq(owner.0))).execute(conn)?;
        Ok(())
    }
}

/// Sets each line to its quantity, adding the lines the cart lacks, in one writing transaction.
fn put_lines(conn: &mut DbConn, owner: UserId, lines: &[CartLine], now: NaiveDateTime) -> QueryResult<()> {
    write(conn, |conn| {
        for line in lines {
            let quantity = i32::try_from(line.quantity).unwrap_or(i32::MAX);
            let row = cart_items::table.find((owner.0, line.product.0));
            if diesel::update(row).set(cart_items::quantity.eq(quantity)).execute(conn)? == 0 {
                diesel::insert_into(cart_items::table)
                    .values((
                        cart_items::user_id.eq(owner.0),
                        cart_items::product_id.eq(line.product.0),
                        cart_items::quantity.eq(quantity),
                        cart_items::added_at.eq(now),
                    ))
                    .execute(conn)?;
            }
        }
        Ok(())
    })
}
