//! Who an endpoint carries events for, and what they may read: an endpoint is sent only what
//! its maker (the person who last saved its URL or events) may read on the dashboard now. A
//! sales engineer's endpoint carries only their own clients' orders and clients.

use crate::endpoint::EventKind;

/// The permission that lists client orders.
const ORDER_LIST: &str = "order-list";
/// The permission that lists guest orders.
const GUEST_ORDER_LIST: &str = "guest-order-list";
/// The permission that lists clients.
const CLIENT_LIST: &str = "client-list";
/// The permission that lists products.
const PRODUCT_LIST: &str = "product-list";

/// The person an endpoint carries events for, as they are now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maker {
    /// Their account.
    pub id: i64,
    /// Their name.
    pub name: String,
    /// Whether they are a sales engineer, who reads only their own clients.
    pub sales_engineer: bool,
    /// Whether staff blocked their account.
    pub blocked: bool,
    /// The permissions they hold, as stored (`order-list`…).
    pub permissions: Vec<String>,
    /// Whether the request comes with an API key: a key saves no endpoint.
    pub via_key: bool,
}

/// Who may read an event, decided from the entity it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// A product's: those who list products.
    Products,
    /// A guest's order: those who list guest orders.
    GuestOrder,
    /// A client's order, looked after by this sales engineer: those who list client orders,
    /// and of sales engineers only theirs.
    ClientOrder {
        /// The sales engineer who looks after it.
        engineer: Option<i64>,
    },
    /// A client, looked after by this sales engineer: those who list clients, and of sales
    /// engineers only theirs.
    Client {
        /// The sales engineer who looks after them.
        engineer: Option<i64>,
    },
    /// A test event, sent to the one endpoint asked for.
    Test,
    /// Stored before events said who may read them: only makers who read everything.
    Unknown,
}

impl Audience {
    /// The audience as stored: a name and the sales engineer it names, if any.
    pub fn stored(self) -> (&'static str, Option<i64>) {
        match self {
            Audience::Products => ("products", None),
            Audience::GuestOrder => ("guest_order", None),
            Audience::ClientOrder { engineer } => ("client_order", engineer),
            Audience::Client { engineer } => ("client", engineer),
            Audience::Test => ("test", None),
            Audience::Unknown => ("unknown", None),
        }
    }

    /// The audience of a stored name and sales engineer; an unknown name reads as `Unknown`.
    pub fn from_stored(name: &str, engineer: Option<i64>) -> Audience {
        match name {
            "products" => Audience::Products,
            "guest_order" => Audience::GuestOrder,
            "client_order" => Audience::ClientOrder { engineer },
            "client" => Audience::Client { engineer },
            "test" => Audience::Test,
            _ => Audience::Unknown,
        }
    }
}

/// Why an endpoint that is on is sent nothing for now; a person who may read all its events
/// saving it again ends the pause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum Pause {
    /// Saved before the shop kept who saved an endpoint.
    Unsaved,
    /// Its maker's account was removed.
    MakerRemoved,
    /// Its maker's account is blocked.
    MakerBlocked,
    /// Its maker no longer holds a permission one of its events needs.
    MakerLacksPermission,
}

impl Maker {
    fn holds(&self, permission: &str) -> bool {
        self.permissions.iter().any(|held| held == permission)
    }

    /// Whether they may subscribe to `kind`: orders and shipments need a list of orders
    /// (client or guest), clients `client-list`, products `product-list`.
    pub fn may_take(&self, kind: EventKind) -> bool {
        match kind {
            EventKind::OrderCreated | EventKind::OrderStatusChanged | EventKind::OrderCancelled | EventKind::OrderLinesChanged | EventKind::ShipmentUpdated => {
                self.holds(ORDER_LIST) || self.holds(GUEST_ORDER_LIST)
            }
            EventKind::ClientCreated => self.holds(CLIENT_LIST),
            EventKind::ProductStockChanged | EventKind::ProductUpdated => self.holds(PRODUCT_LIST),
        }
    }

    /// Whether they may read an event of this audience now.
    pub fn may_read(&self, audience: Audience) -> bool {
        let theirs = |engineer: Option<i64>| !self.sales_engineer || engineer == Some(self.id);
        match audience {
            Audience::Products => self.holds(PRODUCT_LIST),
            Audience::GuestOrder => self.holds(GUEST_ORDER_LIST),
            Audience::ClientOrder { engineer } => self.holds(ORDER_LIST) && theirs(engineer),
            Audience::Client { engineer } => self.holds(CLIENT_LIST) && theirs(engineer),
            Audience::Test => true,
            Audience::Unknown => !self.sales_engineer && [ORDER_LIST, GUEST_ORDER_LIST, CLIENT_LIST, PRODUCT_LIST].iter().all(|needed| self.holds(needed)),
        }
    }
}

/// An endpoint with what decides what it is sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Subscription {
    /// The endpoint.
    pub endpoint: i64,
    /// Whether it is on.
    pub active: bool,
    /// The kinds it takes.
    pub events: Vec<EventKind>,
    /// Its maker as they are now; none when their account is gone or it was never saved by one.
    pub maker: Option<Maker>,
    /// Its pause as stored, if any.
    pub paused: Option<Pause>,
}

impl Subscription {
    /// Why it is sent nothing now: its stored pause, else its maker gone, blocked, or no
    /// longer holding what one of its kinds needs.
    pub fn pause(&self) -> Option<Pause> {
        pause_of(self.paused, self.maker.as_ref(), &self.events)
    }

    /// Whether it is sent an event of `kind` for `audience`.
    pub fn receives(&self, kind: EventKind, audience: Audience) -> bool {
        self.active && self.pause().is_none() && self.events.contains(&kind) && self.maker.as_ref().is_some_and(|maker| maker.may_read(audience))
    }
}

/// Why an endpoint with this stored pause, maker and kinds is sent nothing now, if it is not.
pub fn pause_of(stored: Option<Pause>, maker: Option<&Maker>, events: &[EventKind]) -> Option<Pause> {
    if stored.is_some() {
        return stored;
    }
    match maker {
        None => Some(Pause::MakerRemoved),
        Some(maker) if maker.blocked => Some(Pause::MakerBlocked),
        Some(maker) if !events.iter().all(|kind| maker.may_take(*kind)) => Some(Pause::MakerLacksPermission),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maker(id: i64, sales_engineer: bool, permissions: &[&str]) -> Maker {
        Maker { id, name: "Staff".into(), sales_engineer, blocked: false, permissions: permissions.iter().map(ToString::to_string).collect(), via_key: false }
    }

    #[test]
    fn a_kind_needs_its_read_permission() {
        let integrator = maker(1, false, &["integration-create"]);
        assert!(EventKind::OrderCreated.to_string().starts_with("order.") && !integrator.may_take(EventKind::OrderCreated));
        assert!(!integrator.may_take(EventKind::ClientCreated) && !integrator.may_take(EventKind::ProductUpdated));
        let guests = maker(1, false, &["guest-order-list"]);
        assert!(guests.may_take(EventKind::OrderCreated) && guests.may_take(EventKind::ShipmentUpdated) && !guests.may_take(EventKind::ClientCreated));
        assert!(maker(1, false, &["product-list"]).may_take(EventKind::ProductStockChanged));
    }

    #[test]
    fn a_sales_engineer_reads_only_their_own_clients_and_guests_need_their_permission() {
        let engineer = maker(5, true, &["order-list", "client-list"]);
        assert!(engineer.may_read(Audience::ClientOrder { engineer: Some(5) }));
        assert!(!engineer.may_read(Audience::ClientOrder { engineer: Some(6) }), "another engineer's client");
        assert!(!engineer.may_read(Audience::ClientOrder { engineer: None }));
        assert!(!engineer.may_read(Audience::GuestOrder), "no guest-order-list");
        assert!(engineer.may_read(Audience::Client { engineer: Some(5) }) && !engineer.may_read(Audience::Client { engineer: Some(6) }));
        assert!(!engineer.may_read(Audience::Unknown));
        let admin = maker(1, false, &["order-list"]);
        assert!(admin.may_read(Audience::ClientOrder { engineer: Some(6) }) && !admin.may_read(Audience::GuestOrder));
    }

    #[test]
    fn an_endpoint_pauses_when_its_maker_goes_is_blocked_or_loses_a_permission() {
        let mut subscription = Subscription {
            endpoint: 1,
            active: true,
            events: vec![EventKind::OrderCreated, EventKind::ClientCreated],
            maker: Some(maker(1, false, &["order-list", "client-list"])),
            paused: None,
        };
        assert_eq!(subscription.pause(), None);
        assert!(subscription.receives(EventKind::OrderCreated, Audience::ClientOrder { engineer: None }));
        assert!(!subscription.receives(EventKind::ProductUpdated, Audience::Products), "a kind it does not take");
        subscription.maker = Some(maker(1, false, &["order-list"]));
        assert_eq!(subscription.pause(), Some(Pause::MakerLacksPermission));
        assert!(!subscription.receives(EventKind::OrderCreated, Audience::ClientOrder { engineer: None }), "paused as a whole");
        subscription.maker = Some(Maker { blocked: true, ..maker(1, false, &["order-list", "client-list"]) });
        assert_eq!(subscription.pause(), Some(Pause::MakerBlocked));
        subscription.maker = None;
        assert_eq!(subscription.pause(), Some(Pause::MakerRemoved));
        subscription.maker = Some(maker(1, false, &["order-list", "client-list"]));
        subscription.paused = Some(Pause::Unsaved);
        assert_eq!(subscription.pause(), Some(Pause::Unsaved), "a stored pause holds until a person saves it");
    }

    #[test]
    fn audiences_are_stored_and_read_back() {
        for audience in [
            Audience::Products,
            Audience::GuestOrder,
            Audience::ClientOrder { engineer: Some(3) },
            Audience::Client { engineer: None },
            Audience::Test,
            Audience::Unknown,
        ] {
            let (name, engineer) = audience.stored();
            assert_eq!(Audience::from_stored(name, engineer), audience);
        }
        assert_eq!(Audience::from_stored("whatever", None), Audience::Unknown);
    }
}
