//! SMS to clients over HTTP: the preview's recipients and parts, a broadcast to a group sent
//! once per recipient through a loopback gateway that fails twice first, opted-out clients
//! skipped, the opt-out link every message ends with, the client's consent switch, and the
//! endpoints' 401 and 403.

use httpmock::prelude::*;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

impl TestApp {
    /// Each recipient of the broadcasts as stored: phone, status, attempts.
    fn sms_recipients(&self) -> Vec<(String, String, i32)> {
        use diesel::prelude::*;
        use store::schema::sms_recipients as recipients;
        let db = self.database();
        let conn = &mut *db.conn().unwrap();
        recipients::table.order(recipients::id).select((recipients::phone, recipients::status, recipients::attempts)).load(conn).unwrap()
    }

    /// Makes every waiting recipient due now, as if its wait before the next try had passed.
    fn make_recipients_due(&self) {
        use diesel::prelude::*;
        use store::schema::sms_recipients as recipients;
        let db = self.database();
        let conn = &mut *db.conn().unwrap();
        let long_ago = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).and_then(|day| day.and_hms_opt(0, 0, 0)).unwrap();
        diesel::update(recipients::table.filter(recipients::status.eq("pending"))).set(recipients::next_attempt_at.eq(long_ago)).execute(conn).unwrap();
    }

    /// Waits up to fifteen seconds for the recipients to satisfy `done`.
    async fn recipients_when(&self, done: impl Fn(&[(String, String, i32)]) -> bool) -> Vec<(String, String, i32)> {
        for _ in 0..300 {
            let rows = self.sms_recipients();
            if done(&rows) {
                return rows;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the recipients never got there: {:#?}", self.sms_recipients());
    }
}

#[actix_web::test]
async fn a_broadcast_to_a_group_reaches_each_client_once_through_a_gateway_that_fails_twice() {
    let gateway = MockServer::start();
    let mut refusing = gateway.mock(|when, then| {
        when.method(POST).path("/send");
        then.status(503);
    });
    let url = gateway.url("/send");
    let app = spawn_app_with(|settings| {
        settings.messages.sms = "http".into();
        settings.messages.sms_gateway.url = url;
        settings.server.public_url = "https://mahsoul.example".into();
    })
    .await;
    let admin = app.account_token(Role::Admin, "01012391001").await;
    let farmers = json_of(app.get("dashboard/groups", Some(&admin)).await).await["data"][0]["id"].as_i64().unwrap();
    let phones = ["01012391002", "01012391003", "01012391004"];
    let mut tokens = Vec::new();
    for phone in phones {
        let token = app.account_token(Role::Customer, phone).await;
        let id = json_of(app.me(Some(&token)).await).await["data"]["id"].as_i64().unwrap();
        app.put(&format!("dashboard/users/{id}"), json!({"name": "Farmer", "phone": phone, "group_id": farmers}), Some(&admin)).await;
        tokens.push(token);
    }
    app.account_token(Role::Customer, "01012391005").await;
    let opted_out = app.put("sms-consent", json!({"consent": false}), Some(&tokens[2])).await;
    assert_eq!(json_of(opted_out).await["message"], "You will no longer receive our offers by SMS.");

    let message = "خصم ١٠٪ على بذور الطماطم هذا الأسبوع";
    let body = json!({"message": message, "audience": {"kind": "group", "id": farmers}});
    let preview = json_of(app.post("dashboard/sms/preview", body.clone(), Some(&admin)).await).await["data"].clone();
    assert_eq!((preview["recipients"].as_u64(), preview["opted_out"].as_u64(), preview["encoding"].as_str()), (Some(2), Some(1), Some("ucs2")));
    assert_eq!((preview["parts"].as_u64(), preview["total_parts"].as_u64()), (Some(2), Some(4)), "the Arabic text and its opt-out link");
    let link = "x".repeat(usize::try_from(preview["opt_out_link_length"].as_u64().unwrap()).unwrap());
    assert_eq!(
        preview["opt_out_lines"],
        json!({"ar": format!("للإلغاء: {link}"), "en": format!("Opt out: {link}")}),
        "the screen counts parts with the server's own lines"
    );

    let sent = app.post("dashboard/sms", body, Some(&admin)).await;
    assert_eq!(sent.status(), 202);
    let broadcast = json_of(sent).await["data"].clone();
    assert_eq!((broadcast["total"].as_u64(), broadcast["skipped_opted_out"].as_u64(), broadcast["status"].as_str()), (Some(3), Some(1), Some("queued")));
    let id = broadcast["id"].as_i64().unwrap();

    // The gateway fails the first try and, made due again, the second. Each wait is for every
    // recipient to be back in line: one still being sent could reach the gateway after the
    // next step has changed what it answers.
    let back_in_line =
        |tries: i32| move |rows: &[(String, String, i32)]| rows.iter().filter(|row| row.1 != "skipped").all(|row| row.1 == "pending" && row.2 >= tries);
    app.recipients_when(back_in_line(1)).await;
    app.make_recipients_due();
    app.recipients_when(back_in_line(2)).await;
    refusing.delete();
    let taken: Vec<_> = phones[..2]
        .iter()
        .map(|phone| {
            let international = format!("+2{phone}");
            gateway.mock(move |when, then| {
                when.method(POST).path("/send").body_includes(&international);
                then.status(200).body("{}");
            })
        })
        .collect();
    app.make_recipients_due();
    let rows = app.recipients_when(|rows| rows.iter().all(|row| row.1 != "pending" && row.1 != "sending")).await;
    assert_eq!(
        rows.iter().map(|(phone, status, attempts)| (phone.as_str(), status.as_str(), *attempts)).collect::<Vec<_>>(),
        [("01012391002", "sent", 3), ("01012391003", "sent", 3), ("01012391004", "skipped", 0)]
    );
    for mock in &taken {
        mock.assert_calls(1);
    }
    let done = json_of(app.get(&format!("dashboard/sms/{id}"), Some(&admin)).await).await["data"].clone();
    assert_eq!((done["status"].as_str(), done["sent"].as_u64(), done["pending"].as_u64()), (Some("done"), Some(2), Some(0)));
    let log = json_of(app.get(&format!("dashboard/sms/{id}/recipients?status=skipped"), Some(&admin)).await).await;
    assert_eq!(log["data"][0]["phone"], "01012391004");
    assert_eq!(json_of(app.get("dashboard/sms", Some(&admin)).await).await["data"][0]["id"].as_i64(), Some(id));
}

#[actix_web::test]
async fn the_opt_out_link_each_message_ends_with_stops_the_next_ones() {
    let app = spawn_app_with(|settings| settings.server.public_url = "https://mahsoul.example".into()).await;
    let admin = app.account_token(Role::Admin, "01012391101").await;
    let client = app.account_token(Role::Customer, "01012391102").await;
    assert_eq!(json_of(app.get("sms-consent", Some(&client)).await).await["data"]["consent"], true, "until they say otherwise");
    app.post("dashboard/sms", json!({"message": "Seeds week: 10% off", "audience": {"kind": "all"}}), Some(&admin)).await;
    let messages = app.outbox_when(|outbox| outbox.iter().any(|m| m["to"] == "+201012391102")).await;
    let text = messages.iter().find(|m| m["to"] == "+201012391102").unwrap()["body"].as_str().unwrap().to_string();
    let link = text.lines().last().unwrap().strip_prefix("Opt out: https://mahsoul.example/sms/opt-out/").unwrap();
    assert!(text.starts_with("Seeds week: 10% off\n"), "{text}");

    assert_eq!(app.post(&format!("sms/opt-out/{}0", &link[..link.len() - 1]), json!({}), None).await.status(), 404, "a made-up link");
    let stopped = app.request(Method::POST, &format!("sms/opt-out/{link}"), None, "ar").send().await.unwrap();
    assert_eq!(json_of(stopped).await["message"], "لن تصلك عروضنا برسائل SMS بعد الآن.");
    assert_eq!(json_of(app.get("sms-consent", Some(&client)).await).await["data"]["consent"], false);
    let refused = app.post("dashboard/sms", json!({"message": "More seeds", "audience": {"kind": "all"}}), Some(&admin)).await;
    assert_eq!(json_of(refused).await["errors"]["audience.kind"][0], "No client of this audience can receive an SMS.");
    assert_eq!(app.put("sms-consent", json!({"consent": true}), Some(&client)).await.status(), 200);
    assert_eq!(app.post("dashboard/sms", json!({"message": "More seeds", "audience": {"kind": "all"}}), Some(&admin)).await.status(), 202);
}

#[actix_web::test]
async fn a_bad_broadcast_is_refused_per_field_and_the_endpoints_need_their_permission() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012391201").await;
    let refused = json_of(app.post("dashboard/sms/preview", json!({"message": " ", "audience": {"kind": "friends"}}), Some(&admin)).await).await;
    assert!(refused["errors"]["audience.kind"].is_array(), "{refused}");
    let long = json_of(app.post("dashboard/sms/preview", json!({"message": "س".repeat(671), "audience": {"kind": "all"}}), Some(&admin)).await).await;
    assert!(long["errors"]["message"].is_array(), "{long}");
    let customer = app.account_token(Role::Customer, "01012391202").await;
    let lister = app.staff_holding("01012391203", &["sms-list"]).await;
    let body: Value = json!({"message": "Hi", "audience": {"kind": "all"}});
    for (method, path, allowed) in
        [(Method::POST, "dashboard/sms/preview", false), (Method::POST, "dashboard/sms", false), (Method::GET, "dashboard/sms", true)]
    {
        let send = |token: Option<&str>| app.request(method.clone(), path, token, "en").json(&body).send();
        assert_eq!(send(None).await.unwrap().status(), 401, "{path}");
        assert_eq!(send(Some(&customer)).await.unwrap().status(), 403, "{path}");
        assert_eq!(send(Some(&lister)).await.unwrap().status() != 403, allowed, "{path} with sms-list only");
    }
    assert_eq!(app.get("sms-consent", None).await.status(), 401);
}

#[actix_web::test]
async fn a_broadcast_is_sent_once_however_often_it_is_asked_for() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012391301").await;
    for n in 0..3 {
        app.account_token(Role::Customer, &format!("0101239132{n}")).await;
    }
    let body = json!({"message": "Sowing season: 10% off seeds", "audience": {"kind": "all"}});
    let send = |key: Option<&str>, body: &Value, lang: &str| {
        let mut request = app.request(Method::POST, "dashboard/sms", Some(&admin), lang).json(body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        request.send()
    };

    // A double click under one key, at once: one broadcast, the repeats answer it.
    let answers = futures_util::future::join_all((0..5).map(|_| send(Some("sms-attempt-1"), &body, "en"))).await;
    let mut ids = Vec::new();
    let mut replayed = 0;
    for answer in answers {
        let answer = answer.unwrap();
        assert_eq!(answer.status(), 202);
        replayed += usize::from(answer.headers().get("Idempotent-Replayed").is_some());
        ids.push(json_of(answer).await["data"]["id"].as_i64().unwrap());
    }
    ids.dedup();
    assert_eq!((ids.len(), replayed), (1, 4), "one broadcast, four repeats");
    let other = json!({"message": "Another message", "audience": {"kind": "all"}});
    let reused = send(Some("sms-attempt-1"), &other, "en").await.unwrap();
    assert_eq!(reused.status(), 400);
    assert_eq!(json_of(reused).await["message"], "This Idempotency-Key was already used for a different message or audience.");

    // Without a key, the same message to the same audience is refused for ten minutes.
    let again = send(None, &body, "en").await.unwrap();
    assert_eq!(again.status(), 409);
    assert_eq!(
        json_of(again).await["message"],
        format!("This message went to the same audience 0 minutes ago (broadcast #{}). It was not sent again.", ids[0])
    );
    let arabic = send(None, &body, "ar").await.unwrap();
    assert_eq!(json_of(arabic).await["message"], format!("أُرسلت هذه الرسالة إلى الجمهور نفسه منذ 0 دقيقة (الإرسال رقم {}). لم تُرسل مرة أخرى.", ids[0]));
    let at_once = futures_util::future::join_all((0..4).map(|_| send(None, &other, "en"))).await;
    let statuses: Vec<u16> = at_once.into_iter().map(|answer| answer.unwrap().status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|status| **status == 202).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|status| **status == 409).count(), 3, "{statuses:?}");
    let list = json_of(app.get("dashboard/sms", Some(&admin)).await).await;
    assert_eq!(list["data"].as_array().unwrap().len(), 2, "two broadcasts in all: {list}");
    let to_verified = json!({"message": "Sowing season: 10% off seeds", "audience": {"kind": "verified"}});
    assert_eq!(send(None, &to_verified, "en").await.unwrap().status(), 202, "another audience is another broadcast");
}
