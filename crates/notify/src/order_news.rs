//! The wording of what orders tell people (the notification fan-out of design §5): the buyer's
//! notification in both languages, the staff's on a new order, and the SMS to the order's
//! phone in the language it was placed in, short enough for one Arabic SMS part (70 characters).

use kernel::{Locale, Localized, Money};
use messages::Arg;
use std::sync::Arc;

use ordering::{ConfirmationLinks, Notice, OrderEvent, OrderHeadline, OrderHerald, OrderNews, ReturnState, StaffNotice, TextMessage};

/// Words order news for the buyer, the staff and the SMS.
#[derive(Clone)]
pub struct OrderNewsWriter {
    links: Arc<dyn ConfirmationLinks>,
    confirm_within_hours: i64,
}

impl OrderNewsWriter {
    /// A writer putting `links` in the SMS of an order that awaits its confirmation, with its
    /// total and the hours it waits (`confirm_within`) before cancelling itself.
    pub fn new(links: Arc<dyn ConfirmationLinks>, confirm_within: chrono::Duration) -> OrderNewsWriter {
        // Whole hours, at least one: an SMS says "within 24 hours", not minutes.
        OrderNewsWriter { links, confirm_within_hours: confirm_within.num_hours().max(1) }
    }
}

/// A message of the shop's catalogues (`key`) in both languages, `args` put in.
fn both(key: &str, args: &[(&str, Arg)]) -> Localized<String> {
    Localized::new(messages::text_with(Locale::Ar, key, args), messages::text_with(Locale::En, key, args))
}

/// What happened, as the catalogues' keys name it (`news.{what}.title`, `.body`, `.sms`).
fn what(event: OrderEvent) -> &'static str {
    match event {
        OrderEvent::Placed => "placed",
        OrderEvent::Became(status) => status.into(),
        OrderEvent::NotConfirmed => "not_confirmed",
        OrderEvent::DeliveryFailed { .. } => "delivery_failed",
        OrderEvent::Refused => "refused",
        OrderEvent::LinesChanged { .. } => "lines_changed",
        OrderEvent::Return(state) => match state {
            ReturnState::Requested => "return_requested",
            ReturnState::Approved => "return_approved",
            ReturnState::Refused => "return_refused",
            ReturnState::Received => "return_received",
            ReturnState::Refunded => "return_refunded",
        },
    }
}

/// What the texts of an event put in: the order's number, and the new total of changed lines.
fn args(number: &str, event: OrderEvent) -> Vec<(&'static str, Arg)> {
    let mut args = vec![("number", number.into())];
    if let OrderEvent::LinesChanged { total } = event {
        args.push(("total", pounds(total).into()));
    }
    args
}

/// An amount in pounds with its piastres, `95.50`, as the site and the invoice write it.
fn pounds(amount: Money) -> String {
    let piastres = amount.piastres();
    format!("{}.{:02}", piastres / 100, (piastres % 100).abs())
}

/// The buyer's title and text, in both languages.
fn buyer_wording(number: &str, event: OrderEvent) -> (Localized<String>, Localized<String>) {
    let what = what(event);
    (both(&format!("news.{what}.title"), &[]), both(&format!("news.{what}.body"), &args(number, event)))
}

/// The SMS: the shop's name, the number and what happened, within 70 characters in Arabic.
fn sms(number: &str, event: OrderEvent, locale: Locale) -> String {
    messages::text_with(locale, &format!("news.{}.sms", what(event)), &args(number, event))
}

impl OrderHerald for OrderNewsWriter {
    fn news(&self, order: &OrderHeadline, event: OrderEvent) -> OrderNews {
        let number = order.number.as_str();
        let buyer = order.user.map(|user| {
            let (title, body) = buyer_wording(number, event);
            // The notice opens its own order, not the whole history.
            (user, Notice { title, body, link: format!("/account/orders-history?order={}", order.id.0) })
        });
        // Staff hear of a new order and of a return asked; the rest is theirs already.
        let staff_words = match event {
            OrderEvent::Placed => Some(("news.staff.title", "news.staff.body")),
            OrderEvent::Return(ReturnState::Requested) => Some(("news.staff.return_title", "news.staff.return_body")),
            _ => None,
        };
        let staff = staff_words.map(|(title, body)| {
            let (permission, link) = match order.user {
                Some(_) => ("order-list", format!("/dashboard/orders-actions?id={}", order.id.0)),
                None => ("guest-order-list", format!("/dashboard/orders-actions?id={}&list=guest", order.id.0)),
            };
            StaffNotice {
                notice: Notice { title: both(title, &[]), body: both(body, &[("number", number.into())]), link },
                permission,
                sales_engineer: order.sales_engineer,
            }
        });
        // An order awaiting its confirmation is placed with the link that confirms it.
        let body = if event == OrderEvent::Placed && order.awaiting_confirmation {
            let total = format!("{:.2}", order.total.pounds());
            let args = [
                ("number", number.into()),
                ("total", total.into()),
                ("hours", Arg::Number(self.confirm_within_hours)),
                ("link", self.links.link(order.id).into()),
            ];
            messages::text_with(order.locale, "news.placed.confirm_sms", &args)
        } else {
            sms(number, event, order.locale)
        };
        OrderNews { buyer, earned: None, staff, texts: vec![TextMessage { to: order.phone.clone(), body }] }
    }

    fn points_earned(&self, order: &OrderHeadline, points: i64) -> Notice {
        let number = order.number.as_str();
        Notice {
            title: both("news.points.title", &[]),
            body: both("news.points.body", &[("points", points.into()), ("number", number.into())]),
            link: "/account/points-exchange".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use kernel::{OrderId, Phone, UserId};
    use ordering::{OrderSource, OrderStatus};

    use super::*;

    fn headline(user: Option<UserId>, locale: Locale) -> OrderHeadline {
        OrderHeadline {
            id: OrderId(123),
            number: "MS-2026-000123".into(),
            user,
            source: if user.is_some() { OrderSource::Web } else { OrderSource::Guest },
            phone: Phone::parse("01012345678").unwrap_or_else(|| unreachable!()),
            locale,
            sales_engineer: Some(UserId(2)),
            awaiting_confirmation: false,
            total: Money::from_piastres(35_050),
        }
    }

    /// Links as the shop signs them, with a fixed signature.
    struct FixedLinks;

    impl ConfirmationLinks for FixedLinks {
        fn link(&self, order: OrderId) -> String {
            format!("https://mahsoul.example/confirm/{}-0123456789abcdef", order.0)
        }

        fn order_of(&self, _token: &str) -> Option<OrderId> {
            None
        }
    }

    fn writer() -> OrderNewsWriter {
        OrderNewsWriter::new(Arc::new(FixedLinks), chrono::Duration::hours(24))
    }

    #[test]
    fn an_order_awaiting_confirmation_is_placed_with_the_link_that_confirms_it() {
        let awaiting = OrderHeadline { awaiting_confirmation: true, ..headline(None, Locale::Ar) };
        let news = writer().news(&awaiting, OrderEvent::Placed);
        assert_eq!(
            news.texts[0].body,
            "محصول: طلبك MS-2026-000123 بقيمة 350.50 جنيه. أكّده خلال 24 ساعة وإلا يُلغى: https://mahsoul.example/confirm/123-0123456789abcdef"
        );
        let english = writer().news(&OrderHeadline { locale: Locale::En, ..awaiting.clone() }, OrderEvent::Placed);
        assert_eq!(
            english.texts[0].body,
            "Mahsoul: your order MS-2026-000123, EGP 350.50. Confirm it within 24 hours or it cancels itself: https://mahsoul.example/confirm/123-0123456789abcdef"
        );
        let later = writer().news(&awaiting, OrderEvent::Became(OrderStatus::Cancelled));
        assert!(!later.texts[0].body.contains("confirm/"), "only its placing carries the link");
    }

    const EVENTS: [OrderEvent; 13] = [
        OrderEvent::Placed,
        OrderEvent::Became(OrderStatus::OnDelivery),
        OrderEvent::Became(OrderStatus::Delivered),
        OrderEvent::Became(OrderStatus::Cancelled),
        OrderEvent::NotConfirmed,
        OrderEvent::DeliveryFailed { attempt: 1 },
        OrderEvent::Refused,
        OrderEvent::LinesChanged { total: Money::from_piastres(12_345_650) },
        OrderEvent::Return(ReturnState::Requested),
        OrderEvent::Return(ReturnState::Approved),
        OrderEvent::Return(ReturnState::Refused),
        OrderEvent::Return(ReturnState::Received),
        OrderEvent::Return(ReturnState::Refunded),
    ];

    #[test]
    fn staff_hear_of_a_return_asked_and_the_buyer_of_each_step() {
        let asked = writer().news(&headline(Some(UserId(7)), Locale::En), OrderEvent::Return(ReturnState::Requested));
        let staff = asked.staff.unwrap_or_else(|| unreachable!());
        assert_eq!((staff.permission, staff.notice.title.en.as_str()), ("order-list", "Return asked"));
        let approved = writer().news(&headline(Some(UserId(7)), Locale::En), OrderEvent::Return(ReturnState::Approved));
        assert_eq!(approved.staff, None);
        assert_eq!(approved.texts[0].body, "Mahsoul: your return from order MS-2026-000123 is approved; the courier will call you.");
    }

    #[test]
    fn changed_lines_tell_the_buyer_the_new_total() {
        let english = writer().news(&headline(Some(UserId(7)), Locale::En), OrderEvent::LinesChanged { total: Money::from_piastres(9_550) });
        assert_eq!(english.texts[0].body, "Mahsoul: we changed order MS-2026-000123 as agreed; new total EGP 95.50");
        let (_, notice) = english.buyer.unwrap_or_else(|| unreachable!());
        assert!(notice.body.ar.contains("95.50") && notice.body.en.contains("95.50"), "{notice:?}");
    }

    #[test]
    fn every_arabic_sms_fits_one_part_and_names_the_order() {
        for event in EVENTS {
            let news = writer().news(&headline(None, Locale::Ar), event);
            let [text] = news.texts.as_slice() else { panic!("one SMS for {event:?}") };
            assert!(text.body.chars().count() <= 70, "{event:?}: {} characters: {}", text.body.chars().count(), text.body);
            assert!(text.body.contains("MS-2026-000123") && text.body.starts_with("محصول"), "{}", text.body);
            assert_eq!(text.to.to_string(), "01012345678");
        }
    }

    #[test]
    fn the_sms_is_worded_in_the_language_the_order_was_placed_in() {
        let english = writer().news(&headline(None, Locale::En), OrderEvent::Became(OrderStatus::OnDelivery));
        assert_eq!(english.texts[0].body, "Mahsoul: your order MS-2026-000123 is on its way with the courier.");
    }

    #[test]
    fn a_client_hears_of_every_step_in_the_app_and_a_guest_only_by_sms() {
        for event in EVENTS {
            let client = writer().news(&headline(Some(UserId(7)), Locale::Ar), event);
            let (user, notice) = client.buyer.unwrap_or_else(|| panic!("a notification for {event:?}"));
            assert_eq!((user, notice.link.as_str()), (UserId(7), "/account/orders-history?order=123"), "its own order");
            assert!(notice.body.ar.contains("MS-2026-000123") && notice.body.en.contains("MS-2026-000123"));
            assert_eq!(writer().news(&headline(None, Locale::Ar), event).buyer, None);
        }
    }

    #[test]
    fn the_points_notice_names_the_points_and_the_order_in_both_languages() {
        let notice = writer().points_earned(&headline(Some(UserId(7)), Locale::Ar), 25);
        assert!(notice.body.ar.contains("25") && notice.body.ar.contains("MS-2026-000123"), "{}", notice.body.ar);
        assert_eq!(notice.body.en, "We added 25 points to your balance for your order MS-2026-000123.");
        assert_eq!(notice.link, "/account/points-exchange");
    }

    #[test]
    fn staff_hear_of_new_orders_only_each_list_by_its_permission() {
        let client = writer().news(&headline(Some(UserId(7)), Locale::Ar), OrderEvent::Placed).staff.unwrap_or_else(|| unreachable!());
        assert_eq!(
            (client.permission, client.sales_engineer, client.notice.link.as_str()),
            ("order-list", Some(UserId(2)), "/dashboard/orders-actions?id=123")
        );
        let guest = writer().news(&headline(None, Locale::Ar), OrderEvent::Placed).staff.unwrap_or_else(|| unreachable!());
        assert_eq!(guest.permission, "guest-order-list");
        assert_eq!(writer().news(&headline(Some(UserId(7)), Locale::Ar), OrderEvent::Became(OrderStatus::Delivered)).staff, None);
    }
}
