//! The overview over HTTP: its cards and charts add up to the orders, deliveries, cancels and
//! clients the test makes; a sales engineer's covers their own orders; ranges are checked.

use identity::Role;
use serde_json::{Value, json};

use crate::helpers::{json_of, spawn_app};

fn month_count(list: &Value, month: &str, field: &str) -> f64 {
    list.as_array().unwrap().iter().find(|row| row["month"] == month).map_or(0.0, |row| row[field].as_f64().unwrap())
}

#[actix_web::test]
async fn the_overview_adds_up_the_orders_deliveries_and_clients_of_the_test() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012392001").await;
    let engineer = app.account_token(Role::Sales, "01012392002").await;
    let seeds = app.add_product(&admin, "Bean seeds", 50, 100, 100).await;
    app.add_product(&admin, "Rare seeds", 70, 4, 100).await;
    let buyer = app.account_token(Role::Customer, "01012392003").await;
    let mut ids = Vec::new();
    for units in [1, 2, 3] {
        app.add_to_cart(&buyer, seeds, json!(units)).await;
        let placed = json_of(app.checkout(&buyer, json!({"address": "Farm", "city_id": 1, "type": "self"}), None).await).await;
        ids.push(placed["data"]["id"].as_i64().unwrap());
    }
    let guest = json!({"name": "Mona", "phone": "01112392004", "address": "Farm", "city_id": 2, "items": [{"id": seeds, "quantity": 1}]});
    assert_eq!(app.guest_checkout(&guest, None).await.status(), 201);
    for status in ["on_delivery", "delivered"] {
        app.post(&format!("dashboard/orders/{}/status", ids[1]), json!({ "status": status }), Some(&admin)).await;
    }
    app.post(&format!("dashboard/orders/{}/status", ids[2]), json!({"status": "cancelled"}), Some(&admin)).await;
    app.register("01212392005", None).await;

    let answer = app.get("dashboard/overview", Some(&admin)).await;
    assert_eq!(answer.status(), 200);
    let data = json_of(answer).await["data"].clone();
    let cards = &data["cards"];
    // The delivered order: 2 × 50 EGP and Cairo's shipping (the seeded 50 EGP).
    let delivered_total = json_of(app.get(&format!("orders/{}", ids[1]), Some(&buyer)).await).await["data"]["total"].as_f64().unwrap();
    assert_eq!(
        (
            cards["orders_today"].as_i64(),
            cards["revenue_month"].as_f64(),
            cards["new_clients_month"].as_i64(),
            cards["orders_waiting"].as_i64(),
            cards["low_stock"].as_i64()
        ),
        (Some(4), Some(delivered_total), Some(2), Some(2), Some(1)),
        "{cards}"
    );
    let month = kernel::shop_day(chrono::Utc::now()).format("%Y-%m").to_string();
    assert_eq!(data["orders_per_month"].as_array().unwrap().len(), 12);
    assert_eq!(month_count(&data["orders_per_month"], &month, "count"), 4.0);
    assert_eq!(month_count(&data["clients_per_month"], &month, "count"), 2.0);
    assert_eq!(month_count(&data["revenue_per_month"], &month, "total"), delivered_total);
    let cities: Vec<(i64, i64)> =
        data["orders_per_city"].as_array().unwrap().iter().map(|row| (row["city"]["id"].as_i64().unwrap(), row["count"].as_i64().unwrap())).collect();
    assert_eq!(cities, [(1, 3), (2, 1)]);
    assert!(data["orders_per_city"][0]["city"]["name"].is_string());

    // The default sales engineer looks after the client, not the guest.
    let theirs = json_of(app.get("dashboard/overview", Some(&engineer)).await).await["data"].clone();
    assert_eq!((theirs["cards"]["orders_today"].as_i64(), theirs["cards"]["orders_waiting"].as_i64()), (Some(3), Some(1)));
    let today = kernel::shop_day(chrono::Utc::now()).format("%Y-%m-%d").to_string();
    let narrowed = json_of(app.get(&format!("dashboard/overview?from={today}&to={today}"), Some(&admin)).await).await["data"].clone();
    assert_eq!(narrowed["orders_per_month"].as_array().unwrap().len(), 1);

    assert_eq!(app.get("dashboard/overview?from=2026-02-01&to=2026-01-01", Some(&admin)).await.status(), 422);
    assert_eq!(app.get("dashboard/overview?from=yesterday", Some(&admin)).await.status(), 422);
    assert_eq!(app.get("dashboard/overview", Some(&buyer)).await.status(), 403);
    assert_eq!(app.get("dashboard/overview", None).await.status(), 401);
    let no_overview = app.staff_holding("01012392006", &["order-list"]).await;
    assert_eq!(app.get("dashboard/overview", Some(&no_overview)).await.status(), 403);
}

#[actix_web::test]
async fn the_overview_tells_how_cash_orders_turned_out_by_governorate_product_and_sales_engineer() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012392101").await;
    app.account_token(Role::Sales, "01012392102").await;
    let okra = app.add_product(&admin, "Okra seeds", 50, 100, 100).await;
    let urea = app.add_product(&admin, "Urea", 80, 100, 1000).await;
    let buyer = app.account_token(Role::Customer, "01012392103").await;
    let mut ids = Vec::new();
    for lines in [vec![(okra, 2)], vec![(okra, 1), (urea, 1)], vec![(urea, 1)]] {
        for (product, units) in lines {
            app.add_to_cart(&buyer, product, json!(units)).await;
        }
        let placed = json_of(app.checkout(&buyer, json!({"address": "Farm", "city_id": 1, "type": "self"}), None).await).await;
        ids.push(placed["data"]["id"].as_i64().unwrap());
    }
    for &id in &ids[..2] {
        assert_eq!(app.post(&format!("dashboard/orders/{id}/confirm"), json!({"via": "call"}), Some(&admin)).await.status(), 200);
        assert_eq!(app.post(&format!("dashboard/orders/{id}/status"), json!({"status": "on_delivery"}), Some(&admin)).await.status(), 200);
    }
    assert_eq!(app.post(&format!("dashboard/orders/{}/status", ids[0]), json!({"status": "delivered"}), Some(&admin)).await.status(), 200);
    assert_eq!(app.post(&format!("dashboard/orders/{}/refusal", ids[1]), json!({"reason": "changed mind"}), Some(&admin)).await.status(), 200);
    let guest = json!({"name": "Mona", "phone": "01112392104", "address": "Farm", "city_id": 2, "items": [{"id": okra, "quantity": 1}]});
    let guest_order = json_of(app.guest_checkout(&guest, None).await).await["data"]["id"].as_i64().unwrap();
    for status in ["on_delivery", "delivered"] {
        assert_eq!(app.post(&format!("dashboard/guest-orders/{guest_order}/status"), json!({ "status": status }), Some(&admin)).await.status(), 200);
    }
    let opened = app
        .post(&format!("dashboard/guest-orders/{guest_order}/returns"), json!({"items": [{"id": okra, "quantity": 1}], "reason": "wet"}), Some(&admin))
        .await;
    assert_eq!(opened.status(), 200);

    let cash = json_of(app.get("dashboard/overview", Some(&admin)).await).await["data"]["cash"].clone();
    let line = |list: &str, id: i64| cash[list].as_array().unwrap().iter().find(|line| line["id"] == id).cloned().unwrap_or(Value::Null);
    let counts = |line: &Value| ["placed", "confirmed", "delivered", "refused", "returned"].map(|field| line[field].as_i64().unwrap());
    let cairo = line("by_governorate", 1);
    assert_eq!(counts(&cairo), [3, 2, 1, 1, 0], "{cash}");
    // 2 of 3 confirmed; 1 of the 2 parcels that reached a door refused.
    assert_eq!((cairo["confirmation_rate"].as_f64(), cairo["refusal_rate"].as_f64(), cairo["return_rate"].as_f64()), (Some(66.7), Some(50.0), Some(0.0)));
    assert_eq!(counts(&line("by_governorate", 2)), [1, 0, 1, 0, 1], "the guest's delivered order came back");
    assert_eq!(cash["by_governorate"][0]["id"], 1, "most orders first");
    assert_eq!(counts(&line("by_product", okra)), [3, 2, 2, 1, 1]);
    assert_eq!(counts(&line("by_product", urea)), [2, 1, 0, 1, 0]);
    assert_eq!(line("by_product", okra)["name"], "Okra seeds");
    let engineers = cash["by_sales_engineer"].as_array().unwrap();
    assert_eq!(engineers.len(), 1, "the guest's order has no engineer: {cash}");
    assert_eq!(counts(&engineers[0]), [3, 2, 1, 1, 0]);
    assert!(engineers[0]["name"].is_string());

    let long_ago = json_of(app.get("dashboard/overview?from=2025-01-01&to=2025-01-31", Some(&admin)).await).await["data"]["cash"].clone();
    assert_eq!(long_ago["by_governorate"], json!([]), "the range bounds the orders counted");
}
