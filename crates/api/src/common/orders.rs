//! What every order endpoint shares: the order's answer (design §4a), the checkout's body and
//! the fields all checkouts read, and a checkout's answer under its `Idempotency-Key`. The
//! client's checkout, the guest's and the sales engineer's order for a client use them.

use std::sync::Arc;

use actix_web::http::StatusCode;
use chrono::{DateTime, Utc};
use kernel::validation::limits;
use kernel::{AddressId, CityId, FieldErrors, Locale, Money};
use ordering::{AddressChoice, Checkout, Order, OrderReturn, Orders, PaymentMethod, Receiver, ReceiverKind, ReturnRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::common::idempotency::Answer;
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::paging::PageMeta;
use crate::storefront::guest_orders::GuestItem;

/// Who placed the order.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerData {
    /// Name.
    pub name: String,
    /// Phone, national form.
    pub phone: String,
}

/// A city by id and name.
#[derive(Debug, Serialize, ToSchema)]
pub struct CityRef {
    /// Id.
    pub id: i64,
    /// Name in the request's language.
    pub name: String,
}

/// Where the order goes.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderAddressData {
    /// The street, village or landmark.
    pub address: String,
    /// The city.
    pub city: CityRef,
}

/// A line as bought.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderItemData {
    /// The product, while it exists.
    pub product_id: Option<i64>,
    /// Its readable address then.
    pub slug: String,
    /// Its name in the request's language.
    pub name: String,
    /// Its first picture's URL.
    pub image: Option<String>,
    /// Units.
    pub quantity: u32,
    /// Price of one unit, EGP.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// Weight of one unit, kg.
    pub weight: f64,
    /// Unit price times quantity, EGP.
    #[schema(value_type = f64)]
    pub line_total: Money,
    /// The batches its units came from, for a product kept in lots (soonest expiry first).
    pub batches: Vec<BatchData>,
}

/// Units of a line from one batch.
#[derive(Debug, Serialize, ToSchema)]
pub struct BatchData {
    /// The maker's batch number.
    pub batch: String,
    /// The batch's last day of sale, `YYYY-MM-DD`.
    #[schema(value_type = String, format = Date)]
    pub expires_on: chrono::NaiveDate,
    /// Units from it.
    pub quantity: u32,
}

/// One change of status.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryData {
    /// The status before; null when placed.
    pub from: Option<String>,
    /// The status after.
    pub to: String,
    /// When.
    pub at: DateTime<Utc>,
    /// The user who changed it, if any.
    pub by: Option<i64>,
    /// Why, in the staff's words; only in staff answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An order (design §4a).
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderData {
    /// Id.
    pub id: i64,
    /// Human number, `MS-2026-000123`.
    pub number: String,
    /// `new`, `on_delivery`, `delivered` or `cancelled`.
    pub status: String,
    /// The status in the request's language.
    pub status_label: String,
    /// `web`, `guest`, `sales` or `whatsapp`.
    pub source: String,
    /// `self` or `other`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `cash_on_delivery`.
    pub payment_method: String,
    /// When it was placed.
    pub created_at: DateTime<Utc>,
    /// Who placed it.
    pub customer: CustomerData,
    /// Receiver's name for `other`.
    pub receiver_name: Option<String>,
    /// Receiver's phone for `other`.
    pub receiver_phone: Option<String>,
    /// Where it goes.
    pub address: OrderAddressData,
    /// The buyer's notes.
    pub notes: Option<String>,
    /// The promo code used.
    pub copoun: Option<String>,
    /// The lines.
    pub items: Vec<OrderItemData>,
    /// The lines' totals, EGP.
    #[schema(value_type = f64)]
    pub subtotal: Money,
    /// Promo discount, EGP.
    #[schema(value_type = f64)]
    pub discount: Money,
    /// The city's shipping cost, EGP.
    #[schema(value_type = f64)]
    pub shipping_base: Money,
    /// The weight extra, EGP.
    #[schema(value_type = f64)]
    pub shipping_extra: Money,
    /// Base plus extra, EGP.
    #[schema(value_type = f64)]
    pub shipping_total: Money,
    /// The city's cash-on-delivery fee, EGP (0 when none).
    #[schema(value_type = f64)]
    pub cod_fee: Money,
    /// What is paid, EGP.
    #[schema(value_type = f64)]
    pub total: Money,
    /// Every unit's weight, kg.
    pub total_weight: f64,
    /// Whether the buyer may still cancel it.
    pub can_cancel: bool,
    /// The buyer acknowledged the safety of its dangerous products (WHO class Ia or Ib, or
    /// restricted): staff see it before handing them over.
    pub safety_acknowledged: bool,
    /// Whether its buyer was found to mean it; a new order awaiting confirmation is not sent.
    pub confirmation: ConfirmationData,
    /// Why it was cancelled: `called_off`, `unconfirmed` (nobody confirmed it in time) or
    /// `refused` (its parcel was refused, or given up on after the last delivery attempt);
    /// null unless it is cancelled.
    #[schema(pattern = r"^(called_off|unconfirmed|refused)$")]
    pub cancelled_as: Option<String>,
    /// The deliveries the courier could not make, oldest first.
    pub failed_attempts: Vec<FailedAttemptData>,
    /// Every change of status, oldest first.
    pub history: Vec<HistoryData>,
    /// Its parcel with a courier, once handed over.
    pub shipment: Option<ShipmentData>,
    /// The returns asked of it, oldest first.
    pub returns: Vec<ReturnData>,
    /// Until when its buyer may ask to return units of it; only in the client's own orders,
    /// and only while it is delivered and within the shop's days.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returnable_until: Option<DateTime<Utc>>,
}

/// A return of some of an order's units.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReturnData {
    /// Id.
    pub id: i64,
    /// `requested`, `approved`, `refused`, `received` or `refunded`.
    #[schema(pattern = r"^(requested|approved|refused|received|refunded)$")]
    pub state: String,
    /// Why, in the buyer's (or staff's) words.
    pub reason: String,
    /// When it was asked.
    pub asked_at: DateTime<Utc>,
    /// The units returned.
    pub items: Vec<ReturnItemData>,
    /// The cash paid back (once `refunded`), or to be: the units' price less their share of
    /// the promo discount, EGP.
    #[schema(value_type = f64)]
    pub refund: Money,
    /// Staff's note on their decision (why it was refused).
    pub note: Option<String>,
    /// Once received: whether the units went back on the shelf.
    pub resaleable: Option<bool>,
    /// Once refunded: the points taken back.
    pub points_back: Option<i64>,
    /// When it last changed.
    pub updated_at: DateTime<Utc>,
}

/// Units of one line returned.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReturnItemData {
    /// The product.
    pub product_id: i64,
    /// Its name on the order, in the request's language.
    pub name: String,
    /// Units.
    pub quantity: u32,
    /// The price paid for one, EGP.
    #[schema(value_type = f64)]
    pub unit_price: Money,
}

impl ReturnData {
    fn of(kept: OrderReturn, locale: Locale) -> ReturnData {
        ReturnData {
            id: kept.id,
            state: <&str>::from(kept.state).to_string(),
            reason: kept.reason,
            asked_at: kept.asked_at,
            items: kept
                .lines
                .into_iter()
                .map(|line| ReturnItemData {
                    product_id: line.product.0,
                    name: line.name.pick(locale).clone(),
                    quantity: line.quantity,
                    unit_price: line.unit_price,
                })
                .collect(),
            refund: kept.refund,
            note: kept.note,
            resaleable: kept.resaleable,
            points_back: kept.points_back,
            updated_at: kept.updated_at,
        }
    }
}

/// An order's parcel with a courier.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentData {
    /// `bosta` (booked through its API) or `manual` (a courier staff booked themselves).
    #[schema(pattern = r"^(bosta|manual)$")]
    pub courier: String,
    /// The courier's name as shown.
    pub courier_name: String,
    /// Its tracking number.
    pub tracking: String,
    /// Where the buyer follows it on the courier's site.
    pub tracking_url: Option<String>,
    /// Its state by the courier's last report: `created`, `picked_up`, `out_for_delivery`,
    /// `delivered`, `exception`, `returned`, `cancelled` or `other`.
    pub state: String,
    /// When it was handed over.
    pub handed_over_at: DateTime<Utc>,
    /// The cash the courier is to collect, EGP; only in staff answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>)]
    pub cod: Option<Money>,
    /// The cash the courier reported collected, EGP; only in staff answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>)]
    pub collected: Option<Money>,
    /// The courier's reports, oldest first.
    pub events: Vec<ShipmentEventData>,
}

/// One report of the courier.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentEventData {
    /// The state it reported, as in `state` of the shipment.
    pub state: String,
    /// The courier's own code; only in staff answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<i32>,
    /// When, by the courier's clock.
    pub at: DateTime<Utc>,
}

impl ShipmentData {
    fn of(shipment: ordering::Shipment) -> ShipmentData {
        ShipmentData {
            courier: <&str>::from(shipment.courier).to_string(),
            courier_name: shipment.courier_name,
            tracking: shipment.tracking,
            tracking_url: shipment.tracking_url,
            state: <&str>::from(shipment.state).to_string(),
            handed_over_at: shipment.handed_over_at,
            cod: Some(shipment.cod),
            collected: shipment.collected,
            events: shipment
                .events
                .into_iter()
                .map(|event| ShipmentEventData { state: <&str>::from(event.state).to_string(), code: Some(event.code), at: event.at })
                .collect(),
        }
    }
}

/// A delivery the courier could not make.
#[derive(Debug, Serialize, ToSchema)]
pub struct FailedAttemptData {
    /// Which attempt, from 1.
    pub attempt: u32,
    /// When it was recorded.
    pub at: DateTime<Utc>,
    /// Why, in the staff's or the courier's words; only in staff answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The staff member who recorded it; only in staff answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<i64>,
}

/// An order's confirmation.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmationData {
    /// `awaiting` (a new order nobody confirmed yet), `confirmed`, or `none` (cancelled
    /// unconfirmed).
    #[schema(pattern = r"^(awaiting|confirmed|none)$")]
    pub state: String,
    /// How: `link`, `call`, `whatsapp`, `trusted` (enough delivered orders), `sales` (placed by
    /// a sales engineer) or `before` (placed before the shop asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<String>,
    /// When.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
    /// The staff member who confirmed it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<i64>,
    /// In the buyer's answers, while it awaits them: when it cancels itself unless confirmed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm_by: Option<DateTime<Utc>>,
}

impl ConfirmationData {
    fn of(order: &Order) -> ConfirmationData {
        let state = match (&order.confirmation, order.awaiting_confirmation()) {
            (Some(_), _) => "confirmed",
            (None, true) => "awaiting",
            (None, false) => "none",
        };
        ConfirmationData {
            state: state.to_string(),
            via: order.confirmation.map(|confirmation| <&str>::from(confirmation.via).to_string()),
            at: order.confirmation.map(|confirmation| confirmation.at),
            by: order.confirmation.and_then(|confirmation| confirmation.by).map(|user| user.0),
            confirm_by: None,
        }
    }
}

impl OrderData {
    /// The order in `locale`, as its buyer sees it: staff notes, and who recorded a failed
    /// delivery and why, left out.
    pub fn new(order: Order, locale: Locale) -> OrderData {
        let mut data = OrderData::for_staff(order, locale);
        for change in &mut data.history {
            change.note = None;
        }
        for attempt in &mut data.failed_attempts {
            (attempt.reason, attempt.by) = (None, None);
        }
        if let Some(shipment) = &mut data.shipment {
            (shipment.cod, shipment.collected) = (None, None);
            for event in &mut shipment.events {
                event.code = None;
            }
        }
        data
    }

    /// The order in `locale` with the notes staff wrote on its status changes.
    pub fn for_staff(order: Order, locale: Locale) -> OrderData {
        let can_cancel = order.buyer_can_cancel();
        let confirmation = ConfirmationData::of(&order);
        let Order {
            id,
            number,
            status,
            created_at,
            placed,
            history,
            sales_engineer: _,
            lots,
            confirmation: _,
            cancelled_as,
            failed_attempts,
            shipment,
            returns,
        } = order;
        let (receiver_name, receiver_phone) = match &placed.receiver {
            Receiver::Buyer => (None, None),
            Receiver::Other { name, phone } => (Some(name.clone()), Some(phone.to_string())),
        };
        let status_key: &str = status.into();
        OrderData {
            id: id.0,
            number,
            status: status_key.to_string(),
            status_label: status_label(locale, status),
            source: <&str>::from(placed.source).to_string(),
            kind: placed.receiver.kind().to_string(),
            payment_method: <&str>::from(placed.payment_method).to_string(),
            created_at,
            customer: CustomerData { name: placed.customer_name, phone: placed.customer_phone.to_string() },
            receiver_name,
            receiver_phone,
            address: OrderAddressData {
                address: placed.destination.address,
                city: CityRef { id: placed.destination.city.0, name: placed.destination.city_name.pick(locale).clone() },
            },
            notes: placed.notes,
            copoun: placed.copoun,
            items: placed
                .lines
                .into_iter()
                .map(|line| OrderItemData {
                    product_id: line.product.map(|product| product.0),
                    slug: line.slug,
                    name: line.name.pick(locale).clone(),
                    image: line.image.map(|path| format!("/media/{path}")),
                    quantity: line.quantity,
                    unit_price: line.unit_price,
                    weight: line.weight.kilograms(),
                    line_total: line.line_total,
                    batches: lots
                        .iter()
                        .filter(|lot| Some(lot.product) == line.product)
                        .map(|lot| BatchData { batch: lot.batch.clone(), expires_on: lot.expires_on, quantity: lot.quantity })
                        .collect(),
                })
                .collect(),
            subtotal: placed.totals.subtotal,
            discount: placed.totals.discount,
            shipping_base: placed.totals.shipping_base,
            shipping_extra: placed.totals.shipping_extra,
            shipping_total: placed.totals.shipping_total(),
            cod_fee: placed.totals.cod_fee,
            total: placed.totals.total,
            total_weight: placed.totals.total_weight.kilograms(),
            can_cancel,
            safety_acknowledged: placed.safety_acknowledged,
            confirmation,
            cancelled_as: cancelled_as.map(|cause| <&str>::from(cause).to_string()),
            failed_attempts: failed_attempts
                .into_iter()
                .map(|attempt| FailedAttemptData { attempt: attempt.attempt, at: attempt.at, reason: Some(attempt.reason), by: attempt.by.map(|user| user.0) })
                .collect(),
            history: history
                .into_iter()
                .map(|change| HistoryData {
                    from: change.from.map(|status| <&str>::from(status).to_string()),
                    to: <&str>::from(change.to).to_string(),
                    at: change.at,
                    by: change.by.map(|user| user.0),
                    note: change.note,
                })
                .collect(),
            shipment: shipment.map(ShipmentData::of),
            returns: returns.into_iter().map(|kept| ReturnData::of(kept, locale)).collect(),
            returnable_until: None,
        }
    }

    /// The order as its buyer sees it: a new order they (or the shop) confirmed reads
    /// "confirmed", and one awaiting them says until when they may confirm it.
    pub fn for_buyer(order: Order, locale: Locale, orders: &Orders) -> OrderData {
        let confirm_by = order.awaiting_confirmation().then(|| orders.confirm_by(&order));
        let confirmed_new = order.status == ordering::OrderStatus::New && order.confirmation.is_some();
        let mut data = OrderData::new(order, locale);
        data.confirmation.confirm_by = confirm_by;
        if confirmed_new {
            data.status_label = text(locale, "order.status.confirmed", &[]);
        }
        data
    }

    /// The order as its client sees it: as its buyer does, with until when they may return
    /// units of it.
    pub fn for_client(order: Order, locale: Locale, orders: &Orders) -> OrderData {
        let returnable_until = order.returnable_until(orders.return_days());
        OrderData { returnable_until, ..OrderData::for_buyer(order, locale, orders) }
    }
}

/// The status in `locale`.
pub(crate) fn status_label(locale: Locale, status: ordering::OrderStatus) -> String {
    let key = match status {
        ordering::OrderStatus::New => "order.status.new",
        ordering::OrderStatus::OnDelivery => "order.status.on_delivery",
        ordering::OrderStatus::Delivered => "order.status.delivered",
        ordering::OrderStatus::Cancelled => "order.status.cancelled",
    };
    text(locale, key, &[])
}

/// One order.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderResponse {
    /// The order.
    pub data: OrderData,
}

/// A placed order with the shop's message.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlacedOrderResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// The order.
    pub data: OrderData,
    /// While it awaits confirmation: the link that confirms it (the one its SMS carries), for
    /// the success page to offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmation_url: Option<String>,
}

/// A page of the client's orders, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderList {
    /// The orders.
    pub data: Vec<OrderData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// A client's checkout of the server cart.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct CheckoutRequest {
    /// A saved address; or give `address` and `city_id`.
    #[serde(default, deserialize_with = "lenient_int")]
    pub address_id: Option<i64>,
    /// An address for this order only.
    #[schema(max_length = 500)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub address: Option<String>,
    /// Its city.
    #[serde(default, deserialize_with = "lenient_int")]
    pub city_id: Option<i64>,
    /// `self` or `other`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The receiver's name, for `other`.
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub receiver_name: Option<String>,
    /// The receiver's phone, for `other`.
    #[serde(default, deserialize_with = "lenient_text")]
    pub receiver_phone: Option<String>,
    /// What every checkout sends besides where the order goes.
    #[serde(flatten)]
    pub fields: CheckoutFields,
}

/// What every checkout (a client's, a guest's, staff's for a client) sends besides where the
/// order goes: notes, a promo code, the payment method and the total the buyer saw.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct CheckoutFields {
    /// Notes for the shop.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub notes: Option<String>,
    /// A promo code.
    #[serde(default, deserialize_with = "lenient_text")]
    pub copoun: Option<String>,
    /// `cash_on_delivery` (the default and the one method the shop takes today; `card` is
    /// refused until a card gateway is wired).
    pub payment_method: Option<String>,
    /// The total the buyer saw, EGP; another server total refuses the order.
    #[serde(default, deserialize_with = "lenient_text")]
    pub expected_total: Option<String>,
    /// The buyer read the safety of the order's dangerous products (WHO class Ia or Ib, or
    /// restricted) and takes them; without it such an order is refused (422).
    #[serde(default)]
    pub acknowledged_safety: bool,
}

/// The fields every checkout shares, read.
pub(crate) struct CommonFields {
    /// Notes for the shop, trimmed.
    pub notes: String,
    /// A promo code, trimmed; none when blank.
    pub copoun: Option<String>,
    /// The payment method asked for; none for the shop's default.
    pub payment_method: Option<PaymentMethod>,
    /// The total the buyer saw.
    pub expected_total: Option<Money>,
    /// The buyer acknowledged the safety of the order's dangerous products.
    pub acknowledged_safety: bool,
}

impl CheckoutFields {
    /// Reads the fields, each broken rule into `errors`. A method this build does not know is
    /// one the shop does not take.
    pub(crate) fn read(self, errors: &mut FieldErrors) -> CommonFields {
        errors.limit_length("notes", self.notes.as_deref().unwrap_or_default(), limits::MESSAGE);
        let payment_method = self.payment_method.as_deref().map(str::trim).filter(|method| !method.is_empty()).and_then(|method| {
            let known = method.parse::<PaymentMethod>().ok();
            if known.is_none() {
                errors.add("payment_method", "payment_method_unavailable");
            }
            known
        });
        let expected_total = self.expected_total.as_deref().map(str::trim).filter(|total| !total.is_empty()).and_then(|expected| {
            let parsed = Money::parse_pounds(expected);
            if parsed.is_none() {
                errors.add("expected_total", "price_invalid");
            }
            parsed
        });
        CommonFields {
            notes: self.notes.unwrap_or_default().trim().to_string(),
            copoun: self.copoun.map(|code| code.trim().to_string()).filter(|code| !code.is_empty()),
            payment_method,
            expected_total,
            acknowledged_safety: self.acknowledged_safety,
        }
    }
}

impl CheckoutRequest {
    pub(crate) fn into_domain(self) -> Result<Checkout, FieldErrors> {
        let mut errors = FieldErrors::new();
        for (field, value, max) in [("address", &self.address, limits::ADDRESS), ("receiver_name", &self.receiver_name, limits::NAME)] {
            errors.limit_length(field, value.as_deref().unwrap_or_default(), max);
        }
        let CommonFields { notes, copoun, payment_method, expected_total, acknowledged_safety } = self.fields.read(&mut errors);
        let receiver_kind = match self.kind.as_deref().map(str::trim).filter(|kind| !kind.is_empty()) {
            None => None,
            Some(kind) => Some(kind.parse::<ReceiverKind>().map_err(|_| FieldErrors::single("type", "type_invalid"))?),
        };
        errors.into_result()?;
        let address = match (self.address_id, self.address) {
            (Some(id), _) => Some(AddressChoice::Saved(AddressId(id))),
            (None, Some(text)) => Some(AddressChoice::Written { text: text.trim().to_string(), city: self.city_id.map(CityId) }),
            (None, None) => None,
        };
        Ok(Checkout {
            address,
            receiver_kind,
            receiver_name: self.receiver_name.unwrap_or_default().trim().to_string(),
            receiver_phone: self.receiver_phone.unwrap_or_default(),
            notes,
            copoun,
            expected_total,
            payment_method,
            acknowledged_safety,
        })
    }
}

/// The message a key reused with another checkout gets.
pub(crate) const ORDER_KEY_REUSED: &str = "error.idempotency_key_reused";

/// A checkout's answer: `201` with the order and the shop's `message` (a key of the
/// catalogues), kept under the request's `Idempotency-Key` with the order.
pub(crate) fn placed_answer(locale: Locale, message: &'static str, orders: Arc<Orders>) -> impl Fn(&Order) -> Answer + Send + Sync + 'static {
    move |order| {
        let answer = PlacedOrderResponse {
            message: text(locale, message, &[]),
            confirmation_url: orders.confirmation_link(order),
            data: OrderData::for_buyer(order.clone(), locale, &orders),
        };
        Answer::json(StatusCode::CREATED, &answer)
    }
}

/// A return as the buyer (or staff for them) asks it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReturnRequestBody {
    /// The units to return: the order's products, 1 to 100 lines.
    #[schema(max_items = 100)]
    #[serde(default)]
    pub items: Vec<GuestItem>,
    /// Why, up to 2000 characters.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub reason: Option<String>,
}

impl ReturnRequestBody {
    /// The request as ordering reads it; more lines than an order holds are refused here.
    pub fn into_domain(self) -> Result<ReturnRequest, FieldErrors> {
        if self.items.len() > ordering::checkout::MAX_LINES {
            return Err(FieldErrors::single("items", "return_items"));
        }
        let lines = self.items.iter().map(GuestItem::line).collect();
        Ok(ReturnRequest { lines, reason: self.reason.unwrap_or_default() })
    }
}
