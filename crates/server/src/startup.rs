//! Wiring: adapters into the domain services, the domain into the HTTP server.

use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;

use actix_files::Files;
use actix_web::dev::{Server, ServiceRequest, fn_service};
use actix_web::http::header::CACHE_CONTROL;
use actix_web::middleware::{Compress, Condition, DefaultHeaders, from_fn};
use actix_web::{App, HttpServer, web};
use anyhow::Context;
use api::{AppState, HealthCheck};
use cart::CartService;
use catalog::CatalogService;
use catalog::admin::CatalogAdmin;
use catalog::misses::SearchMisses;
use couriers::BostaCourier;
use google_signin::{GoogleIdTokenVerifier, GoogleRedirectFlow};
use identity::password::Argon2Hasher;
use identity::token::JwtTokenSigner;
use identity::{IdentityPorts, IdentityService, PeopleDesk};
use invoice_pdf::PdfInvoicePrinter;
use kernel::SystemClock;
use loyalty::{Loyalty, PointsDesk};
use media::LocalMediaStore;
use notify::{HttpSmsGateway, Notifier, OrderNewsWriter, Outbox, Postman, SmtpMailer, Transport, TransportGateway};
use ordering::{Delivery, DeskPorts, Inbox, Invoices, Newsroom, OrderDesk, OrderPorts, Orders, Overview, PhoneStandings, Promotions, Repricing};
use outreach::{Broadcaster, Outreach};
use rand::Rng;
use rand::distributions::Alphanumeric;
use secrecy::ExposeSecret;
use shop::ShopService;
use store::Database;
use store::cart::DieselCartStore;
use store::catalogue::DieselCatalogueStore;
use store::content::DieselShopStore;
use store::delivery::DieselDeliveryStore;
use store::desk::{DieselMessageQueue, DieselNotifications};
use store::identity::{DieselAttemptLog, DieselOtpRepository, DieselSessionRepository, DieselUserRepository};
use store::loyalty::{DieselExchangeRules, DieselPointsLedger};
use store::order_events::DieselOrderSpine;
use store::orders::DieselOrderBook;
use store::outreach::DieselBroadcasts;
use store::overview::DieselFigures;
use store::people::DieselPeopleStore;
use store::phones::DieselPhoneBook;
use store::promos::DieselPromoCodes;
use store::returns::DieselReturnBook;
use store::search_misses::DieselMissedSearches;
use store::shipments::DieselShipmentBook;
use tracing_actix_web::TracingLogger;

use crate::jobs::Repeated;
use crate::settings::Settings;
use crate::wiring::{
    CataloguePriceList, LoyaltyRewards, ShopInvoiceDetails, ShopLoyaltyTerms, ShopPaymentMethods, ShopReputationTerms, SignedConfirmationLinks,
    SignedOptOutLinks,
};

/// Connects to the configured database and runs pending migrations, unless the settings say
/// the schema is changed by a step of its own (`Settings::migrate_on_open`).
pub fn open_database(settings: &Settings) -> anyhow::Result<Database> {
    let db = Database::connect(&settings.database_url(), settings.database.max_connections)?;
    if !settings.migrate_on_open {
        let pending = db.pending_migrations()?;
        anyhow::ensure!(
            pending.is_empty(),
            "{} migration(s) pending ({}): run `mahsoul migrate` first (the compose file's `migrate` step), or `serve --migrate`",
            pending.len(),
            pending.join(", ")
        );
        return Ok(db);
    }
    let applied = db.migrate()?;
    if applied > 0 {
        tracing::info!(applied, backend = db.backend().name(), "migrations applied");
    }
    Ok(db)
}

/// Asks the node listening on `port` of this machine for `/api/health`; an error unless it
/// answers 200 within three seconds.
pub fn check_health(port: u16) -> anyhow::Result<()> {
    let agent = ureq::Agent::config_builder().timeout_global(Some(std::time::Duration::from_secs(3))).http_status_as_error(false).build().new_agent();
    let answer = agent.get(format!("http://127.0.0.1:{port}/api/health")).call().with_context(|| format!("nothing answers on port {port}"))?;
    anyhow::ensure!(answer.status() == 200, "the node on port {port} answered {}", answer.status());
    Ok(())
}

/// Whether every step from `root` to `root/path` is a plain folder or file, never a link.
fn no_link_on_the_way(root: &std::path::Path, path: &std::path::Path) -> bool {
    let mut step = root.to_path_buf();
    path.components().all(|part| {
        step.push(part);
        step.symlink_metadata().is_ok_and(|found| !found.file_type().is_symlink())
    })
}

/// The token secret: the configured one, else (outside production) one generated once and
/// kept in the data dir so sessions survive restarts.
fn jwt_secret(settings: &Settings) -> anyhow::Result<Vec<u8>> {
    let configured = settings.auth.jwt_secret.expose_secret();
    if !configured.is_empty() {
        return Ok(configured.as_bytes().to_vec());
    }
    anyhow::ensure!(!settings.is_production(), "auth.jwt_secret (MAHSOUL__AUTH__JWT_SECRET) must be set in production");
    let path = settings.server.data_dir.join("jwt-secret");
    if let Ok(secret) = std::fs::read_to_string(&path) {
        return Ok(secret.trim().as_bytes().to_vec());
    }
    let secret: String = rand::thread_rng().sample_iter(&Alphanumeric).take(64).map(char::from).collect();
    std::fs::create_dir_all(&settings.server.data_dir)?;
    std::fs::write(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret.into_bytes())
}

/// The SMS and e-mail transports the settings choose.
fn transports(settings: &Settings) -> anyhow::Result<(Arc<dyn Transport>, Arc<dyn Transport>)> {
    let outbox = Arc::new(Outbox::new(settings.outbox_path()));
    let messages = &settings.messages;
    let sms: Arc<dyn Transport> = match messages.sms.as_str() {
        "outbox" => outbox.clone(),
        "http" => {
            let gateway = &messages.sms_gateway;
            Arc::new(HttpSmsGateway::new(&gateway.url, gateway.api_key.expose_secret(), &gateway.sender))
        }
        other => anyhow::bail!("messages.sms must be \"outbox\" or \"http\", not {other:?}"),
    };
    let email: Arc<dyn Transport> = match messages.email.as_str() {
        "outbox" => outbox,
        "smtp" => Arc::new(SmtpMailer::new(&messages.smtp)?),
        other => anyhow::bail!("messages.email must be \"outbox\" or \"smtp\", not {other:?}"),
    };
    Ok((sms, email))
}

/// The identity service over the Diesel store, the configured messengers and Google.
pub fn identity_service(settings: &Settings, db: &Database) -> anyhow::Result<Arc<IdentityService>> {
    let (sms, email) = transports(settings)?;
    let service = IdentityService::new(IdentityPorts {
        users: Arc::new(DieselUserRepository::new(db.clone())),
        sessions: Arc::new(DieselSessionRepository::new(db.clone())),
        otps: Arc::new(DieselOtpRepository::new(db.clone())),
        attempts: Arc::new(DieselAttemptLog::new(db.clone())),
        hasher: Arc::new(Argon2Hasher::new()?),
        tokens: Arc::new(JwtTokenSigner::new(&jwt_secret(settings)?)),
        messenger: Arc::new(Notifier::new(sms, email)),
        google: Arc::new(GoogleIdTokenVerifier::new(settings.google.clone())),
        google_authorization: Arc::new(GoogleRedirectFlow::new(&settings.google)?),
        clock: Arc::new(SystemClock),
    })
    .with_client_limits(settings.limits.client_limits());
    service.ensure_built_in_roles()?;
    Ok(Arc::new(service))
}

/// The edge's bounds from the settings.
fn edge_limits(settings: &Settings) -> api::common::extract::EdgeLimits {
    api::common::extract::EdgeLimits::new(
        std::time::Duration::from_secs(settings.server.body_timeout_secs),
        settings.limits.hashing_slots,
        std::time::Duration::from_millis(settings.limits.hashing_wait_ms),
        settings.server.trusted_proxies.clone(),
    )
}

struct DatabaseHealth(Database);

impl HealthCheck for DatabaseHealth {
    fn backend(&self) -> &'static str {
        self.0.backend().name()
    }

    fn ready(&self) -> anyhow::Result<()> {
        // Within a second, whatever the pool's wait: the proxy's check gives up after two.
        let pending = self.0.readiness(std::time::Duration::from_secs(1))?;
        anyhow::ensure!(pending.is_empty(), "migrations not applied: {}", pending.join(", "));
        Ok(())
    }

    fn database_reachable(&self) -> bool {
        self.0.reachable()
    }
}

/// A built server, bound and ready to run.
pub struct Application {
    port: u16,
    server: Server,
    seeded: bool,
    jobs: Vec<Repeated>,
    send_messages: Arc<dyn Fn() -> anyhow::Result<usize> + Send + Sync>,
    metrics_server: Option<Server>,
    metrics_port: Option<u16>,
}

/// The services the shop runs on, wired over their adapters, and what its background jobs
/// need of them.
struct Services {
    state: web::Data<AppState>,
    metrics: Option<web::Data<crate::metrics::ShopMetrics>>,
    background: Background,
}

/// The services the background jobs run.
struct Background {
    newsroom: Arc<Newsroom>,
    postman: Arc<Postman>,
    broadcaster: Arc<Broadcaster>,
    loyalty: Arc<Loyalty>,
    overview: Arc<Overview>,
    /// Writes off the units of lots that expired.
    catalog_admin: Arc<CatalogAdmin>,
    /// Tells the clients waiting for products that are back.
    back_in_stock: Arc<catalog::BackInStock>,
    /// Cancels the orders nobody confirmed in time.
    orders: Arc<Orders>,
    /// Publishes the orders' changes to the webhooks and sends what is due.
    webhooks: Arc<webhooks::Webhooks>,
    /// For the SQLite log's upkeep.
    database: Database,
}

/// Every domain service over its Diesel, file, mail and SMS adapters (the composition root).
fn wire_services(settings: &Settings, db: Database, identity: Arc<IdentityService>) -> anyhow::Result<Services> {
    let google_client_id = Some(settings.google.client_id.clone()).filter(|id| !id.is_empty());
    let google_redirect = settings.google.redirect_enabled();
    let catalog = Arc::new(CatalogService::new(
        Arc::new(DieselCatalogueStore::new(db.clone())),
        Arc::new(SystemClock),
        chrono::Duration::milliseconds(settings.catalogue.freshness_ms),
    ));
    let catalog_admin = {
        let store = Arc::new(DieselCatalogueStore::new(db.clone()));
        Arc::new(CatalogAdmin::new(store.clone(), Arc::new(LocalMediaStore::new(settings.media_dir())), store.clone(), store, catalog.clone()))
    };
    let shop = Arc::new(ShopService::new(
        Arc::new(DieselShopStore::new(db.clone())),
        Arc::new(SystemClock),
        chrono::Duration::milliseconds(settings.catalogue.freshness_ms),
    ));
    let prices = Arc::new(CataloguePriceList::new(catalog.clone(), shop.clone()));
    let cart = Arc::new(CartService::new(Arc::new(DieselCartStore::new(db.clone())), prices.clone()));
    let delivery_store = Arc::new(DieselDeliveryStore::remembering_cities(db.clone(), settings.catalogue.freshness()));
    let promo_codes = Arc::new(DieselPromoCodes::new(db.clone()));
    let delivery = Arc::new(Delivery::new(delivery_store.clone(), delivery_store.clone()));
    let book = Arc::new(DieselOrderBook::new(db.clone()));
    let (ledger, rules) = (Arc::new(DieselPointsLedger::new(db.clone())), Arc::new(DieselExchangeRules::new(db.clone())));
    let terms = Arc::new(ShopLoyaltyTerms(shop.clone()));
    let loyalty = Arc::new(Loyalty::new(ledger.clone(), rules.clone(), terms.clone(), Arc::new(SystemClock)));
    let points_desk = Arc::new(PointsDesk::new(ledger, rules, terms, Arc::new(SystemClock)));
    let confirmation_links = Arc::new(SignedConfirmationLinks::new(&jwt_secret(settings)?, &settings.server.public_url));
    let newsroom = Arc::new(Newsroom::new(
        Arc::new(DieselOrderSpine::new(db.clone())),
        Arc::new(OrderNewsWriter::new(confirmation_links.clone(), settings.orders.rules().within)),
        Arc::new(SystemClock),
    ));
    let phone_standings = Arc::new(PhoneStandings::new(
        Arc::new(DieselPhoneBook::new(db.clone())),
        Arc::new(ShopReputationTerms::new(shop.clone(), settings.orders.trusted_after_delivered)),
        Arc::new(SystemClock),
    ));
    let returns = Arc::new(DieselReturnBook::new(db.clone()));
    let order_desk = Arc::new(OrderDesk::new(DeskPorts {
        book: book.clone(),
        newsroom: newsroom.clone(),
        rewards: Arc::new(LoyaltyRewards(loyalty.clone())),
        standings: phone_standings.clone(),
        clock: Arc::new(SystemClock),
        max_attempts: settings.orders.max_attempts,
        shipments: Arc::new(DieselShipmentBook::new(db.clone())),
        bosta: settings.couriers.bosta.configured().map(|bosta| Arc::new(BostaCourier::new(bosta)) as Arc<dyn ordering::Courier>),
        returns: returns.clone(),
        return_days: settings.orders.return_days,
        repricing: Repricing { pricing: prices.clone(), cities: delivery_store.clone(), promos: promo_codes.clone() },
        undo_within: settings.orders.undo_within(),
    }));
    let inbox = Arc::new(Inbox::new(Arc::new(DieselNotifications::new(db.clone())), Arc::new(SystemClock)));
    let (sms, email) = transports(settings)?;
    let postman = Arc::new(Postman::new(Arc::new(DieselMessageQueue::new(db.clone())), sms.clone(), email, Arc::new(SystemClock)));
    let printer = PdfInvoicePrinter::new(&settings.invoices.fonts_dir).with_context(|| {
        format!("the invoice fonts are missing from {} (install Debian's fonts-noto-core, as make does)", settings.invoices.fonts_dir.display())
    })?;
    let orders = Arc::new(Orders::new(OrderPorts {
        book,
        cart: Arc::new(DieselCartStore::new(db.clone())),
        pricing: prices,
        cities: delivery_store.clone(),
        addresses: delivery_store,
        promos: promo_codes.clone(),
        payments: Arc::new(ShopPaymentMethods),
        newsroom: newsroom.clone(),
        links: confirmation_links,
        rules: settings.orders.rules(),
        standings: phone_standings.clone(),
        returns,
        return_days: settings.orders.return_days,
        clock: Arc::new(SystemClock),
    }));
    let orders_for_jobs = orders.clone();
    let invoices = Arc::new(Invoices::new(
        orders.clone(),
        order_desk.clone(),
        Arc::new(printer),
        Arc::new(ShopInvoiceDetails::new(shop.clone(), &settings.server.public_url)),
    ));
    let promotions = Arc::new(Promotions::new(promo_codes, Arc::new(SystemClock)));
    let broadcasts = Arc::new(DieselBroadcasts::new(db.clone()));
    let links = Arc::new(SignedOptOutLinks::new(&jwt_secret(settings)?, &settings.server.public_url));
    let outreach = Arc::new(Outreach::new(broadcasts.clone(), links.clone(), Arc::new(SystemClock)));
    let broadcaster =
        Arc::new(Broadcaster::new(broadcasts, Arc::new(TransportGateway(sms)), links, Arc::new(SystemClock), settings.messages.broadcast_per_second));
    let metrics = settings.metrics.enabled.then(|| web::Data::new(crate::metrics::ShopMetrics::new(db.clone(), catalog.clone())));
    let overview = Arc::new(Overview::new(Arc::new(DieselFigures::new(db.clone())), Arc::new(SystemClock)));
    let people = Arc::new(PeopleDesk::new(Arc::new(DieselPeopleStore::new(db.clone())), Arc::new(Argon2Hasher::new()?), Arc::new(SystemClock)));
    api::common::error::recognise_database_outages(store::database::out_of_reach);
    let catalog_admin_for_jobs = catalog_admin.clone();
    let back_in_stock = Arc::new(catalog::BackInStock::new(catalog.clone(), Arc::new(store::stock_alerts::DieselStockAlerts::new(db.clone()))));
    let api_keys = Arc::new(identity::api_keys::ApiKeyDesk::new(
        Arc::new(store::api_keys::DieselApiKeys::new(db.clone())),
        Arc::new(SystemClock),
        settings.integrations.key_requests_per_minute,
    ));
    let webhooks = Arc::new(webhooks::Webhooks::new(
        Arc::new(store::webhooks::DieselWebhookStore::new(db.clone())),
        Arc::new(notify::webhook_sender::HttpReceiver::new(settings.integrations.webhooks_allow_private)),
        Arc::new(api::dashboard::integrations::ShapesAsAnswered {
            orders: order_desk.clone(),
            catalog: catalog.clone(),
            people: people.clone(),
            standings: phone_standings.clone(),
        }),
        Arc::new(SystemClock),
        settings.integrations.webhooks_allow_private,
    ));
    let state = web::Data::new(AppState {
        identity,
        catalog,
        catalog_admin,
        back_in_stock: back_in_stock.clone(),
        search_misses: Arc::new(SearchMisses::new(Arc::new(DieselMissedSearches::new(db.clone())))),
        shop,
        cart,
        delivery,
        orders,
        order_desk,
        phone_standings,
        inbox,
        invoices,
        promotions,
        loyalty: loyalty.clone(),
        points_desk,
        people,
        outreach,
        overview: overview.clone(),
        health: Arc::new(DatabaseHealth(db.clone())),
        idempotency: Arc::new(kernel::Idempotency::new(Arc::new(store::keys::DieselKeptAnswers::new(db.clone())), Arc::new(SystemClock))),
        google_client_id,
        google_redirect,
        product_json: Default::default(),
        api_keys,
        webhooks: webhooks.clone(),
        edge: edge_limits(settings),
        courier_webhook_headers: settings.couriers.bosta.configured().map(|bosta| (ordering::CourierKind::Bosta, bosta.webhook_header)).into_iter().collect(),
        wrong_courier_secrets: Arc::new(api::couriers::WrongSecrets::new(settings.couriers.wrong_secrets_per_minute)),
    });
    Ok(Services {
        state,
        metrics,
        background: Background {
            newsroom,
            postman,
            broadcaster,
            loyalty,
            overview,
            catalog_admin: catalog_admin_for_jobs,
            back_in_stock,
            orders: orders_for_jobs,
            webhooks,
            database: db,
        },
    })
}

/// The shop's HTTP server on `listener`: the API, the pages it paints, the media and the
/// built frontend, behind the middleware every answer passes.
fn http_server(
    settings: &Settings,
    listener: TcpListener,
    state: web::Data<AppState>,
    metrics: Option<web::Data<crate::metrics::ShopMetrics>>,
) -> anyhow::Result<Server> {
    let frontend = settings.server.frontend_dir.clone();
    let media = settings.media_dir();
    // Read once: every page is this file in its language with the page's own tags.
    let index = api::storefront::share::IndexPage::new(
        &std::fs::read_to_string(frontend.join("index.html"))
            .unwrap_or_else(|_| "<html><head><title>Mahsoul</title></head><body>The frontend is not built: run `make run`.</body></html>".into()),
        |path| std::fs::read_to_string(frontend.join(path)).ok(),
    );
    let mut server = HttpServer::new(move || {
        let app = App::new();
        let app = match &metrics {
            Some(metrics) => app.app_data(metrics.clone()),
            None => app,
        };
        app.app_data(state.clone())
            .app_data(web::Data::new(index.clone()))
            .wrap(from_fn(api::common::methods::head_as_get))
            .wrap(Compress::default())
            .wrap(security_headers())
            .wrap(from_fn(crate::telemetry::request_id_header))
            .wrap(TracingLogger::<crate::telemetry::RequestSpan>::new())
            .wrap(Condition::new(metrics.is_some(), from_fn(crate::metrics::count_requests)))
            .configure(api::configure)
            .service(api::storefront::share::product_page())
            .configure(api::storefront::pages::configure)
            .service(
                web::scope("/media")
                    .wrap(DefaultHeaders::new().add((CACHE_CONTROL, "public, max-age=86400")))
                    .wrap(from_fn(api::common::error::localize_errors))
                    // A missing picture answers like the API: a JSON 404 in the caller's language.
                    .service({
                        let root = media.clone();
                        Files::new("", &media)
                            // A link inside the media folder (a restored archive's, an
                            // operator's) never serves a file from outside it.
                            .path_filter(move |path, _| no_link_on_the_way(&root, path))
                            .default_handler(fn_service(|request: ServiceRequest| async { Ok(request.error_response(api::ApiError::NotFound)) }))
                    }),
            )
            .configure(|config| frontend_routes(config, &frontend))
    })
    .listen(listener)?
    // Idle connections are kept longer than clients and proxies keep theirs (actix's 5 s
    // default is shorter than most): a client reusing a connection the server closes
    // at that moment gets a reset — seen in the browser tests' API calls.
    .keep_alive(std::time::Duration::from_secs(75))
    .shutdown_timeout(settings.server.shutdown_timeout_secs);
    if settings.server.workers > 0 {
        server = server.workers(settings.server.workers);
    }
    Ok(server.run())
}

/// The background jobs, and the send of queued messages a stopping node runs once more.
fn background_jobs(settings: &Settings, background: Background) -> (Vec<Repeated>, Arc<dyn Fn() -> anyhow::Result<usize> + Send + Sync>) {
    let Background { newsroom, postman, broadcaster, loyalty, overview, catalog_admin, back_in_stock, orders, webhooks, database } = background;
    let every_webhook = std::time::Duration::from_millis(settings.integrations.webhooks_every_ms.max(10));
    let (publisher, watcher) = (webhooks.clone(), webhooks.clone());
    let upkeep = store::upkeep::Upkeep::new(database.clone(), settings.upkeep.retention());
    // A quarter of the wait an order gets, between a second and a minute: late by at most that.
    let every_expiry =
        settings.orders.rules().within.to_std().unwrap_or_default().div_f64(4.0).clamp(std::time::Duration::from_secs(1), std::time::Duration::from_secs(60));
    let every_send = std::time::Duration::from_millis(settings.messages.send_every_ms.max(10));
    let send_messages: Arc<dyn Fn() -> anyhow::Result<usize> + Send + Sync> = Arc::new(move || postman.send_due());
    let outage: Arc<dyn Fn() -> bool + Send + Sync> = {
        let database = database.clone();
        Arc::new(move || !database.reachable())
    };
    let jobs = vec![
        Repeated { name: "order news", every: every_send, run: Arc::new(move || newsroom.tell_untold()), outage: outage.clone() },
        Repeated { name: "messages", every: every_send, run: send_messages.clone(), outage: outage.clone() },
        // At the pace of the messages: a product back is told within a moment of it.
        Repeated { name: "back in stock", every: every_send, run: Arc::new(move || Ok(back_in_stock.tell_the_waiting()?)), outage: outage.clone() },
        Repeated { name: "webhook events", every: every_webhook, run: Arc::new(move || publisher.publish_order_changes()), outage: outage.clone() },
        Repeated { name: "webhook watches", every: every_webhook * 4, run: Arc::new(move || watcher.publish_watched_changes()), outage: outage.clone() },
        Repeated { name: "webhook deliveries", every: every_webhook, run: Arc::new(move || webhooks.send_due()), outage: outage.clone() },
        Repeated { name: "broadcasts", every: std::time::Duration::from_secs(1), run: Arc::new(move || broadcaster.send_due()), outage: outage.clone() },
        Repeated { name: "unconfirmed orders", every: every_expiry, run: Arc::new(move || Ok(orders.expire_unconfirmed()?)), outage: outage.clone() },
        Repeated {
            name: "points expiries",
            every: std::time::Duration::from_secs(60),
            run: Arc::new(move || Ok(loyalty.expire_due()?)),
            outage: outage.clone(),
        },
        Repeated {
            name: "lot and registration expiries",
            every: std::time::Duration::from_secs(600),
            run: Arc::new(move || Ok(catalog_admin.write_off_expired()? + catalog_admin.tell_lapsed_registrations()?)),
            outage: outage.clone(),
        },
        Repeated { name: "overview tally", every: std::time::Duration::from_secs(2), run: Arc::new(move || Ok(overview.catch_up()?)), outage: outage.clone() },
        Repeated {
            name: "pruning",
            every: std::time::Duration::from_secs(settings.upkeep.every_secs.max(1)),
            run: Arc::new(move || upkeep.prune(chrono::Utc::now())),
            outage: outage.clone(),
        },
        Repeated {
            name: "log upkeep",
            every: std::time::Duration::from_secs(60),
            run: Arc::new(move || checkpoint_when_idle(&database)),
            outage: outage.clone(),
        },
    ];
    (jobs, send_messages)
}

/// Empties SQLite's write-ahead log when no request is using the database, so it does not stay
/// at the size a busy hour left; a busy minute waits for the next.
fn checkpoint_when_idle(database: &Database) -> anyhow::Result<usize> {
    if database.backend() != store::Backend::Sqlite || api::common::extract::blocking_in_flight() > 0 {
        return Ok(0);
    }
    database.checkpoint()?;
    Ok(1)
}

/// `/metrics` on a port of its own, which the proxy does not expose; none when metrics are off.
fn metrics_server(settings: &Settings, metrics: Option<web::Data<crate::metrics::ShopMetrics>>) -> anyhow::Result<(Option<Server>, Option<u16>)> {
    let Some(metrics) = metrics else { return Ok((None, None)) };
    let (host, port) = (settings.metrics.host.as_str(), settings.metrics.port);
    let listener = TcpListener::bind((host, port)).with_context(|| format!("binding the metrics port {host}:{port}"))?;
    let port = listener.local_addr()?.port();
    let server = HttpServer::new(move || App::new().app_data(metrics.clone()).route("/metrics", web::get().to(crate::metrics::scrape)))
        .workers(1)
        .disable_signals()
        .listen(listener)?
        .run();
    Ok((Some(server), Some(port)))
}

impl Application {
    /// Opens the database (migrating it), seeds demo data when asked, wires the services and
    /// binds the listener.
    pub fn build(settings: &Settings) -> anyhow::Result<Application> {
        let db = open_database(settings)?;
        let identity = identity_service(settings, &db)?;
        let seeded = settings.demo.seed && crate::demo::seed(&db, &identity, &settings.media_dir())?;
        let listener = TcpListener::bind((settings.server.host.as_str(), settings.server.port))
            .with_context(|| format!("binding {}:{}", settings.server.host, settings.server.port))?;
        let port = listener.local_addr()?.port();
        let Services { state, metrics, background } = wire_services(settings, db, identity)?;
        let server = http_server(settings, listener, state, metrics.clone())?;
        let (jobs, send_messages) = background_jobs(settings, background);
        let (metrics_server, metrics_port) = metrics_server(settings, metrics)?;
        Ok(Application { port, server, seeded, jobs, send_messages, metrics_server, metrics_port })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port `/metrics` is served on, when metrics are on.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_port
    }

    /// Whether demo data was seeded by this start.
    pub fn seeded(&self) -> bool {
        self.seeded
    }

    /// Serves, and runs the background jobs, until the process is stopped. On SIGTERM the
    /// node accepts no new connection, lets the requests it serves finish (up to
    /// `server.shutdown_timeout_secs`), then sends the messages still queued once more, so an
    /// order placed in its last second has its SMS on the way before the process exits.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let metrics = self.metrics_server.map(|server| {
            let handle = server.handle();
            actix_web::rt::spawn(server);
            handle
        });
        let jobs = futures_util::future::join_all(self.jobs.into_iter().map(Repeated::run));
        let served = tokio::select! {
            served = self.server => served,
            _ = jobs => Ok(()),
        };
        if let Some(metrics) = metrics {
            metrics.stop(false).await;
        }
        let send_messages = self.send_messages;
        match tokio::task::spawn_blocking(move || send_messages()).await {
            Ok(Ok(sent)) => tracing::info!(sent, "stopped; queued messages sent"),
            Ok(Err(error)) => tracing::warn!(error = format!("{error:#}"), "stopped; some queued messages wait for the next start"),
            Err(error) => tracing::error!(%error, "stopped; the last send of queued messages failed"),
        }
        served
    }
}

/// What the browser is told about every answer: only the shop's own scripts (and Google's
/// sign-in) run, nothing frames the shop, MIME types are not guessed, and other sites see
/// only the origin in `Referer`. Styles may be inline: the UI library sets them at run time.
fn security_headers() -> DefaultHeaders {
    const POLICY: &str = "default-src 'self'; script-src 'self' https://accounts.google.com; \
        style-src 'self' 'unsafe-inline' https://accounts.google.com; img-src 'self' data: blob: https:; font-src 'self' data:; \
        connect-src 'self' https://accounts.google.com; frame-src https://accounts.google.com; object-src 'none'; \
        base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    DefaultHeaders::new()
        .add(("Content-Security-Policy", POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
}

/// The built frontend: hashed assets cached for a year and sent as the build compressed them
/// (brotli 11 or gzip 9 by `Accept-Encoding`, none compressed again on the way), other built
/// files as they are, and
/// every other path the app's `index.html` (never cached), with a 404 where the app has no
/// screen (`api::storefront::pages`).
fn frontend_routes(config: &mut web::ServiceConfig, dir: &Path) {
    config
        .service(
            web::scope("/assets")
                .wrap(DefaultHeaders::new().add((CACHE_CONTROL, "public, max-age=31536000, immutable")))
                .service(Files::new("", dir.join("assets")).try_compressed()),
        )
        .service(Files::new("/", dir).index_file("__spa__").default_handler(fn_service(api::storefront::pages::app)));
}
