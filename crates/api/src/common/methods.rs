//! Methods the way HTTP clients expect them: `HEAD` wherever `GET` is, and 405 with `Allow`
//! for a method a known path does not answer, rather than a 404 saying the path is gone.

use std::sync::LazyLock;

use actix_web::body::MessageBody;
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse};

use crate::common::error::ApiError;

/// Middleware: a `HEAD` request is routed as `GET`. The HTTP layer remembers the request was
/// `HEAD` and sends the headers (with the length) without the body.
pub async fn head_as_get(mut request: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if request.method() == Method::HEAD {
        request.head_mut().method = Method::GET;
    }
    next.call(request).await
}

/// Every documented path of the API with the methods it answers, as an `Allow` value.
static ROUTES: LazyLock<Vec<(ResourceDef, String)>> = LazyLock::new(|| {
    let document = crate::openapi::document();
    document
        .paths
        .paths
        .iter()
        .map(|(path, item)| {
            let methods = [
                ("GET", item.get.is_some()),
                ("HEAD", item.get.is_some()),
                ("POST", item.post.is_some()),
                ("PUT", item.put.is_some()),
                ("PATCH", item.patch.is_some()),
                ("DELETE", item.delete.is_some()),
            ];
            let allowed: Vec<&str> = methods.iter().filter(|(_, answered)| *answered).map(|(method, _)| *method).collect();
            (ResourceDef::new(path.as_str()), allowed.join(", "))
        })
        .collect()
});

/// What a request whose path segment has the wrong shape for its route answers: a fixed path
/// that only looks like an id (`GET /orders/checkout` meeting `GET /orders/{id}`) is known
/// under other methods, so 405 with `Allow`; a malformed id (`/orders/abc`) names nothing, 404.
pub fn misrouted(request: &HttpRequest) -> ApiError {
    let fixed = ROUTES.iter().find(|(path, _)| !path.pattern().is_some_and(|pattern| pattern.contains('{')) && path.is_match(request.path()));
    match fixed {
        Some((_, allowed)) => ApiError::MethodNotAllowed { allowed: allowed.clone() },
        None => ApiError::NotFound,
    }
}

/// What `/api` answers when no route took the request: 405 with `Allow` when the path is
/// known under other methods, 404 otherwise.
pub async fn unmatched(request: HttpRequest) -> Result<HttpResponse, ApiError> {
    match ROUTES.iter().find(|(path, _)| path.is_match(request.path())) {
        Some((_, allowed)) => Err(ApiError::MethodNotAllowed { allowed: allowed.clone() }),
        None => Err(ApiError::NotFound),
    }
}
