//! Spawns the app on a fresh database per test and talks to it.

use std::path::PathBuf;
use std::sync::OnceLock;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use httpmock::MockServer;
use reqwest::{Method, RequestBuilder, Response};
use rsa::RsaPrivateKey;
use rsa::pkcs1::{EncodeRsaPrivateKey, LineEnding};
use rsa::traits::PublicKeyParts;
use secrecy::SecretString;
use serde_json::{Value, json};
use server::settings::Settings;
use server::startup::Application;
use test_support::{FreshDatabase, postgres_leg};

pub const JWT_SECRET: &str = "test-secret-test-secret-test-secret-0123456789";
pub const GOOGLE_CLIENT: &str = "mahsoul-test-client.apps.googleusercontent.com";
pub const PASSWORD: &str = "Harvest2026";

/// A running app on its own database and data dir.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub outbox: PathBuf,
    pub backend: &'static str,
    pub settings: Settings,
    /// `http://127.0.0.1:<port>` of `/metrics`, when the settings turned metrics on.
    pub metrics: Option<String>,
    _data: std::sync::Arc<FreshDatabase>,
}

pub async fn spawn_app() -> TestApp {
    spawn(false, |_| {}).await
}

/// An app whose catalogue holds the demo products.
pub async fn spawn_app_with_catalogue() -> TestApp {
    spawn(true, |_| {}).await
}

/// An app with the demo products and some settings changed from the tests' defaults.
pub async fn spawn_app_with_catalogue_and(change: impl FnOnce(&mut Settings)) -> TestApp {
    spawn(true, change).await
}

/// An app with some settings changed from the tests' defaults.
pub async fn spawn_app_with(change: impl FnOnce(&mut Settings)) -> TestApp {
    spawn(false, change).await
}

async fn spawn(with_catalogue: bool, change: impl FnOnce(&mut Settings)) -> TestApp {
    let data = test_support::fresh_database();
    let mut settings = Settings::load().expect("settings");
    settings.server.host = "127.0.0.1".into();
    settings.server.port = 0;
    settings.server.workers = 2;
    settings.server.data_dir = data.dir.path().to_path_buf();
    // A page shaped as the built frontend's, for the pages the server paints.
    let frontend = data.dir.path().join("frontend");
    std::fs::create_dir_all(&frontend).expect("frontend dir");
    std::fs::write(
        frontend.join("index.html"),
        "<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">\n  <head>\n    <title>محصول | Mahsoul</title>\n    <script type=\"module\" crossorigin src=\"/assets/index.js\"></script>\n    \
         <link rel=\"stylesheet\" crossorigin href=\"/assets/index.css\">\n    \
         <link rel=\"modulepreload\" crossorigin href=\"/assets/ar.js\" data-language=\"ar\">\n    \
         <link rel=\"modulepreload\" crossorigin href=\"/assets/en.js\" data-language=\"en\">\n  </head>\n  <body>\n    <div id=\"root\"></div>\n  </body>\n</html>\n",
    )
    .expect("index.html");
    std::fs::create_dir_all(frontend.join("assets")).expect("assets dir");
    std::fs::write(frontend.join("assets/index.css"), "body{margin:0}").expect("index.css");
    // The build's manifest: the entry and two screens loaded later, which share a chunk of
    // their own and import the entry's.
    std::fs::create_dir_all(frontend.join(".vite")).expect(".vite dir");
    std::fs::write(
        frontend.join(".vite/manifest.json"),
        r#"{
          "index.html": {"file": "assets/index.js", "isEntry": true, "imports": ["_vendor.js"], "css": ["assets/index.css"]},
          "_vendor.js": {"file": "assets/vendor.js"},
          "_forms.js": {"file": "assets/forms.js", "imports": ["index.html"]},
          "src/features/cart/CartScreen.tsx": {"file": "assets/CartScreen.js", "isDynamicEntry": true, "imports": ["index.html", "_forms.js"]},
          "src/features/checkout/CartActions.tsx": {"file": "assets/CartActions.js", "isDynamicEntry": true, "imports": ["index.html"]},
          "src/features/checkout/Checkout.tsx": {"file": "assets/Checkout.js", "isDynamicEntry": true, "imports": ["index.html", "_forms.js", "_vendor.js"]}
        }"#,
    )
    .expect("manifest");
    settings.server.frontend_dir = frontend;
    settings.database.max_connections = 4;
    settings.database.url = data.url.clone();
    settings.auth.jwt_secret = SecretString::from(JWT_SECRET);
    settings.google.client_id = GOOGLE_CLIENT.into();
    settings.google.jwks_url = google_keys().jwks_url.clone();
    settings.google.issuers = vec!["https://accounts.google.com".into()];
    settings.google.client_secret = SecretString::from("test-client-secret");
    settings.google.token_url = google_keys().token_url.clone();
    settings.google.redirect_url = "http://127.0.0.1/api/auth/google/callback".into();
    settings.messages.sms = "outbox".into();
    settings.messages.email = "outbox".into();
    settings.messages.outbox_path = String::new();
    settings.messages.send_every_ms = 50;
    settings.demo.seed = false;
    settings.catalogue.freshness_ms = 0;
    // The tests' receivers listen on loopback; the guard's own test turns this off.
    settings.integrations.webhooks_allow_private = true;
    settings.integrations.webhooks_every_ms = 50;
    change(&mut settings);

    let db = server::startup::open_database(&settings).expect("database");
    store::seed::shipping_cities(&db).expect("cities");
    if with_catalogue {
        server::demo::catalogue::seed(&store::catalogue::DieselCatalogueStore::new(db.clone()), &settings.media_dir()).expect("demo catalogue");
        server::demo::pages::seed(&store::content::DieselShopStore::new(db.clone())).expect("demo pages");
    }
    let app = Application::build(&settings).expect("app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics = app.metrics_port().map(|port| format!("http://127.0.0.1:{port}"));
    actix_web::rt::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: reqwest::Client::new(),
        metrics,
        outbox: data.dir.path().join("outbox.jsonl"),
        backend: if postgres_leg() { "postgres" } else { "sqlite" },
        settings,
        _data: std::sync::Arc::new(data),
    }
}

impl TestApp {
    /// Another node of the same shop: its own server and catalogue copy over this one's
    /// database and files, re-reading the catalogue at most every `freshness_ms`.
    pub async fn another_node(&self, freshness_ms: i64) -> TestApp {
        let mut settings = self.settings.clone();
        settings.catalogue.freshness_ms = freshness_ms;
        let app = Application::build(&settings).expect("app");
        let address = format!("http://127.0.0.1:{}", app.port());
        actix_web::rt::spawn(app.run_until_stopped());
        TestApp {
            address,
            client: reqwest::Client::new(),
            metrics: None,
            outbox: self.outbox.clone(),
            backend: self.backend,
            settings,
            _data: std::sync::Arc::clone(&self._data),
        }
    }

    pub fn request(&self, method: Method, path: &str, token: Option<&str>, lang: &str) -> RequestBuilder {
        let mut request = self.client.request(method, format!("{}/api/{path}", self.address)).header("Accept-Language", lang);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request
    }

    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> Response {
        self.request(Method::POST, path, token, "en").json(&body).send().await.expect("request")
    }

    pub async fn put(&self, path: &str, body: Value, token: Option<&str>) -> Response {
        self.request(Method::PUT, path, token, "en").json(&body).send().await.expect("request")
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::GET, path, token, "en").send().await.expect("request")
    }

    /// Registers a customer and returns their token.
    pub async fn register(&self, phone: &str, email: Option<&str>) -> String {
        let response = self
            .post("auth/register", json!({"name": "Samir", "phone": phone, "email": email, "password": PASSWORD, "password_confirmation": PASSWORD}), None)
            .await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.expect("json");
        body["data"]["token"].as_str().expect("token").to_string()
    }

    pub async fn login(&self, username: &str, password: &str) -> Response {
        self.post("auth/login", json!({"username": username, "password": password}), None).await
    }

    pub async fn login_token(&self, username: &str, password: &str) -> String {
        let response = self.login(username, password).await;
        assert_eq!(response.status(), 200, "login as {username}");
        let body: Value = response.json().await.expect("json");
        body["data"]["token"].as_str().expect("token").to_string()
    }

    /// The app's database, for checks no endpoint answers yet.
    pub fn database(&self) -> store::Database {
        server::startup::open_database(&self.settings).expect("database")
    }

    /// The names of the uploaded pictures and PDFs on the disk, sorted.
    pub fn media_files(&self) -> Vec<String> {
        let mut names: Vec<String> = ["products", "documents"]
            .iter()
            .filter_map(|folder| std::fs::read_dir(self.settings.media_dir().join(folder)).ok())
            .flat_map(|entries| entries.filter_map(|entry| entry.ok()).map(|entry| entry.file_name().to_string_lossy().into_owned()))
            .collect();
        names.sort();
        names
    }

    /// Every message in the outbox.
    pub fn outbox(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.outbox).unwrap_or_default().lines().map(|line| serde_json::from_str(line).expect("outbox line")).collect()
    }

    /// The last code sent to a phone (international form) or e-mail.
    pub fn last_code(&self, to: &str) -> String {
        self.outbox()
            .iter()
            .rev()
            .find(|m| m["to"] == to)
            .and_then(|m| m["code"].as_str().map(str::to_string))
            .unwrap_or_else(|| panic!("no code sent to {to}"))
    }

    /// Creates an account with the CLI's use case (staff, or a verified customer) and signs
    /// it in.
    pub async fn account_token(&self, role: identity::Role, phone: &str) -> String {
        let settings = self.settings.clone();
        let account = identity::service::NewAccount {
            name: "Staff".into(),
            email: None,
            phone: kernel::Phone::parse(phone).expect("phone"),
            password: PASSWORD.into(),
            role,
        };
        actix_web::rt::task::spawn_blocking(move || {
            let db = server::startup::open_database(&settings).expect("database");
            server::startup::identity_service(&settings, &db).expect("identity").create_account(account).expect("account");
        })
        .await
        .expect("create account");
        self.login_token(phone, PASSWORD).await
    }
}

/// A body's JSON.
pub async fn json_of(response: Response) -> Value {
    response.json().await.expect("json body")
}

/// A Google ID token for our client, signed with `pem`, valid for an hour.
pub fn signed_id_token(pem: &str, subject: &str) -> String {
    id_token(pem, GOOGLE_CLIENT, 3600, subject)
}

/// A Google ID token with the given audience and lifetime (negative: expired).
pub fn id_token(pem: &str, audience: &str, expires_in: i64, subject: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({
        "iss": "https://accounts.google.com", "aud": audience, "sub": subject,
        "email": format!("{subject}@gmail.com"), "email_verified": true, "name": "Mona Farmer",
        "iat": now - 10, "exp": now + expires_in,
    });
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
    header.kid = Some("test-key".into());
    jsonwebtoken::encode(&header, &claims, &jsonwebtoken::EncodingKey::from_rsa_pem(pem.as_bytes()).unwrap()).unwrap()
}

/// Keys for Google tokens: the key Google "publishes" on a loopback JWKS endpoint, and a
/// stranger's key with the same key id.
pub struct GoogleKeys {
    pub jwks_url: String,
    pub token_url: String,
    pub google_pem: String,
    pub stranger_pem: String,
    /// Google's endpoints on loopback (httpmock), alive as long as the tests run.
    _server: MockServer,
}

pub fn google_keys() -> &'static GoogleKeys {
    static KEYS: OnceLock<GoogleKeys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = rand::thread_rng();
        let google = RsaPrivateKey::new(&mut rng, 2048).expect("rsa key");
        let stranger = RsaPrivateKey::new(&mut rng, 2048).expect("rsa key");
        let jwks = json!({"keys": [{
            "kty": "RSA", "kid": "test-key", "use": "sig", "alg": "RS256",
            "n": URL_SAFE_NO_PAD.encode(google.n().to_bytes_be()),
            "e": URL_SAFE_NO_PAD.encode(google.e().to_bytes_be()),
        }]})
        .to_string();
        let google_pem = google.to_pkcs1_pem(LineEnding::LF).expect("pem").to_string();
        let token_response = json!({
            "access_token": "access", "token_type": "Bearer", "expires_in": 3600,
            "id_token": signed_id_token(&google_pem, "g-redirect"),
        })
        .to_string();
        let google = MockServer::start();
        google.mock(|when, then| {
            when.method(httpmock::Method::GET).path("/oauth2/v3/certs");
            then.status(200).header("content-type", "application/json").body(jwks);
        });
        // The token endpoint insists on the code and the PKCE verifier, as Google does.
        google.mock(|when, then| {
            when.method(httpmock::Method::POST).path("/token").body_includes("code=good-code").body_includes("code_verifier=");
            then.status(200).header("content-type", "application/json").body(token_response);
        });
        google.mock(|when, then| {
            when.method(httpmock::Method::POST).path("/token").body_excludes("code=good-code");
            then.status(400).header("content-type", "application/json").body(r#"{"error":"invalid_grant"}"#);
        });
        GoogleKeys {
            jwks_url: google.url("/oauth2/v3/certs"),
            token_url: google.url("/token"),
            google_pem,
            stranger_pem: stranger.to_pkcs1_pem(LineEnding::LF).expect("pem").to_string(),
            _server: google,
        }
    })
}
