//! A guest's order for the store tests that place one (included by path, not a test of its own).

use kernel::{CityId, Locale, Localized, Money, Phone, Weight};
use ordering::{Destination, NewOrder, OrderLine, OrderSource, PaymentMethod, Receiver, Totals};

/// A guest's cash-on-delivery order to Cairo from `phone`, of `lines` (its totals are fixed:
/// the store keeps them as given).
pub fn guest_order(phone: &str, lines: Vec<OrderLine>) -> NewOrder {
    NewOrder {
        user: None,
        source: OrderSource::Guest,
        customer_name: "Mona".into(),
        customer_phone: Phone::parse(phone).unwrap(),
        receiver: Receiver::Buyer,
        destination: Destination { address: "Farm road".into(), city: CityId(1), city_name: Localized::new("القاهرة".into(), "Cairo".into()) },
        notes: None,
        copoun: None,
        promo: None,
        lines,
        totals: Totals {
            subtotal: Money::from_pounds(40),
            discount: Money::ZERO,
            shipping_base: Money::from_pounds(50),
            shipping_extra: Money::ZERO,
            cod_fee: Money::ZERO,
            total: Money::from_pounds(90),
            total_weight: Weight::from_grams(250),
        },
        payment_method: PaymentMethod::CashOnDelivery,
        locale: Locale::Ar,
        safety_acknowledged: false,
        confirmed: None,
        awaits_call: false,
    }
}
