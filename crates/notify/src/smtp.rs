//! E-mail over SMTP with lettre.

use anyhow::Context;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{Message, SmtpTransport, Transport as _};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use crate::{OutgoingMessage, Transport};

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    /// Implicit TLS (port 465).
    Tls,
    /// STARTTLS upgrade (port 587).
    #[default]
    Starttls,
    /// Plain text, for a relay on the same host or network only.
    None,
}

/// Where and how to send e-mail.
#[derive(Debug, Clone, Deserialize)]
pub struct SmtpSettings {
    /// Server host name.
    pub host: String,
    /// Server port.
    pub port: u16,
    /// Login, when the server asks for one; empty for none.
    #[serde(default)]
    pub username: Option<String>,
    /// Password for the login, never printed (`Debug` shows it redacted).
    #[serde(default)]
    pub password: Option<SecretString>,
    /// TLS, STARTTLS or none.
    #[serde(default)]
    pub security: SmtpSecurity,
    /// The sender, e.g. `Mahsoul <no-reply@mahsoul.example>`.
    pub from: String,
}

/// Sends e-mail through an SMTP server.
pub struct SmtpMailer {
    transport: SmtpTransport,
    from: Mailbox,
}

impl SmtpMailer {
    /// A mailer for these settings.
    pub fn new(settings: &SmtpSettings) -> anyhow::Result<SmtpMailer> {
        let builder = match settings.security {
            SmtpSecurity::Tls => SmtpTransport::relay(&settings.host)?,
            SmtpSecurity::Starttls => SmtpTransport::starttls_relay(&settings.host)?,
            SmtpSecurity::None => SmtpTransport::builder_dangerous(&settings.host),
        };
        let mut builder = builder.port(settings.port).timeout(Some(std::time::Duration::from_secs(10)));
        // An empty login (as an unset environment variable gives) means the server asks for none.
        if let (Some(user), Some(password)) = (settings.username.as_ref().filter(|user| !user.is_empty()), &settings.password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.expose_secret().to_string()));
        }
        let from = settings.from.parse().context("the SMTP sender is not an address")?;
        Ok(SmtpMailer { transport: builder.build(), from })
    }
}

impl Transport for SmtpMailer {
    fn deliver(&self, message: &OutgoingMessage) -> anyhow::Result<()> {
        let email = Message::builder()
            .from(self.from.clone())
            .to(message.to.parse().context("the recipient is not an address")?)
            .subject(message.subject.clone().unwrap_or_default())
            .header(ContentType::TEXT_PLAIN)
            .body(message.body.clone())?;
        self.transport.send(&email).context("SMTP server refused the message")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Channel;
    use std::io::{BufRead, BufReader, Write};
    use std::net::TcpListener;
    use std::sync::mpsc;
    use std::time::Duration;

    /// A minimal SMTP sink on loopback that accepts one message and hands back the session.
    fn smtp_sink() -> anyhow::Result<(u16, mpsc::Receiver<String>)> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let Ok((stream, _)) = listener.accept() else { return };
            let mut writer = match stream.try_clone() {
                Ok(w) => w,
                Err(_) => return,
            };
            let mut reader = BufReader::new(stream);
            let mut session = String::new();
            let _ = writer.write_all(b"220 sink ESMTP\r\n");
            let mut in_data = false;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                session.push_str(&line);
                let reply: &[u8] = if in_data {
                    if line == ".\r\n" {
                        in_data = false;
                        b"250 queued\r\n"
                    } else {
                        continue;
                    }
                } else {
                    match line.get(..4).unwrap_or("").to_ascii_uppercase().as_str() {
                        "EHLO" | "HELO" => b"250 sink\r\n",
                        "DATA" => {
                            in_data = true;
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            let _ = writer.write_all(b"221 bye\r\n");
                            break;
                        }
                        _ => b"250 ok\r\n",
                    }
                };
                let _ = writer.write_all(reply);
            }
            let _ = tx.send(session);
        });
        Ok((port, rx))
    }

    #[test]
    fn sends_the_message_to_the_smtp_server() -> anyhow::Result<()> {
        let (port, sessions) = smtp_sink()?;
        let mailer = SmtpMailer::new(&SmtpSettings {
            host: "127.0.0.1".into(),
            port,
            username: None,
            password: None,
            security: SmtpSecurity::None,
            from: "Mahsoul <no-reply@mahsoul.test>".into(),
        })?;
        mailer.deliver(&OutgoingMessage {
            channel: Channel::Email,
            to: "farmer@example.com".into(),
            subject: Some("Your code".into()),
            body: "Your Mahsoul code is 654321".into(),
            code: Some("654321".into()),
        })?;
        let session = sessions.recv_timeout(Duration::from_secs(5))?;
        assert!(session.contains("MAIL FROM:<no-reply@mahsoul.test>"));
        assert!(session.contains("RCPT TO:<farmer@example.com>"));
        assert!(session.contains("Subject: Your code"));
        assert!(session.contains("Your Mahsoul code is 654321"));
        Ok(())
    }
}
