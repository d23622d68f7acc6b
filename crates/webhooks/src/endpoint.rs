//! Endpoints and the kinds of event they are sent.

use chrono::{DateTime, Utc};

/// A kind of event an endpoint may be sent (`order.created`…). An order's other changes
/// (assigned, confirmed, a failed delivery) change nothing an integrator keeps and are not sent;
/// an undone move is sent as the status change it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::EnumIter, strum::Display)]
pub enum EventKind {
    /// An order was placed.
    #[strum(serialize = "order.created")]
    OrderCreated,
    /// An order moved along its states (or a move was undone).
    #[strum(serialize = "order.status_changed")]
    OrderStatusChanged,
    /// An order was cancelled (by staff, the buyer, no confirmation in time, or a refusal at the door).
    #[strum(serialize = "order.cancelled")]
    OrderCancelled,
    /// Staff changed an order's lines.
    #[strum(serialize = "order.lines_changed")]
    OrderLinesChanged,
    /// An order's parcel moved at the courier (handed over, on its way, delivered, returned).
    #[strum(serialize = "shipment.updated")]
    ShipmentUpdated,
    /// A product's units in stock changed (sent at most once a minute per product).
    #[strum(serialize = "product.stock_changed")]
    ProductStockChanged,
    /// Staff changed a product (or added one).
    #[strum(serialize = "product.updated")]
    ProductUpdated,
    /// A client's account was opened.
    #[strum(serialize = "client.created")]
    ClientCreated,
}

impl EventKind {
    /// The kinds read by watching entities rather than from the order spine.
    pub const WATCHED: [EventKind; 4] = [EventKind::ShipmentUpdated, EventKind::ProductStockChanged, EventKind::ProductUpdated, EventKind::ClientCreated];

    /// The kind an order event of the spine is sent as, if it is sent.
    pub fn of_order_change(kind: &str) -> Option<EventKind> {
        match kind {
            "order.move_undone" => Some(EventKind::OrderStatusChanged),
            other => other.parse().ok(),
        }
    }
}

/// An endpoint as the dashboard shows it; its secret is shown once, when made or rotated.
#[derive(Debug, Clone, PartialEq)]
pub struct Endpoint {
    /// Its id.
    pub id: i64,
    /// Where events are POSTed.
    pub url: String,
    /// The kinds it is sent.
    pub events: Vec<EventKind>,
    /// Whether it is sent anything.
    pub active: bool,
    /// When it was added.
    pub created_at: DateTime<Utc>,
    /// Failed attempts since its last success.
    pub failures_in_row: u32,
    /// Its last success, if any.
    pub last_success_at: Option<DateTime<Utc>>,
    /// When the shop disabled it, and why (`gone` for a 410, `failing` after days of failures).
    pub disabled: Option<(DateTime<Utc>, String)>,
    /// Until when the secret before the last rotation still signs too.
    pub previous_secret_until: Option<DateTime<Utc>>,
    /// Who last saved its URL or events: it carries only what they may read. None once their
    /// account is gone, or when it was saved before makers were kept.
    pub created_by: Option<i64>,
    /// The maker's name, kept after their account is removed.
    pub maker_name: String,
    /// Why it is sent nothing for now though it is on, if it is not.
    pub paused: Option<crate::reach::Pause>,
}

/// What staff write of an endpoint.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EndpointDraft {
    /// Where to POST.
    pub url: String,
    /// Kinds as written.
    pub events: Vec<String>,
    /// Whether to send it anything.
    pub active: bool,
}
