//! Webhooks over HTTP with the SSRF guard: the host is resolved at every send by a resolver
//! that refuses the shop's own networks (so a name pointed at one after it was saved is
//! refused too, with no gap between the check and the connection), redirects are not
//! followed, and only the first kilobyte of an answer is read and kept, redacted.

use std::io::Read;
use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Duration;

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};
use webhooks::address::forbidden;
use webhooks::ports::{Answer, Receiver, Silence};

/// The most of an answer read and kept.
pub const EXCERPT_LIMIT: usize = 1024;
/// How long a receiver has to answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// POSTs events with `ureq`, guarding the shop's network unless told not to (development).
pub struct HttpReceiver {
    agent: ureq::Agent,
    allow_private: bool,
}

impl HttpReceiver {
    /// A sender; `allow_private` lets it reach loopback and private addresses.
    pub fn new(allow_private: bool) -> HttpReceiver {
        let config = Config::builder().timeout_global(Some(TIMEOUT)).http_status_as_error(false).max_redirects(0).build();
        let agent = ureq::Agent::with_parts(config, DefaultConnector::default(), GuardedResolver { allow_private });
        HttpReceiver { agent, allow_private }
    }
}

impl Receiver for HttpReceiver {
    fn post(&self, url: &str, headers: &[(String, String)], body: &str) -> Answer {
        let mut request = self.agent.post(url);
        for (name, value) in headers {
            request = request.header(name.as_str(), value.as_str());
        }
        match request.send(body) {
            Ok(response) => {
                let status = response.status().as_u16();
                let mut kept = Vec::with_capacity(EXCERPT_LIMIT);
                let read = response.into_body().into_reader().take(EXCERPT_LIMIT as u64).read_to_end(&mut kept);
                let excerpt = if read.is_ok() { redact(&String::from_utf8_lossy(&kept)) } else { String::new() };
                Answer { status: Some(status), excerpt }
            }
            Err(error) => {
                let silence = silence_of(&error);
                tracing::info!(url = %redact(url), %error, "a webhook receiver did not answer");
                Answer { status: None, excerpt: <&str>::from(silence).to_string() }
            }
        }
    }

    fn refusal(&self, url: &str) -> Option<&'static str> {
        let parsed = url::Url::parse(url).ok()?;
        let host = parsed.host_str()?.trim_start_matches('[').trim_end_matches(']').to_string();
        let port = parsed.port_or_known_default()?;
        let addresses: Vec<SocketAddr> = match (host.as_str(), port).to_socket_addrs() {
            Ok(addresses) => addresses.collect(),
            Err(_) => return Some("url_unresolved"),
        };
        if addresses.is_empty() {
            return Some("url_unresolved");
        }
        (!self.allow_private && addresses.iter().any(|address| forbidden(address.ip()))).then_some("url_forbidden")
    }
}

/// Why the receiver said nothing, from ureq's error.
fn silence_of(error: &ureq::Error) -> Silence {
    use std::io::ErrorKind;
    match error {
        ureq::Error::Timeout(_) => Silence::TimedOut,
        ureq::Error::HostNotFound => Silence::NameUnknown,
        ureq::Error::ConnectionFailed => Silence::Refused,
        ureq::Error::Tls(_) | ureq::Error::Rustls(_) | ureq::Error::Pem(_) | ureq::Error::TlsRequired => Silence::Tls,
        ureq::Error::Io(io) => match io.kind() {
            // The guarded resolver's refusal.
            ErrorKind::PermissionDenied => Silence::InsideNetwork,
            ErrorKind::ConnectionRefused | ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted => Silence::Refused,
            ErrorKind::TimedOut | ErrorKind::WouldBlock => Silence::TimedOut,
            _ => Silence::Other,
        },
        _ => Silence::Other,
    }
}

/// ureq's resolver, refusing a host any of whose addresses is inside the shop's network.
#[derive(Debug)]
struct GuardedResolver {
    allow_private: bool,
}

impl Resolver for GuardedResolver {
    fn resolve(&self, uri: &Uri, config: &Config, timeout: NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let addresses = DefaultResolver::default().resolve(uri, config, timeout)?;
        if !self.allow_private && addresses.iter().any(|address| forbidden(address.ip())) {
            return Err(ureq::Error::Io(std::io::Error::new(std::io::ErrorKind::PermissionDenied, "the address is inside the shop's network")));
        }
        Ok(addresses)
    }
}

/// The text with every long token (a key, a secret, a session id: 24 or more letters, digits
/// and `-_+/=.`) blanked, so the log keeps what a receiver said, not what it leaked.
pub fn redact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        if token.chars().count() >= 24 {
            out.push_str("[redacted]");
        } else {
            out.push_str(token);
        }
        token.clear();
    };
    for character in text.chars() {
        if character.is_ascii_alphanumeric() || "-_+/=.".contains(character) {
            token.push(character);
        } else {
            flush(&mut token, &mut out);
            out.push(character);
        }
    }
    flush(&mut token, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_tokens_are_blanked_and_words_kept() {
        assert_eq!(redact("bad signature, key whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), "bad signature, key [redacted]");
        assert_eq!(redact(r#"{"error":"order 42 unknown"}"#), r#"{"error":"order 42 unknown"}"#);
    }

    #[test]
    fn names_of_the_shops_network_are_refused_unless_allowed() {
        assert_eq!(HttpReceiver::new(false).refusal("https://localhost:9/hooks"), Some("url_forbidden"));
        assert_eq!(HttpReceiver::new(false).refusal("https://169.254.169.254/latest/meta-data"), Some("url_forbidden"));
        assert_eq!(HttpReceiver::new(true).refusal("http://127.0.0.1:9/hooks"), None);
    }

    #[test]
    fn ipv6_literals_that_reach_private_ipv4_or_site_local_space_are_refused_at_save_and_at_send() {
        for url in [
            "https://[::a00:1]/hooks",
            "https://[::ffff:0:a00:1]/hooks",
            "https://[64:ff9b:1::a00:1]/hooks",
            "https://[2002:a00:1::1]/hooks",
            "https://[fec0::1]/hooks",
        ] {
            assert_eq!(HttpReceiver::new(false).refusal(url), Some("url_forbidden"), "{url}");
            let answer = HttpReceiver::new(false).post(url, &[], "{}");
            assert_eq!((answer.status, answer.excerpt.as_str()), (None, "inside_network"), "{url}");
        }
    }

    #[test]
    fn a_guarded_sender_does_not_connect_to_loopback() {
        let answer = HttpReceiver::new(false).post("http://127.0.0.1:9/hooks", &[], "{}");
        assert_eq!((answer.status, answer.excerpt.as_str()), (None, "inside_network"), "staff are told why, in words of their language");
    }

    #[test]
    fn a_receiver_that_is_not_listening_is_told_as_refused() {
        // A port nothing listens on: bound, then let go.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let answer = HttpReceiver::new(true).post(&format!("http://127.0.0.1:{port}/hooks"), &[], "{}");
        assert_eq!((answer.status, answer.excerpt.as_str()), (None, "refused"));
    }
}
