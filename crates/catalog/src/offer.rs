//! Offers: a time-boxed percentage off some products or a whole category.

use chrono::{DateTime, Utc};
use kernel::{CategoryId, Localized, OfferId, Percent, ProductId};

/// What an offer covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfferTarget {
    /// These products.
    Products(Vec<ProductId>),
    /// Every product of this category.
    Category(CategoryId),
}

/// An offer as staff set it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Database id.
    pub id: OfferId,
    /// What staff filled in.
    pub draft: OfferDraft,
    /// Banner image path.
    pub banner_image: Option<String>,
    /// Whether staff switched it on.
    pub active: bool,
}

/// An offer as staff fill it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferDraft {
    /// Title in Arabic and English.
    pub title: Localized<String>,
    /// Percentage off, 1 to 90.
    pub percentage: Percent,
    /// Products or a category.
    pub target: OfferTarget,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End.
    pub ends_at: DateTime<Utc>,
}

/// The status staff see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::Display, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum OfferStatus {
    /// Switched on and running now.
    Active,
    /// Switched off, or not started yet.
    Inactive,
    /// Past its end.
    Expired,
}

impl Offer {
    /// The offer's status at `now`.
    pub fn status(&self, now: DateTime<Utc>) -> OfferStatus {
        if now >= self.draft.ends_at {
            OfferStatus::Expired
        } else if self.active && now >= self.draft.starts_at {
            OfferStatus::Active
        } else {
            OfferStatus::Inactive
        }
    }

    /// Whether the offer lowers this product's price at `now`.
    pub fn applies_to(&self, product_id: ProductId, category_id: Option<CategoryId>, now: DateTime<Utc>) -> bool {
        self.status(now) == OfferStatus::Active
            && match &self.draft.target {
                OfferTarget::Products(ids) => ids.contains(&product_id),
                OfferTarget::Category(category) => Some(*category) == category_id,
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn offer(active: bool, starts_in: i64, ends_in: i64, target: OfferTarget) -> Offer {
        let now = Utc::now();
        Offer {
            id: OfferId(1),
            draft: OfferDraft {
                title: kernel::Localized::default(),
                percentage: kernel::Percent::clamped(20),
                target,
                starts_at: now + Duration::days(starts_in),
                ends_at: now + Duration::days(ends_in),
            },
            banner_image: None,
            active,
        }
    }

    #[test]
    fn an_offer_is_active_only_while_switched_on_and_running() {
        let now = Utc::now();
        assert_eq!(offer(true, -1, 1, OfferTarget::Category(CategoryId(1))).status(now), OfferStatus::Active);
        assert_eq!(offer(false, -1, 1, OfferTarget::Category(CategoryId(1))).status(now), OfferStatus::Inactive);
        assert_eq!(offer(true, 1, 2, OfferTarget::Category(CategoryId(1))).status(now), OfferStatus::Inactive, "not started");
        assert_eq!(offer(true, -2, -1, OfferTarget::Category(CategoryId(1))).status(now), OfferStatus::Expired);
    }

    #[test]
    fn an_offer_covers_its_products_or_its_category() {
        let now = Utc::now();
        let products = offer(true, -1, 1, OfferTarget::Products(vec![ProductId(3), ProductId(4)]));
        assert!(products.applies_to(ProductId(3), None, now));
        assert!(!products.applies_to(ProductId(5), Some(CategoryId(1)), now));
        let category = offer(true, -1, 1, OfferTarget::Category(CategoryId(7)));
        assert!(category.applies_to(ProductId(99), Some(CategoryId(7)), now));
        assert!(!category.applies_to(ProductId(99), Some(CategoryId(8)), now));
        assert!(!offer(false, -1, 1, OfferTarget::Category(CategoryId(7))).applies_to(ProductId(99), Some(CategoryId(7)), now));
    }
}
