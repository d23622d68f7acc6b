//! The invoice printer (design §5): an A4 PDF of an order with the shop's name and contacts,
//! the buyer, receiver and address, the lines, every figure of the totals, the payment method
//! and a QR code of the tracking link. Arabic is shaped and set right to left with digits in
//! order; English left to right. Fonts come from Debian's `fonts-noto-core` and are subset
//! into the file, so an invoice weighs tens of kilobytes.

mod text;

use std::path::Path;
use std::sync::LazyLock;

use kernel::{Locale, Money};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Rect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use ordering::{Invoice, InvoicePrinter, Order, OrderStatus, PaymentMethod, Receiver};

use crate::text::{Align, At, Fonts, Style};

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 40.0;
const BODY: Style = Style { size: 10.0, bold: false };
const STRONG: Style = Style { size: 10.0, bold: true };
const SMALL: Style = Style { size: 8.0, bold: false };
const TITLE: Style = Style { size: 18.0, bold: true };
const LINE: f32 = 16.0;
const QR_SIZE: f32 = 80.0;

/// Prints invoices as PDF with the fonts it loaded at start.
pub struct PdfInvoicePrinter {
    fonts: Fonts,
}

impl PdfInvoicePrinter {
    /// A printer with the Noto fonts of `fonts_dir`.
    pub fn new(fonts_dir: &Path) -> anyhow::Result<PdfInvoicePrinter> {
        Ok(PdfInvoicePrinter { fonts: Fonts::load(fonts_dir)? })
    }
}

impl InvoicePrinter for PdfInvoicePrinter {
    fn print(&self, invoice: &Invoice) -> anyhow::Result<Vec<u8>> {
        let mut layout = Layout::new(&self.fonts, invoice.locale);
        layout.header(invoice);
        layout.people(&invoice.order);
        layout.lines(&invoice.order);
        layout.totals(&invoice.order);
        layout.render()
    }
}

/// The words of an invoice in one language, from the shop's message catalogues (`invoice.*`).
struct Words {
    invoice: String,
    number: String,
    date: String,
    status: String,
    payment: String,
    customer: String,
    receiver: String,
    address: String,
    product: String,
    quantity: String,
    unit_price: String,
    line_total: String,
    subtotal: String,
    discount: String,
    shipping_base: String,
    shipping_extra: String,
    cod_fee: String,
    total: String,
    scan: String,
    currency: String,
}

/// The invoice's words in Arabic and in English, read once.
static WORDS: LazyLock<[Words; 2]> = LazyLock::new(|| [words(Locale::Ar), words(Locale::En)]);

fn words(locale: Locale) -> Words {
    let word = |name: &str| messages::text(locale, &format!("invoice.{name}"), &[]);
    Words {
        invoice: word("invoice"),
        number: word("number"),
        date: word("date"),
        status: word("status"),
        payment: word("payment"),
        customer: word("customer"),
        receiver: word("receiver"),
        address: word("address"),
        product: word("product"),
        quantity: word("quantity"),
        unit_price: word("unit_price"),
        line_total: word("line_total"),
        subtotal: word("subtotal"),
        discount: word("discount"),
        shipping_base: word("shipping_base"),
        shipping_extra: word("shipping_extra"),
        cod_fee: word("cod_fee"),
        total: word("total"),
        scan: word("scan"),
        currency: word("currency"),
    }
}

/// An order's status as the invoice prints it (`order.status.*`).
fn status_word(status: OrderStatus, locale: Locale) -> String {
    messages::text(locale, &format!("order.status.{status}"), &[])
}

/// A payment method as the invoice prints it (`payment.*`).
/// An amount as the site writes it: thousands grouped by commas, two decimals ("1,250.50").
fn grouped(amount: Money) -> String {
    let piastres = amount.piastres();
    let digits = (piastres.unsigned_abs() / 100).to_string();
    let mut pounds = String::with_capacity(digits.len() + digits.len() / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at).is_multiple_of(3) {
            pounds.push(',');
        }
        pounds.push(digit);
    }
    format!("{}{pounds}.{:02}", if piastres < 0 { "-" } else { "" }, piastres.unsigned_abs() % 100)
}

fn payment_word(method: PaymentMethod, locale: Locale) -> String {
    messages::text(locale, &format!("payment.{}", <&str>::from(method)), &[])
}

/// Something drawn on a page.
enum Mark {
    /// A line of text with its baseline at `y`.
    Text { text: String, x: f32, y: f32, align: Align, style: Style },
    /// A thin rule across the page at `y`.
    Rule { y: f32 },
    /// A QR code of the text, its top-left corner at `x`, `y`.
    Qr { text: String, x: f32, y: f32 },
}

/// The invoice laid out page by page, with a cursor that moves down and the side text starts
/// from (right in Arabic); drawn once the layout is done.
struct Layout<'a> {
    fonts: &'a Fonts,
    locale: Locale,
    words: &'static Words,
    rtl: bool,
    y: f32,
    pages: Vec<Vec<Mark>>,
}

impl<'a> Layout<'a> {
    fn new(fonts: &'a Fonts, locale: Locale) -> Layout<'a> {
        Layout { fonts, locale, words: &WORDS[if locale == Locale::Ar { 0 } else { 1 }], rtl: locale == Locale::Ar, y: MARGIN, pages: vec![Vec::new()] }
    }

    fn mark(&mut self, mark: Mark) {
        if let Some(page) = self.pages.last_mut() {
            page.push(mark);
        }
    }

    /// Goes on to a new page when `height` more does not fit on this one.
    fn room_for(&mut self, height: f32) {
        if self.y + height > PAGE_HEIGHT - MARGIN {
            self.pages.push(Vec::new());
            self.y = MARGIN + LINE;
        }
    }

    /// The x of a point `offset` from the start side of the line (right in Arabic).
    fn start_side(&self, offset: f32) -> (f32, Align) {
        if self.rtl { (PAGE_WIDTH - MARGIN - offset, Align::Right) } else { (MARGIN + offset, Align::Left) }
    }

    /// The x of a point `offset` from the end side of the line (left in Arabic).
    fn end_side(&self, offset: f32) -> (f32, Align) {
        if self.rtl { (MARGIN + offset, Align::Left) } else { (PAGE_WIDTH - MARGIN - offset, Align::Right) }
    }

    fn write(&mut self, text: &str, (x, align): (f32, Align), style: Style) {
        self.mark(Mark::Text { text: text.to_string(), x, y: self.y, align, style });
    }

    fn rule(&mut self) {
        self.mark(Mark::Rule { y: self.y - LINE + 6.0 });
    }

    fn money(&self, amount: Money) -> String {
        let figure = grouped(amount);
        if self.rtl { format!("{figure} {}", self.words.currency.as_str()) } else { format!("{} {figure}", self.words.currency.as_str()) }
    }

    /// The shop, the QR code, the title, and the order's number, date, status and payment.
    fn header(&mut self, invoice: &Invoice) {
        let shop = &invoice.shop;
        let qr_left = if self.rtl { MARGIN } else { PAGE_WIDTH - MARGIN - QR_SIZE };
        self.mark(Mark::Qr { text: invoice.tracking_link.clone(), x: qr_left, y: MARGIN - 4.0 });
        self.y += TITLE.size;
        self.write(shop.name.pick(self.locale), self.start_side(0.0), TITLE);
        self.y += LINE + 4.0;
        let contacts = [shop.phone.as_str(), shop.email.as_str()].into_iter().filter(|part| !part.is_empty()).collect::<Vec<_>>().join("  |  ");
        self.write(&contacts, self.start_side(0.0), BODY);
        self.y += LINE;
        self.write(shop.address.pick(self.locale), self.start_side(0.0), BODY);
        self.y += LINE * 2.0;
        self.write(self.words.invoice.as_str(), self.start_side(0.0), TITLE);
        self.write(self.words.scan.as_str(), self.end_side(0.0), Style { size: 8.0, bold: false });
        self.y += LINE + 4.0;
        let order = &invoice.order;
        let facts = [
            (self.words.number.as_str(), order.number.clone()),
            (self.words.date.as_str(), messages::long_date(order.created_at.date_naive(), self.locale)),
            (self.words.status.as_str(), status_word(order.status, self.locale).to_string()),
            (self.words.payment.as_str(), payment_word(order.placed.payment_method, self.locale).to_string()),
        ];
        for (label, value) in facts {
            self.write(&format!("{label}: {value}"), self.start_side(0.0), BODY);
            self.y += LINE;
        }
    }

    /// The customer, the receiver when someone else, and the address.
    fn people(&mut self, order: &Order) {
        let placed = &order.placed;
        self.y += LINE;
        self.rule();
        let customer = format!("{}: {} - {}", self.words.customer.as_str(), placed.customer_name, placed.customer_phone);
        self.write(&customer, self.start_side(0.0), BODY);
        self.y += LINE;
        if let Receiver::Other { name, phone } = &placed.receiver {
            self.write(&format!("{}: {name} - {phone}", self.words.receiver.as_str()), self.start_side(0.0), BODY);
            self.y += LINE;
        }
        let address = format!("{}: {} - {}", self.words.address.as_str(), placed.destination.address, placed.destination.city_name.pick(self.locale));
        for line in self.fonts.wrap(&address, self.rtl, PAGE_WIDTH - 2.0 * MARGIN, BODY) {
            self.write(&line, self.start_side(0.0), BODY);
            self.y += LINE;
        }
    }

    /// The table of lines, going on to a new page when one fills up.
    fn lines(&mut self, order: &Order) {
        // Product names from the start side; quantity, unit price and total at the end.
        let (quantity_at, price_at, total_at) = (190.0, 95.0, 0.0);
        let product_width = PAGE_WIDTH - 2.0 * MARGIN - 230.0;
        self.y += LINE / 2.0;
        self.rule();
        self.write(self.words.product.as_str(), self.start_side(0.0), STRONG);
        self.write(self.words.quantity.as_str(), self.end_side(quantity_at), STRONG);
        self.write(self.words.unit_price.as_str(), self.end_side(price_at), STRONG);
        self.write(self.words.line_total.as_str(), self.end_side(total_at), STRONG);
        self.y += LINE;
        self.rule();
        for line in &order.placed.lines {
            let name = self.fonts.wrap(line.name.pick(self.locale), self.rtl, product_width, BODY);
            self.room_for(LINE * name.len() as f32);
            self.write(&line.quantity.to_string(), self.end_side(quantity_at), BODY);
            self.write(&self.money(line.unit_price), self.end_side(price_at), BODY);
            self.write(&self.money(line.line_total), self.end_side(total_at), BODY);
            for part in name {
                self.write(&part, self.start_side(0.0), BODY);
                self.y += LINE;
            }
            // The batches the units came from, for a product kept in lots: what a recall or a
            // complaint about a pesticide asks for.
            for lot in order.lots.iter().filter(|lot| Some(lot.product) == line.product) {
                let args =
                    [("batch", lot.batch.clone()), ("expires", messages::long_date(lot.expires_on, self.locale)), ("quantity", lot.quantity.to_string())];
                let text = messages::text(self.locale, "invoice.batch", &args);
                self.room_for(LINE);
                self.write(&text, self.start_side(12.0), SMALL);
                self.y += LINE;
            }
        }
    }

    /// Subtotal, discount, shipping base and extra, the cash-on-delivery fee, and the total due.
    fn totals(&mut self, order: &Order) {
        let totals = &order.placed.totals;
        let mut rows = vec![(self.words.subtotal.as_str(), self.money(totals.subtotal), BODY)];
        if totals.discount != Money::ZERO {
            rows.push((self.words.discount.as_str(), format!("- {}", self.money(totals.discount)), BODY));
        }
        rows.push((self.words.shipping_base.as_str(), self.money(totals.shipping_base), BODY));
        rows.push((self.words.shipping_extra.as_str(), self.money(totals.shipping_extra), BODY));
        if totals.cod_fee != Money::ZERO {
            rows.push((self.words.cod_fee.as_str(), self.money(totals.cod_fee), BODY));
        }
        rows.push((self.words.total.as_str(), self.money(totals.total), STRONG));
        self.room_for(LINE * (rows.len() as f32 + 1.0));
        self.rule();
        for (label, amount, style) in rows {
            self.write(label, self.end_side(120.0), style);
            self.write(&amount, self.end_side(0.0), style);
            self.y += LINE;
        }
    }

    /// Draws every page into a PDF.
    fn render(self) -> anyhow::Result<Vec<u8>> {
        let mut document = Document::new();
        for marks in self.pages {
            let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).ok_or_else(|| anyhow::anyhow!("page size"))?;
            let mut page = document.start_page_with(settings);
            let mut surface = page.surface();
            for mark in marks {
                match mark {
                    Mark::Text { text, x, y, align, style } => self.fonts.draw(&mut surface, &text, self.rtl, At { x, y, align }, style),
                    Mark::Rule { y } => rule(&mut surface, y),
                    Mark::Qr { text, x, y } => qr(&mut surface, &text, x, y)?,
                }
            }
            surface.finish();
            page.finish();
        }
        document.finish().map_err(|error| anyhow::anyhow!("the PDF could not be written: {error:?}"))
    }
}

fn rule(surface: &mut Surface<'_>, y: f32) {
    let mut path = PathBuilder::new();
    path.move_to(MARGIN, y);
    path.line_to(PAGE_WIDTH - MARGIN, y);
    let Some(path) = path.finish() else { return };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke { paint: rgb::Color::new(160, 160, 160).into(), width: 0.5, ..Stroke::default() }));
    surface.draw_path(&path);
    surface.set_stroke(None);
    surface.set_fill(Some(Fill::default()));
}

/// A QR code of `text`, its top-left corner at `left`, `top`, one square path for every dark
/// module.
fn qr(surface: &mut Surface<'_>, text: &str, left: f32, top: f32) -> anyhow::Result<()> {
    let code = qrcode::QrCode::new(text.as_bytes())?;
    let modules = code.width();
    let cell = QR_SIZE / modules as f32;
    let mut path = PathBuilder::new();
    for (index, color) in code.to_colors().into_iter().enumerate() {
        if color == qrcode::Color::Dark
            && let Some(rect) = Rect::from_xywh(left + (index % modules) as f32 * cell, top + (index / modules) as f32 * cell, cell, cell)
        {
            path.push_rect(rect);
        }
    }
    let Some(path) = path.finish() else { return Ok(()) };
    surface.set_stroke(None);
    surface.set_fill(Some(Fill { paint: rgb::Color::new(0, 0, 0).into(), opacity: NormalizedF32::ONE, rule: Default::default() }));
    surface.draw_path(&path);
    Ok(())
}

#[cfg(test)]
mod tests;
