//! The database going away under a running shop: a TCP proxy the test cuts stands between the
//! node and PostgreSQL, as a restart, a fail-over or a network cut would. A SQLite database is
//! a file inside the process and cannot go away this way, so these tests are of the PostgreSQL
//! leg; on the SQLite leg they say so and pass.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

use crate::helpers::{TestApp, json_of, spawn_app_with_catalogue_and};

/// A TCP proxy to PostgreSQL on its own thread (the test thread blocks on Diesel at times),
/// which the test cuts (every open connection dropped, new ones closed at once) and restores.
struct Cuttable {
    address: SocketAddr,
    open: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Cuttable {
    fn to(upstream: String) -> Cuttable {
        let std_listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        std_listener.set_nonblocking(true).unwrap();
        let address = std_listener.local_addr().unwrap();
        let open = Arc::new(AtomicBool::new(true));
        let live = Arc::new(Mutex::new(Vec::new()));
        let (accepting, tracked) = (open.clone(), live.clone());
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async move {
                let listener = TcpListener::from_std(std_listener).unwrap();
                while let Ok((mut inbound, _)) = listener.accept().await {
                    if !accepting.load(Ordering::SeqCst) {
                        continue; // dropped: the node sees its connection closed
                    }
                    let upstream = upstream.clone();
                    let task = tokio::spawn(async move {
                        if let Ok(mut outbound) = TcpStream::connect(&upstream).await {
                            let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                        }
                    });
                    tracked.lock().unwrap().push(task.abort_handle());
                }
            });
        });
        Cuttable { address, open, live }
    }

    fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for task in self.live.lock().unwrap().drain(..) {
            task.abort();
        }
    }

    fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

/// The PostgreSQL server's `host:port` in a test database URL.
fn server_of(url: &str) -> String {
    let after_user = url.split_once('@').map_or(url, |(_, rest)| rest);
    after_user.split('/').next().unwrap().to_string()
}

/// A shop with the demo catalogue whose database is reached through a proxy the test cuts;
/// `None` on the SQLite leg.
async fn shop_behind_a_cuttable_link() -> Option<(TestApp, Cuttable)> {
    if !test_support::postgres_leg() {
        eprintln!("outage tests run on the PostgreSQL leg only: a SQLite database is a file of the process and cannot be cut");
        return None;
    }
    let mut proxy = None;
    let app = spawn_app_with_catalogue_and(|settings| {
        settings.metrics.enabled = true;
        settings.metrics.port = 0;
        let server = server_of(&settings.database.url);
        let cuttable = Cuttable::to(server.clone());
        settings.database.url = settings.database.url.replacen(&server, &cuttable.address.to_string(), 1);
        proxy = Some(cuttable);
    })
    .await;
    Some((app, proxy.unwrap()))
}

fn guest_order(product: i64) -> Value {
    json!({"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": 1}]})
}

#[actix_web::test]
async fn a_checkout_while_the_database_is_cut_answers_503_with_retry_after_and_the_same_key_places_one_order_once_it_is_back() {
    let Some((app, link)) = shop_behind_a_cuttable_link().await else { return };
    let product = json_of(app.get("products/neem-oil", None).await).await["data"]["id"].as_i64().unwrap();
    let stock_before = app.stock(product);

    link.cut();
    for (lang, message) in [
        ("en", "The shop cannot complete this right now. Please try again in a few seconds."),
        ("ar", "لا يستطيع المتجر إتمام هذا الآن. حاول مرة أخرى بعد ثوانٍ."),
    ] {
        let refused = app
            .request(Method::POST, "guest-orders/checkout", None, lang)
            .header("Idempotency-Key", "outage-try-1")
            .json(&guest_order(product))
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), 503, "{lang}: a lost database is no server bug");
        assert_eq!(refused.headers()["retry-after"], "5");
        assert_eq!(json_of(refused).await["message"], message);
    }

    link.restore();
    let back_by = Instant::now() + Duration::from_secs(15);
    let placed = loop {
        let response = app.guest_checkout(&guest_order(product), Some("outage-try-1")).await;
        if response.status() != 503 || Instant::now() > back_by {
            break response;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(placed.status(), 201, "the same key places the order once the database is back");
    let number = json_of(placed).await["data"]["number"].clone();
    let again = json_of(app.guest_checkout(&guest_order(product), Some("outage-try-1")).await).await;
    assert_eq!(again["data"]["number"], number, "a repeat of the key answers the same order");
    assert_eq!(app.stock(product), stock_before - 1, "exactly one unit left the shelf");
}

#[actix_web::test]
async fn ready_says_no_at_once_and_each_request_is_refused_without_the_pools_wait_once_the_database_is_cut() {
    let Some((app, link)) = shop_behind_a_cuttable_link().await else { return };
    link.cut();
    let started = Instant::now();
    let ready = app.get("ready", None).await;
    assert_eq!(ready.status(), 503, "not ready without its database");
    // Not a speed measure: the proxy's health check gives up after 2 s, the pool's wait is 10 s.
    assert!(started.elapsed() < Duration::from_secs(3), "/api/ready answered within its own second, took {:?}", started.elapsed());
    // The database is now marked out of reach.
    assert_eq!(app.guest_checkout(&guest_order(1), None).await.status(), 503);
    for _ in 0..3 {
        let started = Instant::now();
        assert_eq!(app.guest_checkout(&guest_order(1), None).await.status(), 503);
        // Not a speed measure: the pool's whole wait is 10 s, the wait while out of reach 0.5 s.
        assert!(started.elapsed() < Duration::from_secs(3), "refused without the pool's whole wait, took {:?}", started.elapsed());
    }
}

#[actix_web::test]
async fn while_the_database_is_cut_the_shop_keeps_showing_its_catalogue_from_memory_and_ready_says_so() {
    let Some((app, link)) = shop_behind_a_cuttable_link().await else { return };
    assert_eq!(app.get("products/neem-oil", None).await.status(), 200, "the catalogue is read into memory");
    link.cut();
    let started = Instant::now();
    let ready = app.get("ready", None).await;
    // Not a speed measure: the proxy's health check gives up after 2 s, the pool's wait is 10 s.
    assert!(started.elapsed() < Duration::from_secs(3), "/api/ready answered within its own second, took {:?}", started.elapsed());
    assert_eq!(ready.status(), 200, "the proxy keeps sending buyers to a node that shows the shop");
    assert_eq!(json_of(ready).await, json!({"status": "degraded", "database": "postgres", "serving": "catalogue"}));

    // Past the catalogue's freshness time, so each read would ask the database first.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    for path in ["home", "products/neem-oil", "products?search=neem", "categories"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status(), 200, "{path} is served from memory");
    }
    let search = json_of(app.get("products?search=neem", None).await).await;
    assert!(search["data"].as_array().unwrap().iter().any(|product| product["slug"] == "neem-oil"), "{search}");
    let painted = app.client.get(format!("{}/products/neem-oil", app.address)).header("Cookie", "language=ar").send().await.unwrap();
    assert_eq!(painted.status(), 200);
    assert!(painted.text().await.unwrap().contains("زيت النيم"), "the product page is painted from memory");

    assert_eq!(app.guest_checkout(&guest_order(1), None).await.status(), 503, "an order needs the database");
    let metrics = app.client.get(format!("{}/metrics", app.metrics.as_deref().unwrap())).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("mahsoul_database_reachable 0"), "{metrics}");
    assert!(metrics.contains(r#"mahsoul_unavailable_answers_total{reason="database"} 1"#), "{metrics}");

    link.restore();
    let product = json_of(app.get("products/neem-oil", None).await).await["data"]["id"].as_i64().unwrap();
    let first = app.guest_checkout(&guest_order(product), Some("first-after-the-outage")).await;
    assert_eq!(first.status(), 201, "the first order after the database is back is placed: the pool has reconnected");
    let back_by = Instant::now() + Duration::from_secs(15);
    while app.get("ready", None).await.status() != 200 || json_of(app.get("ready", None).await).await["status"] != "ok" {
        assert!(Instant::now() < back_by, "ready again once the database is back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[actix_web::test]
async fn an_outage_is_two_lines_of_the_nodes_log_however_long_it_lasts_and_the_jobs_resume_after() {
    if !test_support::postgres_leg() {
        eprintln!("outage tests run on the PostgreSQL leg only: a SQLite database is a file of the process and cannot be cut");
        return;
    }
    let data = test_support::fresh_database();
    let link = Cuttable::to(server_of(&data.url));
    let through = data.url.replacen(&server_of(&data.url), &link.address.to_string(), 1);
    // Warnings only, as a shop logs in production: every line an outage adds is one too many.
    let mut node = crate::node::Node::start(data.dir.path(), &through, &[("MAHSOUL__LOG__LEVEL", "warn,store=info,server=info,mahsoul=info")]);
    let client = reqwest::Client::new();
    let ready = || async { client.get(format!("{}/api/ready", node.address)).send().await.unwrap().status() };
    assert_eq!(ready().await, 200);

    link.cut();
    // Five seconds of the jobs (messages and order news every 50 ms here) meeting the outage.
    tokio::time::sleep(Duration::from_secs(5)).await;
    link.restore();
    let back_by = Instant::now() + Duration::from_secs(15);
    while ready().await != 200 {
        assert!(Instant::now() < back_by, "ready again once the database is back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Past the jobs' back-off ceiling (5 s): each has run again with the database back, and a
    // job still failing now would say so in the log.
    tokio::time::sleep(Duration::from_secs(6)).await;
    node.terminate();
    assert!(node.wait(Duration::from_secs(20)).success());
    let log = node.log();
    let said = |words: &str| log.iter().filter(|line| line.contains(words)).count();
    assert_eq!(said("the database is out of reach"), 1, "{log:#?}");
    assert_eq!(said("the database answers again"), 1, "{log:#?}");
    assert_eq!(said("a background job failed"), 0, "the database told the outage; the jobs add nothing: {log:#?}");
    assert!(log.len() < 20, "no line a second for the outage: {log:#?}");
}
