//! Storefront product cards serialised once per catalogue version, language and price, so a
//! busy list answers by copying JSON instead of rebuilding it (docs/performance.md).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use catalog::ProductCard;
use catalog::pricing::ShownPrice;
use kernel::Locale;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use crate::storefront::catalog::ProductData;

/// Per product and language: the price and stock the JSON was written with, and the JSON.
type Entries = HashMap<(i64, Locale), (ShownPrice, i64, CardJson)>;

/// One card's JSON, written into an answer as it is.
#[derive(Debug, Clone)]
pub struct CardJson(Arc<RawValue>);

impl Serialize for CardJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The serialised cards of one catalogue version; a new version starts afresh. A card is
/// served from here only while its price and stock are the ones it was serialised with
/// (offers start and end, and orders take stock, without a new version).
#[derive(Default)]
pub struct ProductJson {
    cards: RwLock<(i64, Entries)>,
}

impl ProductJson {
    /// The card's JSON, serialised now unless this version, language, price and stock already
    /// were.
    pub fn card(&self, version: i64, card: ProductCard, locale: Locale) -> Result<CardJson, serde_json::Error> {
        let key = (card.product.id.0, locale);
        if let Ok(cards) = self.cards.read()
            && cards.0 == version
            && let Some((price, quantity, json)) = cards.1.get(&key)
            && *price == card.price
            && *quantity == card.product.draft.quantity
        {
            return Ok(json.clone());
        }
        let (price, quantity) = (card.price, card.product.draft.quantity);
        let json = CardJson(Arc::from(serde_json::value::to_raw_value(&ProductData::new(card, locale))?));
        if let Ok(mut cards) = self.cards.write() {
            if cards.0 != version {
                *cards = (version, HashMap::new());
            }
            cards.1.insert(key, (price, quantity, json.clone()));
        }
        Ok(json)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use catalog::{Product, WeightUnit};
    use chrono::Utc;
    use kernel::{Localized, Money, ProductId, Weight};

    fn card(pounds: i64, sale: i64) -> ProductCard {
        let product = Product {
            id: ProductId(7),
            slug: "mint-seeds".into(),
            draft: catalog::ProductDraft {
                name: Localized::new("بذور نعناع".into(), "Mint seeds".into()),
                description: Localized::new(String::new(), String::new()),
                price: Money::from_pounds(pounds),
                discount: kernel::Percent::ZERO,
                expires_at: None,
                weight: Weight::from_grams(50),
                weight_unit: WeightUnit::G,
                quantity: 3,
                featured: false,
                is_package: false,
                pieces_per_package: None,
                category_id: None,
            },
            agronomy: catalog::agronomy::Agronomy::default(),
            documents: catalog::ProductDocuments::default(),
            images: vec![],
            created_at: Utc::now(),
        };
        let price =
            ShownPrice { price: Money::from_pounds(pounds), sale_price: Money::from_pounds(sale), discount: kernel::Percent::ZERO, has_offer: sale < pounds };
        ProductCard { product: Arc::new(product), price, category: None }
    }

    fn sale_price(json: &CardJson) -> f64 {
        serde_json::from_str::<serde_json::Value>(json.0.get()).unwrap()["sale_price"].as_f64().unwrap()
    }

    #[test]
    fn a_card_is_served_again_only_while_its_version_language_price_and_stock_hold() {
        let cache = ProductJson::default();
        let first = cache.card(1, card(40, 40), Locale::En).unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(first.0.get()).unwrap()["available"], 3, "the units left");
        assert!(Arc::ptr_eq(&first.0, &cache.card(1, card(40, 40), Locale::En).unwrap().0), "served from the cache");
        assert!(cache.card(1, card(40, 40), Locale::Ar).unwrap().0.get().contains("بذور نعناع"));
        // An offer starts: same version, a new price.
        assert_eq!(sale_price(&cache.card(1, card(40, 30), Locale::En).unwrap()), 30.0);
        // The last units are sold: same version, no stock.
        let mut sold = (*card(40, 30).product).clone();
        sold.draft.quantity = 0;
        let sold_out = ProductCard { product: Arc::new(sold), ..card(40, 30) };
        let json: serde_json::Value = serde_json::from_str(cache.card(1, sold_out, Locale::En).unwrap().0.get()).unwrap();
        assert_eq!(json["in_stock"], false);
        assert_eq!(json["available"], 0, "nothing left to order");
        // The catalogue changes: nothing of the old version is served.
        let mut product = (*card(40, 30).product).clone();
        product.draft.name.en = "Garden mint seeds".into();
        let renamed = ProductCard { product: Arc::new(product), ..card(40, 30) };
        assert!(cache.card(2, renamed, Locale::En).unwrap().0.get().contains("Garden mint seeds"));
    }
}
