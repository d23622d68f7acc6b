//! What the shop tells people about an order (design §5): a notification in the app for the
//! buyer and for the staff who watch orders, and an SMS to the order's phone. A change of an
//! order writes only its event on the spine, in the change's transaction; the [`Newsroom`]
//! reads the changes not yet told and writes each one's news with the spine's cursor moved
//! past it, in one transaction, so every change is told exactly once. It runs right after the
//! request that made the change and, for a change whose request ended first, every so often.
//! The SMS then waits in a queue until it is sent.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, TryLockError};

use chrono::{DateTime, Utc};
use kernel::{Clock, Localized, Money, OrderId, Phone, UserId};

use crate::order::{OrderChange, OrderSource, OrderStatus};

/// What happened to an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderEvent {
    /// It was placed.
    Placed,
    /// Its status changed to this one.
    Became(OrderStatus),
    /// It cancelled itself: nobody confirmed it in time.
    NotConfirmed,
    /// The courier could not hand it over: the buyer is asked to set the address or the time.
    DeliveryFailed {
        /// Which attempt failed, from 1.
        attempt: u32,
    },
    /// Its parcel was refused (or given up on after the last attempt) and came back.
    Refused,
    /// A return of its units was asked (the staff hear of it) or moved a step on.
    Return(crate::returns::ReturnState),
    /// Staff changed its lines before it was confirmed: the buyer is told the new total.
    LinesChanged {
        /// What the buyer pays now.
        total: kernel::Money,
    },
}

/// An order as its news names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderHeadline {
    /// Its id, for links.
    pub id: OrderId,
    /// Its human number.
    pub number: String,
    /// The client's account; none for a guest.
    pub user: Option<UserId>,
    /// How it came in.
    pub source: OrderSource,
    /// The phone the SMS goes to.
    pub phone: Phone,
    /// The language it was placed in, which its SMS is worded in.
    pub locale: kernel::Locale,
    /// The sales engineer who looks after it.
    pub sales_engineer: Option<UserId>,
    /// Whether it still awaits its buyer's own confirmation when its news is told: the SMS of
    /// its placing then carries the link that confirms it (not for a phone the staff call).
    pub awaiting_confirmation: bool,
    /// What the buyer pays: the SMS that asks them to confirm names it.
    pub total: Money,
}

/// A notification in the app, worded in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// Its title.
    pub title: Localized<String>,
    /// Its text.
    pub body: Localized<String>,
    /// Where tapping it leads, a path of the site.
    pub link: String,
}

/// Who else hears of an order: the staff watching orders of its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffNotice {
    /// The notification each of them gets.
    pub notice: Notice,
    /// The permission they must hold (`order-list` or `guest-order-list`).
    pub permission: &'static str,
    /// A sales engineer is told only of the orders they look after: this one's, if any.
    pub sales_engineer: Option<UserId>,
}

/// A text message to a phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMessage {
    /// The phone.
    pub to: Phone,
    /// The text, in the order's language.
    pub body: String,
}

/// Everything one event of an order tells people.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderNews {
    /// For the buyer's account; none for a guest.
    pub buyer: Option<(UserId, Notice)>,
    /// For the client, of the points the change earned them; written after `buyer`.
    pub earned: Option<(UserId, Notice)>,
    /// For the staff.
    pub staff: Option<StaffNotice>,
    /// By SMS.
    pub texts: Vec<TextMessage>,
}

/// Words the news of an order's events (the notification fan-out; an adapter words it).
#[cfg_attr(test, mockall::automock)]
pub trait OrderHerald: Send + Sync {
    /// The news of `event` for `order`.
    fn news(&self, order: &OrderHeadline, event: OrderEvent) -> OrderNews;
    /// The client's notification of the points `order` earned them.
    fn points_earned(&self, order: &OrderHeadline, points: i64) -> Notice;
}

/// A change on the spine that its news reader has not told yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UntoldChange {
    /// Its place on the spine.
    pub seq: i64,
    /// What changed.
    pub change: OrderChange,
    /// The order as its news names it.
    pub order: OrderHeadline,
}

/// The spine of order changes as the news reads it, through a cursor of its own.
#[cfg_attr(test, mockall::automock)]
pub trait OrderSpine: Send + Sync {
    /// Up to `limit` changes after the news' cursor, oldest first. It stops before a gap that
    /// a transaction still running may fill, so no change is passed over.
    fn untold(&self, limit: usize, now: DateTime<Utc>) -> anyhow::Result<Vec<UntoldChange>>;
    /// In one transaction: the cursor moved to the last of `told` (changes in spine order, each
    /// with its news) and all their news written, unless another reader moved it past the
    /// first of them meanwhile (then nothing is written: false).
    fn tell(&self, told: &[(i64, OrderNews)], at: DateTime<Utc>) -> anyhow::Result<bool>;
}

/// How many changes the newsroom reads, and tells in one transaction, at once. Ten, not more:
/// on SQLite every order waits for the one writer, and a hundred changes' news in one
/// transaction tripled the slowest checkouts (p99 230 → 460–690 ms at 32 buyers;
/// docs/performance.md).
const NEWS_BATCH: usize = 10;

/// Tells people of the order changes not yet told: the spine's news reader.
pub struct Newsroom {
    spine: Arc<dyn OrderSpine>,
    herald: Arc<dyn OrderHerald>,
    clock: Arc<dyn Clock>,
    /// Held by the one request telling the news on this node.
    telling: Mutex<()>,
    /// A change was made since the teller last looked.
    asked: AtomicBool,
}

impl Newsroom {
    /// The reader over its ports.
    pub fn new(spine: Arc<dyn OrderSpine>, herald: Arc<dyn OrderHerald>, clock: Arc<dyn Clock>) -> Newsroom {
        Newsroom { spine, herald, clock, telling: Mutex::new(()), asked: AtomicBool::new(false) }
    }

    /// Words and writes the news of every change not yet told, oldest first, a batch at a
    /// time in one transaction; answers how many this call told (another reader may tell some
    /// meanwhile: then this one reads again from where that one stopped).
    pub fn tell_untold(&self) -> anyhow::Result<usize> {
        let mut told = 0;
        loop {
            let untold = self.spine.untold(NEWS_BATCH, self.clock.now())?;
            if untold.is_empty() {
                return Ok(told);
            }
            let news: Vec<(i64, OrderNews)> = untold.iter().map(|change| (change.seq, self.news_of(change))).collect();
            let mine = self.spine.tell(&news, self.clock.now())?;
            if mine {
                told += news.len();
            }
            if mine && untold.len() < NEWS_BATCH {
                return Ok(told);
            }
        }
    }

    /// The news of one change: its event's, and the points it earned its client.
    fn news_of(&self, change: &UntoldChange) -> OrderNews {
        let mut news = change.change.news_event().map(|event| self.herald.news(&change.order, event)).unwrap_or_default();
        if let (OrderChange::StatusChanged { points_earned: Some(points), .. }, Some(client)) = (&change.change, change.order.user) {
            news.earned = Some((client, self.herald.points_earned(&change.order, *points)));
        }
        news
    }

    /// Tells the news of the change a request just made, or leaves it to the request of this
    /// node already telling, which looks again once it is done: under a rush of orders one
    /// request tells the news of many, where each telling all at once raced the others for
    /// every change (issue 42: two thirds of the transactions an order cost). The change is
    /// kept whatever happens here: a failure is logged, and the next run of the job tells it.
    pub fn tell_after_change(&self) {
        self.asked.store(true, Ordering::Release);
        while self.asked.load(Ordering::Acquire) {
            let _telling = match self.telling.try_lock() {
                Ok(held) => held,
                // A teller that panicked held nothing the next one needs.
                Err(TryLockError::Poisoned(held)) => held.into_inner(),
                Err(TryLockError::WouldBlock) => return,
            };
            self.asked.store(false, Ordering::Release);
            if let Err(error) = self.tell_untold() {
                tracing::warn!(error = format!("{error:#}"), "the news of an order change waits for the next run");
                return;
            }
        }
    }
}

/// A notification as its owner reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// Its id.
    pub id: i64,
    /// What it says.
    pub notice: Notice,
    /// When it was written.
    pub created_at: DateTime<Utc>,
    /// When its owner read it; none while unread.
    pub read_at: Option<DateTime<Utc>>,
}

/// How a queued message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum MessageChannel {
    /// A text message.
    Sms,
    /// An e-mail.
    Email,
}

/// A message waiting in the queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMessage {
    /// Its id.
    pub id: i64,
    /// SMS or e-mail.
    pub channel: MessageChannel,
    /// The phone (international form) or the e-mail address.
    pub to: String,
    /// The e-mail's subject.
    pub subject: Option<String>,
    /// The text.
    pub body: String,
    /// How many times sending it failed.
    pub attempts: u32,
}

/// The messages written with the changes they announce, waiting to be sent.
#[cfg_attr(test, mockall::automock)]
pub trait MessageQueue: Send + Sync {
    /// Up to `limit` messages due at `now`, each claimed until `lease_until` so that another
    /// node's sender skips them meanwhile.
    fn claim_due(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<QueuedMessage>>;
    /// These messages went out.
    fn sent(&self, ids: &[i64], at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Sending it failed; it is tried again at `retry_at`.
    fn failed(&self, id: i64, retry_at: DateTime<Utc>, error: &str) -> anyhow::Result<()>;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

    use std::sync::Mutex;

    use kernel::{Locale, Money};

    use super::*;

    struct FixedClock;
    impl Clock for FixedClock {
        fn now(&self) -> DateTime<Utc> {
            DateTime::from_timestamp(1_790_000_000, 0).unwrap()
        }
    }

    fn untold(seq: i64, change: OrderChange) -> UntoldChange {
        let order = OrderHeadline {
            id: OrderId(1),
            number: "MS-2026-000001".into(),
            user: None,
            source: OrderSource::Guest,
            phone: Phone::parse("01012345678").unwrap(),
            locale: Locale::Ar,
            sales_engineer: None,
            awaiting_confirmation: false,
            total: Money::ZERO,
        };
        UntoldChange { seq, change, order }
    }

    fn texted(event: OrderEvent) -> OrderNews {
        OrderNews { texts: vec![TextMessage { to: Phone::parse("01012345678").unwrap(), body: format!("{event:?}") }], ..OrderNews::default() }
    }

    #[test]
    fn each_change_is_told_in_the_words_of_its_event_and_an_assignment_tells_nobody() {
        let changes = vec![
            untold(1, OrderChange::Placed { number: "MS-2026-000001".into(), source: OrderSource::Guest, total: Money::from_pounds(90), awaits_call: false }),
            untold(2, OrderChange::StatusChanged { from: OrderStatus::New, to: OrderStatus::OnDelivery, by: None, points_earned: None }),
            untold(3, OrderChange::Assigned { sales_engineer: UserId(2) }),
            untold(4, OrderChange::Cancelled { from: OrderStatus::OnDelivery, by: None, cause: crate::order::CancelCause::CalledOff }),
        ];
        let mut spine = MockOrderSpine::new();
        spine.expect_untold().times(1).return_once(move |_, _| Ok(changes));
        let told = Arc::new(Mutex::new(Vec::new()));
        let log = told.clone();
        spine.expect_tell().times(1).returning(move |news, _| {
            log.lock().unwrap().extend_from_slice(news);
            Ok(true)
        });
        let mut herald = MockOrderHerald::new();
        herald.expect_news().returning(|_, event| texted(event));
        let newsroom = Newsroom::new(Arc::new(spine), Arc::new(herald), Arc::new(FixedClock));

        assert_eq!(newsroom.tell_untold().unwrap(), 4, "the four changes are told in one go");
        assert_eq!(
            *told.lock().unwrap(),
            [
                (1, texted(OrderEvent::Placed)),
                (2, texted(OrderEvent::Became(OrderStatus::OnDelivery))),
                (3, OrderNews::default()),
                (4, texted(OrderEvent::Became(OrderStatus::Cancelled))),
            ]
        );
    }

    #[test]
    fn changes_another_reader_told_first_are_not_counted_and_what_follows_is_read_again() {
        let placed = |seq| {
            untold(seq, OrderChange::Placed { number: "MS-2026-000001".into(), source: OrderSource::Guest, total: Money::from_pounds(90), awaits_call: false })
        };
        let mut spine = MockOrderSpine::new();
        let mut reads = mockall::Sequence::new();
        spine.expect_untold().times(1).in_sequence(&mut reads).return_once(move |_, _| Ok(vec![placed(1), placed(2)]));
        spine.expect_untold().times(1).in_sequence(&mut reads).return_once(move |_, _| Ok(vec![placed(3)]));
        spine.expect_tell().returning(|news, _| Ok(news[0].0 == 3));
        let mut herald = MockOrderHerald::new();
        herald.expect_news().returning(|_, event| texted(event));
        let newsroom = Newsroom::new(Arc::new(spine), Arc::new(herald), Arc::new(FixedClock));

        assert_eq!(newsroom.tell_untold().unwrap(), 1, "changes 1 and 2 were told by another reader; 3 came after");
    }

    #[test]
    fn a_delivery_that_earned_points_tells_the_client_of_them_after_its_news() {
        let mut delivered =
            untold(1, OrderChange::StatusChanged { from: OrderStatus::OnDelivery, to: OrderStatus::Delivered, by: None, points_earned: Some(25) });
        delivered.order.user = Some(UserId(7));
        let mut spine = MockOrderSpine::new();
        spine.expect_untold().times(1).return_once(move |_, _| Ok(vec![delivered]));
        let points =
            Notice {
                title: Localized::new("نقاط".into(), "Points".into()), body: Localized::new("٢٥".into(), "25".into()), link: "/account/points".into()
            };
        let expected = OrderNews { earned: Some((UserId(7), points.clone())), ..texted(OrderEvent::Became(OrderStatus::Delivered)) };
        spine.expect_tell().withf(move |news, _| news == [(1, expected.clone())]).times(1).returning(|_, _| Ok(true));
        let mut herald = MockOrderHerald::new();
        herald.expect_news().returning(|_, event| texted(event));
        herald.expect_points_earned().withf(|order, points| order.user == Some(UserId(7)) && *points == 25).times(1).return_const(points);
        assert_eq!(Newsroom::new(Arc::new(spine), Arc::new(herald), Arc::new(FixedClock)).tell_untold().unwrap(), 1);
    }

    /// A spine whose reads take a moment and count how many run at once and in all.
    #[derive(Default)]
    struct SlowSpine {
        reading: std::sync::atomic::AtomicUsize,
        most_at_once: std::sync::atomic::AtomicUsize,
        reads: std::sync::atomic::AtomicUsize,
    }

    impl OrderSpine for SlowSpine {
        fn untold(&self, _: usize, _: DateTime<Utc>) -> anyhow::Result<Vec<UntoldChange>> {
            let now = self.reading.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_at_once.fetch_max(now, Ordering::SeqCst);
            self.reads.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(50));
            self.reading.fetch_sub(1, Ordering::SeqCst);
            Ok(Vec::new())
        }

        fn tell(&self, _: &[(i64, OrderNews)], _: DateTime<Utc>) -> anyhow::Result<bool> {
            Ok(true)
        }
    }

    #[test]
    fn under_a_rush_of_changes_one_request_tells_for_the_others_and_looks_again_after() {
        let spine = Arc::new(SlowSpine::default());
        let newsroom = Arc::new(Newsroom::new(spine.clone(), Arc::new(MockOrderHerald::new()), Arc::new(FixedClock)));
        let requests: Vec<_> = (0..8)
            .map(|_| {
                let newsroom = newsroom.clone();
                std::thread::spawn(move || newsroom.tell_after_change())
            })
            .collect();
        for request in requests {
            request.join().unwrap();
        }
        assert_eq!(spine.most_at_once.load(Ordering::SeqCst), 1, "one teller at a time");
        let reads = spine.reads.load(Ordering::SeqCst);
        assert!((1..8).contains(&reads), "the changes made while one told were told by it: {reads} reads for 8 changes");
        assert!(!newsroom.asked.load(Ordering::SeqCst), "no change is left untold");
    }
}
