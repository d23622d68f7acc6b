//! Permission strings (`<resource>-<action>`) and the built-in access roles.

/// The resources staff permissions are about.
pub const RESOURCES: [&str; 15] =
    ["admin", "sales", "product", "category", "client", "order", "guest-order", "copoun", "points", "shipping", "offer", "sms", "setting", "role", "contact"];

/// The actions every resource has.
pub const ACTIONS: [&str; 4] = ["list", "create", "edit", "delete"];

/// Permissions that are not `<resource>-<crud action>`.
pub const SPECIAL: [&str; 5] = ["order-status", "client-block", "points-adjust", "sms-send", "dashboard-overview"];

/// The name of the built-in role that holds every permission.
pub const SUPER_ADMIN: &str = "Super Admin";

/// The name of the built-in role of sales engineers.
pub const SALES_ENGINEER: &str = "Sales Engineer";

/// Every permission the shop knows.
pub fn all() -> Vec<String> {
    let mut permissions: Vec<String> = RESOURCES.iter().flat_map(|resource| ACTIONS.iter().map(move |action| format!("{resource}-{action}"))).collect();
    permissions.extend(SPECIAL.iter().map(|p| p.to_string()));
    permissions
}

/// The permissions of the built-in `Sales Engineer` role: orders, clients and the overview.
pub fn sales_engineer() -> Vec<String> {
    all().into_iter().filter(|p| p.starts_with("order-") || p.starts_with("guest-order-") || p.starts_with("client-") || p == "dashboard-overview").collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resource_has_crud_permissions_and_the_specials() {
        let all = all();
        assert_eq!(all.len(), RESOURCES.len() * ACTIONS.len() + SPECIAL.len());
        assert!(all.contains(&"client-list".to_string()));
        assert!(all.contains(&"order-status".to_string()));
    }

    #[test]
    fn sales_engineers_get_orders_clients_and_overview_only() {
        let sales = sales_engineer();
        for expected in ["order-list", "order-status", "guest-order-edit", "client-list", "client-block", "dashboard-overview"] {
            assert!(sales.contains(&expected.to_string()), "{expected}");
        }
        for refused in ["product-create", "role-edit", "setting-edit", "admin-list"] {
            assert!(!sales.contains(&refused.to_string()), "{refused}");
        }
    }
}
