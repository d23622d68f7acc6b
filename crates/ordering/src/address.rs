//! The addresses a buyer saves for checkout.

use kernel::validation::limits;
use kernel::{AddressId, CityId, FieldErrors, Phone};

use crate::city::ShippingCity;

/// The most addresses one buyer keeps: enough for a farm, a home and relatives, and a bound on
/// what one account can store.
pub const MAX_ADDRESSES: usize = 20;

/// What a buyer calls an address, to pick it at checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum AddressLabel {
    /// Where they live.
    #[default]
    Home,
    /// Their land.
    Farm,
    /// Their shop or store.
    Shop,
}

/// Who takes the parcel at an address when not the buyer: a farm's guard, a relative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    /// Their name.
    pub name: String,
    /// The phone the courier calls.
    pub phone: Phone,
}

/// A saved address with its city.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// Its id.
    pub id: AddressId,
    /// The street, village or landmark, as the buyer wrote it.
    pub text: String,
    /// Its city, with today's shipping cost.
    pub city: ShippingCity,
    /// Home, farm or shop.
    pub label: AddressLabel,
    /// Who takes the parcel there, when not the buyer.
    pub recipient: Option<Recipient>,
    /// What the courier looks for ("behind the mosque", "the green gate").
    pub landmark: Option<String>,
}

impl Address {
    /// The address as an order carries it: the text, and the landmark after it.
    pub fn written(&self) -> String {
        written_with_landmark(&self.text, self.landmark.as_deref())
    }
}

/// An address as an order carries it: the text, and the landmark (when one was written) after
/// it, for the courier to read in one line.
pub fn written_with_landmark(text: &str, landmark: Option<&str>) -> String {
    match landmark.filter(|landmark| !landmark.is_empty()) {
        Some(landmark) => format!("{text} — {landmark}"),
        None => text.to_string(),
    }
}

/// An address as the buyer writes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddressDraft {
    /// The street, village or landmark, trimmed.
    pub text: String,
    /// The city, if one was chosen.
    pub city: Option<CityId>,
    /// Home, farm or shop; `None` when what was sent is none of them.
    pub label: Option<AddressLabel>,
    /// The recipient's name, trimmed; empty when none.
    pub recipient_name: String,
    /// The recipient's phone as typed, trimmed; empty when none.
    pub recipient_phone: String,
    /// The landmark, trimmed; empty when none.
    pub landmark: String,
}

impl AddressDraft {
    /// The rules of the fields themselves: the text and a city are required. Whether the city
    /// exists is checked against the store.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.text.is_empty() {
            errors.add("address", "required");
        }
        errors.limit_length("address", &self.text, limits::ADDRESS);
        if self.city.is_none() {
            errors.add("city_id", "required");
        }
        if self.label.is_none() {
            errors.add("label", "label_invalid");
        }
        errors.limit_length("recipient_name", &self.recipient_name, limits::NAME);
        errors.limit_length("landmark", &self.landmark, limits::NAME);
        // A recipient is a name and a phone the courier can call, or nobody.
        match (self.recipient_name.is_empty(), self.recipient_phone.is_empty()) {
            (false, true) => errors.add("recipient_phone", "required"),
            (true, false) => errors.add("recipient_name", "required"),
            (false, false) if Phone::parse(&self.recipient_phone).is_none() => errors.add("recipient_phone", "phone_invalid"),
            _ => {}
        }
        errors.into_result()
    }

    /// The recipient, once `check` passed.
    pub fn recipient(&self) -> Option<Recipient> {
        Some(Recipient { name: self.recipient_name.clone(), phone: Phone::parse(&self.recipient_phone)? })
    }

    /// The landmark, when one was written.
    pub fn landmark(&self) -> Option<String> {
        Some(self.landmark.clone()).filter(|landmark| !landmark.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(recipient_name: &str, recipient_phone: &str) -> AddressDraft {
        AddressDraft {
            text: "Farm road 4".into(),
            city: Some(CityId(1)),
            label: Some(AddressLabel::Farm),
            recipient_name: recipient_name.into(),
            recipient_phone: recipient_phone.into(),
            landmark: String::new(),
        }
    }

    fn fields(draft: &AddressDraft) -> Vec<(String, Vec<&'static str>)> {
        draft.check().err().map(|errors| errors.iter().map(|(field, rules)| (field.to_string(), rules.to_vec())).collect()).unwrap_or_default()
    }

    #[test]
    fn a_recipient_is_a_name_and_a_phone_the_courier_can_call_or_nobody() {
        assert!(fields(&draft("", "")).is_empty(), "the buyer takes it");
        assert!(fields(&draft("Am Hassan", "0101 234 5678")).is_empty());
        assert_eq!(draft("Am Hassan", "01012345678").recipient().map(|recipient| recipient.phone.international()), Some("+201012345678".into()));
        assert_eq!(fields(&draft("Am Hassan", "")), [("recipient_phone".to_string(), vec!["required"])]);
        assert_eq!(fields(&draft("", "01012345678")), [("recipient_name".to_string(), vec!["required"])]);
        assert_eq!(fields(&draft("Am Hassan", "12345")), [("recipient_phone".to_string(), vec!["phone_invalid"])]);
        assert_eq!(fields(&AddressDraft { label: None, ..draft("", "") }), [("label".to_string(), vec!["label_invalid"])]);
    }

    #[test]
    fn an_order_carries_the_landmark_after_the_address() {
        let city = crate::city::ShippingCity {
            id: CityId(1),
            name: kernel::Localized::new("الجيزة".into(), "Giza".into()),
            shipping_cost: kernel::Money::from_pounds(50),
            cash: crate::city::CashTerms::default(),
            active: true,
            sort_order: 0,
        };
        let address =
            Address { id: AddressId(3), text: "Farm road 4".into(), city, label: AddressLabel::Farm, recipient: None, landmark: Some("the green gate".into()) };
        assert_eq!(address.written(), "Farm road 4 — the green gate");
        assert_eq!(Address { landmark: None, ..address }.written(), "Farm road 4");
    }
}
