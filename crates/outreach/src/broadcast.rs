//! A broadcast: one message to an audience of clients, sent to each of them once by a job that
//! survives restarts (design §4a, issue of the dashboard's SMS).

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, Locale, UserId};

use crate::sms::{self, SmsSize};

/// Who a broadcast goes to. Blocked clients, clients without a phone and clients who opted out
/// never get one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Every client.
    All,
    /// The clients of one group.
    Group(i64),
    /// The clients living in one city.
    City(i64),
    /// The clients who verified their phone or e-mail.
    Verified,
}

impl Audience {
    /// Reads an audience: `all`, `verified`, or `group` / `city` with an id.
    pub fn read(kind: &str, id: Option<i64>) -> Result<Audience, FieldErrors> {
        match (kind.trim(), id) {
            ("all", _) => Ok(Audience::All),
            ("verified", _) => Ok(Audience::Verified),
            ("group", Some(id)) => Ok(Audience::Group(id)),
            ("city", Some(id)) => Ok(Audience::City(id)),
            ("group" | "city", None) => Err(FieldErrors::single("audience.id", "required")),
            _ => Err(FieldErrors::single("audience.kind", "audience_invalid")),
        }
    }

    /// `all`, `group`, `city` or `verified`.
    pub fn kind(self) -> &'static str {
        match self {
            Audience::All => "all",
            Audience::Group(_) => "group",
            Audience::City(_) => "city",
            Audience::Verified => "verified",
        }
    }

    /// The group's or city's id.
    pub fn id(self) -> Option<i64> {
        match self {
            Audience::Group(id) | Audience::City(id) => Some(id),
            Audience::All | Audience::Verified => None,
        }
    }
}

/// The longest message staff may write, in characters (before the opt-out line): ten Arabic parts.
pub const MESSAGE_MAX: usize = 670;

/// Arabic when the text holds an Arabic letter, else English.
pub fn language_of(text: &str) -> Locale {
    if text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)) { Locale::Ar } else { Locale::En }
}

/// The text one client receives: the message, then their opt-out line (in the message's
/// language, around their own link: [`crate::OptOutLinks::line`]).
pub fn text_for(message: &str, opt_out_line: &str) -> String {
    format!("{message}\n{opt_out_line}")
}

/// Checks the message staff wrote: 1 to 670 characters.
pub fn check_message(message: &str) -> Result<(), FieldErrors> {
    let length = message.trim().chars().count();
    if length == 0 {
        return Err(FieldErrors::single("message", "required"));
    }
    if message.chars().count() > MESSAGE_MAX {
        return Err(FieldErrors::single("message", "too_long"));
    }
    Ok(())
}

/// What a broadcast will cost before it is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preview {
    /// Clients it reaches.
    pub recipients: u64,
    /// Clients of the audience who opted out and will be skipped.
    pub opted_out: u64,
    /// One copy's size (with the opt-out line).
    pub size: SmsSize,
    /// Parts in all.
    pub total_parts: u64,
    /// The characters of the longest opt-out link, for a count made as the message is typed.
    pub link_length: usize,
}

impl Preview {
    /// The preview of `message` for an audience of `recipients` (and `opted_out` skipped), its
    /// opt-out line the one around the longest link, `link_length` characters.
    pub fn of(message: &str, recipients: u64, opted_out: u64, opt_out_line: &str, link_length: usize) -> Preview {
        let size = sms::measure(&text_for(message, opt_out_line));
        Preview { recipients, opted_out, size, total_parts: recipients.saturating_mul(size.parts as u64), link_length }
    }
}

/// A broadcast as staff ask for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBroadcast {
    /// The message, trimmed.
    pub message: String,
    /// Who it goes to.
    pub audience: Audience,
    /// Parts of one copy, its opt-out line included.
    pub parts: u32,
    /// The staff member sending it.
    pub by: UserId,
}

/// What became of a broadcast asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queued {
    /// Stored now, with its recipients.
    Made(i64),
    /// A parallel request with the same key holds it now; nothing was written.
    KeyTaken,
    /// Without a key, the same message went to the same audience a moment ago.
    SentRecently {
        /// That broadcast.
        id: i64,
        /// When it was made.
        at: DateTime<Utc>,
    },
}

/// Where a broadcast stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum BroadcastStatus {
    /// Nothing sent yet.
    Queued,
    /// Some sent, some to go.
    Sending,
    /// Every recipient sent, failed for good, or skipped.
    Done,
    /// Every recipient failed.
    Failed,
}

/// How far a broadcast got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    /// Recipients in all, the skipped ones included.
    pub total: u64,
    /// Sent.
    pub sent: u64,
    /// Failed for good.
    pub failed: u64,
    /// Skipped: they opted out.
    pub skipped_opted_out: u64,
}

impl Progress {
    /// Recipients still to be sent (or being sent).
    pub fn pending(&self) -> u64 {
        self.total.saturating_sub(self.sent + self.failed + self.skipped_opted_out)
    }

    /// The status these counts make.
    pub fn status(&self) -> BroadcastStatus {
        let reachable = self.total - self.skipped_opted_out.min(self.total);
        match (self.pending(), self.sent, self.failed) {
            (0, 0, failed) if failed > 0 && failed == reachable => BroadcastStatus::Failed,
            (0, _, _) => BroadcastStatus::Done,
            (_, 0, 0) => BroadcastStatus::Queued,
            _ => BroadcastStatus::Sending,
        }
    }
}

/// A broadcast as staff see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broadcast {
    /// Its id.
    pub id: i64,
    /// The message, without the opt-out line.
    pub message: String,
    /// Who it goes to.
    pub audience: Audience,
    /// One copy's parts.
    pub parts: u32,
    /// Who sent it.
    pub by: Option<String>,
    /// When.
    pub created_at: DateTime<Utc>,
    /// How far it got.
    pub progress: Progress,
}

/// What happened to one recipient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum RecipientStatus {
    /// Waiting to be sent.
    Pending,
    /// Handed to the gateway; the answer is awaited.
    Sending,
    /// The gateway took it.
    Sent,
    /// Failed for good (or the sender stopped while sending it, so it is not sent again).
    Failed,
    /// Opted out; never sent.
    Skipped,
}

/// One recipient's line of the result log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    /// The client, while their account exists.
    pub user: Option<UserId>,
    /// Their name.
    pub name: Option<String>,
    /// The phone it went to.
    pub phone: String,
    /// What happened.
    pub status: RecipientStatus,
    /// Tries so far.
    pub attempts: u32,
    /// When the gateway took it.
    pub sent_at: Option<DateTime<Utc>>,
    /// The last failure.
    pub error: Option<String>,
}

/// A recipient claimed for sending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// The recipient's row.
    pub id: i64,
    /// The client.
    pub user: UserId,
    /// The phone, international form.
    pub phone: String,
    /// The message, without the opt-out line.
    pub message: String,
    /// Failed tries before this one.
    pub attempts: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_audience_is_everybody_the_verified_or_a_group_or_city_by_id() {
        assert_eq!(Audience::read("group", Some(3)), Ok(Audience::Group(3)));
        assert_eq!(Audience::read(" all ", Some(3)), Ok(Audience::All));
        assert!(Audience::read("city", None).unwrap_err().has("audience.id"));
        assert!(Audience::read("friends", None).unwrap_err().has("audience.kind"));
    }

    #[test]
    fn every_message_ends_with_the_opt_out_line_in_its_language_and_the_preview_counts_it() {
        assert_eq!(text_for("خصم 10% على البذور", "للإلغاء: https://m.eg/sms/opt-out/7-abc"), "خصم 10% على البذور\nللإلغاء: https://m.eg/sms/opt-out/7-abc");
        assert_eq!(language_of("خصم 10% على البذور"), Locale::Ar);
        assert_eq!(language_of("Seeds 10% off"), Locale::En);
        let line = format!("Opt out: {}", "x".repeat(40));
        let preview = Preview::of(&"a".repeat(100), 40, 3, &line, 40);
        assert_eq!((preview.size.parts, preview.total_parts, preview.opted_out), (1, 40, 3), "100 + the line fit one part");
        let long = Preview::of(&"a".repeat(120), 40, 0, &line, 40);
        assert_eq!((long.size.parts, long.total_parts), (2, 80), "the line pushes it to two");
        assert!(check_message(" ").unwrap_err().has("message"));
        assert!(check_message(&"س".repeat(MESSAGE_MAX + 1)).is_err());
    }

    #[test]
    fn a_broadcast_is_done_when_nobody_is_left_to_send_to() {
        let progress = |total, sent, failed, skipped| Progress { total, sent, failed, skipped_opted_out: skipped };
        assert_eq!(progress(10, 0, 0, 2).status(), BroadcastStatus::Queued);
        assert_eq!(progress(10, 3, 0, 2).status(), BroadcastStatus::Sending);
        assert_eq!(progress(10, 7, 1, 2).status(), BroadcastStatus::Done);
        assert_eq!(progress(10, 0, 8, 2).status(), BroadcastStatus::Failed);
        assert_eq!(progress(2, 0, 0, 2).status(), BroadcastStatus::Done, "everybody opted out");
        assert_eq!(progress(10, 7, 1, 2).pending(), 0);
    }
}
