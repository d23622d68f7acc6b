#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! Invoices read back with poppler's `pdftotext` (Debian's `poppler-utils`, installed by
//! `make test`): the words come out in logical order, Arabic as well as English.

use std::path::Path;
use std::process::Command;

use chrono::{DateTime, Utc};
use kernel::{CityId, Locale, Localized, Money, OrderId, Phone, ProductId, Weight};
use ordering::{
    Destination, Invoice, InvoicePrinter, LineLot, NewOrder, Order, OrderLine, OrderSource, OrderStatus, PaymentMethod, Receiver, ShopContacts, Totals,
};

use super::{PdfInvoicePrinter, grouped};

const FONTS: &str = "/usr/share/fonts/truetype/noto";

fn printer() -> PdfInvoicePrinter {
    PdfInvoicePrinter::new(Path::new(FONTS)).expect("the Noto fonts of Debian's fonts-noto-core (make test installs them)")
}

fn line(id: i64, ar: &str, en: &str, pounds: i64, quantity: u32) -> OrderLine {
    let unit_price = Money::from_pounds(pounds);
    OrderLine {
        product: Some(ProductId(id)),
        slug: format!("p-{id}"),
        name: Localized::new(ar.into(), en.into()),
        image: None,
        quantity,
        unit_price,
        weight: Weight::from_grams(250),
        line_total: unit_price.checked_times(i64::from(quantity)).unwrap(),
    }
}

fn invoice(lines: Vec<OrderLine>, locale: Locale) -> Invoice {
    let subtotal = lines.iter().fold(Money::ZERO, |sum, line| sum.checked_add(line.line_total).unwrap());
    let (discount, base, extra) = (Money::from_pounds(20), Money::from_pounds(50), Money::from_pounds(15));
    let total = subtotal.checked_sub(discount).unwrap().checked_add(base).unwrap().checked_add(extra).unwrap();
    Invoice {
        order: Order {
            id: OrderId(123),
            number: "MS-2026-000123".into(),
            status: OrderStatus::OnDelivery,
            created_at: DateTime::<Utc>::from_timestamp(1_790_000_000, 0).unwrap(),
            history: vec![],
            sales_engineer: None,
            lots: Vec::new(),
            confirmation: None,
            cancelled_as: None,
            failed_attempts: Vec::new(),
            shipment: None,
            returns: Vec::new(),
            placed: NewOrder {
                user: None,
                source: OrderSource::Guest,
                customer_name: "سمير عادل".into(),
                customer_phone: Phone::parse("01012345678").unwrap(),
                receiver: Receiver::Other { name: "Mona Adel".into(), phone: Phone::parse("01112345678").unwrap() },
                destination: Destination {
                    address: "12 شارع النيل، الدقي".into(), city: CityId(2), city_name: Localized::new("الجيزة".into(), "Giza".into())
                },
                notes: None,
                copoun: Some("SPRING10".into()),
                promo: None,
                totals: Totals {
                    subtotal,
                    discount,
                    shipping_base: base,
                    shipping_extra: extra,
                    cod_fee: Money::ZERO,
                    total,
                    total_weight: Weight::from_grams(12_500),
                },
                lines,
                payment_method: PaymentMethod::CashOnDelivery,
                locale,
                safety_acknowledged: false,
                confirmed: None,
                awaits_call: false,
            },
        },
        shop: ShopContacts {
            name: Localized::new("محصول".into(), "Mahsoul".into()),
            phone: "01000000000".into(),
            email: "hello@mahsoul.example".into(),
            address: Localized::new("المنصورة، الدقهلية".into(), "Mansoura, Dakahlia".into()),
        },
        tracking_link: "https://mahsoul.example/track-order?number=MS-2026-000123&phone=01012345678".into(),
        locale,
    }
}

fn sample(locale: Locale) -> Invoice {
    invoice(vec![line(1, "بذور النعناع", "Mint seeds", 40, 3), line(2, "سماد اليوريا 46%", "Urea fertiliser 46%", 100, 2)], locale)
}

/// The PDF's text as `pdftotext` reads it.
fn text_of(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("invoice.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("pdftotext").arg(&file).arg("-").output().expect("pdftotext (Debian's poppler-utils; make test installs it)");
    assert!(out.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&out.stderr));
    // pdftotext marks the direction of what it read with invisible embeddings, and reads an
    // Arabic vowel mark (the tanween of جارٍ) beside a letter other than its own; the words are
    // what counts.
    String::from_utf8(out.stdout)
        .unwrap()
        .chars()
        .filter(|c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{064B}'..='\u{0652}'))
        .collect()
}

#[test]
fn an_arabic_invoice_reads_in_logical_order_with_every_figure() {
    let pdf = printer().print(&sample(Locale::Ar)).unwrap();
    let text = text_of(&pdf);
    for expected in [
        "محصول",
        "فاتورة",
        "MS-2026-000123",
        "بذور النعناع",
        "سماد اليوريا 46%",
        "سمير عادل",
        "01012345678",
        "الجيزة",
        "الدفع عند الاستلام",
        "320.00",
        "365.00",
        "20.00",
        "50.00",
        "15.00",
        "جار التوصيل",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
    }
}

#[test]
fn an_english_invoice_reads_left_to_right_with_every_figure() {
    let text = text_of(&printer().print(&sample(Locale::En)).unwrap());
    for expected in [
        "Mahsoul",
        "Invoice",
        "Order number: MS-2026-000123",
        "Mint seeds",
        "Urea fertiliser 46%",
        "Receiver: Mona Adel - 01112345678",
        "Giza",
        "EGP 320.00",
        "EGP 365.00",
        "Cash on delivery",
        "On delivery",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
    }
}

#[test]
fn a_thirty_line_invoice_stays_under_a_hundred_kilobytes() {
    let lines: Vec<OrderLine> =
        (1..=30).map(|n| line(n, &format!("منتج زراعي رقم {n} للحدائق المنزلية"), &format!("Garden product number {n}"), 10 + n, 1)).collect();
    for locale in [Locale::Ar, Locale::En] {
        let pdf = printer().print(&invoice(lines.clone(), locale)).unwrap();
        assert!(pdf.len() < 100 * 1024, "{} bytes in {locale:?}", pdf.len());
        assert!(text_of(&pdf).contains("30"), "the thirtieth line is there");
    }
}

#[test]
fn a_hundred_lines_go_on_to_further_pages() {
    let lines: Vec<OrderLine> = (1..=100).map(|n| line(n, &format!("منتج {n}"), &format!("Product {n}"), 10, 1)).collect();
    let text = text_of(&printer().print(&invoice(lines, Locale::En)).unwrap());
    assert!(text.contains("Product 1\n") || text.contains("Product 1 "), "{text}");
    assert!(text.contains("Product 100"), "the last line is printed");
    assert!(text.contains('\u{c}'), "more than one page");
}

#[test]
fn an_order_paid_another_way_prints_that_way() {
    for (locale, paid, not_paid) in
        [(Locale::En, "Card (Visa or MasterCard)", "Cash on delivery"), (Locale::Ar, "بطاقة (فيزا أو ماستركارد)", "الدفع عند الاستلام")]
    {
        let mut by_card = sample(locale);
        by_card.order.placed.payment_method = PaymentMethod::Card;
        let text = text_of(&printer().print(&by_card).unwrap());
        assert!(text.contains(paid) && !text.contains(not_paid), "{locale:?}:\n{text}");
    }
}

#[test]
fn a_cash_fee_is_its_own_line_in_the_total_and_absent_when_there_is_none() {
    for (locale, label) in [(Locale::En, "Cash on delivery fee"), (Locale::Ar, "رسوم الدفع عند الاستلام")] {
        let none = text_of(&printer().print(&sample(locale)).unwrap());
        assert!(!none.contains(label), "{locale:?}: no fee, no line:\n{none}");
        let mut with_fee = sample(locale);
        let totals = &mut with_fee.order.placed.totals;
        totals.cod_fee = Money::from_piastres(1_275);
        totals.total = totals.total.checked_add(totals.cod_fee).unwrap();
        let text = text_of(&printer().print(&with_fee).unwrap());
        assert!(text.contains(label) && text.contains("12.75") && text.contains("377.75"), "{locale:?}:\n{text}");
    }
}

#[test]
fn a_line_from_batches_prints_each_batch_and_its_expiry_under_it() {
    // pdftotext reads the Arabic line's Latin runs and punctuation out of their visual order:
    // the words and figures are what counts there.
    for (locale, expected) in [
        (Locale::En, vec!["Batch UR-2291, use by 1 May 2027 (1)", "Batch UR-2310, use by 30 September 2027 (1)"]),
        (Locale::Ar, vec!["التشغيلة", "UR-2291", "UR-2310", "صالحة حتى", "مايو", "سبتمبر"]),
    ] {
        let mut invoice = sample(locale);
        invoice.order.lots = vec![
            LineLot { product: ProductId(2), batch: "UR-2291".into(), expires_on: "2027-05-01".parse().unwrap(), quantity: 1 },
            LineLot { product: ProductId(2), batch: "UR-2310".into(), expires_on: "2027-09-30".parse().unwrap(), quantity: 1 },
        ];
        let text = text_of(&printer().print(&invoice).unwrap());
        for batch in expected {
            assert!(text.contains(batch), "{locale:?}: {batch:?} missing from:\n{text}");
        }
    }
}

#[test]
fn figures_group_their_thousands_and_the_date_reads_as_on_the_site() {
    let english = text_of(&printer().print(&invoice(vec![line(1, "مضخة رش", "Sprayer pump", 1234, 2)], Locale::En)).unwrap());
    for expected in ["EGP 2,468.00", "EGP 2,513.00", "Date: 21 September 2026"] {
        assert!(english.contains(expected), "{expected:?} missing from:\n{english}");
    }
    let arabic = text_of(&printer().print(&invoice(vec![line(1, "مضخة رش", "Sprayer pump", 1234, 2)], Locale::Ar)).unwrap());
    for expected in ["2,468.00", "سبتمبر", "2026"] {
        assert!(arabic.contains(expected), "{expected:?} missing from:\n{arabic}");
    }
    assert_eq!((grouped(Money::from_piastres(-123_456_789)), grouped(Money::from_piastres(5))), ("-1,234,567.89".to_string(), "0.05".to_string()));
}
