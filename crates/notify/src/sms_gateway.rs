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
    use super::*;
    use crate::Channel;
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpListener;
    use std::sync::mpsc;

    /// A one-request HTTP server on loopback that answers `status` and hands back the request.
    fn gateway(status: &'static str) -> anyhow::Result<(String, mpsc::Receiver<(String, String)>)> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let url = format!("http://{}/send", listener.local_addr()?);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let Ok((stream, _)) = listener.accept() else { return };
            let mut reader = BufReader::new(stream);
            let mut head = String::new();
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = value.trim().parse().unwrap_or(0);
                }
                head.push_str(&line);
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let _ = tx.send((head, String::from_utf8_lossy(&body).into_owned()));
            let response = format!("HTTP/1.1 {status}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}");
            let _ = reader.get_mut().write_all(response.as_bytes());
        });
        Ok((url, rx))
    }

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
        let (url, requests) = gateway("200 OK")?;
        HttpSmsGateway::new(&url, "secret-key", "Mahsoul").deliver(&sms())?;
        let (head, body) = requests.recv_timeout(Duration::from_secs(5))?;
        assert!(head.starts_with("POST /send HTTP/1.1"));
        assert!(head.to_ascii_lowercase().contains("authorization: bearer secret-key"));
        let json: serde_json::Value = serde_json::from_str(&body)?;
        assert_eq!(json, serde_json::json!({"to": "+201012345678", "message": "Your Mahsoul code is 123456", "sender": "Mahsoul"}));
        Ok(())
    }

    #[test]
    fn a_refusal_of_the_gateway_is_an_error() -> anyhow::Result<()> {
        let (url, _requests) = gateway("401 Unauthorized")?;
        assert!(HttpSmsGateway::new(&url, "wrong", "Mahsoul").deliver(&sms()).is_err());
        Ok(())
    }
}
