//! SMS through an HTTP gateway: a JSON POST with a bearer key, as most Egyptian SMS providers
//! accept (the URL, key and sender name come from configuration).

use std::time::Duration;

use anyhow::Context;
use serde::Serialize;

use crate::{OutgoingMessage, Transport};

/// Posts `{"to", "message", "sender"}` to the gateway's URL.
pub struct HttpSmsGateway {
    url: String,
    api_key: String,
    sender: String,
    agent: ureq::Agent,
}

impl HttpSmsGateway {
    /// A gateway client; requests give up after ten seconds.
    pub fn new(url: &str, api_key: &str, sender: &str) -> HttpSmsGateway {
        let agent = ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(10))).build().new_agent();
        HttpSmsGateway { url: url.into(), api_key: api_key.into(), sender: sender.into(), agent }
    }
}

#[derive(Serialize)]
struct SmsRequest<'a> {
    to: &'a str,
    message: &'a str,
    sender: &'a str,
}

impl Transport for HttpSmsGateway {
    fn deliver(&self, message: &OutgoingMessage) -> anyhow::Result<()> {
        let body = SmsRequest { to: &message.to, message: &message.body, sender: &self.sender };
        self.agent.post(&self.url).header("Authorization", &format!("Bearer {}", self.api_key)).send_json(&body).context("SMS gateway refused the message")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use httpmock::prelude::*;

    use super::*;
    use crate::Channel;

    fn sms() -> OutgoingMessage {
        OutgoingMessage {
            channel: Channel::Sms,
            to: "+201012345678".into(),
            subject: None,
            body: "Your Mahsoul code is 123456".into(),
            code: Some("123456".into()),
        }
    }

    #[test]
    fn posts_the_message_as_json_with_the_api_key() -> anyhow::Result<()> {
        let gateway = MockServer::start();
        let accepted = gateway.mock(|when, then| {
            when.method(POST)
                .path("/send")
                .header("authorization", "Bearer secret-key")
                .json_body(serde_json::json!({"to": "+201012345678", "message": "Your Mahsoul code is 123456", "sender": "Mahsoul"}));
            then.status(200).body("{}");
        });
        HttpSmsGateway::new(&gateway.url("/send"), "secret-key", "Mahsoul").deliver(&sms())?;
        accepted.assert();
        Ok(())
    }

    #[test]
    fn a_refusal_of_the_gateway_is_an_error() {
        let gateway = MockServer::start();
        gateway.mock(|when, then| {
            when.method(POST).path("/send");
            then.status(401);
        });
        assert!(HttpSmsGateway::new(&gateway.url("/send"), "wrong", "Mahsoul").deliver(&sms()).is_err());
    }
}
