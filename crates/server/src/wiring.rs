//! Adapters between domain crates, which never import each other: the cart and checkout price
//! their lines with the catalogue and read the weight rule from the shop's settings; invoices
//! read the shop's contacts from them; the loyalty programme reads its numbers from them, and
//! the staff's order desk asks it what a delivered order earns; broadcasts end with opt-out
//! links signed with the shop's secret.

use std::sync::Arc;

use cart::{PriceList, PricedProduct};
use catalog::CatalogService;
use chrono::{DateTime, Utc};
use kernel::{Locale, Money, ProductId, ShippingRule, UserId};
use loyalty::{Loyalty, LoyaltySettings, LoyaltyTerms};
use ordering::{EarnedPoints, PaymentMethod, PaymentMethods, Pricing, QuotedProduct, Rewards, ShopContacts, ShopDetails};
use outreach::OptOutLinks;
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
                name: card.product.draft.name.clone(),
                image: card.product.images.first().cloned(),
                price: card.price.price,
                sale_price: card.price.sale_price,
                available: card.product.draft.quantity,
                weight: card.product.draft.weight,
                needs_safety_acknowledgement: card.product.agronomy.needs_acknowledgement(),
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
                needs_safety_acknowledgement: product.needs_safety_acknowledgement,
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

/// Ordering's [`PaymentMethods`]: cash on delivery is the one way the shop takes; a card
/// gateway or a wallet joins here with its adapter.
pub struct ShopPaymentMethods;

impl PaymentMethods for ShopPaymentMethods {
    fn offered(&self) -> Vec<PaymentMethod> {
        vec![PaymentMethod::CashOnDelivery]
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

/// Outreach's [`OptOutLinks`]: `<site>/sms/opt-out/<user>-<signature>`, the signature the
/// first 12 hex digits of an HMAC-SHA256 of the user's id under the shop's secret, so a link
/// is short, needs nothing stored, and cannot be made up for another client.
pub struct SignedOptOutLinks {
    key: Vec<u8>,
    site: String,
}

/// Hex digits of the signature kept in a link.
const SIGNATURE_DIGITS: usize = 12;

impl SignedOptOutLinks {
    /// Links on `site`, signed with `secret`.
    pub fn new(secret: &[u8], site: &str) -> SignedOptOutLinks {
        SignedOptOutLinks { key: secret.to_vec(), site: site.trim_end_matches('/').to_string() }
    }

    fn signature(&self, user: UserId) -> String {
        use hmac::Mac;
        let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(&self.key) else { return String::new() };
        mac.update(format!("sms-opt-out:{}", user.0).as_bytes());
        mac.finalize().into_bytes().iter().take(SIGNATURE_DIGITS / 2).map(|byte| format!("{byte:02x}")).collect()
    }

    fn token(&self, user: UserId) -> String {
        format!("{}-{}", user.0, self.signature(user))
    }
}

impl OptOutLinks for SignedOptOutLinks {
    fn link(&self, user: UserId) -> String {
        format!("{}/sms/opt-out/{}", self.site, self.token(user))
    }

    fn user_of(&self, token: &str) -> Option<UserId> {
        let (id, _) = token.split_once('-')?;
        let user = UserId(id.parse().ok()?);
        // Compared in full; the token is the user's own or nobody's.
        (self.token(user) == token).then_some(user)
    }

    fn longest(&self) -> usize {
        self.link(UserId(i64::MAX)).chars().count()
    }

    fn line(&self, locale: Locale, link: &str) -> String {
        messages::text(locale, "sms.opt_out_line", &[("link", link.to_string())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opt_out_link_names_its_client_and_cannot_be_made_up_for_another() {
        let links = SignedOptOutLinks::new(b"the shop's secret", "https://mahsoul.example/");
        let link = links.link(UserId(42));
        let token = link.strip_prefix("https://mahsoul.example/sms/opt-out/").unwrap_or_default();
        assert_eq!(token.len(), "42-".len() + SIGNATURE_DIGITS, "{link}");
        assert_eq!(links.user_of(token), Some(UserId(42)));
        assert_eq!(links.user_of(&token.replacen("42", "43", 1)), None, "another client's id");
        assert_eq!(links.user_of("42-000000000000"), None);
        assert_eq!(links.user_of("nonsense"), None);
        assert_eq!(SignedOptOutLinks::new(b"another secret", "https://mahsoul.example").user_of(token), None);
        assert_eq!(links.line(Locale::Ar, "https://m.eg/sms/opt-out/7-abc"), "للإلغاء: https://m.eg/sms/opt-out/7-abc");
        assert_eq!(links.line(Locale::En, "L"), "Opt out: L");
        assert!(links.longest() >= link.len());
    }
}
