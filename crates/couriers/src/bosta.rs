//! Bosta (bosta.co), Egypt's largest cash-on-delivery courier, through its v2 API: a delivery
//! created with the cash to collect, its airway bill, its termination before pick-up, and the
//! webhook Bosta calls on every state change with the header secret the shop set in Bosta's
//! dashboard. States are read by their numeric code, never by their text, which Bosta words
//! differently in each language.

use std::time::Duration;

use base64::Engine;
use chrono::{DateTime, Utc};
use kernel::Money;
use ordering::{Booking, Courier, CourierError, CourierReport, Parcel, ShipmentState};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use subtle::ConstantTimeEq;

/// Bosta's delivery type for a parcel sent to a buyer.
const SEND: u8 = 10;

/// What the shop's Bosta account is.
#[derive(Debug, Clone)]
pub struct BostaSettings {
    /// The API's root, `https://app.bosta.co/api/v2`.
    pub base_url: String,
    /// The business's API key.
    pub api_key: SecretString,
    /// The header Bosta's webhook calls carry the shared secret in.
    pub webhook_header: String,
    /// The shared secret.
    pub webhook_secret: SecretString,
    /// The buyer's tracking page, `{tracking}` standing for the number.
    pub tracking_url: String,
}

/// Bosta's API for the shop's account.
pub struct BostaCourier {
    settings: BostaSettings,
    agent: ureq::Agent,
}

impl BostaCourier {
    /// The client; a call gives up after ten seconds, and an answer that is not a success is
    /// read for Bosta's message rather than taken as a transport error.
    pub fn new(settings: BostaSettings) -> BostaCourier {
        let agent = ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(10))).http_status_as_error(false).build().new_agent();
        BostaCourier { settings, agent }
    }

    /// The header Bosta's webhook calls carry the shared secret in.
    pub fn webhook_header(&self) -> &str {
        &self.settings.webhook_header
    }

    fn url(&self, path: &str) -> String {
        format!("{}/{}", self.settings.base_url.trim_end_matches('/'), path)
    }

    /// Bosta's answer read as JSON, or its message as the error when it is not a success.
    fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Result<Value, CourierError> {
        let mut response = response.map_err(|error| CourierError::Unavailable(error.to_string()))?;
        let status = response.status();
        let body: Value = response.body_mut().with_config().limit(4 * 1024 * 1024).read_json().unwrap_or(Value::Null);
        if !status.is_success() || body.get("success") == Some(&Value::Bool(false)) {
            let message = body.get("message").and_then(Value::as_str).unwrap_or("no message");
            return Err(CourierError::Unavailable(format!("Bosta answered {status}: {message}")));
        }
        Ok(body)
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NewDelivery<'a> {
    #[serde(rename = "type")]
    kind: u8,
    specs: Specs<'a>,
    /// Pounds, as Bosta reads them: a JSON number.
    cod: f64,
    business_reference: &'a str,
    drop_off_address: DropOff<'a>,
    receiver: Receiver<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Specs<'a> {
    package_type: &'a str,
    package_details: PackageDetails<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PackageDetails<'a> {
    items_count: u32,
    description: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DropOff<'a> {
    city: &'a str,
    first_line: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Receiver<'a> {
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
}

/// A state-change call of Bosta's webhook.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StateChange {
    tracking_number: Value,
    state: Value,
    time_stamp: Value,
    #[serde(default)]
    cod: Option<Value>,
    #[serde(default)]
    exception_reason: Option<String>,
}

/// The shop's reading of a Bosta state code, as Bosta's documentation lists them: pick-up
/// requested, waiting for a route and route assigned are booked; picked up, received at or
/// between warehouses are with the courier; 41 is out for delivery; 45 delivered; 46 returned
/// to the business and 60 returned to stock are back with the shop; 47 is an exception; 48
/// terminated and 49 cancelled are called off. Any other code is kept and not acted on.
pub fn state_of(code: i32) -> ShipmentState {
    match code {
        10 | 11 | 20 => ShipmentState::Created,
        21..=25 | 30 => ShipmentState::PickedUp,
        41 => ShipmentState::OutForDelivery,
        45 => ShipmentState::Delivered,
        46 | 60 => ShipmentState::Returned,
        47 => ShipmentState::Exception,
        48 | 49 => ShipmentState::Cancelled,
        _ => ShipmentState::Other,
    }
}

/// A JSON number or a string of one.
fn number(value: &Value) -> Option<f64> {
    value.as_f64().or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
}

/// An amount in pounds, a JSON number or a string of one, read without a float.
fn pounds(value: &Value) -> Option<Money> {
    match value {
        Value::Number(n) => Money::parse_pounds(&n.to_string()),
        Value::String(text) => Money::parse_pounds(text),
        _ => None,
    }
}

/// Bosta's time stamp: milliseconds since 1970, or an RFC 3339 time.
fn time_of(value: &Value) -> Option<DateTime<Utc>> {
    if let Some(text) = value.as_str()
        && let Ok(at) = DateTime::parse_from_rfc3339(text)
    {
        return Some(at.with_timezone(&Utc));
    }
    DateTime::from_timestamp_millis(number(value)? as i64)
}

impl Courier for BostaCourier {
    fn book(&self, parcel: &Parcel) -> Result<Booking, CourierError> {
        let (first_name, last_name) = parcel.receiver_name.trim().split_once(' ').unwrap_or((parcel.receiver_name.trim(), "-"));
        let delivery = NewDelivery {
            kind: SEND,
            specs: Specs { package_type: "Parcel", package_details: PackageDetails { items_count: parcel.items, description: &parcel.description } },
            cod: parcel.cod.pounds(),
            business_reference: &parcel.reference,
            drop_off_address: DropOff { city: &parcel.city, first_line: &parcel.address },
            receiver: Receiver { first_name, last_name: last_name.trim(), phone: &parcel.receiver_phone },
        };
        let response =
            self.agent.post(&self.url("deliveries?apiVersion=1")).header("Authorization", self.settings.api_key.expose_secret()).send_json(&delivery);
        let body = Self::answer(response)?;
        let tracking =
            body.pointer("/data/trackingNumber").and_then(|value| value.as_str().map(str::to_string).or_else(|| value.as_u64().map(|n| n.to_string())));
        let tracking = tracking.ok_or_else(|| CourierError::Unavailable("Bosta answered without a tracking number".into()))?;
        Ok(Booking { tracking_url: Some(self.settings.tracking_url.replace("{tracking}", &tracking)), tracking })
    }

    fn cancel(&self, tracking: &str) -> Result<(), CourierError> {
        let path = format!("deliveries/business/{tracking}/terminate");
        Self::answer(self.agent.delete(&self.url(&path)).header("Authorization", self.settings.api_key.expose_secret()).call())?;
        Ok(())
    }

    fn airway_bill(&self, tracking: &str) -> Result<Vec<u8>, CourierError> {
        let path = format!("deliveries/mass-awb?trackingNumbers={tracking}&requestedAwbType=A6");
        let body = Self::answer(self.agent.get(&self.url(&path)).header("Authorization", self.settings.api_key.expose_secret()).call())?;
        let encoded = body.get("data").and_then(Value::as_str).ok_or_else(|| CourierError::Unavailable("Bosta answered without an airway bill".into()))?;
        base64::engine::general_purpose::STANDARD.decode(encoded).map_err(|_| CourierError::Unavailable("Bosta's airway bill is not base64".into()))
    }

    fn read_report(&self, presented: Option<String>, body: &[u8]) -> Result<CourierReport, CourierError> {
        let expected = self.settings.webhook_secret.expose_secret().as_bytes();
        let genuine = presented.is_some_and(|presented| !expected.is_empty() && bool::from(presented.trim().as_bytes().ct_eq(expected)));
        if !genuine {
            return Err(CourierError::Unauthorised);
        }
        let change: StateChange = serde_json::from_slice(body).map_err(|_| CourierError::Unreadable)?;
        let tracking = match &change.tracking_number {
            Value::String(text) => text.trim().to_string(),
            Value::Number(n) => n.to_string(),
            _ => return Err(CourierError::Unreadable),
        };
        let code = number(&change.state).and_then(|code| i32::try_from(code as i64).ok()).ok_or(CourierError::Unreadable)?;
        let at = time_of(&change.time_stamp).ok_or(CourierError::Unreadable)?;
        if tracking.is_empty() || tracking.len() > 40 {
            return Err(CourierError::Unreadable);
        }
        let state = state_of(code);
        let collected = change.cod.as_ref().filter(|_| state == ShipmentState::Delivered).and_then(pounds);
        let reason = change.exception_reason.map(|reason| reason.chars().take(500).collect());
        Ok(CourierReport { tracking, state, code, at, collected, reason, raw: String::from_utf8_lossy(body).into_owned() })
    }

    fn current_state(&self, tracking: &str) -> Result<CourierReport, CourierError> {
        let path = format!("deliveries/business/{tracking}");
        let body = Self::answer(self.agent.get(&self.url(&path)).header("Authorization", self.settings.api_key.expose_secret()).call())?;
        let delivery = body.get("data").ok_or_else(|| CourierError::Unavailable("Bosta answered without the delivery".into()))?;
        let unreadable = || CourierError::Unavailable("Bosta's delivery has no state code".into());
        let state_of_delivery = delivery.get("state").ok_or_else(unreadable)?;
        let code = state_of_delivery.get("code").and_then(number).and_then(|code| i32::try_from(code as i64).ok()).ok_or_else(unreadable)?;
        // The time of the state when Bosta gives it, else of its last change.
        let at = [state_of_delivery.get("timestamp"), delivery.get("updatedAt")].into_iter().flatten().find_map(time_of).ok_or_else(unreadable)?;
        let state = state_of(code);
        let collected = delivery.get("cod").filter(|_| state == ShipmentState::Delivered).and_then(pounds);
        let reason = delivery.get("exceptionReason").and_then(Value::as_str).map(|reason| reason.chars().take(500).collect());
        Ok(CourierReport { tracking: tracking.to_string(), state, code, at, collected, reason, raw: body.to_string() })
    }
}

#[cfg(test)]
mod tests;
