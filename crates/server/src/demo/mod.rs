//! Demo data for `make run`: reference data, one user of each role, the demo catalogue and
//! the content pages.

mod agronomy;
pub mod catalogue;
pub mod pages;
mod pictures;

use identity::service::NewAccount;
use identity::{IdentityError, IdentityService, Role};
use kernel::{Email, Percent, Phone};
use loyalty::{ExchangeRules, RuleDraft};
use store::Database;

/// The demo password of every demo user.
pub const DEMO_PASSWORD: &str = "Mahsoul2026";

/// The demo users: role, name, e-mail, phone. The first sales engineer is the shop's default
/// one (design §5); the second looks after the clients staff assign to them.
pub const DEMO_USERS: [(Role, &str, &str, &str); 4] = [
    (Role::Admin, "مدير محصول", "admin@mahsoul.test", "01000000001"),
    (Role::Sales, "مهندس المبيعات", "sales@mahsoul.test", "01000000002"),
    (Role::Customer, "سمير الفلاح", "customer@mahsoul.test", "01000000003"),
    (Role::Sales, "مهندسة مبيعات الدلتا", "delta-sales@mahsoul.test", "01000000004"),
];

/// Seeds what is missing; true when anything was added.
pub fn seed(db: &Database, identity: &IdentityService, media_dir: &std::path::Path) -> anyhow::Result<bool> {
    let mut added = store::seed::shipping_cities(db)? > 0;
    for (role, name, email, phone) in DEMO_USERS {
        let account = NewAccount {
            name: name.to_string(),
            email: Email::parse(email),
            phone: Phone::parse(phone).ok_or_else(|| anyhow::anyhow!("bad demo phone {phone}"))?,
            password: DEMO_PASSWORD.to_string(),
            role,
        };
        match identity.create_account(account) {
            Ok(_) => added = true,
            Err(IdentityError::Invalid(errors)) if errors.has("phone") || errors.has("email") => {}
            Err(error) => return Err(anyhow::anyhow!("seeding {email}: {error}")),
        }
    }
    added |= catalogue::seed(&store::catalogue::DieselCatalogueStore::new(db.clone()), media_dir)?;
    added |= pages::seed(&store::content::DieselShopStore::new(db.clone()))?;
    added |= points_rules(&store::loyalty::DieselExchangeRules::new(db.clone()))?;
    Ok(added)
}

/// What points buy in the demo, when the shop has no rules yet: 100 points for 5 % off, 250 for
/// 15 %, 500 for 30 %.
fn points_rules(rules: &dyn ExchangeRules) -> anyhow::Result<bool> {
    if !rules.rules(false)?.is_empty() {
        return Ok(false);
    }
    for (points, discount) in [(100, 5), (250, 15), (500, 30)] {
        rules.add_rule(&RuleDraft { points, discount: Percent::clamped(discount), active: true })?;
    }
    Ok(true)
}

/// How to log in as each demo user, for the console.
pub fn logins() -> String {
    let mut text = String::from("Demo logins (password for all: ");
    text.push_str(DEMO_PASSWORD);
    text.push_str(")\n");
    for (role, _, email, phone) in DEMO_USERS {
        text.push_str(&format!("  {:<9} {email:<24} or {phone}\n", <&'static str>::from(role)));
    }
    text
}
