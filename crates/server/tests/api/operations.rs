//! Running the shop for real: health and readiness for the proxy, a request id on every answer,
//! logs that never hold a secret, `migrate --check`, backups taken while orders come in and
//! restored elsewhere, and a rolling restart under checkout load that loses no order.

use std::collections::BTreeSet;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use diesel::prelude::*;
use futures_util::future::join_all;
use identity::Role;
use serde_json::{Value, json};

use crate::helpers::{json_of, spawn_app, spawn_app_with};
use crate::node::{Node, mahsoul};

/// A file's or folder's permission bits.
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap_or_else(|_| panic!("{}", path.display())).permissions().mode() & 0o777
}

/// A guest's order of one unit of `product`, to Giza.
fn one_unit(product: i64) -> Value {
    json!({"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": 1}]})
}

/// The order numbers and one product's stock stored in the database at `url`.
fn stored_orders_and_stock(url: &str, product: i64) -> (BTreeSet<String>, i64) {
    use store::schema::{orders, products};
    let db = store::Database::connect(url, 1).expect("database");
    let conn = &mut *db.conn().expect("connection");
    let numbers: Vec<Option<String>> = orders::table.select(orders::number).load(conn).expect("orders");
    let stock = products::table.find(product).select(products::quantity).first(conn).expect("product");
    (numbers.into_iter().map(|number| number.expect("a placed order has a number")).collect(), stock)
}

#[actix_web::test]
async fn health_answers_without_the_database_and_ready_waits_for_every_migration() {
    let app = spawn_app().await;
    assert_eq!(json_of(app.get("health", None).await).await, json!({"status": "ok", "database": app.backend}));
    let ready = app.get("ready", None).await;
    assert_eq!(ready.status(), 200);
    assert_eq!(json_of(ready).await, json!({"status": "ok", "database": app.backend}));

    // As if this build were newer than the database: its last migration not yet applied.
    let db = app.database();
    diesel::sql_query("DELETE FROM __diesel_schema_migrations WHERE version = (SELECT MAX(version) FROM __diesel_schema_migrations)")
        .execute(&mut *db.conn().unwrap())
        .unwrap();
    let not_ready = app.get("ready", None).await;
    assert_eq!(not_ready.status(), 503);
    assert_eq!(json_of(not_ready).await, json!({"status": "unavailable", "database": app.backend}));
    assert_eq!(app.get("health", None).await.status(), 200, "the process itself is fine: no restart");
}

#[actix_web::test]
async fn every_answer_carries_its_own_request_id() {
    let app = spawn_app().await;
    let mut ids = BTreeSet::new();
    for path in ["health", "products", "no/such/thing", "auth/me"] {
        let answer = app.get(path, None).await;
        let id = answer.headers().get("x-request-id").unwrap_or_else(|| panic!("{path}: no X-Request-Id")).to_str().unwrap().to_string();
        assert!(uuid::Uuid::parse_str(&id).is_ok(), "{path}: {id}");
        ids.insert(id);
    }
    assert_eq!(ids.len(), 4, "one id per request");
}

#[actix_web::test]
async fn metrics_count_requests_by_route_and_the_orders_placed_on_their_own_port() {
    // An SMS gateway that refuses every connection: the order's SMS waits, failing.
    let refused = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let app = spawn_app_with(|settings| {
        settings.metrics.enabled = true;
        settings.metrics.port = 0;
        settings.messages.sms = "http".into();
        settings.messages.sms_gateway.url = format!("http://{refused}/send");
    })
    .await;
    let admin = app.account_token(Role::Admin, "01012370002").await;
    let seeds = app.add_product(&admin, "Dill seeds", 20, 50, 100).await;
    for _ in 0..3 {
        assert_eq!(app.get("products", None).await.status(), 200);
    }
    assert_eq!(app.get("products/no-such-seeds", None).await.status(), 404);
    let placed = app.guest_checkout(&one_unit(seeds), Some("metrics-order")).await;
    assert_eq!(placed.status(), 201);
    let replayed = app.guest_checkout(&one_unit(seeds), Some("metrics-order")).await;
    assert_eq!(replayed.status(), 201, "a replay answers the same order");
    for page in 0..200 {
        app.get(&format!("products?page={}", page % 5 + 1), None).await;
    }
    for n in 0..40 {
        let made_up = reqwest::Method::from_bytes(format!("MADEUP{n}").as_bytes()).unwrap();
        app.request(made_up, "products", None, "en").send().await.unwrap();
    }

    let shop_port = app.client.get(format!("{}/metrics", app.address)).send().await.unwrap();
    assert_eq!(shop_port.status(), 404, "the shop's own port never shows the metrics");
    let metrics = app.metrics.as_ref().expect("metrics are on");
    let scrape = || async { app.client.get(format!("{metrics}/metrics")).send().await.unwrap().text().await.unwrap() };
    let mut text = scrape().await;
    for _ in 0..50 {
        if text.contains("mahsoul_messages_failing 1") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        text = scrape().await;
    }
    let value = |series: &str| -> f64 {
        let line = text.lines().find(|line| line.starts_with(series)).unwrap_or_else(|| panic!("no {series} in:\n{text}"));
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!(value(r#"mahsoul_http_requests_total{method="GET",route="/api/products",status="200"}"#), 203.0);
    assert_eq!(value(r#"mahsoul_http_requests_total{method="GET",route="/api/products/{slug}",status="404"}"#), 1.0);
    assert_eq!(value(r#"mahsoul_http_requests_total{method="POST",route="/api/guest-orders/checkout",status="201"}"#), 2.0);
    assert_eq!(value("mahsoul_orders_placed_total"), 1.0, "a replayed answer places no second order");
    assert_eq!(value(r#"mahsoul_http_request_duration_seconds_count{method="GET",route="/api/products"}"#), 203.0);
    assert!(value(r#"mahsoul_http_request_duration_seconds_sum{method="GET",route="/api/products"}"#) > 0.0);
    assert!(value("mahsoul_catalogue_loads_total") >= 1.0);
    assert!(value("mahsoul_catalogue_load_seconds_total") > 0.0);
    assert!(value(r#"mahsoul_database_connections{state="idle"}"#) + value(r#"mahsoul_database_connections{state="in_use"}"#) >= 1.0);
    assert!(value("mahsoul_blocking_in_flight") >= 0.0);
    assert_eq!((value("mahsoul_messages_queued"), value("mahsoul_messages_failing")), (1.0, 1.0), "the order's SMS, refused by the gateway");
    assert!(!text.contains("no-such-seeds"), "series are named by route, never by a caller's path");
    assert!(!text.contains("MADEUP"), "a made-up method is no series of its own");
    let other_methods: f64 = text
        .lines()
        .filter(|line| line.starts_with(r#"mahsoul_http_requests_total{method="other""#))
        .map(|line| line.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(other_methods, 40.0, "made-up methods are counted as `other`");
    let dashboard = include_str!("../../../../deploy/grafana-dashboard.json");
    for name in dashboard.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|word| word.starts_with("mahsoul_")) {
        assert!(text.contains(name), "the Grafana dashboard charts {name}, which no node serves");
    }
}

#[actix_web::test]
async fn migrate_check_lists_what_would_run_and_fails_until_it_has_run() {
    let data = test_support::fresh_database();
    let check = mahsoul(data.dir.path(), &data.url, &[]).args(["migrate", "--check"]).output().unwrap();
    let listed = String::from_utf8_lossy(&check.stdout).into_owned();
    assert_eq!(check.status.code(), Some(1), "{listed}");
    let count = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations/sqlite")).unwrap().count();
    assert!(listed.starts_with(&format!("{count} migration(s) would run")), "{listed}");
    assert!(listed.contains("2026-11-25-000023_search"), "{listed}");

    let migrate = mahsoul(data.dir.path(), &data.url, &[]).arg("migrate").output().unwrap();
    assert!(migrate.status.success(), "{}", String::from_utf8_lossy(&migrate.stderr));
    let check = mahsoul(data.dir.path(), &data.url, &[]).args(["migrate", "--check"]).output().unwrap();
    assert_eq!(check.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&check.stdout).starts_with("0 migration(s) would run"));
}

#[actix_web::test]
async fn a_backup_taken_while_orders_come_in_restores_a_shop_with_every_order_acknowledged_before_it() {
    let app = spawn_app_with(|settings| settings.limits.guest_orders_per_address = 10_000).await;
    let admin = app.account_token(Role::Admin, "01012370001").await;
    let seeds = app.add_product(&admin, "Basil seeds", 30, 100_000, 100).await;
    let picture = app.settings.media_dir().join("products/basil.webp");
    std::fs::create_dir_all(picture.parent().unwrap()).unwrap();
    std::fs::write(&picture, b"basil picture").unwrap();
    let mut acknowledged = BTreeSet::new();
    for _ in 0..5 {
        let placed = app.guest_checkout(&one_unit(seeds), None).await;
        assert_eq!(placed.status(), 201);
        acknowledged.insert(json_of(placed).await["data"]["number"].as_str().unwrap().to_string());
    }

    let elsewhere = tempfile::tempdir().unwrap();
    let archive = elsewhere.path().join("mahsoul-backup.tar.gz");
    let mut backup = mahsoul(&app.settings.server.data_dir, &app.settings.database_url(), &[])
        .args(["backup", "--to"])
        .arg(&archive)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut during = 0;
    while during < 3 || backup.try_wait().unwrap().is_none() {
        assert_eq!(app.guest_checkout(&one_unit(seeds), None).await.status(), 201, "the shop takes orders while it is backed up");
        during += 1;
    }
    let backed_up = backup.wait_with_output().unwrap();
    assert!(backed_up.status.success(), "{}", String::from_utf8_lossy(&backed_up.stderr));
    let said = String::from_utf8_lossy(&backed_up.stdout).into_owned();
    assert!(said.contains(&format!("Backed up the {} database and 1 media file(s)", app.backend)), "{said}");

    let target = test_support::fresh_database_for_restore();
    let restored = mahsoul(target.dir.path(), &target.url, &[]).args(["restore", "--from"]).arg(&archive).output().unwrap();
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    let restored_picture = target.dir.path().join("media/products/basil.webp");
    assert_eq!(mode(&restored_picture), 0o600, "a restored file is the owner's alone");
    assert_eq!(mode(restored_picture.parent().unwrap()), 0o700, "and so is its folder");
    let again = mahsoul(target.dir.path(), &target.url, &[]).args(["restore", "--from"]).arg(&archive).output().unwrap();
    assert!(!again.status.success(), "a restore never writes over a shop");
    assert!(String::from_utf8_lossy(&again.stderr).contains("empty"), "{}", String::from_utf8_lossy(&again.stderr));

    let (orders, stock) = stored_orders_and_stock(&target.url, seeds);
    assert!(acknowledged.is_subset(&orders), "every order acknowledged before the backup is in it");
    assert!(orders.len() <= 5 + during, "{} orders restored, {} placed", orders.len(), 5 + during);
    assert_eq!(stock, 100_000 - orders.len() as i64, "each order whole: its stock taken with it, no half of one");

    let node = Node::start(target.dir.path(), &target.url, &[]);
    let client = reqwest::Client::new();
    assert_eq!(client.get(format!("{}/api/ready", node.address)).send().await.unwrap().status(), 200);
    let number = acknowledged.first().unwrap();
    let tracked = client.get(format!("{}/api/guest-orders/track?number={number}&phone=01112345678", node.address)).send().await.unwrap();
    assert_eq!(tracked.status(), 200, "the buyer tracks the order on the restored shop");
    let image = client.get(format!("{}/media/products/basil.webp", node.address)).send().await.unwrap();
    assert_eq!(image.bytes().await.unwrap().as_ref(), b"basil picture");
}

#[actix_web::test]
async fn the_json_log_of_a_whole_journey_names_requests_and_users_but_never_a_password_code_or_token() {
    let data = test_support::fresh_database();
    let mut node = Node::start(data.dir.path(), &data.url, &[("MAHSOUL__LOG__LEVEL", "debug")]);
    let client = reqwest::Client::new();
    let api = |path: &str| format!("{}/api/{path}", node.address);
    let outbox = data.dir.path().join("outbox.jsonl");
    let last_code = |to: &str| -> String {
        std::fs::read_to_string(&outbox)
            .unwrap_or_default()
            .lines()
            .rev()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .find(|message| message["to"] == to)
            .and_then(|message| message["code"].as_str().map(str::to_string))
            .unwrap_or_else(|| panic!("no code sent to {to}"))
    };
    let (password, new_password) = ("Harvest2026secret", "Seedling2027secret");

    let registered = client
        .post(api("auth/register"))
        .json(&json!({"name": "Samir", "phone": "01012380001", "email": "samir@example.com", "password": password, "password_confirmation": password}))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), 200);
    let registered_id = registered.headers()["x-request-id"].to_str().unwrap().to_string();
    let body = json_of(registered).await;
    let (session, user_id) = (body["data"]["token"].as_str().unwrap().to_string(), body["data"]["id"].as_i64().unwrap());
    let verify_code = last_code("+201012380001");
    let verified = client.post(api("auth/verify")).bearer_auth(&session).json(&json!({"code": verify_code})).send().await.unwrap();
    assert_eq!(verified.status(), 200);
    let verified_id = verified.headers()["x-request-id"].to_str().unwrap().to_string();

    assert_eq!(client.post(api("auth/forget-password")).json(&json!({"username": "samir@example.com"})).send().await.unwrap().status(), 200);
    let reset_code = last_code("samir@example.com");
    let checked = client.post(api("auth/forget-password/check-otp")).json(&json!({"username": "samir@example.com", "code": reset_code})).send().await.unwrap();
    let reset_token = json_of(checked).await["data"]["token"].as_str().unwrap().to_string();
    let reset = client
        .put(api("auth/reset-password"))
        .bearer_auth(&reset_token)
        .json(&json!({"password": new_password, "password_confirmation": new_password}))
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status(), 200);
    let new_session = json_of(reset).await["data"]["token"].as_str().unwrap().to_string();
    let login = client.post(api("auth/login")).json(&json!({"username": "01012380001", "password": new_password})).send().await.unwrap();
    assert_eq!(login.status(), 200);
    let login_session = json_of(login).await["data"]["token"].as_str().unwrap().to_string();
    let wrong = client.post(api("auth/login")).json(&json!({"username": "01012380001", "password": password})).send().await.unwrap();
    assert_eq!(wrong.status(), 422);

    // Queries carry Google's sign-in codes (and buyers' phones): the log keeps the path only.
    let google_code = "4/0AVG7fiQ-google-sign-in-code";
    client.get(api(&format!("auth/google/callback?code={google_code}&state=x"))).send().await.unwrap();

    node.terminate();
    assert!(node.wait(Duration::from_secs(20)).success());
    let log = node.log();
    let lines: Vec<Value> = log.iter().filter(|line| line.starts_with('{')).map(|line| serde_json::from_str(line).unwrap()).collect();
    assert!(lines.len() >= 9, "a line per request at least: {log:#?}");
    let about = |id: &str| lines.iter().any(|line| line.to_string().contains(id));
    assert!(about(&registered_id) && about(&verified_id), "the ids the caller saw find the requests' lines");
    assert!(
        lines.iter().any(|line| line.to_string().contains(&verified_id) && line.to_string().contains(&format!("\"user_id\":{user_id}"))),
        "the verified request's line names its user"
    );
    let whole = log.join("\n");
    for secret in
        [password, new_password, &verify_code, &reset_code, &session, &reset_token, &new_session, &login_session, google_code, crate::node::NODE_JWT_SECRET]
    {
        assert!(!whole.contains(secret), "the log holds a secret: {secret}");
    }
}

#[actix_web::test]
async fn a_rolling_restart_of_one_of_two_nodes_under_checkout_load_loses_no_order() {
    let data = test_support::fresh_database();
    let settings = [("MAHSOUL__LIMITS__GUEST_ORDERS_PER_ADDRESS", "100000"), ("MAHSOUL__SERVER__SHUTDOWN_TIMEOUT_SECS", "10")];
    let mut first = Node::start(data.dir.path(), &data.url, &settings);
    store::seed::shipping_cities(&store::Database::connect(&data.url, 1).unwrap()).unwrap();
    let admin = mahsoul(data.dir.path(), &data.url, &[])
        .args(["create-admin", "--name", "Owner", "--email", "owner@example.com", "--phone", "01012390001", "--password", "Harvest2026secret"])
        .output()
        .unwrap();
    assert!(admin.status.success(), "{}", String::from_utf8_lossy(&admin.stderr));
    let second = Node::start(data.dir.path(), &data.url, &settings);
    let client = reqwest::Client::new();
    let login = client
        .post(format!("{}/api/auth/login", first.address))
        .json(&json!({"username": "owner@example.com", "password": "Harvest2026secret"}))
        .send()
        .await
        .unwrap();
    let token = json_of(login).await["data"]["token"].as_str().unwrap().to_string();
    let product = json!({"name_ar": "بذور ريحان", "name_en": "Basil seeds", "price": 30, "quantity": 100_000, "weight": 100, "weight_unit": "g"});
    let added = client.post(format!("{}/api/dashboard/products", second.address)).bearer_auth(&token).json(&product).send().await.unwrap();
    let seeds = json_of(added).await["data"]["id"].as_i64().unwrap();
    // The other node sees the new product within the catalogue's freshness time (250 ms).
    let slug = "basil-seeds";
    for _ in 0..100 {
        if client.get(format!("{}/api/products/{slug}", first.address)).send().await.unwrap().status() == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Four buyers behind a proxy that sends every other checkout to each node and, when a node
    // does not answer, sends the same request (same Idempotency-Key) to the other.
    let stopping = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let buyer = |lane: usize| {
        let (client, first, second, stop) = (client.clone(), first.address.clone(), second.address.clone(), stop.clone());
        async move {
            let mut numbers = Vec::new();
            let mut retried = 0;
            for turn in 0.. {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let key = format!("lane-{lane}-turn-{turn}");
                let (preferred, other) = if (lane + turn).is_multiple_of(2) { (&first, &second) } else { (&second, &first) };
                let send =
                    |node: &String| client.post(format!("{node}/api/guest-orders/checkout")).header("Idempotency-Key", &key).json(&one_unit(seeds)).send();
                let answer = match send(preferred).await {
                    Ok(answer) => answer,
                    Err(_) => {
                        retried += 1;
                        send(other).await.expect("the other node answers")
                    }
                };
                let status = answer.status();
                let body = json_of(answer).await;
                assert_eq!(status, 201, "every checkout is answered with its order: {body}");
                numbers.push(body["data"]["number"].as_str().unwrap().to_string());
            }
            (numbers, retried)
        }
    };
    let restart = async {
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        stopping.store(true, Ordering::SeqCst);
        first.terminate();
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        stop.store(true, Ordering::SeqCst);
    };
    let (lanes, ()) = tokio::join!(join_all((0..4).map(buyer)), restart);
    assert!(stopping.load(Ordering::SeqCst));
    assert!(first.wait(Duration::from_secs(15)).success(), "the stopped node exits cleanly within its shutdown time");

    let acknowledged: Vec<String> = lanes.iter().flat_map(|(numbers, _)| numbers.clone()).collect();
    let distinct: BTreeSet<String> = acknowledged.iter().cloned().collect();
    assert_eq!(distinct.len(), acknowledged.len(), "one order per checkout, even one sent twice");
    let (stored, stock) = stored_orders_and_stock(&data.url, seeds);
    assert_eq!(stored, distinct, "every acknowledged order is stored, and nothing else");
    assert_eq!(stock, 100_000 - distinct.len() as i64);
    assert!(distinct.len() > 20, "the load ran on both nodes: {} orders", distinct.len());
    assert!(lanes.iter().map(|(_, retried)| retried).sum::<usize>() > 0, "the stopped node refused checkouts, which went to the other");
}

#[actix_web::test]
async fn the_secret_the_database_the_outbox_and_backups_are_the_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let data = test_support::fresh_database();
    let dir = data.dir.path();
    // A data dir made before the rule, readable by anyone, with an outbox already in it.
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.join("outbox.jsonl"), "").unwrap();
    std::fs::set_permissions(dir.join("outbox.jsonl"), std::fs::Permissions::from_mode(0o644)).unwrap();

    let node = Node::start(dir, &data.url, &[("MAHSOUL__AUTH__JWT_SECRET", "")]);
    let registered = reqwest::Client::new()
        .post(format!("{}/api/auth/register", node.address))
        .json(&json!({"name": "Samir", "phone": "01012380901", "password": "Harvest2026", "password_confirmation": "Harvest2026"}))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), 200);
    drop(node);
    assert_eq!(mode(dir), 0o700, "the data dir");
    let mut private = vec![dir.join("jwt-secret"), dir.join("outbox.jsonl")];
    if !data.url.starts_with("postgres") {
        private.push(std::path::PathBuf::from(&data.url));
    }
    let archive = dir.join("backups/mahsoul.tar.gz");
    std::fs::create_dir_all(archive.parent().unwrap()).unwrap();
    let backup = mahsoul(dir, &data.url, &[]).args(["backup", "--to"]).arg(&archive).output().unwrap();
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    private.push(archive);
    for path in private {
        assert_eq!(mode(&path), 0o600, "{}", path.display());
    }
}

/// An entry of a hand-made archive: its name, kind, bytes and link target.
type ArchiveEntry<'a> = (&'a str, tar::EntryType, &'a [u8], &'a str);

/// A gzipped tar of these entries (name, kind, bytes, link target), the header written field by
/// field, so names a careful tar writer refuses (`..`, `/tmp/x`) can be made as an attacker would.
fn hostile_archive(path: &std::path::Path, entries: &[ArchiveEntry]) {
    let file = std::fs::File::create(path).unwrap();
    let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(file, flate2::Compression::fast()));
    for (name, kind, bytes, link) in entries {
        let mut header = tar::Header::new_old();
        header.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
        header.as_old_mut().linkname[..link.len()].copy_from_slice(link.as_bytes());
        header.set_entry_type(*kind);
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append(&header, *bytes).unwrap();
    }
    builder.into_inner().unwrap().finish().unwrap();
}

#[actix_web::test]
async fn a_restore_refuses_a_tampered_archive_whole_and_leaves_nothing_behind() {
    use tar::EntryType::{Block, Char, Directory, Link, Regular, Symlink};
    let outside = tempfile::tempdir().unwrap();
    let escaped = outside.path().join("escaped.txt");
    let marker = outside.path().join("pwned");
    let database: &str = if test_support::postgres_leg() { "postgres.dump" } else { "mahsoul.db" };
    let dotdot = format!("media/../../{}", escaped.strip_prefix("/").unwrap().display());
    let absolute = escaped.to_string_lossy().into_owned();
    let mid_line = format!("SELECT 1; \\! touch {}\n", marker.display());
    let indented = format!("SELECT 1;\n   \\! touch {}\n", marker.display());
    let oversized = vec![0_u8; 10 * 1024 * 1024 + 1];
    let hostile: Vec<(&str, Vec<ArchiveEntry>)> = vec![
        ("a symlink", vec![(database, Regular, b"db", ""), ("media", Directory, b"", ""), ("media/evil.webp", Symlink, b"", "/etc/passwd")]),
        ("a hard link", vec![(database, Regular, b"db", ""), ("media/evil.webp", Link, b"", "/etc/passwd")]),
        ("a device", vec![(database, Regular, b"db", ""), ("media/dev", Char, b"", ""), ("media/disk", Block, b"", "")]),
        ("a path with ..", vec![(database, Regular, b"db", ""), (dotdot.as_str(), Regular, b"out", "")]),
        ("an absolute path", vec![(database, Regular, b"db", ""), (absolute.as_str(), Regular, b"out", "")]),
        ("an unknown name", vec![(database, Regular, b"db", ""), ("run.sh", Regular, b"rm -rf /", "")]),
        ("a media file larger than any upload", vec![(database, Regular, b"db", ""), ("media/huge.webp", Regular, oversized.as_slice(), "")]),
    ];
    let mut cases = hostile;
    if test_support::postgres_leg() {
        cases.push(("a plain-SQL dump with a shell command mid-line", vec![("postgres.sql", Regular, mid_line.as_bytes(), "")]));
        cases.push(("a plain-SQL dump with an indented shell command", vec![("postgres.sql", Regular, indented.as_bytes(), "")]));
    }
    for (what, entries) in cases {
        let target = test_support::fresh_database_for_restore();
        let archive = outside.path().join("hostile.tar.gz");
        hostile_archive(&archive, &entries);
        let restored = mahsoul(target.dir.path(), &target.url, &[]).args(["restore", "--from"]).arg(&archive).output().unwrap();
        let said = String::from_utf8_lossy(&restored.stderr).into_owned();
        assert!(!restored.status.success(), "{what}: refused");
        assert!(said.starts_with("mahsoul: ") && !said.contains("backtrace") && !said.contains("panicked"), "{what}: one line, no stack trace: {said}");
        let left: Vec<String> = std::fs::read_dir(target.dir.path()).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
        assert!(left.iter().all(|name| !name.ends_with(".db") && name != "media" && name != ".restoring"), "{what}: nothing written: {left:?}");
        assert!(!escaped.exists() && !marker.exists(), "{what}: nothing outside the data dir");
        if target.url.starts_with("postgres") {
            let db = store::Database::connect(&target.url, 1).unwrap();
            assert_eq!(
                db.pending_migrations().unwrap().len(),
                std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations/postgres")).unwrap().count(),
                "{what}: no table loaded"
            );
        }
    }
}

#[actix_web::test]
async fn a_restore_writes_every_file_for_the_owner_alone_bounds_the_archive_and_refuses_a_superuser() {
    use tar::EntryType::{Directory, Regular};
    let outside = tempfile::tempdir().unwrap();
    let source = test_support::fresh_database();
    let backup_dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(backup_dir.path().join("media/products")).unwrap();
    std::fs::write(backup_dir.path().join("media/products/basil.webp"), b"basil").unwrap();
    let migrated = mahsoul(backup_dir.path(), &source.url, &[]).arg("migrate").output().unwrap();
    assert!(migrated.status.success(), "{}", String::from_utf8_lossy(&migrated.stderr));
    let archive = outside.path().join("shop.tar.gz");
    let backup = mahsoul(backup_dir.path(), &source.url, &[]).args(["backup", "--to"]).arg(&archive).output().unwrap();
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));

    // The same shop's archive with every mode opened wide, as a careless or hostile tar would.
    let wide = outside.path().join("wide.tar.gz");
    {
        let mut reader = tar::Archive::new(flate2::read::GzDecoder::new(std::fs::File::open(&archive).unwrap()));
        let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(std::fs::File::create(&wide).unwrap(), flate2::Compression::fast()));
        for entry in reader.entries().unwrap() {
            let mut entry = entry.unwrap();
            let mut header = entry.header().clone();
            header.set_mode(0o777);
            header.set_cksum();
            let path = entry.path().unwrap().into_owned();
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
            builder.append_data(&mut header, path, bytes.as_slice()).unwrap();
        }
        builder.into_inner().unwrap().finish().unwrap();
    }
    let target = test_support::fresh_database_for_restore();
    let restored = mahsoul(target.dir.path(), &target.url, &[]).args(["restore", "--from"]).arg(&wide).output().unwrap();
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    let media = target.dir.path().join("media");
    for (path, expected) in [(media.join("products/basil.webp"), 0o600), (media.join("products"), 0o700), (media.clone(), 0o700)] {
        assert_eq!(mode(&path), expected, "{}", path.display());
    }
    if !test_support::postgres_leg() {
        assert_eq!(mode(&target.dir.path().join("test.db")), 0o600, "the restored database too");
    }

    let database: &str = if test_support::postgres_leg() { "postgres.dump" } else { "mahsoul.db" };
    let bounded = outside.path().join("bounded.tar.gz");
    hostile_archive(&bounded, &[(database, Regular, &[0_u8; 600], ""), ("media", Directory, b"", ""), ("media/a.webp", Regular, &[1_u8; 600], "")]);
    let small = test_support::fresh_database_for_restore();
    let refused =
        mahsoul(small.dir.path(), &small.url, &[("MAHSOUL__BACKUPS__MAX_RESTORE_BYTES", "1000")]).args(["restore", "--from"]).arg(&bounded).output().unwrap();
    assert!(!refused.status.success(), "over the configured bound");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("max_restore_bytes"), "{}", String::from_utf8_lossy(&refused.stderr));
    assert!(!small.dir.path().join("media").exists() && !small.dir.path().join("test.db").exists(), "nothing written");

    if test_support::postgres_leg() {
        let superuser = test_support::fresh_database();
        let refused = mahsoul(superuser.dir.path(), &superuser.url, &[]).args(["restore", "--from"]).arg(&archive).output().unwrap();
        let said = String::from_utf8_lossy(&refused.stderr).into_owned();
        assert!(!refused.status.success() && said.contains("superuser") && said.contains("--allow-superuser"), "{said}");
        // A restore goes only into an empty database: this one proves the refusal loaded nothing.
        let allowed = mahsoul(superuser.dir.path(), &superuser.url, &[]).args(["restore", "--allow-superuser", "--from"]).arg(&archive).output().unwrap();
        assert!(allowed.status.success(), "{}", String::from_utf8_lossy(&allowed.stderr));
    }
}

#[actix_web::test]
async fn the_media_route_follows_no_link_out_of_the_media_folder() {
    let app = spawn_app().await;
    let secret = app.settings.server.data_dir.join("jwt-like-secret.txt");
    std::fs::write(&secret, "secret").unwrap();
    let products = app.settings.media_dir().join("products");
    std::fs::create_dir_all(&products).unwrap();
    std::fs::write(products.join("real.webp"), "picture").unwrap();
    std::os::unix::fs::symlink(&secret, products.join("evil.webp")).unwrap();
    std::os::unix::fs::symlink(app.settings.server.data_dir.clone(), app.settings.media_dir().join("up")).unwrap();
    let client = reqwest::Client::new();
    let get = |path: &str| client.get(format!("{}/media/{path}", app.address)).send();
    assert_eq!(get("products/real.webp").await.unwrap().text().await.unwrap(), "picture");
    for path in ["products/evil.webp", "up/jwt-like-secret.txt"] {
        let answer = get(path).await.unwrap();
        assert_eq!(answer.status(), 404, "{path}");
        assert!(!answer.text().await.unwrap().contains("secret"), "{path}");
    }
}

#[actix_web::test]
async fn an_unknown_environment_name_is_refused_instead_of_running_on_development_defaults() {
    let data = test_support::fresh_database();
    let typo = mahsoul(data.dir.path(), &data.url, &[("MAHSOUL_ENV", "prodution")]).args(["migrate", "--check"]).output().unwrap();
    assert_eq!(typo.status.code(), Some(1));
    let said = String::from_utf8_lossy(&typo.stderr);
    assert!(said.contains("MAHSOUL_ENV=\"prodution\" is not one of development, test, production"), "{said}");
    assert!(typo.stdout.is_empty(), "nothing ran");
}

#[actix_web::test]
async fn with_a_json_log_every_line_on_stdout_is_json_the_banner_and_demo_logins_too() {
    let data = test_support::fresh_database();
    let node = Node::start(data.dir.path(), &data.url, &[("MAHSOUL__DEMO__SEED", "true")]);
    let mut log = node.log();
    for _ in 0..100 {
        if log.iter().filter(|line| line.contains("demo login")).count() == 4 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        log = node.log();
    }
    assert_eq!(log.iter().filter(|line| line.contains("demo login")).count(), 4, "{log:?}");
    for line in &log {
        assert!(serde_json::from_str::<Value>(line).is_ok_and(|value| value.is_object()), "not a JSON object: {line}");
    }
}

#[actix_web::test]
async fn serve_in_production_leaves_migrations_to_their_own_step_unless_told() {
    let data = test_support::fresh_database();
    let production = [("MAHSOUL_ENV", "production")];
    let client = reqwest::Client::new();
    let refused = mahsoul(data.dir.path(), &data.url, &production).arg("serve").output().unwrap();
    assert_eq!(refused.status.code(), Some(1), "a node never changes the schema by itself in production");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("migration(s) pending") && said.contains("mahsoul migrate"), "it says what to do: {said}");
    let check = mahsoul(data.dir.path(), &data.url, &production).args(["migrate", "--check"]).output().unwrap();
    assert_eq!(check.status.code(), Some(1), "nothing was applied");
    let migrate = mahsoul(data.dir.path(), &data.url, &production).arg("migrate").output().unwrap();
    assert!(migrate.status.success(), "{}", String::from_utf8_lossy(&migrate.stderr));
    let node = Node::start(data.dir.path(), &data.url, &production);
    assert_eq!(client.get(format!("{}/api/ready", node.address)).send().await.unwrap().status(), 200, "ready once `migrate` ran");
    drop(node);

    let fresh = test_support::fresh_database();
    let mut told = mahsoul(fresh.dir.path(), &fresh.url, &production);
    told.args(["serve", "--migrate"]);
    let check = mahsoul(fresh.dir.path(), &fresh.url, &production).args(["migrate", "--check"]).output().unwrap();
    assert_eq!(check.status.code(), Some(1), "nothing applied yet");
    let node = Node::start_command(told);
    assert_eq!(client.get(format!("{}/api/ready", node.address)).send().await.unwrap().status(), 200, "`serve --migrate` applies them");
}

#[actix_web::test]
async fn the_guides_create_admin_example_is_a_password_the_binary_accepts() {
    let guide = include_str!("../../../../docs/operations.md");
    let example = guide.split("create-admin").nth(1).expect("the guide shows create-admin");
    let password = example.split("--password '").nth(1).and_then(|rest| rest.split('\'').next()).expect("the example's password");
    let phone = example.split("--phone ").nth(1).and_then(|rest| rest.split_whitespace().next()).expect("the example's phone");
    let data = test_support::fresh_database();
    let made = mahsoul(data.dir.path(), &data.url, &[])
        .args(["create-admin", "--name", "Owner", "--email", "owner@example.com", "--phone", phone, "--password", password])
        .output()
        .unwrap();
    assert!(made.status.success(), "{password:?}: {}", String::from_utf8_lossy(&made.stderr));
}

#[actix_web::test]
async fn the_health_command_tells_whether_the_node_on_its_port_answers() {
    let data = test_support::fresh_database();
    let node = Node::start(data.dir.path(), &data.url, &[]);
    let port = node.address.rsplit(':').next().unwrap().to_string();
    let up = mahsoul(data.dir.path(), &data.url, &[("MAHSOUL__SERVER__PORT", &port)]).arg("health").output().unwrap();
    assert!(up.status.success(), "{}", String::from_utf8_lossy(&up.stderr));
    drop(node);
    let down = mahsoul(data.dir.path(), &data.url, &[("MAHSOUL__SERVER__PORT", &port)]).arg("health").output().unwrap();
    assert_eq!(down.status.code(), Some(1), "nothing answers once the node is gone");
}

#[actix_web::test]
async fn behind_the_trusted_proxy_the_access_log_names_the_buyers_address_not_the_proxys() {
    let data = test_support::fresh_database();
    let mut node = Node::start(data.dir.path(), &data.url, &[("MAHSOUL__SERVER__TRUSTED_PROXIES", "127.0.0.1")]);
    let client = reqwest::Client::new();
    // The proxy appends the address it saw; what the buyer's side wrote before it is not believed
    // past the first address that is not a trusted proxy.
    let forwarded = client.get(format!("{}/api/health", node.address)).header("X-Forwarded-For", "198.51.100.9, 203.0.113.7").send().await.unwrap();
    assert_eq!(forwarded.status(), 200);
    let id = forwarded.headers()["x-request-id"].to_str().unwrap().to_string();
    node.terminate();
    assert!(node.wait(Duration::from_secs(20)).success());
    let log = node.log();
    let line = log.iter().find(|line| line.contains(&id) && line.contains("http.client_ip")).unwrap_or_else(|| panic!("the request's line: {log:#?}"));
    assert!(line.contains(r#""http.client_ip":"203.0.113.7""#), "{line}");
}
