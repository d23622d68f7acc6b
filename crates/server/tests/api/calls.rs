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
        let conn = &mut *db.conn().expect("connection");
        store::schema::products::table.find(product).select(store::schema::products::quantity).first(conn).expect("product")
    }

    /// Makes every kept Idempotency-Key a few years old, as if its day had passed.
    pub fn age_idempotency_keys(&self) {
        use diesel::prelude::*;
        let db = self.database();
        let conn = &mut *db.conn().expect("connection");
        let long_ago = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).and_then(|day| day.and_hms_opt(0, 0, 0)).expect("a date");
        diesel::update(store::schema::idempotency_keys::table).set(store::schema::idempotency_keys::created_at.eq(long_ago)).execute(conn).expect("aged");
    }

    /// How many orders are stored.
    pub fn order_count(&self) -> i64 {
        use diesel::prelude::*;
        let db = self.database();
        let conn = &mut *db.conn().expect("connection");
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

impl TestApp {
    /// The queued messages as stored: recipient, text, failed attempts, sent.
    pub fn message_queue(&self) -> Vec<(String, String, i32, bool)> {
        use diesel::prelude::*;
        use store::schema::message_queue as queue;
        let db = self.database();
        let conn = &mut *db.conn().expect("connection");
        let rows: Vec<(String, String, i32, Option<chrono::NaiveDateTime>)> =
            queue::table.order(queue::id).select((queue::recipient, queue::body, queue::attempts, queue::sent_at)).load(conn).expect("queue");
        rows.into_iter().map(|(to, body, attempts, sent)| (to, body, attempts, sent.is_some())).collect()
    }

    /// Makes every waiting message due now, as if its wait before the next try had passed.
    pub fn make_messages_due(&self) {
        use diesel::prelude::*;
        use store::schema::message_queue as queue;
        let db = self.database();
        let conn = &mut *db.conn().expect("connection");
        let long_ago = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).and_then(|day| day.and_hms_opt(0, 0, 0)).expect("a date");
        diesel::update(queue::table.filter(queue::sent_at.is_null())).set(queue::next_attempt_at.eq(long_ago)).execute(conn).expect("due");
    }

    /// Waits up to ten seconds for the outbox to satisfy `done`; answers its messages.
    pub async fn outbox_when(&self, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        for _ in 0..200 {
            let messages = self.outbox();
            if done(&messages) {
                return messages;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the outbox never got there: {:#?}", self.outbox());
    }

    /// A staff account whose access role holds only `permissions`, signed in.
    pub async fn staff_holding(&self, phone: &str, permissions: &[&str]) -> String {
        use diesel::prelude::*;
        use store::schema::{access_roles, role_permissions, users};
        let token = self.account_token(identity::Role::Admin, phone).await;
        let db = self.database();
        let conn = &mut *db.conn().expect("connection");
        let name = format!("Only {phone}");
        diesel::insert_into(access_roles::table)
            .values((access_roles::name.eq(&name), access_roles::built_in.eq(false), access_roles::created_at.eq(chrono::Utc::now().naive_utc())))
            .execute(conn)
            .expect("role");
        let role: i64 = access_roles::table.filter(access_roles::name.eq(&name)).select(access_roles::id).first(conn).expect("role id");
        for permission in permissions {
            diesel::insert_into(role_permissions::table)
                .values((role_permissions::role_id.eq(role), role_permissions::permission.eq(*permission)))
                .execute(conn)
                .expect("permission");
        }
        let phone = kernel::Phone::parse(phone).expect("phone").to_string();
        diesel::update(users::table.filter(users::phone.eq(phone))).set(users::access_role_id.eq(role)).execute(conn).expect("assigned");
        token
    }
}
