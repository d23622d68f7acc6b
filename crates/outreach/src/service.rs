//! The shop's SMS to its clients, one use case per function: staff's `preview`, `send`,
//! `broadcasts`, `broadcast`, `recipients`; the client's `consent`, `set_consent` and
//! `opt_out`; and the job that sends (`Broadcaster::send_due`).

use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use kernel::{Clock, FieldErrors, Keyed, Locale, Localized, Page, PageRequest, UserId};

use crate::broadcast::{Audience, Broadcast, NewBroadcast, Preview, Queued, Recipient, RecipientStatus, check_message, language_of, text_for};
use crate::ports::{Broadcasts, OptOutLinks, TextGateway};

/// Why an outreach call was refused.
#[derive(Debug, thiserror::Error)]
pub enum OutreachError {
    /// Fields broke rules; nothing was written.
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// No such broadcast, or an opt-out link that is not genuine.
    #[error("not found")]
    NotFound,
    /// A parallel request with the same `Idempotency-Key` took the key first; nothing was
    /// written, and that request's answer is this one's.
    #[error("idempotency key taken by a parallel request")]
    KeyTaken,
    /// Without a key, the same message went to the same audience within [`REPEAT_WINDOW`].
    #[error("the same broadcast was sent at {at}")]
    SentRecently {
        /// That broadcast.
        id: i64,
        /// When.
        at: DateTime<Utc>,
    },
    /// The store failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

impl From<FieldErrors> for OutreachError {
    fn from(errors: FieldErrors) -> Self {
        OutreachError::Invalid(errors)
    }
}

/// How long the same message to the same audience, sent without an `Idempotency-Key`, is taken
/// for a repeat.
pub const REPEAT_WINDOW: TimeDelta = TimeDelta::minutes(10);

/// The outreach use cases over their ports.
pub struct Outreach {
    broadcasts: Arc<dyn Broadcasts>,
    links: Arc<dyn OptOutLinks>,
    clock: Arc<dyn Clock>,
}

impl Outreach {
    /// The use cases over their ports.
    pub fn new(broadcasts: Arc<dyn Broadcasts>, links: Arc<dyn OptOutLinks>, clock: Arc<dyn Clock>) -> Outreach {
        Outreach { broadcasts, links, clock }
    }

    /// What sending `message` to `audience` would take: recipients, parts of one copy (its
    /// opt-out line included) and parts in all.
    pub fn preview(&self, message: &str, audience: Audience) -> Result<Preview, OutreachError> {
        check_message(message)?;
        let (recipients, opted_out) = self.broadcasts.audience_size(audience)?;
        let message = message.trim();
        let longest = self.links.longest();
        let line = self.links.line(language_of(message), &"x".repeat(longest));
        Ok(Preview::of(message, recipients, opted_out, &line, longest))
    }

    /// The opt-out line in Arabic and in English around the longest link, for a screen that
    /// counts a message's parts as it is typed.
    pub fn opt_out_lines(&self) -> Localized<String> {
        let longest = "x".repeat(self.links.longest());
        Localized::new(self.links.line(Locale::Ar, &longest), self.links.line(Locale::En, &longest))
    }

    /// Queues `message` for every client of `audience` who has not opted out; the job sends it.
    /// An audience nobody is in is refused. Under a key, the broadcast's answer is kept with it
    /// (see [`Keyed`]); without one, the same message to the same audience within
    /// [`REPEAT_WINDOW`] is refused, naming the earlier broadcast: a double click must not pay
    /// for every client's SMS twice.
    pub fn send(&self, by: UserId, message: &str, audience: Audience, key: Option<&Keyed<Broadcast>>) -> Result<Broadcast, OutreachError> {
        let preview = self.preview(message, audience)?;
        if preview.recipients == 0 {
            return Err(FieldErrors::single("audience.kind", "audience_empty").into());
        }
        let parts = u32::try_from(preview.size.parts).unwrap_or(u32::MAX);
        let now = self.clock.now();
        let asked = NewBroadcast { message: message.trim().to_string(), audience, parts, by };
        match self.broadcasts.create(&asked, key, now, now - REPEAT_WINDOW)? {
            Queued::Made(id) => self.broadcast(id),
            Queued::KeyTaken => Err(OutreachError::KeyTaken),
            Queued::SentRecently { id, at } => Err(OutreachError::SentRecently { id, at }),
        }
    }

    /// The broadcasts, newest first.
    pub fn broadcasts(&self, page: PageRequest) -> Result<Page<Broadcast>, OutreachError> {
        Ok(self.broadcasts.broadcasts(page)?)
    }

    /// One broadcast with how far it got.
    pub fn broadcast(&self, id: i64) -> Result<Broadcast, OutreachError> {
        self.broadcasts.broadcast(id)?.ok_or(OutreachError::NotFound)
    }

    /// A broadcast's result per recipient.
    pub fn recipients(&self, id: i64, status: Option<RecipientStatus>, page: PageRequest) -> Result<Page<Recipient>, OutreachError> {
        self.broadcast(id)?;
        Ok(self.broadcasts.recipients(id, status, page)?)
    }

    /// Whether the client takes the shop's marketing SMS.
    pub fn consent(&self, user: UserId) -> Result<bool, OutreachError> {
        Ok(self.broadcasts.consent(user)?)
    }

    /// The client's choice from their settings.
    pub fn set_consent(&self, user: UserId, consent: bool) -> Result<(), OutreachError> {
        if self.broadcasts.set_consent(user, consent, self.clock.now())? { Ok(()) } else { Err(OutreachError::NotFound) }
    }

    /// A client opts out by the link their SMS ended with, recorded with the time; a link that
    /// is not genuine is not found.
    pub fn opt_out(&self, token: &str) -> Result<(), OutreachError> {
        let user = self.links.user_of(token).ok_or(OutreachError::NotFound)?;
        self.set_consent(user, false)
    }
}

/// How long a claimed recipient is left to one sender.
const LEASE: TimeDelta = TimeDelta::minutes(2);

/// Tries before a recipient fails for good.
pub const MAX_ATTEMPTS: u32 = 5;

/// The wait before the next try after `attempts` failures: 30 s, doubling, at most an hour.
pub fn retry_after(attempts: u32) -> TimeDelta {
    TimeDelta::seconds(30 * 2_i64.pow(attempts.min(7))).min(TimeDelta::hours(1))
}

/// The job that sends the broadcasts: every look, at most the gateway's rate of messages.
pub struct Broadcaster {
    broadcasts: Arc<dyn Broadcasts>,
    gateway: Arc<dyn TextGateway>,
    links: Arc<dyn OptOutLinks>,
    clock: Arc<dyn Clock>,
    per_look: usize,
}

impl Broadcaster {
    /// The job over its ports, sending at most `per_look` messages a look (the server looks
    /// once a second, so this is the gateway's rate per second).
    pub fn new(
        broadcasts: Arc<dyn Broadcasts>,
        gateway: Arc<dyn TextGateway>,
        links: Arc<dyn OptOutLinks>,
        clock: Arc<dyn Clock>,
        per_look: usize,
    ) -> Broadcaster {
        Broadcaster { broadcasts, gateway, links, clock, per_look: per_look.max(1) }
    }

    /// Sends what is due: each recipient claimed once, sent, and marked sent, or tried again
    /// later with a growing wait (failed for good after [`MAX_ATTEMPTS`]). A recipient whose
    /// sender stopped while sending it is failed, not sent twice. Answers how many went out.
    pub fn send_due(&self) -> anyhow::Result<usize> {
        let now = self.clock.now();
        self.broadcasts.abandon_stale(now)?;
        let due = self.broadcasts.claim_due(now, now + LEASE, self.per_look)?;
        let mut sent = Vec::with_capacity(due.len());
        for delivery in &due {
            match self
                .gateway
                .send(&delivery.phone, &text_for(&delivery.message, &self.links.line(language_of(&delivery.message), &self.links.link(delivery.user))))
            {
                Ok(()) => sent.push(delivery.id),
                Err(error) => {
                    let tries = delivery.attempts + 1;
                    let retry_at = (tries < MAX_ATTEMPTS).then(|| self.clock.now() + retry_after(delivery.attempts));
                    self.broadcasts.failed(delivery.id, retry_at, &format!("{error:#}"))?;
                }
            }
        }
        if !sent.is_empty() {
            self.broadcasts.sent(&sent, self.clock.now())?;
        }
        Ok(sent.len())
    }
}

#[cfg(test)]
mod tests;
