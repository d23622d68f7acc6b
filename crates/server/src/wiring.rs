//! Adapters between domain crates, which never import each other: the cart and checkout price
//! their lines with the catalogue and read the weight rule from the shop's settings; invoices
//! read the shop's contacts from them; the loyalty programme reads its numbers from them, and
//! the staff's order desk asks it what a delivered order earns; broadcasts end with opt-out
//! links signed with the shop's secret.

use std::sync::Arc;

use cart::{PriceList, PricedProduct};
use catalog::CatalogService;
use chrono::{DateTime, Utc};
use kernel::{Locale, Money, OrderId, ProductId, ShippingRule, UserId};
use loyalty::{Loyalty, LoyaltySettings, LoyaltyTerms};
use ordering::{
    CodLimits, ConfirmationLinks, EarnedPoints, PaymentMethod, PaymentMethods, Pricing, QuotedProduct, ReputationRules, ReputationTerms, Rewards, ShopContacts,
    ShopDetails,
};
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

/// Ordering's [`ReputationTerms`]: the owner's rules for phones from the shop's settings, the
/// trust of delivered orders from the configuration, and the shop's phone.
pub struct ShopReputationTerms {
    shop: Arc<ShopService>,
    trusted_after_delivered: u64,
}

impl ShopReputationTerms {
    /// Rules from `shop`'s settings; a phone with `trusted_after_delivered` delivered orders is
    /// trusted.
    pub fn new(shop: Arc<ShopService>, trusted_after_delivered: u64) -> Self {
        ShopReputationTerms { shop, trusted_after_delivered }
    }
}

impl ReputationTerms for ShopReputationTerms {
    fn rules(&self) -> anyhow::Result<ReputationRules> {
        let settings = self.shop.settings()?;
        let count = |rule: i64| u64::try_from(rule).unwrap_or(0);
        Ok(ReputationRules {
            trusted_after_delivered: self.trusted_after_delivered,
            call_after: count(settings.phone_call_after),
            prepay_after: count(settings.phone_prepay_after),
            block_after: count(settings.phone_block_after),
        })
    }

    fn cod_limits(&self) -> anyhow::Result<CodLimits> {
        let settings = self.shop.settings()?;
        let limit = |amount: kernel::Money| (amount > kernel::Money::ZERO).then_some(amount);
        Ok(CodLimits { first_order: limit(settings.cod_first_order_max), any_order: limit(settings.cod_order_max) })
    }

    fn shop_phone(&self) -> anyhow::Result<String> {
        Ok(self.shop.settings()?.contact_phone)
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

/// Links that name a thing by its id and carry a signature of it: the first hex digits of an
/// HMAC-SHA256 of the link's purpose and the id under the shop's secret, so a link is short,
/// needs nothing stored, and cannot be made up for another id.
struct SignedIds {
    key: Vec<u8>,
    site: String,
    purpose: &'static str,
    digits: usize,
}

impl SignedIds {
    fn new(secret: &[u8], site: &str, purpose: &'static str, digits: usize) -> SignedIds {
        SignedIds { key: secret.to_vec(), site: site.trim_end_matches('/').to_string(), purpose, digits }
    }

    /// `<id>-<signature>`.
    fn token(&self, id: i64) -> String {
        use hmac::Mac;
        let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(&self.key) else { return String::new() };
        mac.update(format!("{}:{id}", self.purpose).as_bytes());
        let signature: String = mac.finalize().into_bytes().iter().take(self.digits / 2).map(|byte| format!("{byte:02x}")).collect();
        format!("{id}-{signature}")
    }

    /// The id a token names, when it is genuine (compared in full).
    fn id_of(&self, token: &str) -> Option<i64> {
        let (id, _) = token.split_once('-')?;
        let id = id.parse().ok()?;
        (self.token(id) == token).then_some(id)
    }
}

/// Outreach's [`OptOutLinks`]: `<site>/sms/opt-out/<user>-<signature>`, 12 hex digits of
/// signature (a link in every broadcast SMS, where each character counts).
pub struct SignedOptOutLinks(SignedIds);

/// Hex digits of the signature kept in an opt-out link.
const SIGNATURE_DIGITS: usize = 12;

impl SignedOptOutLinks {
    /// Links on `site`, signed with `secret`.
    pub fn new(secret: &[u8], site: &str) -> SignedOptOutLinks {
        SignedOptOutLinks(SignedIds::new(secret, site, "sms-opt-out", SIGNATURE_DIGITS))
    }
}

impl OptOutLinks for SignedOptOutLinks {
    fn link(&self, user: UserId) -> String {
        format!("{}/sms/opt-out/{}", self.0.site, self.0.token(user.0))
    }

    fn user_of(&self, token: &str) -> Option<UserId> {
        self.0.id_of(token).map(UserId)
    }

    fn longest(&self) -> usize {
        self.link(UserId(i64::MAX)).chars().count()
    }

    fn line(&self, locale: Locale, link: &str) -> String {
        messages::text(locale, "sms.opt_out_line", &[("link", link.to_string())])
    }
}

/// Ordering's [`ConfirmationLinks`]: `<site>/confirm/<order>-<signature>`, 16 hex digits of
/// signature: the link is all that stands between a stranger and confirming an order.
pub struct SignedConfirmationLinks(SignedIds);

impl SignedConfirmationLinks {
    /// Links on `site`, signed with `secret`.
    pub fn new(secret: &[u8], site: &str) -> SignedConfirmationLinks {
        SignedConfirmationLinks(SignedIds::new(secret, site, "order-confirmation", 16))
    }
}

impl ConfirmationLinks for SignedConfirmationLinks {
    fn link(&self, order: OrderId) -> String {
        format!("{}/confirm/{}", self.0.site, self.0.token(order.0))
    }

    fn order_of(&self, token: &str) -> Option<OrderId> {
        self.0.id_of(token).map(OrderId)
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

    #[test]
    fn a_confirmation_link_names_its_order_only_and_is_not_an_opt_out_link() {
        let links = SignedConfirmationLinks::new(b"the shop's secret", "https://mahsoul.example");
        let link = links.link(OrderId(7));
        let token = link.strip_prefix("https://mahsoul.example/confirm/").unwrap_or_default();
        assert_eq!(token.len(), "7-".len() + 16, "{link}");
        assert_eq!(links.order_of(token), Some(OrderId(7)));
        assert_eq!(links.order_of(&token.replacen('7', "8", 1)), None, "another order's id");
        let opt_out = SignedOptOutLinks::new(b"the shop's secret", "https://mahsoul.example").link(UserId(7));
        assert_eq!(links.order_of(opt_out.rsplit('/').next().unwrap_or_default()), None, "signed for another purpose");
    }
}
