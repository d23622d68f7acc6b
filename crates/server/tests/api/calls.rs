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
}
