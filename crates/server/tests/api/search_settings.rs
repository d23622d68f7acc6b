//! Staff's search settings: synonyms that answer on every node once the catalogue's freshness
//! window has passed, broken groups refused with their reasons, and the searches that found
//! nothing, kept once per text and language and shown to staff only.

use std::time::Duration;

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app_with_catalogue};

async fn names(app: &TestApp, search: &str) -> Vec<String> {
    let response = app.request(Method::GET, "products", None, "en").query(&[("search", search)]).send().await.unwrap();
    assert_eq!(response.status(), 200);
    json_of(response).await["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn synonyms_added_on_one_node_answer_on_another_after_the_freshness_window() {
    let app = spawn_app_with_catalogue().await;
    let other = app.another_node(300).await;
    let admin = app.account_token(Role::Admin, "01012349001").await;
    assert!(names(&other, "بلح").await.is_empty(), "the catalogue has no word بلح");
    assert!(names(&other, "قوطة").await.contains(&"Hybrid tomato seeds 023".to_string()), "a seeded synonym");

    let added = app.post("dashboard/search/synonyms", json!({"members": [" بلح ", "Neem", "بلح", "زيت   النيم"]}), Some(&admin)).await;
    assert_eq!(added.status(), 200);
    let added = json_of(added).await;
    assert_eq!(added["message"], "The synonyms have been saved.");
    assert_eq!(added["data"]["members"], json!(["بلح", "Neem", "زيت النيم"]), "trimmed, single-spaced, each member once");
    assert_eq!(names(&app, "بلح").await, ["Neem oil", "Tomato care package"], "the writing node answers at once");

    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(names(&other, "بلح").await, ["Neem oil", "Tomato care package"], "the other node after its window");

    let id = added["data"]["id"].as_i64().unwrap();
    let changed = app.put(&format!("dashboard/search/synonyms/{id}"), json!({"members": ["بلح", "gypsum"]}), Some(&admin)).await;
    assert_eq!(changed.status(), 200);
    assert_eq!(names(&app, "بلح").await, ["Agricultural gypsum", "Land reclamation package"]);
    let listed = json_of(app.get("dashboard/search/synonyms", Some(&admin)).await).await;
    assert!(listed["data"].as_array().unwrap().iter().any(|group| group["id"] == id && group["members"] == json!(["بلح", "gypsum"])));

    let deleted = app.request(Method::DELETE, &format!("dashboard/search/synonyms/{id}"), Some(&admin), "ar").send().await.unwrap();
    assert_eq!(json_of(deleted).await["message"], "تم حذف المرادفات.");
    assert!(names(&app, "بلح").await.is_empty());
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(names(&other, "بلح").await.is_empty(), "gone from the other node too");
    let again = app.request(Method::DELETE, &format!("dashboard/search/synonyms/{id}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(again.status(), 404);
}

#[actix_web::test]
async fn a_broken_group_is_refused_with_its_reasons_and_changes_nothing() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349002").await;
    let before = json_of(app.get("dashboard/search/synonyms", Some(&admin)).await).await["data"].as_array().unwrap().len();
    for (members, rule) in [
        (json!(["بلح"]), "A group needs at least two different words or phrases."),
        (json!(["بلح", " بلح ", "!!"]), "A group needs at least two different words or phrases."),
        (json!(["بلح", "واحد اثنان ثلاثة أربعة خمسة ستة"]), "Each word or phrase may have at most five words."),
        (json!(["بلح", "x".repeat(201)]), "This field is too long."),
        (json!((0..11).map(|n| format!("word{n}")).collect::<Vec<_>>()), "Too many items were chosen."),
        (json!(null), "A group needs at least two different words or phrases."),
    ] {
        let response = app.post("dashboard/search/synonyms", json!({ "members": members }), Some(&admin)).await;
        assert_eq!(response.status(), 422, "{members}");
        let body: Value = json_of(response).await;
        assert_eq!(body["errors"]["members"][0], rule, "{members}");
    }
    let wrong_type = app.post("dashboard/search/synonyms", json!({"members": "بلح، تمر"}), Some(&admin)).await;
    assert_eq!(wrong_type.status(), 422);
    let unknown = app.put("dashboard/search/synonyms/999999", json!({"members": ["بلح", "تمر"]}), Some(&admin)).await;
    assert_eq!(unknown.status(), 404);
    let after = json_of(app.get("dashboard/search/synonyms", Some(&admin)).await).await["data"].as_array().unwrap().len();
    assert_eq!(after, before);
}

#[actix_web::test]
async fn searches_that_find_nothing_are_kept_once_per_text_and_language_for_staff_only() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349003").await;
    let customer = app.account_token(Role::Customer, "01012349004").await;
    for (search, lang) in [("تراكتور", "ar"), ("  تراكتور! ", "ar"), ("تراكتور", "en"), ("tractor", "en"), ("طماطم", "ar"), ("", "ar")]
    {
        let response = app.request(Method::GET, "products", None, lang).query(&[("search", search)]).send().await.unwrap();
        assert_eq!(response.status(), 200);
    }
    let second_page = app.request(Method::GET, "products", None, "en").query(&[("search", "combine harvester"), ("page", "2")]).send().await.unwrap();
    assert_eq!(second_page.status(), 200);

    let misses = json_of(app.get("dashboard/search/misses", Some(&admin)).await).await;
    let kept: Vec<(String, String, i64)> = misses["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|miss| (miss["text"].as_str().unwrap().to_string(), miss["language"].as_str().unwrap().to_string(), miss["searches"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        kept,
        [("tractor".to_string(), "en".to_string(), 1), ("تراكتور".to_string(), "en".to_string(), 1), ("تراكتور".to_string(), "ar".to_string(), 2)],
        "the most recent first; a search that found something, an empty one and a later page are not kept"
    );
    assert_eq!(misses["meta"]["total"], 3);

    for token in [Some(customer.as_str()), None] {
        let refused = app.get("dashboard/search/misses", token).await;
        assert!([401, 403].contains(&refused.status().as_u16()));
    }
    let id = misses["data"][0]["id"].as_i64().unwrap();
    let refused = app.request(Method::DELETE, &format!("dashboard/search/misses/{id}"), Some(&customer), "en").send().await.unwrap();
    assert_eq!(refused.status(), 403);
    let forgotten = app.request(Method::DELETE, &format!("dashboard/search/misses/{id}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(json_of(forgotten).await["message"], "The search has been removed from the list.");
    assert_eq!(json_of(app.get("dashboard/search/misses", Some(&admin)).await).await["meta"]["total"], 2);
}

#[actix_web::test]
async fn only_staff_with_the_settings_permissions_see_and_change_synonyms() {
    let app = spawn_app_with_catalogue().await;
    let customer = app.account_token(Role::Customer, "01012349005").await;
    assert_eq!(app.get("dashboard/search/synonyms", Some(&customer)).await.status(), 403);
    assert_eq!(app.post("dashboard/search/synonyms", json!({"members": ["بلح", "تمر"]}), Some(&customer)).await.status(), 403);
    assert_eq!(app.get("dashboard/search/synonyms", None).await.status(), 401);
}
