//! Permissions (`<resource>-<action>`) and the built-in access roles.

use strum::IntoEnumIterator;

/// What a staff member may do: `<resource>-<action>` as stored with their access role and
/// shown on the roles screen (`offer-edit`, `guest-order-list`, …). Declared in the order the
/// roles screen lists them: each resource's list, create, edit and delete, then the specials.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::Display, strum::EnumIter, strum::EnumString)]
#[strum(serialize_all = "kebab-case")]
#[allow(missing_docs)] // each name says what it allows
pub enum Permission {
    AdminList,
    AdminCreate,
    AdminEdit,
    AdminDelete,
    SalesList,
    SalesCreate,
    SalesEdit,
    SalesDelete,
    ProductList,
    ProductCreate,
    ProductEdit,
    ProductDelete,
    CategoryList,
    CategoryCreate,
    CategoryEdit,
    CategoryDelete,
    AgronomyList,
    AgronomyCreate,
    AgronomyEdit,
    AgronomyDelete,
    ClientList,
    ClientCreate,
    ClientEdit,
    ClientDelete,
    OrderList,
    OrderCreate,
    OrderEdit,
    OrderDelete,
    GuestOrderList,
    GuestOrderCreate,
    GuestOrderEdit,
    GuestOrderDelete,
    CopounList,
    CopounCreate,
    CopounEdit,
    CopounDelete,
    PointsList,
    PointsCreate,
    PointsEdit,
    PointsDelete,
    ShippingList,
    ShippingCreate,
    ShippingEdit,
    ShippingDelete,
    OfferList,
    OfferCreate,
    OfferEdit,
    OfferDelete,
    SmsList,
    SmsCreate,
    SmsEdit,
    SmsDelete,
    SettingList,
    SettingCreate,
    SettingEdit,
    SettingDelete,
    RoleList,
    RoleCreate,
    RoleEdit,
    RoleDelete,
    ContactList,
    ContactCreate,
    ContactEdit,
    ContactDelete,
    IntegrationList,
    IntegrationCreate,
    IntegrationEdit,
    IntegrationDelete,
    OrderStatus,
    ClientBlock,
    ClientContactEdit,
    PhoneTrust,
    PointsAdjust,
    SmsSend,
    DashboardOverview,
}

/// The name of the built-in role that holds every permission.
pub const SUPER_ADMIN: &str = "Super Admin";

/// The name of the built-in role of sales engineers.
pub const SALES_ENGINEER: &str = "Sales Engineer";

/// Every permission the shop knows, as stored.
pub fn all() -> Vec<String> {
    Permission::iter().map(|permission| permission.to_string()).collect()
}

/// The permissions of the built-in `Sales Engineer` role: orders, clients and the overview,
/// but not a client's phone or e-mail (`client-contact-edit`): whoever changes those can sign
/// in as the client.
pub fn sales_engineer() -> Vec<String> {
    let contact: &str = Permission::ClientContactEdit.into();
    all()
        .into_iter()
        .filter(|p| p.starts_with("order-") || p.starts_with("guest-order-") || p.starts_with("client-") || p == "dashboard-overview")
        .filter(|p| p != contact)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resource_has_crud_permissions_and_the_specials_with_their_stored_names() {
        let all = all();
        assert_eq!(all.len(), 17 * 4 + 7);
        assert_eq!(all[..4], ["admin-list", "admin-create", "admin-edit", "admin-delete"]);
        assert!(all.contains(&"guest-order-edit".to_string()) && all.contains(&"copoun-list".to_string()) && all.contains(&"agronomy-delete".to_string()));
        assert_eq!(all.last().map(String::as_str), Some("dashboard-overview"));
        assert_eq!("offer-edit".parse::<Permission>().ok(), Some(Permission::OfferEdit));
    }

    #[test]
    fn sales_engineers_get_orders_clients_and_overview_only() {
        let sales = sales_engineer();
        for expected in ["order-list", "order-status", "guest-order-edit", "client-list", "client-block", "dashboard-overview"] {
            assert!(sales.contains(&expected.to_string()), "{expected}");
        }
        for refused in ["product-create", "role-edit", "setting-edit", "admin-list", "client-contact-edit", "phone-trust"] {
            assert!(!sales.contains(&refused.to_string()), "{refused}");
        }
    }
}
