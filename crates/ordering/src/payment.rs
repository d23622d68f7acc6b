//! How a buyer pays. The checkout asks the [`PaymentMethods`] port which methods the shop takes
//! now; the order keeps the one chosen, and the invoice prints it. A new method (a wallet,
//! InstaPay, a card gateway) is a variant here and an adapter offering it.

use kernel::FieldErrors;

/// A way to pay for an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum PaymentMethod {
    /// Cash to the courier at the door.
    CashOnDelivery,
    /// Visa or MasterCard: named in the shop's marketing, taken once a card gateway is wired.
    Card,
}

/// The payment methods the shop takes now, the first one the default.
#[cfg_attr(test, mockall::automock)]
pub trait PaymentMethods: Send + Sync {
    /// The methods offered at checkout; never empty.
    fn offered(&self) -> Vec<PaymentMethod>;
}

/// The method a checkout pays with: the one asked for when the shop takes it, else the shop's
/// first.
pub fn chosen(asked: Option<PaymentMethod>, methods: &dyn PaymentMethods) -> Result<PaymentMethod, FieldErrors> {
    let offered = methods.offered();
    match asked {
        Some(method) if offered.contains(&method) => Ok(method),
        Some(_) => Err(FieldErrors::single("payment_method", "payment_method_unavailable")),
        None => offered.first().copied().ok_or_else(|| FieldErrors::single("payment_method", "payment_method_unavailable")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shop_taking(methods: Vec<PaymentMethod>) -> MockPaymentMethods {
        let mut shop = MockPaymentMethods::new();
        shop.expect_offered().return_const(methods);
        shop
    }

    #[test]
    fn a_checkout_pays_the_way_it_asks_when_the_shop_takes_it_and_the_shops_first_way_when_it_does_not_ask() {
        let cash_only = shop_taking(vec![PaymentMethod::CashOnDelivery]);
        assert_eq!(chosen(None, &cash_only), Ok(PaymentMethod::CashOnDelivery));
        assert_eq!(chosen(Some(PaymentMethod::CashOnDelivery), &cash_only), Ok(PaymentMethod::CashOnDelivery));
        assert_eq!(chosen(Some(PaymentMethod::Card), &cash_only), Err(FieldErrors::single("payment_method", "payment_method_unavailable")));
        let cards_too = shop_taking(vec![PaymentMethod::Card, PaymentMethod::CashOnDelivery]);
        assert_eq!(chosen(Some(PaymentMethod::CashOnDelivery), &cards_too), Ok(PaymentMethod::CashOnDelivery));
        assert_eq!(chosen(None, &cards_too), Ok(PaymentMethod::Card));
    }

    #[test]
    fn a_method_is_stored_and_read_by_its_snake_case_name() {
        assert_eq!(<&str>::from(PaymentMethod::CashOnDelivery), "cash_on_delivery");
        assert_eq!("card".parse::<PaymentMethod>(), Ok(PaymentMethod::Card));
        assert!("visa".parse::<PaymentMethod>().is_err());
    }
}
