//! Buyers' carts over Diesel: one row per product and buyer.

use cart::{CartLine, CartStore};
use chrono::Utc;
use diesel::prelude::*;
use kernel::{ProductId, UserId};

use crate::database::{Database, write};
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
            QueryResult::Ok(())
        })?;
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
