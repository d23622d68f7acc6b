//! Adapters between domain crates, which never import each other: the cart and checkout price
//! their lines with the catalogue and read the weight rule from the shop's settings; invoices
//! read the shop's contacts from them; the loyalty programme reads its numbers from them, and
//! the staff's order desk asks it what a delivered order earns.

use std::sync::Arc;

use cart::{PriceList, PricedProduct};
use catalog::CatalogService;
use chrono::{DateTime, Utc};
use kernel::{Money, ProductId, ShippingRule};
use loyalty::{Loyalty, LoyaltySettings, LoyaltyTerms};
use ordering::{EarnedPoints, Pricing, QuotedProduct, Rewards, ShopContacts, ShopDetails};
use shop::ShopService;

/// The cart's [`PriceList`] and ordering's [`Pricing`] over the catalogue and the shop's
/// settings.
pub struct CataloguePriceList {
    catalog: Arc<CatalogService>,
    shop: Arc<ShopService>,
}

impl CataloguePriceList {
    /// Prices from `catalog`, the weight rule from `shop`.
    pub fn new(catalog: Arc<CatalogService>, shop: Arc<ShopService>) -> Self {
        CataloguePriceList { catalog, shop }
    }
}

impl PriceList for CataloguePriceList {
    fn priced(&self, ids: &[ProductId]) -> anyhow::Result<Vec<PricedProduct>> {
        let catalogue = self.catalog.catalogue()?;
        Ok(catalogue
            .cards_of(ids, self.catalog.now())
            .into_iter()
            .map(|card| PricedProduct {
                id: card.product.id,
                slug: card.product.slug.clone(),
                name: card.product.name.clone(),
                image: card.product.images.first().cloned(),
                price: card.price.price,
                sale_price: card.price.sale_price,
                available: card.product.quantity,
                weight: card.product.weight,
            })
            .collect())
    }

    fn shipping_rule(&self) -> anyhow::Result<ShippingRule> {
        Ok(self.shop.settings()?.shipping_rule())
    }
}

impl Pricing for CataloguePriceList {
    fn quote(&self, ids: &[ProductId]) -> anyhow::Result<Vec<QuotedProduct>> {
        Ok(PriceList::priced(self, ids)?
            .into_iter()
            .map(|product| QuotedProduct {
                id: product.id,
                slug: product.slug,
                name: product.name,
                image: product.image,
                sale_price: product.sale_price,
                weight: product.weight,
            })
            .collect())
    }

    fn shipping_rule(&self) -> anyhow::Result<ShippingRule> {
        PriceList::shipping_rule(self)
    }
}

/// Ordering's [`ShopDetails`] over the shop's settings and the configured public address.
pub struct ShopInvoiceDetails {
    shop: Arc<ShopService>,
    site: String,
}

impl ShopInvoiceDetails {
    /// Contacts from `shop`, links on `site`.
    pub fn new(shop: Arc<ShopService>, site: &str) -> Self {
        ShopInvoiceDetails { shop, site: site.to_string() }
    }
}

impl ShopDetails for ShopInvoiceDetails {
    fn contacts(&self) -> anyhow::Result<ShopContacts> {
        let settings = self.shop.settings()?;
        Ok(ShopContacts {
            name: kernel::Localized::new("محصول".into(), "Mahsoul".into()),
            phone: settings.contact_phone,
            email: settings.email,
            address: settings.address,
        })
    }

    fn site(&self) -> String {
        self.site.clone()
    }
}

/// Loyalty's [`LoyaltySettings`] over the shop's settings.
pub struct ShopLoyaltyTerms(pub Arc<ShopService>);

impl LoyaltySettings for ShopLoyaltyTerms {
    fn terms(&self) -> anyhow::Result<LoyaltyTerms> {
        let settings = self.0.settings()?;
        let whole = |number: i64| u32::try_from(number.max(0)).unwrap_or(u32::MAX);
        Ok(LoyaltyTerms {
            earn_rate: settings.points_earn_rate,
            expiry_months: whole(settings.points_expiry_months),
            coupon_days: whole(settings.points_coupon_days),
        })
    }
}

/// Ordering's [`Rewards`] over the loyalty programme.
pub struct LoyaltyRewards(pub Arc<Loyalty>);

impl Rewards for LoyaltyRewards {
    fn earned_for(&self, subtotal: Money, at: DateTime<Utc>) -> anyhow::Result<Option<EarnedPoints>> {
        let earning = self.0.earning(subtotal, at).map_err(anyhow::Error::from)?;
        Ok(earning.map(|earned| EarnedPoints { points: earned.points, expires_at: earned.expires_at }))
    }
}
