//! Typed settings: `config/default.toml` (built in), then `config/<MAHSOUL_ENV>.toml`, then
//! `MAHSOUL__SECTION__KEY` environment variables, then command-line flags.

use std::path::{Path, PathBuf};

use anyhow::Context;
use config::{Config, Environment, File, FileFormat};
use google_signin::GoogleSettings;
use notify::SmtpSettings;
use secrecy::SecretString;
use serde::Deserialize;

/// Every setting of the shop.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// The HTTP server.
    pub server: ServerSettings,
    /// The database.
    pub database: DatabaseSettings,
    /// Tokens.
    pub auth: AuthSettings,
    /// Google sign-in.
    pub google: GoogleSettings,
    /// SMS and e-mail.
    pub messages: MessageSettings,
    /// The catalogue cache.
    pub catalogue: CatalogueSettings,
    /// Demo data.
    pub demo: DemoSettings,
    /// Bounds on costly work and limits per client address.
    pub limits: LimitSettings,
    /// Orders' confirmation.
    pub orders: OrderSettings,
    /// Courier companies the shop has an account with.
    pub couriers: CourierSettings,
    /// Invoices.
    pub invoices: InvoiceSettings,
    /// What the node logs, and how.
    pub log: LogSettings,
    /// The Prometheus metrics listener.
    pub metrics: MetricsSettings,
    /// Integrators' API keys and webhooks.
    pub integrations: IntegrationSettings,
    /// How long what is done is kept before the pruning job deletes it.
    pub upkeep: UpkeepSettings,
    /// Backups and restores.
    pub backups: BackupSettings,
    /// The environment the settings were loaded for.
    #[serde(skip)]
    pub environment: String,
    /// Whether opening the database applies pending migrations. `serve` in production does
    /// not unless told (`serve --migrate`): there the compose file's `migrate` step changes the
    /// schema, once, and a node started on an older schema refuses to start (the orchestrator
    /// starts it again once the step has run) instead of racing another node to apply them.
    #[serde(skip)]
    pub migrate_on_open: bool,
}

/// The HTTP server.
#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    /// Address to listen on.
    pub host: String,
    /// Port to listen on.
    pub port: u16,
    /// Where the SQLite file, the outbox, media and the development secret live.
    pub data_dir: PathBuf,
    /// The built frontend.
    pub frontend_dir: PathBuf,
    /// Worker threads; 0 for one per core.
    pub workers: usize,
    /// Seconds a request body may take to arrive.
    pub body_timeout_secs: u64,
    /// Load balancers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The site's address as buyers reach it, for links printed on invoices.
    pub public_url: String,
    /// Seconds a stopping node gives the requests it is serving to finish.
    pub shutdown_timeout_secs: u64,
}

/// What the node logs, and how.
#[derive(Debug, Clone, Deserialize)]
pub struct LogSettings {
    /// A `tracing` filter such as `info` or `info,store=debug`; `RUST_LOG` wins when set.
    pub level: String,
    /// `text` for people, `json` (one object a line) for log collectors.
    pub format: String,
}

/// The Prometheus metrics listener.
#[derive(Debug, Clone, Deserialize)]
pub struct MetricsSettings {
    /// Whether the node counts requests and serves `/metrics`.
    pub enabled: bool,
    /// The address it listens on: keep it private (the proxy does not forward it).
    pub host: String,
    /// The port `/metrics` is served on, apart from the shop's.
    pub port: u16,
}

/// When orders need their buyer's confirmation, and how long they wait for it.
#[derive(Debug, Clone, Deserialize)]
pub struct OrderSettings {
    /// Hours a new order waits for its confirmation before it cancels itself (fractions allowed,
    /// so a test can wait seconds).
    pub confirm_within_hours: f64,
    /// Delivered orders after which a client is trusted without asking.
    pub trusted_after_delivered: u64,
    /// Failed delivery attempts after which a parcel is taken as refused.
    pub max_attempts: u32,
    /// Days after its delivery an order's buyer may ask to return units of it.
    pub return_days: u32,
    /// Minutes after a staff member's move it can be undone (fractions allowed, so a test can
    /// wait seconds).
    pub undo_minutes: f64,
}

impl OrderSettings {
    /// The rules as ordering reads them; a time that is no number of hours waits a day.
    pub fn rules(&self) -> ordering::ConfirmationRules {
        let hours = if self.confirm_within_hours.is_finite() && self.confirm_within_hours > 0.0 { self.confirm_within_hours } else { 24.0 };
        let millis = (hours * 3_600_000.0).min(i64::MAX as f64) as i64;
        ordering::ConfirmationRules { within: chrono::Duration::milliseconds(millis), trusted_after_delivered: self.trusted_after_delivered }
    }

    /// How long a move can be undone; a time that is no number of minutes is none at all.
    pub fn undo_within(&self) -> chrono::TimeDelta {
        let minutes = if self.undo_minutes.is_finite() { self.undo_minutes.max(0.0) } else { 0.0 };
        chrono::TimeDelta::milliseconds((minutes * 60_000.0).min(i64::MAX as f64) as i64)
    }
}

/// Courier companies the shop has an account with.
#[derive(Debug, Clone, Deserialize)]
pub struct CourierSettings {
    /// Wrong webhook secrets one client address may send a minute before it meets 429.
    pub wrong_secrets_per_minute: usize,
    /// Bosta.
    pub bosta: BostaAccount,
}

/// The shop's Bosta account; without an API key, parcels are not booked with Bosta.
#[derive(Debug, Clone, Deserialize)]
pub struct BostaAccount {
    /// The API's root.
    pub base_url: String,
    /// The business's API key; empty when the shop has no account.
    pub api_key: SecretString,
    /// The header Bosta's webhook calls carry the shared secret in.
    pub webhook_header: String,
    /// The shared secret set in Bosta's dashboard beside the webhook's URL.
    pub webhook_secret: SecretString,
    /// The buyer's tracking page, `{tracking}` standing for the number.
    pub tracking_url: String,
}

impl BostaAccount {
    /// The adapter's settings, when the shop has an account.
    pub fn configured(&self) -> Option<couriers::BostaSettings> {
        use secrecy::ExposeSecret;
        (!self.api_key.expose_secret().is_empty()).then(|| couriers::BostaSettings {
            base_url: self.base_url.clone(),
            api_key: self.api_key.clone(),
            webhook_header: self.webhook_header.clone(),
            webhook_secret: self.webhook_secret.clone(),
            tracking_url: self.tracking_url.clone(),
        })
    }
}

/// Invoices.
#[derive(Debug, Clone, Deserialize)]
pub struct InvoiceSettings {
    /// Where Noto Naskh Arabic and Noto Sans are (Debian's `fonts-noto-core`).
    pub fonts_dir: PathBuf,
}

/// Bounds on costly work and limits per client address.
#[derive(Debug, Clone, Deserialize)]
pub struct LimitSettings {
    /// Password hashes at once; 0 for one per core.
    pub hashing_slots: usize,
    /// Milliseconds to wait for a hashing slot.
    pub hashing_wait_ms: u64,
    /// Failed logins per address per 15 minutes.
    pub login_failures_per_address: usize,
    /// Accounts opened per address per hour.
    pub registrations_per_address: usize,
    /// Password-reset codes asked for per address per hour.
    pub password_resets_per_address: usize,
    /// Contact messages per address per hour.
    pub contact_messages_per_address: usize,
    /// Guest checkouts tried per address per hour.
    pub guest_orders_per_address: usize,
    /// Guest order look-ups per address per 15 minutes.
    pub order_lookups_per_address: usize,
    /// Accounts opened per block of ten thousand numbers per hour.
    pub registrations_per_phone_block: usize,
}

impl LimitSettings {
    /// The identity service's limits per client address.
    pub fn client_limits(&self) -> identity::throttle::ClientLimits {
        use identity::throttle::Limit;
        identity::throttle::ClientLimits {
            login_failures: Limit::per_minutes(self.login_failures_per_address, 15),
            registrations: Limit::per_minutes(self.registrations_per_address, 60),
            registrations_per_phone_block: Limit::per_minutes(self.registrations_per_phone_block, 60),
            password_resets: Limit::per_minutes(self.password_resets_per_address, 60),
            contact_messages: Limit::per_minutes(self.contact_messages_per_address, 60),
            guest_orders: Limit::per_minutes(self.guest_orders_per_address, 60),
            order_lookups: Limit::per_minutes(self.order_lookups_per_address, 15),
        }
    }
}

/// The database.
#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    /// A `postgres://` URL or a SQLite path; empty for `<data_dir>/mahsoul.db`.
    pub url: String,
    /// Pool size.
    pub max_connections: u32,
}

/// Tokens.
#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    /// The HS256 secret; empty outside production means "generate and keep one".
    pub jwt_secret: SecretString,
}

/// Backups and restores.
#[derive(Debug, Clone, Deserialize)]
pub struct BackupSettings {
    /// The most an archive to restore may hold, uncompressed, in bytes.
    pub max_restore_bytes: u64,
}

/// How long what is done is kept before the pruning job deletes it.
#[derive(Debug, Clone, Deserialize)]
pub struct UpkeepSettings {
    /// Seconds between two runs of the pruning job.
    pub every_secs: u64,
    /// Days a sent message is kept.
    pub sent_messages_days: i64,
    /// Days a read notification is kept.
    pub read_notifications_days: i64,
    /// Days a webhook delivery that is done (sent or failed) is kept, with its attempts.
    pub webhook_deliveries_days: i64,
    /// Days an order event every reader has passed is kept.
    pub order_events_days: i64,
    /// How many of the searches that found nothing are kept (the most searched).
    pub search_misses_kept: i64,
}

impl UpkeepSettings {
    /// The store's retention.
    pub fn retention(&self) -> store::upkeep::Retention {
        store::upkeep::Retention {
            sent_messages: chrono::Duration::days(self.sent_messages_days),
            read_notifications: chrono::Duration::days(self.read_notifications_days),
            webhook_deliveries: chrono::Duration::days(self.webhook_deliveries_days),
            order_events: chrono::Duration::days(self.order_events_days),
            search_misses_kept: self.search_misses_kept,
        }
    }
}

/// Integrators' API keys and webhooks.
#[derive(Debug, Clone, Deserialize)]
pub struct IntegrationSettings {
    /// Requests an API key may make a minute, on every node together.
    pub key_requests_per_minute: u32,
    /// Milliseconds between two looks at the order events to publish and the deliveries due.
    pub webhooks_every_ms: u64,
    /// Lets webhook endpoints use http and reach loopback and private addresses: for
    /// development and tests only, never in production (the SSRF guard is off).
    pub webhooks_allow_private: bool,
}

/// SMS and e-mail.
#[derive(Debug, Clone, Deserialize)]
pub struct MessageSettings {
    /// `outbox` or `http`.
    pub sms: String,
    /// `outbox` or `smtp`.
    pub email: String,
    /// The outbox file; empty for `<data_dir>/outbox.jsonl`.
    pub outbox_path: String,
    /// Milliseconds between two looks at the queue of messages to send.
    pub send_every_ms: u64,
    /// Broadcast SMS sent a second at most: the gateway's rate.
    pub broadcast_per_second: usize,
    /// The HTTP SMS gateway.
    pub sms_gateway: SmsGatewaySettings,
    /// The SMTP server.
    pub smtp: SmtpSettings,
}

/// The HTTP SMS gateway.
#[derive(Debug, Clone, Deserialize)]
pub struct SmsGatewaySettings {
    /// Where to POST.
    pub url: String,
    /// The bearer key.
    pub api_key: SecretString,
    /// Sender name shown on phones.
    pub sender: String,
}

/// The catalogue cache.
#[derive(Debug, Clone, Deserialize)]
pub struct CatalogueSettings {
    /// Milliseconds between checks of the stored catalogue version; the shop's settings and
    /// shipping cities are kept as long.
    pub freshness_ms: i64,
}

impl CatalogueSettings {
    /// How long a copy read from the database answers before it is read again.
    pub fn freshness(&self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::try_from(self.freshness_ms).unwrap_or(0))
    }
}

/// Demo data.
#[derive(Debug, Clone, Deserialize)]
pub struct DemoSettings {
    /// Seed demo users and reference data on an empty database.
    pub seed: bool,
}

/// The environments the shop knows, each with its layer in `config/`.
pub const ENVIRONMENTS: [&str; 3] = ["development", "test", "production"];

impl Settings {
    /// Loads the layers for `MAHSOUL_ENV` (default `development`) from `config/` under the
    /// current directory when it exists.
    pub fn load() -> anyhow::Result<Settings> {
        let environment = std::env::var("MAHSOUL_ENV").unwrap_or_else(|_| "development".into());
        // A typo (`prodution`) would otherwise run with development's defaults: a generated
        // token secret and codes written to a file.
        anyhow::ensure!(ENVIRONMENTS.contains(&environment.as_str()), "MAHSOUL_ENV={environment:?} is not one of {}", ENVIRONMENTS.join(", "));
        let mut settings: Settings = Config::builder()
            .add_source(File::from_str(include_str!("../../../config/default.toml"), FileFormat::Toml))
            .add_source(File::with_name(&format!("config/{environment}")).required(false))
            .add_source(
                Environment::with_prefix("MAHSOUL")
                    .prefix_separator("__")
                    .separator("__")
                    .try_parsing(true)
                    .list_separator(",")
                    .with_list_parse_key("google.issuers")
                    .with_list_parse_key("server.trusted_proxies"),
            )
            .build()
            .context("reading the configuration")?
            .try_deserialize()
            .context("the configuration has a wrong value")?;
        settings.environment = environment;
        settings.migrate_on_open = true;
        Ok(settings)
    }

    /// Whether this is a production configuration.
    pub fn is_production(&self) -> bool {
        self.environment == "production"
    }

    /// The database URL, defaulting to SQLite in the data dir.
    pub fn database_url(&self) -> String {
        if self.database.url.is_empty() { self.server.data_dir.join("mahsoul.db").to_string_lossy().into_owned() } else { self.database.url.clone() }
    }

    /// Where uploaded and demo images live, served at `/media`.
    pub fn media_dir(&self) -> PathBuf {
        self.server.data_dir.join("media")
    }

    /// The outbox file.
    pub fn outbox_path(&self) -> PathBuf {
        if self.messages.outbox_path.is_empty() { self.server.data_dir.join("outbox.jsonl") } else { PathBuf::from(&self.messages.outbox_path) }
    }

    /// Applies the command-line flags.
    pub fn override_with(&mut self, port: Option<u16>, data_dir: Option<&Path>, database_url: Option<&str>) {
        if let Some(port) = port {
            self.server.port = port;
        }
        if let Some(dir) = data_dir {
            self.server.data_dir = dir.to_path_buf();
        }
        if let Some(url) = database_url {
            self.database.url = url.to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use config::{Config, File, FileFormat};

    /// Every `MAHSOUL__SECTION__KEY` the deployment files set names a real setting: a typo
    /// there would be ignored silently, and the shop would run on the default.
    #[test]
    fn the_deployment_files_set_only_settings_that_exist() {
        let defaults = Config::builder().add_source(File::from_str(include_str!("../../../config/default.toml"), FileFormat::Toml)).build().unwrap();
        let mut checked = 0;
        for file in [include_str!("../../../deploy/compose.yaml"), include_str!("../../../deploy/Dockerfile")] {
            for word in file.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|word| word.starts_with("MAHSOUL__")) {
                let key = word.trim_start_matches("MAHSOUL__").to_lowercase().replace("__", ".");
                assert!(defaults.get::<config::Value>(&key).is_ok(), "{word} names no setting ({key})");
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked} variables");
    }

    #[test]
    fn the_settings_print_no_secret() {
        let mut settings = super::Settings::load().unwrap();
        settings.messages.smtp.password = Some(secrecy::SecretString::from("smtp-pass-4471"));
        settings.auth.jwt_secret = secrecy::SecretString::from("jwt-secret-4471");
        let printed = format!("{settings:?}");
        assert!(!printed.contains("4471"), "{printed}");
    }
}
