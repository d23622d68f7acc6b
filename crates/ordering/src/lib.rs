//! Ordering: where orders go and how they are placed. It holds the shipping cities (the
//! governorates the shop delivers to, each with its base cost), the addresses buyers save,
//! checkout for clients and guests, and the buyer's side of orders (design §4, §4a, §5).
//!
//! Ordering knows the rest of the shop only through its ports: prices through [`Pricing`],
//! the server cart through [`BuyerCart`], and storage through [`CityStore`], [`AddressBook`]
//! and [`OrderBook`], whose `place` stores an order in one transaction.

pub mod address;
pub mod checkout;
pub mod city;
pub mod desk;
pub mod error;
pub mod inbox;
pub mod invoice;
pub mod news;
pub mod order;
pub mod orders;
pub mod overview;
pub mod payment;
pub mod ports;
pub mod promo;
pub mod promotions;
pub mod reputation;
pub mod returns;
pub mod service;
pub mod shipment;

pub use address::{Address, AddressDraft, AddressLabel, MAX_ADDRESSES, Recipient};
pub use checkout::{AddressChoice, Checkout, GuestCheckout, ReceiverKind};
pub use city::{COD_PERCENT_MAX, CashTerms, CityDraft, CityQuery, CityRemoval, CodFee, ShippingCity};
pub use desk::{
    Audience, COUNT_CAP, CountsByStatus, DeskPorts, MAX_SETTLED, OrderDesk, OrderListing, OrderSearch, PhoneRecord, RemittanceDraft, Repricing, SEARCH_WINDOW,
    StaffNote, StaffOrder, StaffOrderQuery, StoryLine, Viewer,
};
pub use error::OrderingError;
pub use inbox::Inbox;
pub use invoice::{Invoice, InvoicePrinter, Invoices, PrintedInvoice, ShopContacts, ShopDetails};
pub use news::{
    MessageChannel, MessageQueue, Newsroom, Notice, Notification, OrderEvent, OrderHeadline, OrderHerald, OrderNews, OrderSpine, QueuedMessage, StaffNotice,
    TextMessage, UntoldChange,
};
pub use order::{
    AppliedPromo, CancelCause, Confirmation, ConfirmedVia, Destination, FailedAttempt, LineLot, NewOrder, Order, OrderChange, OrderLine, OrderSource,
    OrderStatus, Receiver, StatusChange, Totals, order_number,
};
pub use orders::{Buyer, OrderPorts, Orders};
pub use overview::{
    CASH_LINES, CashGrouping, CashOutcomes, CashOverview, CityOrders, DayTotals, Figures, Monthly, Overview, OverviewFigures, StatusFact, Tally, tally,
};
pub use payment::{PaymentMethod, PaymentMethods};
pub use ports::{
    AddressBook, Admission, Admit, Assignment, BuyerCart, BuyerHistory, CityStore, ConfirmationLinks, ConfirmationRules, EarnedPoints, Keyed, LinesChange,
    LinesOutcome, Notifications, OrderBook, PartialDelivery, Placement, PointsGrant, Pricing, PromoCodes, PromoQuery, PromoWrite, QuotedProduct, Rewards,
    StatusMove, UndoMove, UndoOutcome,
};
pub use promo::{PromoCode, PromoDraft, PromoRefusal, PromoValue, Shopper, fold_code};
pub use promotions::Promotions;
pub use reputation::{
    BandOverride, BandSetter, CodLimits, PhoneBand, PhoneBook, PhoneReach, PhoneRefusal, PhoneStanding, PhoneStandings, PhoneTerms, ReputationRules,
    ReputationTerms,
};
pub use returns::{NewReturn, OrderReturn, ReturnBook, ReturnLine, ReturnMove, ReturnRequest, ReturnState, ReturnStep};
pub use service::Delivery;
pub use shipment::{
    Booking, CashParcel, Courier, CourierCash, CourierError, CourierKind, CourierReport, HandOver, NewShipment, Parcel, Remittance, ReportKept, Shipment,
    ShipmentBook, ShipmentEvent, ShipmentState,
};
