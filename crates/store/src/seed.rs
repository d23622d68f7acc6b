//! Reference data every shop needs: Egypt's 27 governorates as shipping cities.

use diesel::prelude::*;

use crate::database::{Database, write};
use crate::schema::shipping_cities;

/// Egypt's governorates: Arabic name, English name, base shipping cost in pounds.
const GOVERNORATES: [(&str, &str, i64); 27] = [
    ("القاهرة", "Cairo", 50),
    ("الجيزة", "Giza", 50),
    ("القليوبية", "Qalyubia", 55),
    ("الإسكندرية", "Alexandria", 60),
    ("البحيرة", "Beheira", 60),
    ("مطروح", "Matrouh", 90),
    ("دمياط", "Damietta", 65),
    ("الدقهلية", "Dakahlia", 60),
    ("كفر الشيخ", "Kafr El Sheikh", 65),
    ("الغربية", "Gharbia", 60),
    ("المنوفية", "Monufia", 60),
    ("الشرقية", "Sharqia", 60),
    ("بورسعيد", "Port Said", 65),
    ("الإسماعيلية", "Ismailia", 65),
    ("السويس", "Suez", 65),
    ("شمال سيناء", "North Sinai", 100),
    ("جنوب سيناء", "South Sinai", 100),
    ("الفيوم", "Faiyum", 65),
    ("بني سويف", "Beni Suef", 70),
    ("المنيا", "Minya", 75),
    ("أسيوط", "Asyut", 80),
    ("سوهاج", "Sohag", 85),
    ("قنا", "Qena", 90),
    ("الأقصر", "Luxor", 90),
    ("أسوان", "Aswan", 95),
    ("البحر الأحمر", "Red Sea", 95),
    ("الوادي الجديد", "New Valley", 110),
];

/// Adds the governorates when there are no shipping cities yet; returns how many were added.
pub fn shipping_cities(db: &Database) -> anyhow::Result<usize> {
    let conn = &mut *db.conn()?;
    let existing: i64 = shipping_cities::table.count().get_result(conn)?;
    if existing > 0 {
        return Ok(0);
    }
    write(conn, |conn| {
        for ((ar, en, pounds), order) in GOVERNORATES.iter().zip(1..) {
            diesel::insert_into(shipping_cities::table)
                .values((
                    shipping_cities::name_ar.eq(*ar),
                    shipping_cities::name_en.eq(*en),
                    shipping_cities::shipping_cost.eq(pounds * 100),
                    shipping_cities::active.eq(true),
                    shipping_cities::sort_order.eq(order),
                ))
                .execute(conn)?;
        }
        Ok(GOVERNORATES.len())
    })
}
