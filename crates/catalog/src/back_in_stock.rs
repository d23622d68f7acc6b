//! "Tell me when it is back": a client asks on the page of a product out of stock, and is told
//! once (in the bell, and by SMS when they asked for it) when units are in stock again — by a
//! staff member's count, a lot received, a cancelled order or a return, whichever it was.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, Locale, ProductId, UserId};

use crate::{CatalogError, CatalogService};

/// A client's wish to hear when a product is back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockAlert {
    /// Who asked.
    pub user: UserId,
    /// For which product.
    pub product: ProductId,
    /// Whether a text message too, not only the bell.
    pub by_sms: bool,
    /// The language to tell them in.
    pub locale: Locale,
}

/// The clients waiting for products to come back.
#[cfg_attr(test, mockall::automock)]
pub trait StockAlerts: Send + Sync {
    /// Keeps the wish (once per client and product: asking again changes only the channel).
    fn ask(&self, alert: StockAlert, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Tells every client waiting for a product in stock now, once, and forgets their wish;
    /// how many were told.
    fn tell_the_waiting(&self, at: DateTime<Utc>) -> anyhow::Result<usize>;
}

/// The "tell me when it is back" use cases.
pub struct BackInStock {
    catalog: Arc<CatalogService>,
    alerts: Arc<dyn StockAlerts>,
}

impl BackInStock {
    /// The use cases over the catalogue and the waiting list.
    pub fn new(catalog: Arc<CatalogService>, alerts: Arc<dyn StockAlerts>) -> BackInStock {
        BackInStock { catalog, alerts }
    }

    /// Keeps a client's wish to hear when a product is back; a product in stock can be ordered
    /// now, so there is nothing to wait for.
    pub fn ask(&self, alert: StockAlert) -> Result<(), CatalogError> {
        let catalogue = self.catalog.catalogue()?;
        let product = catalogue.product_by_id(alert.product).ok_or(CatalogError::NotFound)?;
        if product.in_stock() {
            return Err(CatalogError::Invalid(FieldErrors::single("product", "in_stock")));
        }
        Ok(self.alerts.ask(alert, self.catalog.now())?)
    }

    /// Tells the clients whose products are back.
    pub fn tell_the_waiting(&self) -> Result<usize, CatalogError> {
        Ok(self.alerts.tell_the_waiting(self.catalog.now())?)
    }
}
