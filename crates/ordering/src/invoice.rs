//! Invoices (design §5): an order printed with the shop's name and contacts and a QR code of
//! its tracking link, in the buyer's or the staff's language, for the client who owns it, the
//! guest who knows its number and phone, and the staff who may see it. The printing is a port
//! (`InvoicePrinter`), implemented by the PDF adapter.

use std::sync::Arc;

use kernel::{Locale, Localized, OrderId, UserId};

use crate::desk::{Audience, OrderDesk, Viewer};
use crate::error::OrderingError;
use crate::order::Order;
use crate::orders::Orders;

/// How the shop introduces itself on an invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopContacts {
    /// The shop's name.
    pub name: Localized<String>,
    /// Its phone.
    pub phone: String,
    /// Its e-mail.
    pub email: String,
    /// Its address.
    pub address: Localized<String>,
}

/// Everything an invoice shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// The order.
    pub order: Order,
    /// The shop.
    pub shop: ShopContacts,
    /// Where the buyer follows the order; the QR code holds it.
    pub tracking_link: String,
    /// The language it is printed in.
    pub locale: Locale,
}

/// Prints an invoice (a PDF adapter).
#[cfg_attr(test, mockall::automock)]
pub trait InvoicePrinter: Send + Sync {
    /// The printed invoice's bytes.
    fn print(&self, invoice: &Invoice) -> anyhow::Result<Vec<u8>>;
}

/// The shop's contacts and the site's address, as settings hold them now.
#[cfg_attr(test, mockall::automock)]
pub trait ShopDetails: Send + Sync {
    /// The contacts an invoice shows.
    fn contacts(&self) -> anyhow::Result<ShopContacts>;
    /// The site's public address, e.g. `https://mahsoul.example`.
    fn site(&self) -> String;
}

/// A printed invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedInvoice {
    /// The order's number, for the file's name.
    pub number: String,
    /// The PDF.
    pub pdf: Vec<u8>,
}

/// The invoice use cases.
pub struct Invoices {
    orders: Arc<Orders>,
    desk: Arc<OrderDesk>,
    printer: Arc<dyn InvoicePrinter>,
    shop: Arc<dyn ShopDetails>,
}

impl Invoices {
    /// The use cases over the order use cases, the printer and the shop's details.
    pub fn new(orders: Arc<Orders>, desk: Arc<OrderDesk>, printer: Arc<dyn InvoicePrinter>, shop: Arc<dyn ShopDetails>) -> Invoices {
        Invoices { orders, desk, printer, shop }
    }

    /// The client's own order's invoice (`GET orders/{id}/invoice`); another's is not found.
    pub fn for_client(&self, owner: UserId, id: OrderId, locale: Locale) -> Result<PrintedInvoice, OrderingError> {
        self.print(self.orders.order(owner, id)?, locale)
    }

    /// A guest order's invoice by its number and phone (`GET guest-orders/{number}/invoice`);
    /// a wrong pair is not found.
    pub fn for_guest(&self, number: &str, phone: &str, locale: Locale) -> Result<PrintedInvoice, OrderingError> {
        self.print(self.orders.track(number, phone)?, locale)
    }

    /// Any order's invoice for staff who may see it (`GET dashboard/…/{id}/invoice`).
    pub fn for_staff(&self, viewer: Viewer, audience: Audience, id: OrderId, locale: Locale) -> Result<PrintedInvoice, OrderingError> {
        self.print(self.desk.order(viewer, audience, id)?.order, locale)
    }

    fn print(&self, order: Order, locale: Locale) -> Result<PrintedInvoice, OrderingError> {
        let phone = order.placed.customer_phone.to_string();
        let tracking_link = format!("{}/track-order?number={}&phone={phone}", self.shop.site().trim_end_matches('/'), order.number);
        let number = order.number.clone();
        let invoice = Invoice { order, shop: self.shop.contacts()?, tracking_link, locale };
        Ok(PrintedInvoice { number, pdf: self.printer.print(&invoice)? })
    }
}
