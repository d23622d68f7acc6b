//! Adapters between domain crates, which never import each other: the cart and checkout price
//! their lines with the catalogue and read the weight rule from the shop's settings.

use std::sync::Arc;

use cart::{PriceList, PricedProduct};
use catalog::CatalogService;
use kernel::{ProductId, ShippingRule};
use ordering::{Pricing, QuotedProduct};
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
