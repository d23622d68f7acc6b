//! The signed-in buyer's cart over HTTP: lines priced today, the weight rule, stock checked
//! on every add, the browser cart merged in, and every bad request refused whole.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

struct Shop {
    app: TestApp,
    buyer: String,
    seeds: i64,
    soil: i64,
}

/// An app with two products of known stock and weight, and a verified buyer.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012340001").await;
    let seeds = app.add_product(&admin, "Mint seeds", 40, 5, 250).await;
    let soil = app.add_product(&admin, "Peat soil", 100, 50, 6_000).await;
    let buyer = app.account_token(Role::Customer, "01012340002").await;
    Shop { app, buyer, seeds, soil }
}

fn quantities(cart: &Value) -> Vec<(i64, i64)> {
    cart["data"]["products"].as_array().unwrap().iter().map(|line| (line["id"].as_i64().unwrap(), line["quantity"].as_i64().unwrap())).collect()
}

#[actix_web::test]
async fn a_buyer_adds_sets_removes_and_empties_the_cart_priced_today() {
    let Shop { app, buyer, seeds, soil } = shop().await;
    assert_eq!(json_of(app.cart(&buyer).await).await["data"]["products"], json!([]));

    let added = json_of(app.add_to_cart(&buyer, seeds, json!(2)).await).await;
    assert_eq!(quantities(&added), [(seeds, 2)]);
    assert_eq!(added["message"], "The product has been added to your cart.", "spec §7: a message shown");
    let line = &added["data"]["products"][0];
    assert_eq!((line["name"].as_str(), line["sale_price"].as_f64(), line["line_total"].as_f64()), (Some("Mint seeds"), Some(40.0), Some(80.0)));
    assert_eq!((line["available_quantity"].as_i64(), line["in_stock"].as_bool()), (Some(5), Some(true)));

    assert_eq!(quantities(&json_of(app.add_to_cart(&buyer, seeds, json!("١")).await).await), [(seeds, 3)], "adds up; Arabic-Indic digits read");
    let both = json_of(app.set_cart_line(&buyer, soil, json!(2)).await).await;
    assert_eq!(quantities(&both), [(seeds, 3), (soil, 2)]);
    assert_eq!(both["data"]["total"].as_f64(), Some(3.0 * 40.0 + 2.0 * 100.0));
    assert_eq!(both["data"]["total_weight"].as_f64(), Some(12.75));
    assert_eq!(both["data"]["free_weight"].as_f64(), Some(10.0));
    assert_eq!(both["data"]["shipping_value"].as_f64(), Some(15.0), "2.75 kg over the free 10 kg: 3 started kilograms at 5 EGP");

    assert_eq!(quantities(&json_of(app.set_cart_line(&buyer, seeds, json!(0)).await).await), [(soil, 2)], "0 removes the line");
    let removed = app.request(Method::DELETE, &format!("cart/{soil}"), Some(&buyer), "en").send().await.unwrap();
    assert_eq!(quantities(&json_of(removed).await), []);
    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let emptied = app.request(Method::DELETE, "cart", Some(&buyer), "en").send().await.unwrap();
    assert_eq!(quantities(&json_of(emptied).await), []);
}

#[actix_web::test]
async fn more_than_is_left_is_refused_naming_the_product_in_the_buyers_language() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    app.add_to_cart(&buyer, seeds, json!(4)).await;

    let refused = app.add_to_cart(&buyer, seeds, json!(2)).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json_of(refused).await["errors"]["quantity"][0], "Only 5 left of Mint seeds.");
    let arabic = app.request(Method::POST, &format!("cart/{seeds}"), Some(&buyer), "ar").json(&json!({"quantity": 2})).send().await.unwrap();
    assert_eq!(json_of(arabic).await["errors"]["quantity"][0], "المتبقي من Mint seeds بالعربية: 5 فقط.");
    assert_eq!(quantities(&json_of(app.cart(&buyer).await).await), [(seeds, 4)], "nothing changed");
}

#[actix_web::test]
async fn the_cart_needs_a_signed_in_verified_buyer_and_each_sees_only_their_own() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    assert_eq!(app.get("cart", None).await.status(), 401);
    let unverified = app.register("01012340003", None).await;
    let refused = app.cart(&unverified).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(json_of(refused).await["message"], "Please verify your account first.");
    assert_eq!(app.add_to_cart(&unverified, seeds, json!(1)).await.status(), 403);

    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let other = app.account_token(Role::Customer, "01012340004").await;
    assert_eq!(quantities(&json_of(app.cart(&other).await).await), []);
}

#[actix_web::test]
async fn bad_quantities_and_unknown_products_are_refused_and_change_nothing() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    for quantity in [json!(0), json!(-1), json!(1000), json!(1e12), json!("many"), json!([1])] {
        let refused = app.add_to_cart(&buyer, seeds, quantity.clone()).await;
        assert_eq!(refused.status(), 422, "{quantity}");
        assert!(json_of(refused).await["errors"]["quantity"].is_array(), "{quantity}");
    }
    assert_eq!(app.set_cart_line(&buyer, seeds, json!(-2)).await.status(), 422);
    assert_eq!(app.put(&format!("cart/{seeds}"), json!({}), Some(&buyer)).await.status(), 422, "PUT needs a quantity");
    let unknown = app.add_to_cart(&buyer, 999_999, json!(1)).await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(json_of(unknown).await["message"], "This product is not in the shop.");
    assert_eq!(app.post("cart/abc", json!({"quantity": 1}), Some(&buyer)).await.status(), 404);
    assert_eq!(quantities(&json_of(app.cart(&buyer).await).await), []);
}

#[actix_web::test]
async fn a_browser_cart_merges_in_capped_at_the_stock_and_a_hostile_one_is_refused_whole() {
    let Shop { app, buyer, seeds, soil } = shop().await;
    app.add_to_cart(&buyer, seeds, json!(1)).await;

    let items = json!([{"id": seeds, "quantity": 2}, {"id": soil, "quantity": 1}, {"id": seeds, "quantity": 1}, {"id": 999_999, "quantity": 3}]);
    assert_eq!(quantities(&json_of(app.transfer_cart(&buyer, items).await).await), [(seeds, 4), (soil, 1)], "1 + 2 + 1; the unknown product skipped");
    let capped = json_of(app.transfer_cart(&buyer, json!([{"id": seeds, "quantity": 9}])).await).await;
    assert_eq!(quantities(&capped), [(seeds, 5), (soil, 1)], "only 5 seeds exist");

    let thousand: Vec<Value> = (0..1_000).map(|n| json!({"id": n, "quantity": 1})).collect();
    let refused = app.transfer_cart(&buyer, Value::Array(thousand)).await;
    assert_eq!(refused.status(), 422);
    assert!(json_of(refused).await["errors"]["items"].is_array());
    assert_eq!(app.transfer_cart(&buyer, json!([{"id": soil, "quantity": -4}])).await.status(), 422);
    assert_eq!(app.transfer_cart(&buyer, json!("not a list")).await.status(), 422);
    assert_eq!(quantities(&json_of(app.cart(&buyer).await).await), [(seeds, 5), (soil, 1)], "refused transfers change nothing");
}

#[actix_web::test]
async fn anybody_can_price_a_browser_cart_like_the_server_cart() {
    let Shop { app, seeds, soil, .. } = shop().await;
    let items = json!({"items": [{"id": seeds, "quantity": 7}, {"id": soil, "quantity": 1}, {"id": 999_999, "quantity": 1}]});
    let quoted = json_of(app.post("cart/quote", items, None).await).await;
    assert_eq!(quantities(&quoted), [(seeds, 7), (soil, 1)], "the unknown product left out, the short line kept");
    let seeds_line = &quoted["data"]["products"][0];
    assert_eq!((seeds_line["available_quantity"].as_i64(), seeds_line["line_total"].as_f64()), (Some(5), Some(280.0)));
    assert_eq!((quoted["data"]["total_weight"].as_f64(), quoted["data"]["shipping_value"].as_f64()), (Some(7.75), Some(0.0)));
    assert_eq!(app.post("cart/quote", json!({"items": [{"id": seeds, "quantity": 0}]}), None).await.status(), 422);
}

#[actix_web::test]
async fn parallel_adds_of_one_line_never_fail_and_all_count() {
    let Shop { app, buyer, soil, .. } = shop().await;
    let answers = futures_util::future::join_all((0..6).map(|_| app.add_to_cart(&buyer, soil, json!(1)))).await;
    let statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
    assert!(statuses.iter().all(|status| *status == 200), "{statuses:?}");
    let lines = quantities(&json_of(app.cart(&buyer).await).await);
    assert_eq!(lines, [(soil, 6)], "one line for the product, every add counted");
}
