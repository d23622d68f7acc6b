//! The calls the tests make often, one helper per resource and call: the method and the path
//! are written here once, and a test reads as what a client does.

use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::TestApp;

impl TestApp {
    /// `GET auth/me`: who the token belongs to.
    pub async fn me(&self, token: Option<&str>) -> Response {
        self.get("auth/me", token).await
    }

    /// `POST auth/forget-password`: asks for a reset code.
    pub async fn forget_password(&self, username: &str) -> Response {
        self.post("auth/forget-password", json!({ "username": username }), None).await
    }

    /// `POST contact`: a message from the contact page.
    pub async fn contact(&self, body: Value) -> Response {
        self.post("contact", body, None).await
    }

    /// `GET dashboard/offers?…`: staff's list of offers.
    pub async fn staff_offers(&self, token: &str, query: &str) -> Response {
        self.get(&format!("dashboard/offers{query}"), Some(token)).await
    }

    /// `POST dashboard/offers`: adds an offer.
    pub async fn add_offer(&self, token: &str, body: Value) -> Response {
        self.post("dashboard/offers", body, Some(token)).await
    }

    /// `GET dashboard/products?…`: staff's list of products.
    pub async fn staff_products(&self, token: &str, query: &str) -> Response {
        self.get(&format!("dashboard/products{query}"), Some(token)).await
    }

    /// `DELETE dashboard/products/{id}`.
    pub async fn delete_product(&self, token: &str, id: i64) -> Response {
        self.request(Method::DELETE, &format!("dashboard/products/{id}"), Some(token), "en").send().await.expect("request")
    }

    /// `GET cart`.
    pub async fn cart(&self, token: &str) -> Response {
        self.get("cart", Some(token)).await
    }

    /// `POST cart/{id}`: adds units of a product.
    pub async fn add_to_cart(&self, token: &str, product: i64, quantity: Value) -> Response {
        self.post(&format!("cart/{product}"), json!({ "quantity": quantity }), Some(token)).await
    }

    /// `PUT cart/{id}`: sets a line (0 removes it).
    pub async fn set_cart_line(&self, token: &str, product: i64, quantity: Value) -> Response {
        self.put(&format!("cart/{product}"), json!({ "quantity": quantity }), Some(token)).await
    }

    /// `POST cart/transfer`: merges a browser cart.
    pub async fn transfer_cart(&self, token: &str, items: Value) -> Response {
        self.post("cart/transfer", json!({ "items": items }), Some(token)).await
    }

    /// `POST dashboard/products` with a JSON body; answers the new product's id.
    pub async fn add_product(&self, token: &str, name_en: &str, pounds: i64, quantity: i64, grams: i64) -> i64 {
        let body =
            json!({"name_ar": format!("{name_en} بالعربية"), "name_en": name_en, "price": pounds, "quantity": quantity, "weight": grams, "weight_unit": "g"});
        let response = self.post("dashboard/products", body, Some(token)).await;
        assert_eq!(response.status(), 200, "add {name_en}");
        response.json::<Value>().await.expect("json")["data"]["id"].as_i64().expect("id")
    }
}

impl TestApp {
    /// `GET addresses`.
    pub async fn addresses(&self, token: &str) -> Response {
        self.get("addresses", Some(token)).await
    }

    /// `POST addresses`.
    pub async fn add_address(&self, token: &str, address: &str, city_id: Value) -> Response {
        self.post("addresses", json!({ "address": address, "city_id": city_id }), Some(token)).await
    }

    /// `POST dashboard/shipping-cities`.
    pub async fn add_city(&self, token: &str, body: Value) -> Response {
        self.post("dashboard/shipping-cities", body, Some(token)).await
    }
}

impl TestApp {
    /// `POST orders/checkout`, with an `Idempotency-Key` when given.
    pub async fn checkout(&self, token: &str, body: Value, key: Option<&str>) -> Response {
        let mut request = self.request(Method::POST, "orders/checkout", Some(token), "en").json(&body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        request.send().await.expect("request")
    }

    /// `POST guest-orders/checkout`, with an `Idempotency-Key` when given.
    pub async fn guest_checkout(&self, body: &Value, key: Option<&str>) -> Response {
        let mut request = self.request(Method::POST, "guest-orders/checkout", None, "en").json(body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        request.send().await.expect("request")
    }

    /// A product's stock as stored.
    pub fn stock(&self, product: i64) -> i64 {
        use diesel::prelude::*;
        let db = self.database();
        let conn = &mut db.conn().expect("connection");
        store::schema::products::table.find(product).select(store::schema::products::quantity).first(conn).expect("product")
    }

    /// Makes every kept Idempotency-Key a few years old, as if its day had passed.
    pub fn age_idempotency_keys(&self) {
        use diesel::prelude::*;
        let db = self.database();
        let conn = &mut db.conn().expect("connection");
        let long_ago = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).and_then(|day| day.and_hms_opt(0, 0, 0)).expect("a date");
        diesel::update(store::schema::idempotency_keys::table).set(store::schema::idempotency_keys::created_at.eq(long_ago)).execute(conn).expect("aged");
    }

    /// How many orders are stored.
    pub fn order_count(&self) -> i64 {
        use diesel::prelude::*;
        let db = self.database();
        let conn = &mut db.conn().expect("connection");
        store::schema::orders::table.count().get_result(conn).expect("count")
    }
}

impl TestApp {
    /// `POST dashboard/copouns`; answers the new code's id.
    pub async fn add_copoun(&self, token: &str, body: Value) -> i64 {
        let response = self.post("dashboard/copouns", body.clone(), Some(token)).await;
        assert_eq!(response.status(), 200, "add {body}");
        let code = body["code"].as_str().expect("code").to_uppercase();
        let found = self.get(&format!("dashboard/copouns?search={code}"), Some(token)).await.json::<Value>().await.expect("json");
        found["data"][0]["id"].as_i64().expect("id")
    }
}
