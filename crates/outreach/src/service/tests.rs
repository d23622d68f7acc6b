#![allow(clippy::unwrap_used)]

use std::sync::Mutex;

use chrono::{DateTime, Utc};
use kernel::SystemClock;
use mockall::predicate::eq;

use super::*;
use crate::broadcast::Delivery;
use crate::ports::{MockBroadcasts, MockOptOutLinks, MockTextGateway};

struct FixedClock;
impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }
}

fn links() -> MockOptOutLinks {
    let mut links = MockOptOutLinks::new();
    links.expect_link().returning(|user| format!("https://m.eg/sms/opt-out/{user}-sig"));
    links.expect_longest().return_const(40usize);
    links.expect_line().returning(|locale, link| format!("{}{link}", locale.pick("للإلغاء: ", "Opt out: ")));
    links.expect_user_of().returning(|token| (token == "7-sig").then_some(UserId(7)));
    links
}

fn delivery(id: i64, attempts: u32) -> Delivery {
    Delivery { id, user: UserId(id + 100), phone: format!("+2010000000{id:02}"), message: "خصم على البذور".into(), attempts }
}

#[test]
fn a_preview_counts_the_audience_without_the_opted_out_and_the_parts_with_the_opt_out_line() {
    let mut broadcasts = MockBroadcasts::new();
    broadcasts.expect_audience_size().with(eq(Audience::Group(2))).returning(|_| Ok((120, 5)));
    let outreach = Outreach::new(Arc::new(broadcasts), Arc::new(links()), Arc::new(SystemClock));
    let preview = outreach.preview(&"س".repeat(60), Audience::Group(2)).unwrap();
    assert_eq!((preview.recipients, preview.opted_out), (120, 5));
    assert_eq!((preview.size.parts, preview.total_parts), (2, 240), "60 Arabic letters and the line take two parts");
}

#[test]
fn an_audience_nobody_is_in_is_refused_and_nothing_is_queued() {
    let mut broadcasts = MockBroadcasts::new();
    broadcasts.expect_audience_size().returning(|_| Ok((0, 3)));
    broadcasts.expect_create().never();
    let outreach = Outreach::new(Arc::new(broadcasts), Arc::new(links()), Arc::new(SystemClock));
    assert!(matches!(outreach.send(UserId(1), "Hello", Audience::City(4), None), Err(OutreachError::Invalid(errors)) if errors.has("audience.kind")));
}

#[test]
fn a_client_opts_out_by_their_own_link_only() {
    let mut broadcasts = MockBroadcasts::new();
    broadcasts.expect_set_consent().withf(|user, consent, _| (*user, *consent) == (UserId(7), false)).times(1).returning(|_, _, _| Ok(true));
    let outreach = Outreach::new(Arc::new(broadcasts), Arc::new(links()), Arc::new(SystemClock));
    outreach.opt_out("7-sig").unwrap();
    assert!(matches!(outreach.opt_out("7-forged"), Err(OutreachError::NotFound)));
}

#[test]
fn each_claimed_recipient_gets_the_message_with_their_link_and_a_failure_waits_longer_each_time() {
    let mut broadcasts = MockBroadcasts::new();
    broadcasts.expect_abandon_stale().times(1).returning(|_| Ok(0));
    broadcasts
        .expect_claim_due()
        .withf(|now, lease, limit| *lease == *now + TimeDelta::minutes(2) && *limit == 3)
        .returning(|_, _, _| Ok(vec![delivery(1, 0), delivery(2, 1), delivery(3, MAX_ATTEMPTS - 1)]));
    let failed = Arc::new(Mutex::new(Vec::new()));
    let log = failed.clone();
    broadcasts.expect_failed().returning(move |id, retry, _| {
        log.lock().unwrap().push((id, retry));
        Ok(())
    });
    broadcasts.expect_sent().with(eq(vec![1]), eq(FixedClock.now())).times(1).returning(|_, _| Ok(()));
    let mut gateway = MockTextGateway::new();
    let texts = Arc::new(Mutex::new(Vec::new()));
    let seen = texts.clone();
    gateway.expect_send().returning(move |phone, body| {
        seen.lock().unwrap().push((phone.to_string(), body.to_string()));
        if phone.ends_with("01") { Ok(()) } else { Err(anyhow::anyhow!("503 from the gateway")) }
    });
    let job = Broadcaster::new(Arc::new(broadcasts), Arc::new(gateway), Arc::new(links()), Arc::new(FixedClock), 3);
    assert_eq!(job.send_due().unwrap(), 1);
    assert_eq!(texts.lock().unwrap()[0], ("+201000000001".to_string(), "خصم على البذور\nللإلغاء: https://m.eg/sms/opt-out/101-sig".to_string()));
    assert_eq!(*failed.lock().unwrap(), [(2, Some(FixedClock.now() + TimeDelta::seconds(60))), (3, None)], "the last try fails for good");
    assert_eq!((retry_after(0), retry_after(10)), (TimeDelta::seconds(30), TimeDelta::hours(1)));
}
