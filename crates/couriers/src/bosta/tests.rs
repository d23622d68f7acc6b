use httpmock::prelude::*;
use serde_json::json;

use super::*;

fn bosta(server: &MockServer) -> BostaCourier {
    BostaCourier::new(BostaSettings {
        base_url: server.url("/api/v2"),
        api_key: SecretString::from("bosta-key"),
        webhook_header: "Authorization".into(),
        webhook_secret: SecretString::from("hook-secret"),
        tracking_url: "https://bosta.co/tracking-shipments?shipment-number={tracking}".into(),
    })
}

fn parcel() -> Parcel {
    Parcel {
        reference: "MS-2026-000042".into(),
        cod: Money::from_piastres(15_050),
        receiver_name: "Ahmed Ali Hassan".into(),
        receiver_phone: "01012345678".into(),
        address: "Kafr El Sheikh, near the mosque".into(),
        city: "Kafr El Sheikh".into(),
        items: 3,
        description: "2 × Tomato seeds, 1 × Urea".into(),
    }
}

#[test]
fn a_parcel_is_booked_with_the_cash_to_collect_and_the_receiver() -> Result<(), CourierError> {
    let server = MockServer::start();
    let created = server.mock(|when, then| {
        when.method(POST).path("/api/v2/deliveries").query_param("apiVersion", "1").header("authorization", "bosta-key").json_body(json!({
            "type": 10,
            "specs": {"packageType": "Parcel", "packageDetails": {"itemsCount": 3, "description": "2 × Tomato seeds, 1 × Urea"}},
            "cod": 150.5,
            "businessReference": "MS-2026-000042",
            "dropOffAddress": {"city": "Kafr El Sheikh", "firstLine": "Kafr El Sheikh, near the mosque"},
            "receiver": {"firstName": "Ahmed", "lastName": "Ali Hassan", "phone": "01012345678"}
        }));
        then.status(201).json_body(json!({"success": true, "data": {"_id": "abc", "trackingNumber": "7012345", "state": {"code": 10}}}));
    });
    let booking = bosta(&server).book(&parcel())?;
    created.assert();
    assert_eq!(booking.tracking, "7012345");
    assert_eq!(booking.tracking_url.as_deref(), Some("https://bosta.co/tracking-shipments?shipment-number=7012345"));
    Ok(())
}

#[test]
fn bostas_refusal_is_an_error_with_its_message() {
    let server = MockServer::start();
    server.mock(|when, then| {
        when.method(POST).path("/api/v2/deliveries");
        then.status(400).json_body(json!({"success": false, "message": "Invalid city"}));
    });
    let Err(CourierError::Unavailable(message)) = bosta(&server).book(&parcel()) else { panic!("a refused booking must fail") };
    assert!(message.contains("Invalid city"), "{message}");
}

#[test]
fn the_airway_bill_is_bostas_pdf_decoded() -> Result<(), CourierError> {
    let server = MockServer::start();
    server.mock(|when, then| {
        when.method(GET).path("/api/v2/deliveries/mass-awb").query_param("trackingNumbers", "7012345").header("authorization", "bosta-key");
        then.status(200).json_body(json!({"success": true, "data": base64::engine::general_purpose::STANDARD.encode(b"%PDF-1.4 bill")}));
    });
    assert_eq!(bosta(&server).airway_bill("7012345")?, b"%PDF-1.4 bill");
    Ok(())
}

#[test]
fn a_booking_is_terminated_by_its_tracking_number() -> Result<(), CourierError> {
    let server = MockServer::start();
    let terminated = server.mock(|when, then| {
        when.method(DELETE).path("/api/v2/deliveries/business/7012345/terminate").header("authorization", "bosta-key");
        then.status(200).json_body(json!({"success": true}));
    });
    bosta(&server).cancel("7012345")?;
    terminated.assert();
    Ok(())
}

#[test]
fn a_parcels_state_now_is_read_from_its_delivery_by_code_with_the_cash_collected() -> Result<(), CourierError> {
    let server = MockServer::start();
    server.mock(|when, then| {
        when.method(GET).path("/api/v2/deliveries/business/7012345").header("authorization", "bosta-key");
        then.status(200).json_body(json!({"success": true, "data": {
            "trackingNumber": "7012345", "state": {"code": 45, "value": "Delivered"}, "cod": "150.50", "updatedAt": "2026-11-27T10:00:00Z"
        }}));
    });
    let report = bosta(&server).current_state("7012345")?;
    assert_eq!((report.tracking.as_str(), report.state, report.code), ("7012345", ShipmentState::Delivered, 45));
    assert_eq!(report.collected, Some(Money::from_piastres(15_050)));
    assert_eq!(report.at.to_rfc3339(), "2026-11-27T10:00:00+00:00");
    server.mock(|when, then| {
        when.method(GET).path("/api/v2/deliveries/business/7000000");
        then.status(200).json_body(json!({"success": true, "data": {"trackingNumber": "7000000"}}));
    });
    assert!(matches!(bosta(&server).current_state("7000000"), Err(CourierError::Unavailable(_))), "no state, no report");
    Ok(())
}

#[test]
fn a_webhook_call_is_read_by_its_state_code_with_the_cash_collected() -> Result<(), CourierError> {
    let server = MockServer::start();
    let body = json!({"_id": "abc", "trackingNumber": "7012345", "state": 45, "type": "SEND", "cod": 150.5, "timeStamp": 1_795_000_000_000_i64}).to_string();
    let report = bosta(&server).read_report(Some("hook-secret".into()), body.as_bytes())?;
    assert_eq!(report.tracking, "7012345");
    assert_eq!((report.state, report.code), (ShipmentState::Delivered, 45));
    assert_eq!(report.collected, Some(Money::from_piastres(15_050)));
    assert_eq!(report.at.timestamp_millis(), 1_795_000_000_000);
    assert_eq!(report.raw, body);
    Ok(())
}

#[test]
fn an_exception_keeps_its_reason_and_collects_nothing() -> Result<(), CourierError> {
    let server = MockServer::start();
    let body = json!({"trackingNumber": 7012345, "state": "47", "cod": 150, "timeStamp": "2026-11-27T10:00:00Z", "exceptionReason": "Customer not answering"});
    let report = bosta(&server).read_report(Some("hook-secret".into()), body.to_string().as_bytes())?;
    assert_eq!((report.tracking.as_str(), report.state, report.collected), ("7012345", ShipmentState::Exception, None));
    assert_eq!(report.reason.as_deref(), Some("Customer not answering"));
    Ok(())
}

#[test]
fn a_webhook_call_without_the_secret_or_with_another_is_refused() {
    let server = MockServer::start();
    let body = json!({"trackingNumber": "7012345", "state": 45, "timeStamp": 1}).to_string();
    for presented in [None, Some("wrong".to_string()), Some(String::new())] {
        assert!(matches!(bosta(&server).read_report(presented, body.as_bytes()), Err(CourierError::Unauthorised)));
    }
}

#[test]
fn a_webhook_call_that_is_not_a_report_is_unreadable() {
    let server = MockServer::start();
    for body in ["not json", r#"{"trackingNumber": "1", "state": "delivered", "timeStamp": 1}"#, r#"{"trackingNumber": "1", "state": 45}"#] {
        assert!(matches!(bosta(&server).read_report(Some("hook-secret".into()), body.as_bytes()), Err(CourierError::Unreadable)), "{body}");
    }
}

#[test]
fn states_are_read_by_code() {
    assert_eq!(state_of(10), ShipmentState::Created);
    assert_eq!(state_of(21), ShipmentState::PickedUp);
    assert_eq!(state_of(24), ShipmentState::PickedUp);
    assert_eq!(state_of(41), ShipmentState::OutForDelivery);
    assert_eq!(state_of(45), ShipmentState::Delivered);
    assert_eq!(state_of(46), ShipmentState::Returned);
    assert_eq!(state_of(47), ShipmentState::Exception);
    assert_eq!(state_of(48), ShipmentState::Cancelled);
    assert_eq!(state_of(105), ShipmentState::Other);
}
