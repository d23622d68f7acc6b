//! A product's price as customers see it: its own discount or the best running offer,
//! whichever takes more off.

use chrono::{DateTime, Utc};
use kernel::{CategoryId, Money, Percent, ProductId};

use crate::offer::Offer;

/// The price shown for a product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownPrice {
    /// The list price.
    pub price: Money,
    /// The price after the best discount (equal to `price` without one).
    pub sale_price: Money,
    /// The percentage taken off, 0 when none.
    pub discount: Percent,
    /// Whether a running offer gives the discount.
    pub has_offer: bool,
}

/// The shown price of a product with list `price` and its own `discount` (percent), under
/// the offers running at `now`.
pub fn shown_price(
    product_id: ProductId,
    category_id: Option<CategoryId>,
    price: Money,
    discount: Percent,
    offers: &[Offer],
    now: DateTime<Utc>,
) -> ShownPrice {
    let best_offer =
        offers.iter().filter(|offer| offer.applies_to(product_id, category_id, now)).map(|offer| offer.draft.percentage).max().unwrap_or(Percent::ZERO);
    let discount = discount.max(best_offer);
    ShownPrice { price, sale_price: price.percent_off(discount), discount, has_offer: best_offer > Percent::ZERO }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offer::OfferDraft;
    use crate::offer::OfferTarget;
    use chrono::Duration;
    use kernel::{Localized, OfferId};

    fn running(percentage: u8, target: OfferTarget) -> Offer {
        let now = Utc::now();
        Offer {
            id: OfferId(1),
            draft: OfferDraft {
                title: Localized::default(),
                percentage: Percent::clamped(percentage),
                target,
                starts_at: now - Duration::days(1),
                ends_at: now + Duration::days(1),
            },
            banner_image: None,
            active: true,
        }
    }

    #[test]
    fn the_largest_price_with_the_largest_discount_stays_positive() {
        let shown = shown_price(ProductId(1), None, Money::from_piastres(i64::MAX), Percent::clamped(99), &[], Utc::now());
        assert!(shown.sale_price > Money::ZERO && shown.sale_price < shown.price);
    }

    #[test]
    fn the_best_of_the_own_discount_and_the_running_offers_applies() {
        let now = Utc::now();
        let offers = [running(20, OfferTarget::Category(CategoryId(2))), running(30, OfferTarget::Products(vec![ProductId(9)]))];
        let by_category = shown_price(ProductId(1), Some(CategoryId(2)), Money::from_pounds(200), Percent::clamped(10), &offers, now);
        assert_eq!((by_category.sale_price, by_category.discount, by_category.has_offer), (Money::from_pounds(160), Percent::clamped(20), true));
        let by_product = shown_price(ProductId(9), Some(CategoryId(2)), Money::from_pounds(200), Percent::clamped(10), &offers, now);
        assert_eq!(by_product.sale_price, Money::from_pounds(140));
        let own_wins = shown_price(ProductId(1), Some(CategoryId(2)), Money::from_pounds(200), Percent::clamped(25), &offers, now);
        assert_eq!((own_wins.sale_price, own_wins.has_offer), (Money::from_pounds(150), true));
        let plain = shown_price(ProductId(5), Some(CategoryId(3)), Money::from_pounds(200), Percent::clamped(0), &offers, now);
        assert_eq!((plain.sale_price, plain.discount, plain.has_offer), (Money::from_pounds(200), Percent::ZERO, false));
    }
}
