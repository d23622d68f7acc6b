//! The development and test transport: every message becomes one JSON line in a file.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::Context;
use chrono::Utc;
use serde::Serialize;

use crate::{OutgoingMessage, Transport};

/// Appends each message to a JSON-lines file (`data/outbox.jsonl` by default) and logs it.
#[derive(Debug)]
pub struct Outbox {
    path: PathBuf,
}

/// Lines from concurrent requests must not interleave, whichever outbox of the process (the
/// one-time codes' or the queue's sender) writes them.
static WRITING: Mutex<()> = Mutex::new(());

impl Outbox {
    /// An outbox writing to `path` (its folder is created when missing).
    pub fn new(path: impl Into<PathBuf>) -> Outbox {
        Outbox { path: path.into() }
    }
}

#[derive(Serialize)]
struct Line<'a> {
    #[serde(flatten)]
    message: &'a OutgoingMessage,
    at: String,
}

impl Transport for Outbox {
    fn deliver(&self, message: &OutgoingMessage) -> anyhow::Result<()> {
        let mut line = serde_json::to_string(&Line { message, at: Utc::now().to_rfc3339() })?;
        line.push('\n');
        let _guard = WRITING.lock().map_err(|_| anyhow::anyhow!("outbox lock poisoned"))?;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let mut file = OpenOptions::new().create(true).append(true).open(&self.path).with_context(|| format!("opening {}", self.path.display()))?;
        file.write_all(line.as_bytes())?;
        tracing::info!(channel = ?message.channel, to = %message.to, "message written to the outbox");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Channel;

    #[test]
    fn each_message_is_one_json_line_with_its_code() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let outbox = Outbox::new(dir.path().join("nested/outbox.jsonl"));
        for to in ["+201012345678", "+201112345678"] {
            outbox.deliver(&OutgoingMessage {
                channel: Channel::Sms,
                to: to.into(),
                subject: None,
                body: "رمز التحقق 123456".into(),
                code: Some("123456".into()),
            })?;
        }
        let text = std::fs::read_to_string(dir.path().join("nested/outbox.jsonl"))?;
        let lines: Vec<serde_json::Value> = text.lines().map(serde_json::from_str).collect::<Result<_, _>>()?;
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["to"], "+201112345678");
        assert_eq!(lines[0]["channel"], "sms");
        assert_eq!(lines[0]["code"], "123456");
        assert_eq!(lines[0]["body"], "رمز التحقق 123456");
        assert!(lines[0]["at"].as_str().is_some_and(|at| at.starts_with("20")));
        Ok(())
    }
}
