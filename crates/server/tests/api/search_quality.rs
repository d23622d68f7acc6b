//! Search quality over the demo catalogue: the queries of `search_queries.txt`, typed as
//! shoppers type them, each with the products a shopper would accept among the first ten. The
//! whole set must find what is meant (recall@10), answer little else (precision@10) and leave
//! almost no query without an answer.

use std::collections::{BTreeMap, HashMap, HashSet};

use reqwest::Method;

use crate::helpers::{TestApp, json_of, spawn_app_with_catalogue};

const MIN_RECALL: f64 = 0.95;
const MIN_PRECISION: f64 = 0.95;
const MAX_ZERO_RESULTS: f64 = 0.02;

/// One query of the set, with the family it tests and the products a shopper would accept.
struct Judged {
    family: String,
    query: String,
    accepted: HashSet<String>,
}

/// The queries of the set, their named product sets expanded.
fn judged_queries() -> Vec<Judged> {
    let mut sets: HashMap<String, Vec<String>> = HashMap::new();
    let mut family = String::new();
    let mut judged = Vec::new();
    let names = |list: &str, sets: &HashMap<String, Vec<String>>| -> HashSet<String> {
        list.split(';')
            .map(str::trim)
            .flat_map(|name| match name.strip_prefix('@') {
                Some(set) => sets.get(set).unwrap_or_else(|| panic!("no set {set}")).clone(),
                None => vec![name.to_string()],
            })
            .collect()
    };
    for line in include_str!("search_queries.txt").lines().map(str::trim).filter(|line| !line.is_empty()) {
        if let Some(comment) = line.strip_prefix('#') {
            family = comment.trim().to_string();
        } else if let Some(set) = line.strip_prefix('=') {
            let (name, list) = set.split_once(':').expect("= name: products");
            let products = names(list, &sets).into_iter().collect();
            sets.insert(name.trim().to_string(), products);
        } else {
            let (query, list) = line.split_once('|').expect("query | products");
            judged.push(Judged { family: family.clone(), query: query.trim().to_string(), accepted: names(list, &sets) });
        }
    }
    judged
}

async fn first_ten(app: &TestApp, query: &str) -> Vec<String> {
    let response = app.request(Method::GET, "products", None, "en").query(&[("search", query), ("per_page", "10")]).send().await.unwrap();
    assert_eq!(response.status(), 200, "{query}");
    json_of(response).await["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}

/// Recall, precision and answered queries of a family or of the whole set.
#[derive(Default)]
struct Figures {
    queries: usize,
    recall: f64,
    precision: f64,
    answered: usize,
    zero: usize,
}

impl Figures {
    fn add(&mut self, accepted: &HashSet<String>, found: &[String]) {
        let hits = found.iter().filter(|name| accepted.contains(*name)).count() as f64;
        self.queries += 1;
        self.recall += hits / accepted.len().min(10) as f64;
        if found.is_empty() {
            self.zero += 1;
        } else {
            self.answered += 1;
            self.precision += hits / found.len() as f64;
        }
    }

    fn recall(&self) -> f64 {
        self.recall / self.queries as f64
    }

    fn precision(&self) -> f64 {
        self.precision / self.answered.max(1) as f64
    }

    fn zero_share(&self) -> f64 {
        self.zero as f64 / self.queries as f64
    }
}

#[actix_web::test]
async fn shoppers_find_what_they_mean_and_little_else() {
    let app = spawn_app_with_catalogue().await;
    let catalogue: HashSet<String> = every_product_name(&app).await;
    let queries = judged_queries();
    assert!(queries.len() >= 150, "{} queries", queries.len());
    let mut families: BTreeMap<String, Figures> = BTreeMap::new();
    let mut all = Figures::default();
    let mut misses = Vec::new();
    for judged in &queries {
        for name in &judged.accepted {
            assert!(catalogue.contains(name), "{}: no product named {name}", judged.query);
        }
        let found = first_ten(&app, &judged.query).await;
        all.add(&judged.accepted, &found);
        families.entry(judged.family.clone()).or_default().add(&judged.accepted, &found);
        let missing: Vec<&String> = judged.accepted.iter().filter(|name| !found.contains(name)).collect();
        let extra: Vec<&String> = found.iter().filter(|name| !judged.accepted.contains(*name)).collect();
        if !missing.is_empty() || !extra.is_empty() {
            misses.push(format!("  {}: missing {missing:?}, extra {extra:?}", judged.query));
        }
    }
    println!("{:<44} {:>7} {:>9} {:>10} {:>6}", "family", "queries", "recall@10", "precision", "zero");
    for (family, figures) in families.iter().chain([(&"all".to_string(), &all)]) {
        println!("{family:<44} {:>7} {:>9.3} {:>10.3} {:>6}", figures.queries, figures.recall(), figures.precision(), figures.zero);
    }
    println!("{}", misses.join("\n"));
    assert!(all.recall() >= MIN_RECALL, "recall@10 {:.3} below {MIN_RECALL}", all.recall());
    assert!(all.precision() >= MIN_PRECISION, "precision@10 {:.3} below {MIN_PRECISION}", all.precision());
    assert!(all.zero_share() <= MAX_ZERO_RESULTS, "{} of {} queries answered nothing", all.zero, all.queries);
}

/// Every product's English name.
async fn every_product_name(app: &TestApp) -> HashSet<String> {
    let response = app.request(Method::GET, "products", None, "en").query(&[("per_page", "100")]).send().await.unwrap();
    json_of(response).await["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}
