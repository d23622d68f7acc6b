//! Logs: the subscriber the settings choose, one span per request carrying its id and its
//! user, and the id returned to the caller so that a buyer's complaint finds its log lines.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue, USER_AGENT};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::FmtSpan;

use crate::settings::LogSettings;

/// Installs the process's log subscriber: `RUST_LOG` if set, else the configured level; text
/// or one JSON object a line.
pub fn init_logs(settings: &LogSettings) -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_default_env().or_else(|_| EnvFilter::try_new(&settings.level))?;
    // A line as each request's span closes: the access log, with its route, status, request
    // id, user and time.
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_span_events(FmtSpan::CLOSE);
    match settings.format.as_str() {
        "json" => logs.json().flatten_event(true).with_current_span(true).with_span_list(false).init(),
        "text" => logs.init(),
        other => anyhow::bail!("log.format must be \"text\" or \"json\", not {other:?}"),
    }
    Ok(())
}

/// Says where the shop serves, and the demo logins when it has them, on stdout: as text, or,
/// when the log is JSON, as JSON lines like every other line there (a log shipper reads each
/// line as an object).
pub fn banner(settings: &LogSettings, port: u16, demo: bool) {
    let serving = format!("Mahsoul is serving on http://localhost:{port}");
    if settings.format != "json" {
        println!("{serving}");
        if demo {
            print!("{}", crate::demo::logins());
        }
        return;
    }
    println!("{}", serde_json::json!({"level": "INFO", "message": serving, "port": port}));
    if demo {
        for (role, _, email, phone) in crate::demo::DEMO_USERS {
            let role: &'static str = role.into();
            println!(
                "{}",
                serde_json::json!({"level": "INFO", "message": "demo login", "role": role, "email": email, "phone": phone, "password": crate::demo::DEMO_PASSWORD})
            );
        }
    }
}

/// The span of every request: method, route, path, status, request id, and the signed-in
/// user's id, recorded when a token is checked (`api::common::extract`). The path is logged
/// without its query: queries carry Google's sign-in codes, opt-out tokens and buyers' phones.
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request.extensions().get::<RequestId>().map(ToString::to_string).unwrap_or_default();
        let route = request.match_pattern().unwrap_or_else(|| "unmatched".into());
        let agent = request.headers().get(USER_AGENT).and_then(|agent| agent.to_str().ok()).unwrap_or("");
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %request.path(),
            // Behind the documented proxy, the buyer's address (X-Forwarded-For from a trusted proxy).
            http.client_ip = %api::common::extract::ClientAddress::of(request.request()).0,
            http.user_agent = %agent,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
            request_id = %request_id,
            user_id = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// Returns the request's id as `X-Request-Id`, the id its log lines carry.
pub async fn request_id_header(request: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let id = request.extensions().get::<RequestId>().copied();
    let mut response = next.call(request).await?;
    if let Some(value) = id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok()) {
        response.headers_mut().insert(HeaderName::from_static("x-request-id"), value);
    }
    Ok(response)
}
