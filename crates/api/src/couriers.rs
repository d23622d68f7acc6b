//! Courier companies calling the shop: Bosta's state webhook (`POST
//! /api/couriers/bosta/webhook`), authenticated by the shared secret in the header set in
//! Bosta's dashboard. A report is kept once and moves its order (see
//! `OrderDesk::courier_reported`).

use std::collections::HashMap;
use std::sync::Mutex;

use actix_web::HttpRequest;
use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use identity::IdentityError;
use identity::throttle::Limit;
use ordering::{CourierError, CourierKind, OrderingError};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{ClientAddress, RawBody, blocking};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/couriers/{courier}/webhook", web::post().to(courier_webhook));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(courier_webhook), components(schemas(ReportTaken)))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// The report was taken (acted on, or seen before).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportTaken {
    /// Always true.
    pub ok: bool,
}

/// A courier company's state change for a parcel (`bosta`: its webhook body, with the header
/// secret the shop set in Bosta's dashboard, `couriers.bosta.webhook_header`). Picked up or
/// out for delivery puts a new order on delivery, delivered delivers it, an exception is a
/// failed attempt, returned is a refusal; the same report sent again is taken and changes
/// nothing. Without the secret, 401, and past 20 wrong secrets a minute from one address
/// (`couriers.wrong_secrets_per_minute`), 429 with `Retry-After`; a body that is no report, 400;
/// a courier the shop has no account with, 404.
#[utoipa::path(operation_id = "courierWebhook", post, path = "/api/couriers/{courier}/webhook", tag = "couriers",
    params(("courier" = String, Path, pattern = "^bosta$", description = "The courier company")),
    request_body(content = Object, content_type = "application/json", description = "The courier's own report (Bosta: `trackingNumber`, `state` code, `timeStamp`, `cod`, `exceptionReason`)"),
    responses((status = 200, body = ReportTaken), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn courier_webhook(
    state: Data<AppState>,
    request: HttpRequest,
    courier: Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<ReportTaken>, ApiError> {
    let courier: CourierKind = courier.parse().map_err(|_| ApiError::NotFound)?;
    let header = state.courier_webhook_headers.iter().find(|(kind, _)| *kind == courier).map(|(_, header)| header.as_str());
    let presented = header.and_then(|header| request.headers().get(header)).and_then(|value| value.to_str().ok()).map(str::to_string);
    let desk = state.order_desk.clone();
    match blocking(move || desk.courier_reported(courier, presented, &body)).await {
        Err(ApiError::Ordering(OrderingError::Courier(CourierError::Unauthorised))) => {
            let client = ClientAddress::of(&request).0;
            match state.wrong_courier_secrets.count(&client, Utc::now()) {
                Some(retry_after) => Err(IdentityError::TooManyAttempts { retry_after }.into()),
                None => Err(ApiError::Ordering(OrderingError::Courier(CourierError::Unauthorised))),
            }
        }
        answer => answer.map(|()| Json(ReportTaken { ok: true })),
    }
}

/// Wrong webhook secrets by client address over the last minute, kept in memory: the 401 path
/// does no database work, and neither does its limit. Counted after the secret check, so a
/// right secret is never slowed whoever else shares its address.
pub struct WrongSecrets {
    limit: Limit,
    seen: Mutex<HashMap<String, Vec<DateTime<Utc>>>>,
}

/// Addresses kept before the ones quiet for a whole window are dropped.
const ADDRESSES_KEPT: usize = 10_000;

impl WrongSecrets {
    /// At most `per_minute` wrong secrets a minute from one address.
    pub fn new(per_minute: usize) -> WrongSecrets {
        WrongSecrets { limit: Limit::per_minutes(per_minute.max(1), 1), seen: Mutex::new(HashMap::new()) }
    }

    /// Counts a wrong secret from `address` at `now`; answers the seconds to wait when the
    /// address already sent its minute's worth.
    pub fn count(&self, address: &str, now: DateTime<Utc>) -> Option<u64> {
        let mut seen = self.seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if seen.len() >= ADDRESSES_KEPT {
            let window = self.limit.window;
            seen.retain(|_, attempts| attempts.iter().any(|at| *at > now - window));
        }
        let attempts = seen.entry(address.to_string()).or_default();
        attempts.retain(|at| *at > now - self.limit.window);
        let wait = self.limit.retry_after(attempts, now);
        // Bounded: past the limit only the newest are needed to tell the wait.
        if attempts.len() < self.limit.max * 2 {
            attempts.push(now);
        }
        wait
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;

    #[test]
    fn an_address_past_its_burst_of_wrong_secrets_waits_and_others_do_not() {
        let wrong = WrongSecrets::new(20);
        let now = Utc::now();
        for _ in 0..20 {
            assert_eq!(wrong.count("203.0.113.9", now), None);
        }
        assert_eq!(wrong.count("203.0.113.9", now), Some(60), "the 21st within the minute");
        assert_eq!(wrong.count("198.51.100.4", now), None, "another address is not held up");
        assert_eq!(wrong.count("203.0.113.9", now + Duration::seconds(61)), None, "a minute later");
    }
}
