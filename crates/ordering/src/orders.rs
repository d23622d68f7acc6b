//! Placing orders and the buyer's side of them, one use case per function: `place_order`,
//! `place_guest_order`, `orders`, `order`, `cancel`, `ask_return`, `track`.

use std::sync::Arc;

use kernel::{Clock, FieldErrors, Locale, Money, OrderId, Page, PageRequest, Phone, ProductId, ShippingQuote, UserId, Weight};

use crate::checkout::{AddressChoice, Checkout, GuestCheckout, ReceiverKind, check_items, merged_items};
use crate::city::{CodFee, ShippingCity};
use crate::error::OrderingError;
use crate::news::Newsroom;
use crate::order::{
    AppliedPromo, CancelCause, Confirmation, ConfirmedVia, Destination, NewOrder, Order, OrderLine, OrderSource, OrderStatus, Receiver, Totals,
};
use crate::payment::{self, PaymentMethod, PaymentMethods};
use crate::ports::{
    AddressBook, Admission, Admit, BuyerCart, BuyerHistory, CityStore, ConfirmationLinks, ConfirmationRules, Keyed, OrderBook, Placement, Pricing, PromoCodes,
    QuotedProduct, StatusMove,
};
use crate::promo::{PromoCode, PromoRefusal, Shopper, fold_code};
use crate::reputation::PhoneStandings;
use crate::returns::{self, ReturnBook, ReturnRequest};

/// The most unconfirmed orders one run of the expiry cancels; the next run takes the rest.
const EXPIRY_BATCH: i64 = 200;

/// The history's note on an order that cancelled itself unconfirmed.
const NOT_CONFIRMED: &str = "not confirmed in time";
/// The note of an order its phone's owner said they never placed.
const NOT_ORDERED: &str = "not ordered by the phone's owner";
/// How long a confirmation link shows its order: a farmer opens it again weeks later.
const LINK_SHOWS_DAYS: i64 = 30;

/// The signed-in client placing an order, as their account knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buyer {
    /// Their account.
    pub id: UserId,
    /// Their name.
    pub name: String,
    /// Their phone, if the account has one.
    pub phone: Option<Phone>,
    /// Their client group, which some promo codes are limited to.
    pub group: Option<i64>,
    /// The language they order in.
    pub locale: Locale,
}

/// The order use cases over their ports.
pub struct Orders {
    book: Arc<dyn OrderBook>,
    cart: Arc<dyn BuyerCart>,
    pricing: Arc<dyn Pricing>,
    cities: Arc<dyn CityStore>,
    addresses: Arc<dyn AddressBook>,
    promos: Arc<dyn PromoCodes>,
    payments: Arc<dyn PaymentMethods>,
    newsroom: Arc<Newsroom>,
    links: Arc<dyn ConfirmationLinks>,
    rules: ConfirmationRules,
    standings: Arc<PhoneStandings>,
    returns: Arc<dyn ReturnBook>,
    return_days: u32,
    clock: Arc<dyn Clock>,
}

/// The ports orders need, named so the wiring reads.
pub struct OrderPorts {
    /// Where orders are kept.
    pub book: Arc<dyn OrderBook>,
    /// The buyers' server carts.
    pub cart: Arc<dyn BuyerCart>,
    /// Today's prices and the weight rule.
    pub pricing: Arc<dyn Pricing>,
    /// The shipping cities.
    pub cities: Arc<dyn CityStore>,
    /// The saved addresses.
    pub addresses: Arc<dyn AddressBook>,
    /// The promo codes.
    pub promos: Arc<dyn PromoCodes>,
    /// The ways to pay the shop takes.
    pub payments: Arc<dyn PaymentMethods>,
    /// Tells people of the orders' changes.
    pub newsroom: Arc<Newsroom>,
    /// The links that confirm orders.
    pub links: Arc<dyn ConfirmationLinks>,
    /// When orders need confirming, and for how long they wait.
    pub rules: ConfirmationRules,
    /// The phones' standings: a blocked phone cannot order, a doubtful one waits for a call.
    pub standings: Arc<PhoneStandings>,
    /// Where returns are kept.
    pub returns: Arc<dyn ReturnBook>,
    /// Days after its delivery an order can be returned.
    pub return_days: u32,
    /// The time.
    pub clock: Arc<dyn Clock>,
}

impl Orders {
    /// The use cases over their ports.
    pub fn new(ports: OrderPorts) -> Orders {
        let OrderPorts { book, cart, pricing, cities, addresses, promos, payments, newsroom, links, rules, standings, returns, return_days, clock } = ports;
        Orders { book, cart, pricing, cities, addresses, promos, payments, newsroom, links, rules, standings, returns, return_days, clock }
    }

    /// A client buys their server cart (`POST orders/checkout`). Under a key, the order's
    /// answer is kept with it (see [`Keyed`]).
    pub fn place_order(&self, buyer: &Buyer, request: Checkout, key: Option<&Keyed<Order>>) -> Result<Order, OrderingError> {
        request.check()?;
        let items: Vec<(ProductId, i64)> = self.cart.cart_lines(buyer.id)?.into_iter().map(|(product, units)| (product, i64::from(units))).collect();
        if items.is_empty() {
            return Err(FieldErrors::single("cart", "cart_empty").into());
        }
        self.place_for(buyer, request, &items, OrderSource::Web, key)
    }

    /// A sales engineer (or an admin) orders for one of their clients from the dashboard
    /// (`POST dashboard/sales-orders`): the lines they picked, one of the client's addresses or
    /// one written for the order, and the same stock, promo code and idempotency rules as the
    /// client's own checkout. The order's source is `sales`; the client's cart stays as it is.
    pub fn place_sales_order(&self, client: &Buyer, request: Checkout, items: &[(ProductId, i64)], key: Option<&Keyed<Order>>) -> Result<Order, OrderingError> {
        let mut errors = FieldErrors::new();
        check_items(&mut errors, items);
        errors.merge(request.check().err().unwrap_or_default());
        errors.into_result()?;
        self.place_for(client, request, &merged_items(items), OrderSource::Sales, key)
    }

    /// Places a client's order of these lines, from their cart or picked for them.
    fn place_for(
        &self,
        buyer: &Buyer,
        request: Checkout,
        items: &[(ProductId, i64)],
        source: OrderSource,
        key: Option<&Keyed<Order>>,
    ) -> Result<Order, OrderingError> {
        let customer_phone = buyer.phone.clone().ok_or_else(|| FieldErrors::single("phone", "phone_missing"))?;
        let payment_method = payment::chosen(request.payment_method, &*self.payments)?;
        let destination = self.destination(Some(buyer.id), request.address.as_ref())?;
        let receiver = match request.receiver_kind {
            Some(ReceiverKind::Other) => Receiver::Other {
                name: request.receiver_name,
                phone: Phone::parse(&request.receiver_phone).ok_or_else(|| FieldErrors::single("receiver_phone", "phone_invalid"))?,
            },
            _ => Receiver::Buyer,
        };
        let (lines, safety_acknowledged) = self.lines(items, request.acknowledged_safety)?;
        let promo = request.copoun.as_deref().map(|code| self.promo_for(code, Some(buyer), Some(&customer_phone), &lines)).transpose()?;
        let totals = self.totals(&lines, &destination.1, payment_method, promo.as_ref(), request.expected_total)?;
        let (terms, total, trusted_after) = (self.standings.terms()?, totals.total, self.rules.trusted_after_delivered);
        let admit = move |history: &BuyerHistory| match source {
            // A sales engineer vouches for the client they order for, whatever the phone's band.
            OrderSource::Sales => Ok(Admission { awaits_call: false, confirmed: Some(ConfirmedVia::Sales) }),
            _ => {
                let awaits_call = terms.judge(&history.record, history.band.as_ref(), total)?.needs_call();
                let trusted = !awaits_call && history.delivered >= trusted_after;
                Ok(Admission { awaits_call, confirmed: trusted.then_some(ConfirmedVia::Trusted) })
            }
        };
        let order = NewOrder {
            user: Some(buyer.id),
            source,
            customer_name: buyer.name.clone(),
            customer_phone,
            receiver,
            destination: destination.0,
            notes: Some(request.notes).filter(|notes| !notes.is_empty()),
            copoun: promo.as_ref().map(|(code, _)| code.draft.code.clone()),
            promo: promo.as_ref().map(|(code, _)| applied(code)),
            lines,
            totals,
            payment_method,
            locale: buyer.locale,
            safety_acknowledged,
            confirmed: None,
            awaits_call: false,
        };
        self.store(&order, &admit, key)
    }

    /// A guest buys their browser cart (`POST guest-orders/checkout`), or anybody orders
    /// through WhatsApp.
    pub fn place_guest_order(&self, request: GuestCheckout, locale: Locale, key: Option<&Keyed<Order>>) -> Result<Order, OrderingError> {
        request.check()?;
        let phone = Phone::parse(&request.phone).ok_or_else(|| FieldErrors::single("phone", "phone_invalid"))?;
        let payment_method = payment::chosen(request.payment_method, &*self.payments)?;
        let text = crate::address::written_with_landmark(&request.address, Some(&request.landmark));
        let choice = AddressChoice::Written { text, city: request.city };
        let destination = self.destination(None, Some(&choice))?;
        let (lines, safety_acknowledged) = self.lines(&merged_items(&request.items), request.acknowledged_safety)?;
        let promo = request.copoun.as_deref().map(|code| self.promo_for(code, None, Some(&phone), &lines)).transpose()?;
        let totals = self.totals(&lines, &destination.1, payment_method, promo.as_ref(), request.expected_total)?;
        let (terms, total) = (self.standings.terms()?, totals.total);
        // A guest always confirms: no delivered order of an account trusts them.
        let admit = move |history: &BuyerHistory| {
            Ok(Admission { awaits_call: terms.judge(&history.record, history.band.as_ref(), total)?.needs_call(), confirmed: None })
        };
        let order = NewOrder {
            user: None,
            source: request.source,
            customer_name: request.name,
            customer_phone: phone,
            receiver: Receiver::Buyer,
            destination: destination.0,
            notes: Some(request.notes).filter(|notes| !notes.is_empty()),
            copoun: promo.as_ref().map(|(code, _)| code.draft.code.clone()),
            promo: promo.as_ref().map(|(code, _)| applied(code)),
            lines,
            totals,
            payment_method,
            locale,
            safety_acknowledged,
            confirmed: None,
            awaits_call: false,
        };
        self.store(&order, &admit, key)
    }

    /// A client's orders, newest first (`GET orders`).
    pub fn orders(&self, owner: UserId, status: Option<OrderStatus>, page: PageRequest) -> Result<Page<Order>, OrderingError> {
        Ok(self.book.orders_of(owner, status, page)?)
    }

    /// One of the client's orders (`GET orders/{id}`); another's is not found.
    pub fn order(&self, owner: UserId, id: OrderId) -> Result<Order, OrderingError> {
        self.book.order(id)?.filter(|order| order.placed.user == Some(owner)).ok_or(OrderingError::NotFound)
    }

    /// The client calls off their order while it is still `new` (`POST orders/{id}/cancel`):
    /// its stock goes back in the same step.
    pub fn cancel(&self, owner: UserId, id: OrderId) -> Result<Order, OrderingError> {
        let order = self.order(owner, id)?;
        if !order.buyer_can_cancel() {
            return Err(OrderingError::CannotCancel);
        }
        let change = StatusMove::decide(OrderStatus::New, OrderStatus::Cancelled, Some(owner), None, self.clock.now()).ok_or(OrderingError::CannotCancel)?;
        if !self.book.change_status(id, &change)? {
            return Err(OrderingError::CannotCancel);
        }
        self.newsroom.tell_after_change();
        self.book.order(id)?.ok_or(OrderingError::NotFound)
    }

    /// Days after its delivery an order can be returned.
    pub fn return_days(&self) -> u32 {
        self.return_days
    }

    /// The client asks to return units of their delivered order, with why (`POST
    /// orders/{id}/returns`): within the shop's days of its delivery, of products that can be
    /// returned, no more units than they received less those of their other returns.
    pub fn ask_return(&self, owner: UserId, id: OrderId, request: ReturnRequest) -> Result<Order, OrderingError> {
        let order = self.order(owner, id)?;
        returns::ask(&*self.returns, &order, &request, None, self.return_days, self.clock.now())?;
        self.newsroom.tell_after_change();
        self.order(owner, id)
    }

    /// The buyer confirms their order with the link the shop sent them (`POST
    /// orders/confirm/{token}`): once, and only the order the link names. A link made up, or
    /// one of an order no longer awaiting confirmation, is not found.
    pub fn confirm_by_link(&self, token: &str) -> Result<Order, OrderingError> {
        let id = self.links.order_of(token).ok_or(OrderingError::NotFound)?;
        self.confirmed_by_buyer(id)
    }

    /// A signed-in client confirms their own order from their history (`POST
    /// orders/{id}/confirm`), as the link in its SMS would: once, while it awaits them.
    pub fn confirm_own(&self, owner: UserId, id: OrderId) -> Result<Order, OrderingError> {
        self.order(owner, id)?;
        self.confirmed_by_buyer(id)
    }

    /// Confirms an order for its buyer (by its link, or from their history), unless its phone's
    /// orders are confirmed by the shop's call. Not found once it no longer awaits them.
    fn confirmed_by_buyer(&self, id: OrderId) -> Result<Order, OrderingError> {
        let order = self.book.order(id)?.ok_or(OrderingError::NotFound)?;
        if order.awaiting_confirmation() && self.standings.standing(&order.placed.customer_phone)?.band().needs_call() {
            return Err(FieldErrors::single("order", "confirmed_by_call").into());
        }
        let confirmation = Confirmation { at: self.clock.now(), by: None, via: ConfirmedVia::Link };
        if !self.book.confirm(id, &confirmation)? {
            return Err(OrderingError::NotFound);
        }
        self.book.order(id)?.ok_or(OrderingError::NotFound)
    }

    /// The order a confirmation link names, for its page to show (`GET
    /// order-confirmations/{token}`): reading it changes nothing, so a link preview in an SMS
    /// or WhatsApp app cannot. Not found once 30 days have passed since the order.
    pub fn order_by_link(&self, token: &str) -> Result<Order, OrderingError> {
        let id = self.links.order_of(token).ok_or(OrderingError::NotFound)?;
        let order = self.book.order(id)?.ok_or(OrderingError::NotFound)?;
        if self.clock.now() - order.created_at > chrono::Duration::days(LINK_SHOWS_DAYS) {
            return Err(OrderingError::NotFound);
        }
        Ok(order)
    }

    /// When an order awaiting its buyer's confirmation cancels itself.
    pub fn confirm_by(&self, order: &Order) -> chrono::DateTime<chrono::Utc> {
        order.created_at + self.rules.within
    }

    /// "I did not order this", from the confirmation link's page (`POST
    /// order-confirmations/{token}/not-mine`): the order, while it awaits confirmation, is
    /// cancelled as not ordered by the phone's owner, its stock goes back once, and the phone's
    /// record counts it apart (someone else used the number: its standing does not fall).
    pub fn disown_by_link(&self, token: &str) -> Result<Order, OrderingError> {
        let order = self.order_by_link(token)?;
        let now = self.clock.now();
        let change = StatusMove::decide(OrderStatus::New, OrderStatus::Cancelled, None, Some(NOT_ORDERED.to_string()), now);
        let Some(change) = change.filter(|_| order.awaiting_confirmation()) else { return Err(OrderingError::NotFound) };
        if !self.book.change_status(order.id, &StatusMove { cause: CancelCause::NotOrdered, ..change })? {
            return Err(OrderingError::NotFound);
        }
        self.newsroom.tell_after_change();
        self.book.order(order.id)?.ok_or(OrderingError::NotFound)
    }

    /// The link that confirms an order just placed, while it awaits its buyer's confirmation
    /// (the success page offers it): none for a phone the staff call. It reads nothing: a
    /// checkout's answer is made inside the order's transaction, under its key.
    pub fn confirmation_link(&self, order: &Order) -> Option<String> {
        (order.awaiting_confirmation() && !order.placed.awaits_call).then(|| self.links.link(order.id))
    }

    /// Cancels the new orders nobody confirmed within the rules' time (a background job): their
    /// stock and promo code's use go back, and the buyer hears of it. How many were cancelled.
    pub fn expire_unconfirmed(&self) -> Result<usize, OrderingError> {
        let now = self.clock.now();
        let mut cancelled = 0;
        for id in self.book.unconfirmed_before(now - self.rules.within, EXPIRY_BATCH)? {
            let Some(change) = StatusMove::decide(OrderStatus::New, OrderStatus::Cancelled, None, Some(NOT_CONFIRMED.to_string()), now) else { continue };
            if self.book.change_status(id, &StatusMove { cause: CancelCause::Unconfirmed, ..change })? {
                cancelled += 1;
            }
        }
        if cancelled > 0 {
            self.newsroom.tell_after_change();
        }
        Ok(cancelled)
    }

    /// A guest's order by its number and the phone it was placed with, in any common form
    /// (`GET guest-orders/track`); a wrong pair is not found, without saying which part.
    pub fn track(&self, number: &str, phone: &str) -> Result<Order, OrderingError> {
        let phone = Phone::parse(phone).ok_or(OrderingError::NotFound)?;
        let number = kernel::digits::to_latin_digits(number.trim()).to_uppercase();
        self.book.order_by_number(&number)?.filter(|order| order.placed.customer_phone == phone).ok_or(OrderingError::NotFound)
    }

    /// Where the order goes, with its city (its shipping cost and cash terms); the city must be
    /// one buyers can choose. A saved address is looked up among the `owner`'s; a guest has none.
    fn destination(&self, owner: Option<UserId>, choice: Option<&AddressChoice>) -> Result<(Destination, ShippingCity), OrderingError> {
        let (text, city) = match choice {
            Some(AddressChoice::Saved(id)) => {
                let saved = owner.map(|owner| self.addresses.address(owner, *id)).transpose()?.flatten();
                let saved = saved.ok_or_else(|| FieldErrors::single("address_id", "address_unknown"))?;
                (saved.written(), Some(saved.city.id))
            }
            Some(AddressChoice::Written { text, city }) => (text.clone(), *city),
            None => return Err(FieldErrors::single("address_id", "required").into()),
        };
        let city = city
            .map(|id| self.cities.city(id))
            .transpose()?
            .flatten()
            .filter(|city| city.active)
            .ok_or_else(|| FieldErrors::single("city_id", "city_unknown"))?;
        Ok((Destination { address: text, city: city.id, city_name: city.name.clone() }, city))
    }

    /// The lines at today's prices; refused when a product is not sold, or when one is sold
    /// only to a buyer who acknowledged its danger and this buyer did not. Also answers whether
    /// the order needed (and so holds) that acknowledgement.
    fn lines(&self, items: &[(ProductId, i64)], acknowledged_safety: bool) -> Result<(Vec<OrderLine>, bool), OrderingError> {
        let ids: Vec<ProductId> = items.iter().map(|(product, _)| *product).collect();
        let products = self.pricing.quote(&ids)?;
        let lines = items
            .iter()
            .map(|&(product, quantity)| {
                let quoted = products.iter().find(|quoted| quoted.id == product).ok_or_else(|| FieldErrors::single("items", "product_unknown"))?;
                order_line(quoted, quantity).ok_or_else(|| FieldErrors::single("items", "quantity_range"))
            })
            .collect::<Result<Vec<_>, FieldErrors>>()?;
        let dangerous = products.iter().any(|quoted| quoted.needs_safety_acknowledgement);
        if dangerous && !acknowledged_safety {
            return Err(FieldErrors::single("acknowledged_safety", "safety_acknowledgement_required").into());
        }
        Ok((lines, dangerous))
    }

    /// The totals with the code's discount and, paid in cash at the door, the city's cash fee;
    /// refused when the city takes no cash on delivery, or when the total differs from the one
    /// the buyer saw.
    fn totals(
        &self,
        lines: &[OrderLine],
        city: &ShippingCity,
        payment_method: PaymentMethod,
        promo: Option<&(PromoCode, Money)>,
        expected: Option<Money>,
    ) -> Result<Totals, OrderingError> {
        let cod_fee = match payment_method {
            PaymentMethod::CashOnDelivery if !city.cash.accepted => {
                return Err(OrderingError::CodUnavailable { city: city.name.clone(), shop_phone: self.standings.shop_phone()? });
            }
            PaymentMethod::CashOnDelivery => city.cash.fee,
            PaymentMethod::Card => CodFee::None,
        };
        let discount = promo.map_or(Money::ZERO, |(_, discount)| *discount);
        let totals = totals(lines, city.shipping_cost, discount, &self.pricing.shipping_rule()?, cod_fee)
            .ok_or_else(|| FieldErrors::single("items", "quantity_range"))?;
        if expected.is_some_and(|seen| seen != totals.total) {
            return Err(OrderingError::TotalChanged { total: totals.total });
        }
        Ok(totals)
    }

    /// The code and its discount on these lines for this buyer (their account, group and
    /// phone; none for a guest), or why it does not apply.
    fn promo_for(&self, typed: &str, buyer: Option<&Buyer>, phone: Option<&Phone>, lines: &[OrderLine]) -> Result<(PromoCode, Money), OrderingError> {
        let code = self.promos.promo_by_code(&fold_code(typed))?.ok_or(OrderingError::Promo(PromoRefusal::Unknown))?;
        let user = buyer.map(|buyer| buyer.id);
        let uses = if user.is_none() && phone.is_none() { 0 } else { self.promos.promo_uses_by(code.id, user, phone)? };
        let shopper = Shopper { user, group: buyer.and_then(|buyer| buyer.group) };
        let discount = code.discount(subtotal(lines)?, shopper, uses, self.clock.now()).map_err(OrderingError::Promo)?;
        Ok((code, discount))
    }

    /// What a code takes off the buyer's cart now (`POST copouns/check`): the signed-in
    /// buyer's server cart, or a guest's browser cart (whose phone, and so whose own uses,
    /// are known only at checkout).
    pub fn check_promo(&self, typed: &str, buyer: Option<&Buyer>, items: &[(ProductId, i64)]) -> Result<(PromoCode, Money), OrderingError> {
        if typed.trim().is_empty() {
            return Err(FieldErrors::single("copoun", "required").into());
        }
        let items: Vec<(ProductId, i64)> = match buyer {
            Some(buyer) => self.cart.cart_lines(buyer.id)?.into_iter().map(|(product, units)| (product, i64::from(units))).collect(),
            None => items.to_vec(),
        };
        if items.is_empty() {
            return Err(FieldErrors::single("cart", "cart_empty").into());
        }
        // A promo check is not an order: the safety acknowledgement is asked when ordering.
        let (lines, _) = self.lines(&items, true)?;
        self.promo_for(typed, buyer, buyer.and_then(|buyer| buyer.phone.as_ref()), &lines)
    }

    /// Stores the order, taken as `admit` decides on its buyer's history, or says why it was
    /// not stored.
    fn store(&self, order: &NewOrder, admit: Admit<'_>, key: Option<&Keyed<Order>>) -> Result<Order, OrderingError> {
        match self.book.place(order, admit, key, self.clock.now())? {
            Placement::Placed(order) => {
                self.newsroom.tell_after_change();
                Ok(*order)
            }
            Placement::KeyTaken => Err(OrderingError::KeyTaken),
            Placement::PromoRefused(refusal) => Err(OrderingError::Promo(refusal)),
            Placement::PhoneRefused(refusal) => Err(self.standings.refused(refusal)),
            Placement::ShortOfStock { product, left } => Err(OrderingError::short_of(&order.lines, product, left)),
        }
    }
}

fn applied(code: &PromoCode) -> AppliedPromo {
    AppliedPromo { id: code.id, usage_limit: code.draft.usage_limit, per_user_limit: code.draft.per_user_limit }
}

/// The sum of the lines' totals.
fn subtotal(lines: &[OrderLine]) -> Result<Money, OrderingError> {
    Ok(lines.iter().try_fold(Money::ZERO, |sum, line| sum.checked_add(line.line_total)).ok_or_else(|| FieldErrors::single("items", "quantity_range"))?)
}

/// One line at the product's price now; `None` when a sum would overflow.
pub(crate) fn order_line(product: &QuotedProduct, quantity: i64) -> Option<OrderLine> {
    Some(OrderLine {
        product: Some(product.id),
        slug: product.slug.clone(),
        name: product.name.clone(),
        image: product.image.clone(),
        quantity: u32::try_from(quantity).ok()?,
        unit_price: product.sale_price,
        weight: product.weight,
        line_total: product.sale_price.checked_times(quantity)?,
    })
}

/// The totals of the lines: shipping is the city's base plus the weight extra; the discount
/// never takes the subtotal below zero and never touches shipping; the cash fee is on what the
/// courier collects besides it. `None` on overflow.
pub fn totals(lines: &[OrderLine], shipping_base: Money, discount: Money, rule: &kernel::ShippingRule, cod_fee: CodFee) -> Option<Totals> {
    let (_, weight) = sums(lines)?;
    totals_shipped(lines, ShippingQuote::new(rule, shipping_base, weight)?, discount, cod_fee)
}

/// The totals of the lines carried at this shipping (what a parcel partly refused at the door
/// still cost to carry), as [`totals`] makes them.
pub fn totals_shipped(lines: &[OrderLine], shipping: ShippingQuote, discount: Money, cod_fee: CodFee) -> Option<Totals> {
    let (subtotal, total_weight) = sums(lines)?;
    let discount = discount.min(subtotal).max(Money::ZERO);
    let collected = subtotal.checked_sub(discount)?.checked_add(shipping.total()?)?;
    let cod_fee = cod_fee.on(collected)?;
    let total = collected.checked_add(cod_fee)?;
    Some(Totals { subtotal, discount, shipping_base: shipping.base, shipping_extra: shipping.extra, cod_fee, total, total_weight })
}

/// The lines' subtotal and weight; `None` on overflow.
fn sums(lines: &[OrderLine]) -> Option<(Money, Weight)> {
    let (mut subtotal, mut grams) = (Money::ZERO, 0i64);
    for line in lines {
        subtotal = subtotal.checked_add(line.line_total)?;
        grams = grams.checked_add(line.weight.grams().checked_mul(i64::from(line.quantity))?)?;
    }
    Some((subtotal, Weight::from_grams(grams)))
}

#[cfg(test)]
mod tests;
