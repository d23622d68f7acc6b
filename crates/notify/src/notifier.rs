//! Words one-time codes for people and sends them by the right channel.

use std::sync::Arc;

use identity::otp::OtpPurpose;
use identity::ports::{Destination, OtpMessenger};
use kernel::Locale;

use crate::{Channel, OutgoingMessage, Transport};

/// Sends codes by SMS to phones and by e-mail to e-mail addresses.
pub struct Notifier {
    sms: Arc<dyn Transport>,
    email: Arc<dyn Transport>,
}

impl Notifier {
    /// A notifier over an SMS transport and an e-mail transport.
    pub fn new(sms: Arc<dyn Transport>, email: Arc<dyn Transport>) -> Notifier {
        Notifier { sms, email }
    }
}

impl Notifier {
    /// Sends a text by SMS to a phone or by e-mail (with its subject) to an e-mail address.
    fn deliver(&self, to: &Destination, subject: &str, body: String, code: Option<&str>) -> anyhow::Result<()> {
        let code = code.map(str::to_string);
        let (transport, message) = match to {
            Destination::Sms(phone) => (&self.sms, OutgoingMessage { channel: Channel::Sms, to: phone.international(), subject: None, body, code }),
            Destination::Email(email) => {
                (&self.email, OutgoingMessage { channel: Channel::Email, to: email.to_string(), subject: Some(subject.into()), body, code })
            }
        };
        transport.deliver(&message)
    }
}

/// The subject and text of a code's message (`code.{purpose}.subject`, `.body`).
fn wording(purpose: OtpPurpose, code: &str, locale: Locale) -> (String, String) {
    let purpose = match purpose {
        OtpPurpose::Verify => "verify",
        OtpPurpose::Reset => "reset",
        OtpPurpose::Contact => "contact",
    };
    (messages::text(locale, &format!("code.{purpose}.subject"), &[]), messages::text(locale, &format!("code.{purpose}.body"), &[("code", code.to_string())]))
}

impl OtpMessenger for Notifier {
    fn send_code(&self, to: &Destination, code: &str, purpose: OtpPurpose, locale: Locale) -> anyhow::Result<()> {
        let (subject, body) = wording(purpose, code, locale);
        self.deliver(to, &subject, body, Some(code))
    }

    fn send_contact_changed(&self, to: &Destination, locale: Locale) -> anyhow::Result<()> {
        let subject = messages::text(locale, "contact_changed.subject", &[]);
        let body = messages::text(locale, "contact_changed.body", &[]);
        self.deliver(to, &subject, body, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Recorder(Mutex<Vec<OutgoingMessage>>);

    impl Transport for Recorder {
        fn deliver(&self, message: &OutgoingMessage) -> anyhow::Result<()> {
            self.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.push(message.clone());
            Ok(())
        }
    }

    #[test]
    fn phones_get_an_sms_and_emails_an_email_in_the_users_language() -> anyhow::Result<()> {
        let sms = Arc::new(Recorder::default());
        let email = Arc::new(Recorder::default());
        let notifier = Notifier::new(sms.clone(), email.clone());
        let phone = kernel::Phone::parse("01012345678").ok_or_else(|| anyhow::anyhow!("phone"))?;
        let address = kernel::Email::parse("a@b.com").ok_or_else(|| anyhow::anyhow!("email"))?;

        notifier.send_code(&Destination::Sms(phone), "111111", OtpPurpose::Verify, Locale::Ar)?;
        notifier.send_code(&Destination::Email(address), "222222", OtpPurpose::Reset, Locale::En)?;

        let sms = sms.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        let email = email.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        assert_eq!((sms.len(), email.len()), (1, 1));
        assert_eq!(sms[0].to, "+201012345678");
        assert!(sms[0].body.contains("111111") && sms[0].body.contains("محصول"));
        assert_eq!(email[0].subject.as_deref(), Some("Your Mahsoul password reset code"));
        assert!(email[0].body.contains("222222"));
        Ok(())
    }
}
