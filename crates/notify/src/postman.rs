//! Sends the queued messages after the changes that wrote them committed: each due message is
//! claimed, handed to its transport, and marked sent, or tried again later with a growing wait
//! when the gateway fails, so a failing gateway loses nothing.

use std::sync::Arc;

use chrono::TimeDelta;
use kernel::Clock;
use ordering::{MessageChannel, MessageQueue, QueuedMessage};

use crate::{Channel, OutgoingMessage, Transport};

/// How long a claimed message is left to one sender before another may try it.
const LEASE: TimeDelta = TimeDelta::minutes(2);
/// Messages claimed, sent and marked together.
const BATCH: usize = 100;
/// Rounds per look at the queue at most, so a backlog drains quickly without one look
/// running on for ever.
const ROUNDS: usize = 20;

/// Delivers the queue through the SMS and e-mail transports.
pub struct Postman {
    queue: Arc<dyn MessageQueue>,
    sms: Arc<dyn Transport>,
    email: Arc<dyn Transport>,
    clock: Arc<dyn Clock>,
}

/// The wait before the next try after `attempts` failures: 30 s, doubling, at most an hour.
pub fn retry_after(attempts: u32) -> TimeDelta {
    TimeDelta::seconds(30 * 2_i64.pow(attempts.min(7))).min(TimeDelta::hours(1))
}

impl Postman {
    /// A postman over the queue and the transports.
    pub fn new(queue: Arc<dyn MessageQueue>, sms: Arc<dyn Transport>, email: Arc<dyn Transport>, clock: Arc<dyn Clock>) -> Postman {
        Postman { queue, sms, email, clock }
    }

    /// Sends what is due now, a batch at a time while full batches come (at most
    /// `ROUNDS`), marking each batch's sent messages in one write; answers how many went out.
    pub fn send_due(&self) -> anyhow::Result<usize> {
        let mut sent = 0;
        for _ in 0..ROUNDS {
            let now = self.clock.now();
            let batch = self.queue.claim_due(now, now + LEASE, BATCH)?;
            let mut delivered = Vec::with_capacity(batch.len());
            for message in &batch {
                match self.deliver(message) {
                    Ok(()) => delivered.push(message.id),
                    Err(error) => {
                        tracing::warn!(id = message.id, attempts = message.attempts + 1, %error, "a queued message failed; it will be tried again");
                        self.queue.failed(message.id, self.clock.now() + retry_after(message.attempts), &format!("{error:#}"))?;
                    }
                }
            }
            if !delivered.is_empty() {
                self.queue.sent(&delivered, self.clock.now())?;
            }
            sent += delivered.len();
            if batch.len() < BATCH {
                break;
            }
        }
        Ok(sent)
    }

    fn deliver(&self, message: &QueuedMessage) -> anyhow::Result<()> {
        let (transport, channel) = match message.channel {
            MessageChannel::Sms => (&self.sms, Channel::Sms),
            MessageChannel::Email => (&self.email, Channel::Email),
        };
        transport.deliver(&OutgoingMessage { channel, to: message.to.clone(), subject: message.subject.clone(), body: message.body.clone(), code: None })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use chrono::{DateTime, Utc};

    use super::*;

    struct FixedClock;
    impl Clock for FixedClock {
        fn now(&self) -> DateTime<Utc> {
            DateTime::from_timestamp(1_790_000_000, 0).unwrap_or_default()
        }
    }

    /// A queue of two SMS that records what happened to them.
    #[derive(Default)]
    struct Queue {
        sent: Mutex<Vec<i64>>,
        failed: Mutex<Vec<(i64, DateTime<Utc>)>>,
    }

    impl MessageQueue for Queue {
        fn claim_due(&self, _: DateTime<Utc>, _: DateTime<Utc>, _: usize) -> anyhow::Result<Vec<QueuedMessage>> {
            Ok((1..=2)
                .map(|id| QueuedMessage {
                    id, channel: MessageChannel::Sms, to: format!("+20100000000{id}"), subject: None, body: "محصول".into(), attempts: 2
                })
                .collect())
        }
        fn sent(&self, ids: &[i64], _: DateTime<Utc>) -> anyhow::Result<()> {
            self.sent.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.extend_from_slice(ids);
            Ok(())
        }
        fn failed(&self, id: i64, retry_at: DateTime<Utc>, _: &str) -> anyhow::Result<()> {
            self.failed.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.push((id, retry_at));
            Ok(())
        }
    }

    /// A gateway that refuses the second phone.
    struct Gateway;
    impl Transport for Gateway {
        fn deliver(&self, message: &OutgoingMessage) -> anyhow::Result<()> {
            if message.to.ends_with('2') { Err(anyhow::anyhow!("500 from the gateway")) } else { Ok(()) }
        }
    }

    #[test]
    fn a_refused_message_waits_longer_each_time_and_the_others_go_out() -> anyhow::Result<()> {
        let queue = Arc::new(Queue::default());
        let postman = Postman::new(queue.clone(), Arc::new(Gateway), Arc::new(Gateway), Arc::new(FixedClock));
        assert_eq!(postman.send_due()?, 1);
        assert_eq!(*queue.sent.lock().map_err(|_| anyhow::anyhow!("poisoned"))?, [1]);
        assert_eq!(*queue.failed.lock().map_err(|_| anyhow::anyhow!("poisoned"))?, [(2, FixedClock.now() + TimeDelta::seconds(120))]);
        assert_eq!((retry_after(0), retry_after(1), retry_after(20)), (TimeDelta::seconds(30), TimeDelta::seconds(60), TimeDelta::hours(1)));
        Ok(())
    }
}
