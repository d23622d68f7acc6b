//! Batches on the shelf (issue 38): staff record lots with their expiry, orders take the lot
//! that expires first and never an expired one (under a race too), a cancellation puts the
//! units back into their lots, and the invoice prints each line's batch and expiry.

use diesel::prelude::*;
use futures_util::future::join_all;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};
use crate::invoices::pdf_text;

fn guest(product: i64, quantity: i64) -> Value {
    json!({"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": quantity}]})
}

/// Records a lot; a product's first one writes off the units typed before lots.
async fn add_lot(app: &TestApp, token: &str, product: i64, batch: &str, expires_on: &str, quantity: i64) -> reqwest::Response {
    let body = json!({"batch": batch, "expires_on": expires_on, "quantity": quantity, "existing_units": "write_off", "write_off_reason": "counted again"});
    app.post(&format!("dashboard/products/{product}/lots"), body, Some(token)).await
}

/// The product's lots as staff see them: (batch, units, state).
async fn lots(app: &TestApp, token: &str, product: i64) -> Vec<(String, i64, String)> {
    let listed = json_of(app.get(&format!("dashboard/products/{product}/lots"), Some(token)).await).await;
    listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|lot| (lot["batch"].as_str().unwrap().to_string(), lot["quantity"].as_i64().unwrap(), lot["state"].as_str().unwrap().to_string()))
        .collect()
}

/// Moves a lot's expiry as if the days had passed: the shop's stock still counts its units
/// until the next count, as it would just after midnight.
fn expire(app: &TestApp, product: i64, batch: &str, on: chrono::NaiveDate) {
    use store::schema::product_lots;
    let database = app.database();
    let conn = &mut *database.conn().unwrap();
    let lot = product_lots::table.filter(product_lots::product_id.eq(product).and(product_lots::batch.eq(batch)));
    assert_eq!(diesel::update(lot).set(product_lots::expires_on.eq(on)).execute(conn).unwrap(), 1);
}

/// What the product's page says its units expire on: the lot an order today gets.
async fn ships_expiring_on(app: &TestApp, token: &str, product: i64) -> Value {
    let slug = json_of(app.get(&format!("dashboard/products/{product}"), Some(token)).await).await["data"]["slug"].as_str().unwrap().to_string();
    json_of(app.get(&format!("products/{slug}"), None).await).await["data"]["ships_expiring_on"].clone()
}

fn yesterday() -> chrono::NaiveDate {
    kernel::shop_day(chrono::Utc::now()).pred_opt().unwrap()
}

#[actix_web::test]
async fn twenty_parallel_orders_against_one_lot_of_three_in_date_make_exactly_three_orders_and_never_sell_the_expired_lot() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390001").await;
    let product = app.add_product(&admin, "Copper oxychloride 50% WP", 90, 0, 500).await;
    assert_eq!(add_lot(&app, &admin, product, "OLD-7", "2099-01-01", 10).await.status(), 200);
    assert_eq!(add_lot(&app, &admin, product, "NEW-9", "2099-06-01", 3).await.status(), 200);
    assert_eq!(app.stock(product), 13, "the stock is what the lots hold");
    expire(&app, product, "OLD-7", yesterday());
    assert_eq!(app.stock(product), 13, "not counted again yet: only the lots stand between the expired units and a sale");

    let body = guest(product, 1);
    let answers = join_all((0..20).map(|_| app.guest_checkout(&body, None))).await;
    let placed = answers.iter().filter(|answer| answer.status() == 201).count();
    let refused = answers.iter().filter(|answer| answer.status() == 422).count();
    assert_eq!((placed, refused), (3, 17), "every checkout answered, three of them with an order");
    assert_eq!(app.order_count(), 3);
    assert_eq!(
        lots(&app, &admin, product).await,
        [("OLD-7".to_string(), 10, "expired".to_string()), ("NEW-9".to_string(), 0, "in_date".to_string())],
        "the expired lot was never touched"
    );

    let watched = json_of(app.get("dashboard/lots", Some(&admin)).await).await;
    let expired: Vec<&str> =
        watched["data"].as_array().unwrap().iter().filter(|lot| lot["state"] == "expired").map(|lot| lot["batch"].as_str().unwrap()).collect();
    assert_eq!(expired, ["OLD-7"], "listed for staff to take off the shelf");
    assert_eq!(watched["data"][0]["product_name"], "Copper oxychloride 50% WP");

    assert_eq!(add_lot(&app, &admin, product, "FAR-1", "2099-09-01", 5).await.status(), 200);
    let batches = |list: &Value| list["data"].as_array().unwrap().iter().map(|lot| lot["batch"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let watched = json_of(app.get("dashboard/lots", Some(&admin)).await).await;
    assert!(!batches(&watched).contains(&"FAR-1".to_string()), "years from expiry: nothing to look at");
    let shelf = json_of(app.get("dashboard/lots?all=1", Some(&admin)).await).await;
    assert_eq!(batches(&shelf), ["OLD-7", "FAR-1"], "every lot holding units, soonest first; the sold-out one left out");
    assert_eq!(app.get("dashboard/lots?all=maybe", Some(&admin)).await.status(), 422);
}

#[actix_web::test]
async fn an_order_takes_the_lot_that_expires_first_the_invoice_prints_the_batches_and_a_cancellation_puts_them_back() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390011").await;
    let product = app.add_product(&admin, "Mancozeb 80% WP", 75, 0, 1000).await;
    assert_eq!(ships_expiring_on(&app, &admin, product).await, Value::Null, "not kept in lots: nothing to promise");
    let soon = kernel::shop_day(chrono::Utc::now()).checked_add_days(chrono::Days::new(30)).unwrap().to_string();
    assert_eq!(add_lot(&app, &admin, product, "LATE-2", "2099-03-01", 10).await.status(), 200);
    assert_eq!(add_lot(&app, &admin, product, "SOON-1", &soon, 3).await.status(), 200);
    assert_eq!(app.stock(product), 13);
    assert_eq!(ships_expiring_on(&app, &admin, product).await, json!(soon), "the page promises the lot an order gets, not the later one");

    let buyer = app.account_token(Role::Customer, "01012390012").await;
    app.add_to_cart(&buyer, product, json!(5)).await;
    let order = json_of(app.checkout(&buyer, json!({"address": "12 Nile St", "city_id": 1, "type": "self"}), None).await).await["data"].clone();
    let id = order["id"].as_i64().unwrap();
    assert_eq!(
        lots(&app, &admin, product).await,
        [("SOON-1".to_string(), 0, "expiring_soon".to_string()), ("LATE-2".to_string(), 8, "in_date".to_string())],
        "three from the lot that expires first, two from the next"
    );
    assert_eq!(app.stock(product), 8);
    assert_eq!(ships_expiring_on(&app, &admin, product).await, json!("2099-03-01"), "the sold-out lot no longer ships");

    let invoice = pdf_text(app.request(Method::GET, &format!("dashboard/orders/{id}/invoice"), Some(&admin), "en").send().await.unwrap()).await;
    let soon_written = chrono::NaiveDate::parse_from_str(&soon, "%Y-%m-%d").unwrap().format("%-d %B %Y");
    assert!(invoice.contains(&format!("Batch SOON-1, use by {soon_written} (3)")), "the site's date: {invoice}");
    assert!(invoice.contains("Batch LATE-2, use by 1 March 2099 (2)"), "{invoice}");

    assert_eq!(app.post(&format!("orders/{id}/cancel"), json!({}), Some(&buyer)).await.status(), 200);
    assert_eq!(
        lots(&app, &admin, product).await,
        [("SOON-1".to_string(), 3, "expiring_soon".to_string()), ("LATE-2".to_string(), 10, "in_date".to_string())],
        "each unit back in its own lot"
    );
    assert_eq!(app.stock(product), 13);
    assert_eq!(ships_expiring_on(&app, &admin, product).await, json!(soon), "back in the soonest lot, it ships first again");

    // A product form's save does not undo what the lots hold.
    let form = json!({"name_ar": "مانكوزيب", "name_en": "Mancozeb 80% WP", "price": 75, "quantity": 500, "weight": 1000, "weight_unit": "g"});
    assert_eq!(app.put(&format!("dashboard/products/{product}"), form, Some(&admin)).await.status(), 200);
    assert_eq!(app.stock(product), 13);
}

#[actix_web::test]
async fn staff_correct_and_remove_lots_and_every_wrong_lot_is_refused_in_both_languages() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390021").await;
    let product = app.add_product(&admin, "Sulphur 80% WG", 60, 7, 1000).await;
    assert_eq!(add_lot(&app, &admin, product, "S-100", "2099-01-01", 4).await.status(), 200);
    assert_eq!(app.stock(product), 4, "the typed stock, written off, gives way to the lots");

    let refusals = [
        (json!({"batch": " ", "expires_on": "2099-01-01", "quantity": 1}), "batch", "This field is required."),
        (json!({"batch": "x".repeat(41), "expires_on": "2099-01-01", "quantity": 1}), "batch", "This field is too long."),
        (json!({"batch": "S-100", "expires_on": "2099-01-01", "quantity": 1}), "batch", "Another batch of this product has this number."),
        (json!({"batch": "S-101", "expires_on": "01/02/2099", "quantity": 1}), "expires_on", "Enter the date as YYYY-MM-DD."),
        (json!({"batch": "S-101", "expires_on": "2020-01-01", "quantity": 1}), "expires_on", "This batch has expired: it cannot be put on sale."),
        (json!({"batch": "S-101", "quantity": 1}), "expires_on", "This field is required."),
        (json!({"batch": "S-101", "expires_on": "2099-01-01", "quantity": -1}), "quantity", "This number is outside the allowed range."),
        (json!({"batch": "S-101", "expires_on": "2099-01-01", "quantity": 1_000_001}), "quantity", "This number is outside the allowed range."),
        (json!({"batch": "S-101", "expires_on": "2099-01-01"}), "quantity", "This field is required."),
    ];
    for (body, field, message) in refusals {
        let refused = app.post(&format!("dashboard/products/{product}/lots"), body.clone(), Some(&admin)).await;
        assert_eq!(refused.status(), 422, "{body}");
        assert_eq!(json_of(refused).await["errors"][field][0], message, "{body}");
    }
    let arabic = app
        .request(Method::POST, &format!("dashboard/products/{product}/lots"), Some(&admin), "ar")
        .json(&json!({"batch": "S-100", "expires_on": "2099-01-01", "quantity": 1}));
    assert_eq!(json_of(arabic.send().await.unwrap()).await["errors"]["batch"][0], "لهذا المنتج تشغيلة أخرى بهذا الرقم.");
    assert_eq!(lots(&app, &admin, product).await.len(), 1, "nothing refused was written");
    assert_eq!(app.stock(product), 4);

    let lot = json_of(app.get(&format!("dashboard/products/{product}/lots"), Some(&admin)).await).await["data"][0]["id"].as_i64().unwrap();
    let corrected =
        app.put(&format!("dashboard/products/{product}/lots/{lot}"), json!({"batch": "S-100", "expires_on": "2099-02-01", "quantity": 6}), Some(&admin)).await;
    assert_eq!(corrected.status(), 200);
    assert_eq!((lots(&app, &admin, product).await[0].1, app.stock(product)), (6, 6));

    let customer = app.account_token(Role::Customer, "01012390022").await;
    assert_eq!(add_lot(&app, &customer, product, "S-102", "2099-01-01", 1).await.status(), 403);
    assert_eq!(app.get(&format!("dashboard/products/{product}/lots"), Some(&customer)).await.status(), 403);
    assert_eq!(add_lot(&app, &admin, 999_999, "S-102", "2099-01-01", 1).await.status(), 404);
    assert_eq!(
        app.put(&format!("dashboard/products/{product}/lots/999999"), json!({"batch": "S-9", "expires_on": "2099-01-01", "quantity": 1}), Some(&admin))
            .await
            .status(),
        404
    );
    let other = app.add_product(&admin, "Garden gloves", 60, 5, 100).await;
    assert_eq!(
        app.request(Method::DELETE, &format!("dashboard/products/{other}/lots/{lot}"), Some(&admin), "en").send().await.unwrap().status(),
        404,
        "another product's lot"
    );

    assert_eq!(app.request(Method::DELETE, &format!("dashboard/products/{product}/lots/{lot}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert!(lots(&app, &admin, product).await.is_empty());
    assert_eq!(app.stock(product), 0, "the last lot gone, nothing is left on the shelf");
}

#[actix_web::test]
async fn the_first_lot_of_a_product_with_stock_keeps_it_as_opening_stock_or_writes_it_off_but_never_drops_it() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390061").await;
    let kept = app.add_product(&admin, "Mancozeb 80% WP", 75, 59, 1000).await;
    let lot = json!({"batch": "M-40", "expires_on": "2099-01-01", "quantity": 40});

    let silent = app.post(&format!("dashboard/products/{kept}/lots"), lot.clone(), Some(&admin)).await;
    assert_eq!(silent.status(), 422, "the 59 units in no lot need a word");
    assert_eq!(
        json_of(silent).await["errors"]["existing_units"][0],
        "This product has units in stock that belong to no lot: keep them as an opening-stock lot with their expiry date, or write them off with a reason."
    );
    assert_eq!((app.stock(kept), lots(&app, &admin, kept).await.len()), (59, 0), "nothing written");
    let mut without_expiry = lot.clone();
    without_expiry["existing_units"] = json!("opening_stock");
    let refused = app.post(&format!("dashboard/products/{kept}/lots"), without_expiry, Some(&admin)).await;
    assert_eq!(refused.status(), 422);
    assert!(json_of(refused).await["errors"]["opening_expires_on"].is_array());

    let mut opening = lot.clone();
    opening["existing_units"] = json!("opening_stock");
    opening["opening_expires_on"] = json!("٢٠٩٨-٠٦-٣٠");
    assert_eq!(app.post(&format!("dashboard/products/{kept}/lots"), opening, Some(&admin)).await.status(), 200);
    assert_eq!(app.stock(kept), 99, "59 kept as opening stock and 40 received");
    assert_eq!(
        lots(&app, &admin, kept).await,
        [("رصيد افتتاحي (opening stock)".to_string(), 59, "in_date".to_string()), ("M-40".to_string(), 40, "in_date".to_string())]
    );

    let written_off = app.add_product(&admin, "Copper 77% WP", 60, 12, 1000).await;
    let mut write_off = lot.clone();
    write_off["existing_units"] = json!("write_off");
    write_off["write_off_reason"] = json!("  ");
    assert_eq!(app.post(&format!("dashboard/products/{written_off}/lots"), write_off.clone(), Some(&admin)).await.status(), 422, "a reason is required");
    write_off["write_off_reason"] = json!("wet sacks");
    assert_eq!(app.post(&format!("dashboard/products/{written_off}/lots"), write_off, Some(&admin)).await.status(), 200);
    assert_eq!(app.stock(written_off), 40);
    let database = app.database();
    let conn = &mut *database.conn().unwrap();
    use store::schema::stock_write_offs;
    let kept_on_record: Vec<(i64, i64, String)> =
        stock_write_offs::table.select((stock_write_offs::product_id, stock_write_offs::units, stock_write_offs::reason)).load(conn).unwrap();
    assert_eq!(kept_on_record, [(written_off, 12, "wet sacks".to_string())], "the units written off are accounted for");

    let second = json!({"batch": "M-41", "expires_on": "2099-01-01", "quantity": 5});
    assert_eq!(app.post(&format!("dashboard/products/{kept}/lots"), second, Some(&admin)).await.status(), 200, "later lots need no word");
    assert_eq!(app.stock(kept), 104);
}
