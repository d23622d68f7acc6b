//! What a shopper sees before any script runs: Home, the product list (a category, a search),
//! a product page and the content pages are painted on the server into the app's root — the header with its
//! search, the hero, product names, prices and pictures, a product's details, the footer — from the same
//! catalogue in memory the API answers from; the cart, the checkout, the order placed and order
//! tracking get their frame and title (`shell`). Beside the markup goes the API's own answer for
//! the page, which the app puts in its query cache before its first render: it starts without
//! a second round trip and draws the same products over the server's markup. With scripts
//! off, the pages still show their products, and their links and search form still work.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use catalog::ProductCard;
use kernel::{Locale, Money};
use maud::{Markup, PreEscaped, html};
use messages::{Arg, Catalogue};
use serde::Serialize;
use serde_json::json;

use crate::AppState;
use crate::common::agronomy::{AgronomyData, UseData};
use crate::common::error::ApiError;
use crate::storefront::catalog::{self as catalogue_api, CategoryData, HomeData, ProductData};

/// The frontend's texts (`ar.json`, `en.json`), read by the same ICU runtime as the server's own,
/// so the server's markup says what the app says.
static TEXTS: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::from_json(include_str!("../../../../frontend/src/shared/i18n/ar.json"), include_str!("../../../../frontend/src/shared/i18n/en.json"))
});

/// The app's farm texts (`agronomy/ar.json`, `agronomy/en.json`: the safety and use block's).
static FARM_TEXTS: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::from_json(
        include_str!("../../../../frontend/src/shared/i18n/agronomy/ar.json"),
        include_str!("../../../../frontend/src/shared/i18n/agronomy/en.json"),
    )
});

/// The app's farm text `key` in a language.
pub(crate) fn farm_text(locale: Locale, key: &str) -> String {
    FARM_TEXTS.text(locale, key, &[])
}

/// The app's text `key` in a language.
fn text(locale: Locale, key: &str) -> String {
    TEXTS.text(locale, key, &[])
}

/// The app's text `key` in a language with an `{amount}` put in.
fn text_of_amount(locale: Locale, key: &str, amount: String) -> String {
    TEXTS.text(locale, key, &[("amount", Arg::Text(amount))])
}

/// An amount as the app writes it: Western digits, thousands grouped, decimals only when
/// there are piastres.
fn amount(money: Money) -> String {
    let (whole, piastres) = (money.piastres() / 100, money.piastres() % 100);
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    if piastres == 0 { grouped } else { format!("{grouped}.{piastres:02}") }
}

/// A price in the page's language, isolated so it reads whole inside Arabic text.
fn price(locale: Locale, money: Money) -> Markup {
    html! { bdi { (text_of_amount(locale, "price.format", amount(money))) } }
}

/// A page painted on the server: the markup for the app's root and the API's answers the app
/// would ask for first, each under the app's query key.
pub struct FirstPaint {
    markup: Markup,
    queries: Vec<(serde_json::Value, String)>,
    /// The pictures the screen opens on, to preload.
    pictures: Vec<Picture>,
}

impl FirstPaint {
    fn new(locale: Locale, main: Markup) -> FirstPaint {
        FirstPaint { markup: frame(locale, main), queries: Vec::new(), pictures: Vec::new() }
    }

    /// Asks for the pictures the screen opens on (each tile's or the product's, `None` for one
    /// without a picture; the first ones, as the grid loads at once) at the very top of the
    /// page, ahead of the app's scripts: over HTTP/1.1 a phone fetches six files at a time, and a
    /// picture found only in the body waits behind forty of them.
    fn opening_on<'a>(mut self, urls: impl IntoIterator<Item = Option<&'a str>>, card: bool) -> FirstPaint {
        self.pictures.extend(urls.into_iter().take(OPENING_PICTURES).flatten().map(|url| Picture::of(url, card)));
        self
    }

    fn with<T: Serialize>(mut self, key: serde_json::Value, answer: &T) -> Result<FirstPaint, ApiError> {
        self.queries.push((key, serde_json::to_string(answer).map_err(anyhow::Error::from)?));
        Ok(self)
    }

    /// The page with the markup inside the app's root and the answers in a data script; with
    /// `degraded` (the database out of reach) the data says so, and the app shows its banner
    /// from the first render.
    pub fn into_page(self, index: &str, locale: Locale, degraded: bool) -> String {
        let queries: Vec<String> = self.queries.iter().map(|(key, answer)| format!("[{key},{answer}]")).collect();
        let degraded = if degraded { ",\"degraded\":true" } else { "" };
        // A script's text is not HTML: escaping would break the JSON, so a `<` inside it, which
        // could close the element, is written as its JSON escape instead.
        let data = format!("{{\"language\":\"{}\",\"queries\":[{}]{degraded}}}", locale.pick("ar", "en"), queries.join(",")).replace('<', "\\u003c");
        let root = html! {
            div id="root" { (self.markup) }
            "\n    "
            script id="page-data" type="application/json" { (PreEscaped(data)) }
        };
        let preloads = html! {
            @for picture in &self.pictures {
                "\n    "
                link rel="preload" as="image" href=(picture.src) imagesrcset=[picture.srcset.as_ref()] imagesizes=[picture.sizes] fetchpriority="high";
            }
        };
        index.replacen("<head>", &format!("<head>{}", preloads.into_string()), 1).replacen("<div id=\"root\"></div>", &root.into_string(), 1)
    }
}

/// The header (the shop's name, the search form, the list and the cart) around the content.
fn frame(locale: Locale, main: Markup) -> Markup {
    html! {
        a.skip-link href="#main" { (text(locale, "nav.skip")) }
        header.fp-header {
            a.fp-brand href="/" { (text(locale, "app.name")) }
            form.fp-search action="/products" role="search" {
                input type="search" name="search" aria-label=(text(locale, "nav.search")) placeholder=(text(locale, "search.placeholder"));
            }
            nav.fp-nav {
                a href="/products" { (text(locale, "nav.products")) }
                a href="/cart" { (text(locale, "cart.title")) }
            }
        }
        main #main.page { (main) }
        footer.fp-footer {
            p.fp-about { (text(locale, "footer.about")) }
            nav.fp-pages {
                a href="/about-us" { (text(locale, "footer.about_us")) }
                a href="/terms-and-conditions" { (text(locale, "footer.terms")) }
                a href="/privacy-policy" { (text(locale, "footer.privacy")) }
                a href="/refund-policies" { (text(locale, "footer.refunds")) }
                a href="/track-order" { (text(locale, "footer.track_order")) }
            }
        }
    }
}

/// A screen the app draws from what only the browser holds (the cart, the checkout's form, the
/// order just placed, an order to track): its frame and title in the page's language while its
/// scripts, preloaded by the page, come. `None` for any other path.
pub fn shell(locale: Locale, path: &str) -> Option<FirstPaint> {
    let title = match path {
        "/cart" => Some("cart.title"),
        "/account/checkout" => Some("checkout.title"),
        "/track-order" => Some("track.title"),
        // Its title depends on the order the browser just placed.
        "/order-success" => None,
        _ => return None,
    };
    let main = html! {
        section.fp-shell aria-busy="true" {
            @if let Some(title) = title {
                h2 { (text(locale, title)) }
            }
            div.fp-placeholder {}
        }
    };
    Some(FirstPaint::new(locale, main))
}

/// What a product tile shows.
struct Tile<'a> {
    slug: &'a str,
    name: &'a str,
    image: Option<String>,
    price: Money,
    sale_price: Money,
    discount: u8,
    in_stock: bool,
}

impl<'a> Tile<'a> {
    fn of_data(product: &'a ProductData) -> Tile<'a> {
        Tile {
            slug: &product.slug,
            name: &product.name,
            image: product.image.clone(),
            price: product.price,
            sale_price: product.sale_price,
            discount: product.discount,
            in_stock: product.in_stock,
        }
    }

    fn of_card(card: &'a ProductCard, locale: Locale) -> Tile<'a> {
        Tile {
            slug: &card.product.slug,
            name: card.product.draft.name.pick(locale),
            image: card.product.images.first().map(|path| format!("/media/{path}")),
            price: card.price.price,
            sale_price: card.price.sale_price,
            discount: card.price.discount.value(),
            in_stock: card.product.in_stock(),
        }
    }
}

/// A picture's `src`, `srcset` and `sizes` as the app writes them (`ProductImage.tsx`): an
/// uploaded picture is kept in two sizes (`…-large.webp`, 1200 px, and `…-thumb.webp`, 400 px),
/// and the browser takes the one that fits the width shown.
#[derive(Debug, PartialEq)]
struct Picture {
    src: String,
    srcset: Option<String>,
    sizes: Option<&'static str>,
}

impl Picture {
    /// The picture at `url`, shown on a card (`card`) or large on its product's page.
    fn of(url: &str, card: bool) -> Picture {
        match url.strip_suffix("-large.webp") {
            Some(stem) => {
                let thumb = format!("{stem}-thumb.webp");
                Picture {
                    src: if card { thumb.clone() } else { url.to_string() },
                    srcset: Some(format!("{thumb} 400w, {url} 1200w")),
                    sizes: Some(if card { "(max-width: 36em) 50vw, 240px" } else { "(max-width: 48em) 100vw, 480px" }),
                }
            }
            None => Picture { src: url.to_string(), srcset: None, sizes: None },
        }
    }
}

/// How many pictures a screen opens on: the two rows of tiles a phone's screen shows of a list.
/// A picture on the screen that is not among them arrives late, and, the browser taking it for
/// a larger paint by a few device pixels, becomes the page's largest paint.
const OPENING_PICTURES: usize = 4;

/// A tile's or a product's price: the sale price, and the price struck through beside the
/// discount when there is one.
fn prices(locale: Locale, price: Money, sale_price: Money, discount: u8) -> Markup {
    html! {
        (self::price(locale, sale_price))
        @if sale_price < price {
            " " s { (self::price(locale, price)) } " " bdi dir="ltr" { "-" (discount) "%" }
        }
    }
}

/// A grid of product tiles, their pictures at their shown size; at the top of its page
/// (`first`), the ones a phone's screen shows come at once, first.
fn grid<'a>(locale: Locale, tiles: impl IntoIterator<Item = Tile<'a>>, first: bool) -> Markup {
    html! {
        ul.fp-grid {
            @for (index, tile) in tiles.into_iter().enumerate() {
                @let at_once = first && index < OPENING_PICTURES;
                li { a.fp-card href={ "/products/" (tile.slug) } {
                    @if let Some(image) = &tile.image {
                        @let picture = Picture::of(image, true);
                        img src=(picture.src) srcset=[picture.srcset] sizes=[picture.sizes] alt=(tile.name) width="240" height="160"
                            loading=(if at_once { "eager" } else { "lazy" }) fetchpriority=[at_once.then_some("high")];
                    }
                    span.fp-name { (tile.name) }
                    span.fp-price { (prices(locale, tile.price, tile.sale_price, tile.discount)) }
                    @if !tile.in_stock {
                        span.fp-muted { (text(locale, "product.out_of_stock")) }
                    }
                } }
            }
        }
    }
}

/// A piece of a URL: a slug as a query value.
fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// A titled section of Home, left out when it has nothing to show.
fn section(locale: Locale, title: &str, body: Markup) -> Markup {
    html! {
        @if !body.0.is_empty() {
            section { h2 { (text(locale, title)) } (body) }
        }
    }
}

fn category_links(categories: &[CategoryData]) -> Markup {
    html! {
        @if !categories.is_empty() {
            ul.fp-links {
                @for category in categories {
                    li { a href={ "/products?category=" (encode(&category.slug)) } { (category.name) } }
                }
            }
        }
    }
}

/// Home: the hero, the crops to shop by, the featured products, the running offers, the
/// categories, the newest.
pub async fn home(state: &AppState, locale: Locale) -> Result<FirstPaint, ApiError> {
    let answer = catalogue_api::home_answer(state, locale).await?;
    let HomeData { crops, featured, categories, recent, offers } = &answer.data;
    let crop_links = html! {
        @if !crops.is_empty() {
            ul.fp-links {
                @for crop in crops {
                    li { a href={ "/crops/" (encode(&crop.slug)) } { (crop.name) } }
                }
            }
        }
    };
    let deals = html! {
        @if !offers.is_empty() {
            ul.fp-links {
                @for offer in offers {
                    li { a href={ "/offers/" (offer.id) } { (offer.title) " " bdi dir="ltr" { "-" (offer.percentage) "%" } } }
                }
            }
        }
    };
    let main = html! {
        section.fp-hero {
            h1 { (text(locale, "home.hero.title")) }
            p { (text(locale, "home.hero.subtitle")) }
            a href="/products" { (text(locale, "home.hero.cta")) }
        }
        (section(locale, "home.crops.title", crop_links))
        (section(locale, "home.featured.title", grid(locale, featured.iter().map(Tile::of_data), true)))
        (section(locale, "home.deals.title", deals))
        (section(locale, "home.categories.title", category_links(categories)))
        (section(locale, "home.recent.title", grid(locale, recent.iter().map(Tile::of_data), false)))
    };
    FirstPaint::new(locale, main)
        .opening_on(featured.iter().map(|product| product.image.as_deref()), true)
        .with(json!(["catalog", locale.pick("ar", "en"), "home"]), &answer)
}

/// The product list for the page's query (what the app reads of it: `search`, `category`,
/// `sort`, `page`), with the categories to filter by and links to the next and previous pages.
pub async fn products(state: &AppState, locale: Locale, query: &str) -> Result<FirstPaint, ApiError> {
    let filters: BTreeMap<String, String> = form_urlencoded::parse(query.as_bytes())
        .filter(|(name, _)| ["search", "category", "sort", "page"].contains(&name.as_ref()))
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    let language = locale.pick("ar", "en");
    let (catalogue, found) = catalogue_api::find_products(state, locale, &filters.clone().into_iter().collect()).await?;
    let categories = catalogue_api::category_list(&catalogue, locale);
    let page_link = |page: u32| {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.extend_pairs(filters.iter().filter(|(name, _)| name.as_str() != "page"));
        query.append_pair("page", &page.to_string());
        format!("/products?{}", query.finish())
    };
    let (current, last) = (found.page.current_page, found.page.last_page);
    let main = html! {
        h1 { (text(locale, "products.title")) }
        (category_links(&categories.data))
        @if found.page.data.is_empty() {
            p { (text(locale, "products.empty")) }
        }
        (grid(locale, found.page.data.iter().map(|card| Tile::of_card(card, locale)), true))
        @if current > 1 || current < last {
            nav.fp-pages {
                @if current > 1 {
                    a href=(page_link(current - 1)) { (text(locale, "pagination.previous")) }
                }
                @if current < last {
                    a href=(page_link(current + 1)) { (text(locale, "pagination.next")) }
                }
            }
        }
    };
    let opening: Vec<Option<String>> = found.page.data.iter().take(OPENING_PICTURES).map(|card| Tile::of_card(card, locale).image).collect();
    let answer = catalogue_api::product_list(state, &catalogue, found, locale)?;
    FirstPaint::new(locale, main)
        .opening_on(opening.iter().map(Option::as_deref), true)
        .with(json!(["catalog", language, "products", filters]), &answer)?
        .with(json!(["catalog", language, "categories"]), &categories)
}

/// A product's page: its picture (loaded at once, at its shown size), where it sits, name,
/// prices, stock, weight and description.
pub fn product(card: ProductCard, catalogue: &catalog::service::Catalogue, locale: Locale, today: chrono::NaiveDate) -> Result<FirstPaint, ApiError> {
    let slug = card.product.slug.clone();
    let answer = catalogue_api::ProductResponse { data: catalogue_api::ProductPageData::new(card, catalogue, locale, today) };
    let product = &answer.data.product;
    let stock = if product.in_stock { "product.in_stock" } else { "product.out_of_stock" };
    let weight = match product.weight_unit {
        "g" => text_of_amount(locale, "weight.g", format!("{}", (product.weight * 1000.0).round())),
        _ => text_of_amount(locale, "weight.kg", format!("{}", product.weight)),
    };
    let main = html! {
        article.fp-product {
            @if let Some(image) = &product.image {
                @let picture = Picture::of(image, false);
                img src=(picture.src) srcset=[picture.srcset] sizes=[picture.sizes] alt=(product.name) width="480" height="320" fetchpriority="high";
            }
            div {
                nav.fp-crumbs aria-label=(text(locale, "product.breadcrumbs")) {
                    a href="/" { (text(locale, "nav.home")) }
                    @if let Some(category) = &product.category {
                        " › " a href={ "/products?category=" (encode(&category.slug)) } { (category.name) }
                    }
                }
                h1 { (product.name) }
                p.fp-price { (prices(locale, product.price, product.sale_price, product.discount)) }
                p { (text(locale, stock)) }
                p { (text(locale, "product.weight")) ": " bdi { (weight) } }
                p { (product.description) }
                @if let Some(agronomy) = &answer.data.agronomy {
                    (safety_and_use(agronomy, locale))
                }
            }
        }
    };
    FirstPaint::new(locale, main).opening_on([product.image.as_deref()], false).with(json!(["catalog", locale.pick("ar", "en"), "product", slug]), &answer)
}

/// A product's safety and use block: what is in it, its registration and hazard in words and
/// pictograms, and one card per crop and pest with its rate and waits — readable with scripts off.
fn safety_and_use(agronomy: &AgronomyData, locale: Locale) -> Markup {
    let registration_until = agronomy
        .registration_expires_on
        .as_deref()
        .and_then(|day| chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").ok())
        .map(|day| messages::long_date(day, locale));
    html! {
        section.fp-agronomy aria-label=(farm_text(locale, "agronomy.title")) {
            h2 { (farm_text(locale, "agronomy.title")) }
            dl.fp-facts {
                @if !agronomy.active_ingredients.is_empty() {
                    dt { (farm_text(locale, "agronomy.ingredients")) }
                    @for ingredient in &agronomy.active_ingredients {
                        dd {
                            (ingredient.name.as_deref().unwrap_or_default()) " "
                            bdi { (ingredient.concentration.as_deref().unwrap_or_default()) " " (ingredient.unit.as_deref().unwrap_or_default()) }
                        }
                    }
                }
                @if let Some(formulation) = &agronomy.formulation {
                    dt { (farm_text(locale, "agronomy.formulation")) }
                    dd { (farm_text(locale, &format!("agronomy.formulation.{formulation}"))) }
                }
                @if let Some(number) = &agronomy.registration_no {
                    dt { (farm_text(locale, "agronomy.registration")) }
                    dd {
                        bdi { (number) }
                        @if let Some(until) = &registration_until {
                            " · " (farm_text(locale, "agronomy.valid_until")) " " (until)
                        }
                    }
                }
                @if let Some(class) = &agronomy.who_class {
                    dt { (farm_text(locale, "agronomy.who_class")) }
                    dd { (farm_text(locale, &format!("agronomy.who.{class}"))) }
                }
                @if !agronomy.ghs_pictograms.is_empty() {
                    dt { (farm_text(locale, "agronomy.pictograms")) }
                    dd {
                        ul.fp-ghs-list {
                            @for code in &agronomy.ghs_pictograms {
                                li { span class={ "fp-ghs fp-ghs-" (code) } aria-hidden="true" {} (farm_text(locale, &format!("agronomy.ghs.{code}"))) }
                            }
                        }
                    }
                }
                @if agronomy.label_url.is_some() || agronomy.sds_url.is_some() {
                    dt { (farm_text(locale, "agronomy.documents")) }
                    @for (url, name) in [(&agronomy.label_url, "agronomy.label"), (&agronomy.sds_url, "agronomy.sds")] {
                        @if let Some(url) = url {
                            dd { a href=(url) type="application/pdf" { (farm_text(locale, name)) } }
                        }
                    }
                }
            }
            @if !agronomy.uses.is_empty() {
                ul.fp-uses {
                    @for crop_use in &agronomy.uses {
                        (use_card(crop_use, locale))
                    }
                }
            }
        }
    }
}

/// One use of a product: the crop and what it is against, then its rate, water, and the waits.
fn use_card(crop_use: &UseData, locale: Locale) -> Markup {
    let count = |key: &str, name: &str, value: i64| FARM_TEXTS.text(locale, key, &[(name, Arg::Number(value))]);
    html! {
        li.fp-use {
            h3 {
                @if let Some(crop) = &crop_use.crop {
                    a href={ "/crops/" (encode(&crop.slug)) } { (crop.name) }
                }
                @if let Some(pest) = &crop_use.pest {
                    " — " a href={ "/pests/" (encode(&pest.slug)) } { (pest.name) }
                } @else {
                    @let purpose = locale.pick(&crop_use.purpose_ar, &crop_use.purpose_en);
                    @if !purpose.is_empty() { " — " (purpose) }
                }
            }
            dl {
                dt { (farm_text(locale, "agronomy.rate")) }
                dd {
                    bdi { (crop_use.rate_from.as_deref().unwrap_or_default()) "–" (crop_use.rate_to.as_deref().unwrap_or_default()) } " "
                    (farm_text(locale, &format!("agronomy.rate_unit.{}", crop_use.rate_unit.as_deref().unwrap_or_default())))
                }
                @if let Some(litres) = crop_use.water_per_feddan {
                    dt { (farm_text(locale, "agronomy.water")) }
                    dd { (FARM_TEXTS.text(locale, "agronomy.water_per_feddan", &[("litres", Arg::Text(litres.to_string()))])) }
                }
                @if let Some(days) = crop_use.phi_days {
                    dt { (farm_text(locale, "agronomy.phi")) }
                    dd { (count("agronomy.phi_days", "days", days)) }
                }
                @if let Some(hours) = crop_use.reentry_hours {
                    dt { (farm_text(locale, "agronomy.reentry")) }
                    dd { (count("agronomy.reentry_hours", "hours", hours)) }
                }
            }
        }
    }
}

/// A page's text split into paragraphs at blank lines (however many, spaces and all), as the
/// app splits it.
fn paragraphs(body: &str) -> Vec<String> {
    let lines: Vec<&str> = body.lines().collect();
    lines.split(|line| line.trim().is_empty()).filter(|lines| !lines.is_empty()).map(|lines| lines.join("\n")).collect()
}

/// A content page (about, terms, privacy, refunds): its title and paragraphs, split at blank
/// lines as the app splits them.
pub async fn content(state: &AppState, locale: Locale, slug: &str) -> Result<FirstPaint, ApiError> {
    let answer = crate::storefront::shop::page_answer(state, locale, slug.to_string()).await?;
    let page = &answer.data;
    let main = html! {
        article.fp-content {
            h1 { (page.title) }
            @for paragraph in paragraphs(&page.body) {
                p { (paragraph) }
            }
        }
    };
    FirstPaint::new(locale, main).with(json!(["content", locale.pick("ar", "en"), "page", slug]), &answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_as_the_app_writes_them() {
        assert_eq!(amount(Money::from_piastres(15_000)), "150");
        assert_eq!(amount(Money::from_piastres(1_234_550)), "12,345.50");
        assert_eq!(amount(Money::from_piastres(100_000_005)), "1,000,000.05");
        assert_eq!(text_of_amount(Locale::En, "price.format", "150".into()), "EGP 150");
        assert_eq!(text_of_amount(Locale::Ar, "price.format", "150".into()), "150 جنيه");
    }

    #[test]
    fn an_uploaded_picture_offers_its_thumbnail_to_cards() {
        assert_eq!(
            Picture::of("/media/products/ab-large.webp", true),
            Picture {
                src: "/media/products/ab-thumb.webp".into(),
                srcset: Some("/media/products/ab-thumb.webp 400w, /media/products/ab-large.webp 1200w".into()),
                sizes: Some("(max-width: 36em) 50vw, 240px"),
            }
        );
        assert_eq!(Picture::of("/media/products/ab-large.webp", false).src, "/media/products/ab-large.webp");
        assert_eq!(Picture::of("/media/demo/a.svg", true), Picture { src: "/media/demo/a.svg".into(), srcset: None, sizes: None });
    }

    #[test]
    fn the_opening_pictures_are_asked_for_first_in_the_head() {
        let paint = FirstPaint::new(Locale::En, html! { "x" })
            .opening_on(["/media/products/ab-large.webp", "/media/demo/b.svg", "/media/demo/c.svg", "/media/demo/d.svg", "/media/demo/e.svg"].map(Some), true);
        let page = paint.into_page(
            "<html>\n  <head>\n    <meta charset=\"UTF-8\" />\n    <script src=\"/assets/index.js\"></script>\n  </head><body><div id=\"root\"></div></body>",
            Locale::En,
            false,
        );
        let first = page.find("<link rel=\"preload\" as=\"image\" href=\"/media/products/ab-thumb.webp\" imagesrcset=\"/media/products/ab-thumb.webp 400w, /media/products/ab-large.webp 1200w\" imagesizes=\"(max-width: 36em) 50vw, 240px\" fetchpriority=\"high\">");
        let second = page.find("<link rel=\"preload\" as=\"image\" href=\"/media/demo/b.svg\" fetchpriority=\"high\">");
        assert!(first.is_some() && second.is_some(), "{page}");
        assert!(second < page.find("<script"), "the pictures come before the scripts: {page}");
        assert!(page.contains("d.svg") && !page.contains("e.svg"), "a phone's screen shows two rows of two: {page}");
    }

    #[test]
    fn a_page_is_split_into_paragraphs_at_blank_lines() {
        assert_eq!(paragraphs("One\n\n  \nTwo\r\nstill two\r\n\r\nThree\n"), ["One", "Two\nstill two", "Three"]);
        assert!(paragraphs(" \n\n").is_empty());
    }

    #[test]
    fn the_data_script_cannot_be_closed_by_a_name() {
        let paint = FirstPaint { markup: html! { "x" }, queries: vec![(json!(["k"]), "{\"name\":\"</script><b>\"}".into())], pictures: Vec::new() };
        let page = paint.into_page("<body><div id=\"root\"></div></body>", Locale::En, true);
        assert!(!page.contains("</script><b>"), "{page}");
        assert!(page.contains(r#","degraded":true}</script>"#), "the app hears of the outage from the first render: {page}");
        assert!(page.contains("\\u003c/script>\\u003cb>"));
    }
}
