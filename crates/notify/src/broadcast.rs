//! The SMS transport as outreach's [`TextGateway`]: broadcasts go out the way order news and
//! codes do (the HTTP gateway, or the outbox in development).

use std::sync::Arc;

use outreach::TextGateway;

use crate::{Channel, OutgoingMessage, Transport};

/// Broadcast texts through an SMS transport.
pub struct TransportGateway(pub Arc<dyn Transport>);

impl TextGateway for TransportGateway {
    fn send(&self, phone: &str, body: &str) -> anyhow::Result<()> {
        self.0.deliver(&OutgoingMessage { channel: Channel::Sms, to: phone.to_string(), subject: None, body: body.to_string(), code: None })
    }
}
