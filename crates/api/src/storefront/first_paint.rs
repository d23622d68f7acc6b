//! What a shopper sees before any script runs: Home, the product list (a category, a search),
//! a product page and the content pages are painted on the server into the app's root — the header with its
//! search, the hero, product names, prices and pictures, a product's details — from the same
//! catalogue in memory the API answers from. Beside the markup goes the API's own answer for
//! the page, which the app puts in its query cache before its first render: it starts without
//! a second round trip and draws the same products over the server's markup. With scripts
//! off, the pages still show their products, and their links and search form still work.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::LazyLock;

use catalog::ProductCard;
use kernel::{Locale, Money};
use serde::Serialize;
use serde_json::json;

use crate::AppState;
use crate::common::error::ApiError;
use crate::storefront::catalog::{self as catalogue_api, CategoryData, HomeData, ProductData};
use crate::storefront::share::escape;

/// The frontend's texts (`ar.json`, `en.json`), so the server's markup says what the app says.
static TEXTS: LazyLock<[HashMap<String, String>; 2]> = LazyLock::new(|| {
    let read = |json: &str| serde_json::from_str(json).unwrap_or_default();
    [read(include_str!("../../../../frontend/src/shared/i18n/ar.json")), read(include_str!("../../../../frontend/src/shared/i18n/en.json"))]
});

/// The text `key` in a language, its `{placeholder}` filled with `value`.
fn text(locale: Locale, key: &str, value: &str) -> String {
    let texts = &TEXTS[if locale == Locale::Ar { 0 } else { 1 }];
    let message = texts.get(key).map(String::as_str).unwrap_or(key);
    match (message.find('{'), message.find('}')) {
        (Some(start), Some(end)) if start < end => format!("{}{value}{}", &message[..start], &message[end + 1..]),
        _ => message.to_string(),
    }
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
fn price(locale: Locale, money: Money) -> String {
    format!("<bdi>{}</bdi>", escape(&text(locale, "price.format", &amount(money))))
}

/// A page painted on the server: the markup for the app's root and the API's answers the app
/// would ask for first, each under the app's query key.
pub struct FirstPaint {
    markup: String,
    queries: Vec<(serde_json::Value, String)>,
    /// The preload links of the pictures the screen opens on.
    pictures: String,
}

impl FirstPaint {
    fn new(locale: Locale, main: &str) -> FirstPaint {
        FirstPaint { markup: frame(locale, main), queries: Vec::new(), pictures: String::new() }
    }

    /// Asks for the pictures the screen opens on (each tile's or the product's, `None` for one
    /// without a picture; the first ones, as the grid loads at once) at the very top of the
    /// page, ahead of the app's scripts: over HTTP/1.1 a phone fetches six files at a time, and a
    /// picture found only in the body waits behind forty of them.
    fn opening_on<'a>(mut self, urls: impl IntoIterator<Item = Option<&'a str>>, card: bool) -> FirstPaint {
        for url in urls.into_iter().take(OPENING_PICTURES).flatten() {
            let _ = write!(self.pictures, "\n    <link rel=\"preload\" as=\"image\" {} fetchpriority=\"high\" />", picture_sources(url, card, "image"));
        }
        self
    }

    fn with<T: Serialize>(mut self, key: serde_json::Value, answer: &T) -> Result<FirstPaint, ApiError> {
        self.queries.push((key, serde_json::to_string(answer).map_err(anyhow::Error::from)?));
        Ok(self)
    }

    /// The page with the markup inside the app's root and the answers in a data script.
    pub fn into_page(self, index: &str, locale: Locale) -> String {
        let queries: Vec<String> = self.queries.iter().map(|(key, answer)| format!("[{key},{answer}]")).collect();
        // A `<` inside the JSON could close the script element: written as its escape.
        let data = format!("{{\"language\":\"{}\",\"queries\":[{}]}}", locale.pick("ar", "en"), queries.join(",")).replace('<', "\\u003c");
        let root = format!("<div id=\"root\">{}</div>\n    <script id=\"page-data\" type=\"application/json\">{data}</script>", self.markup);
        index.replacen("<head>", &format!("<head>{}", self.pictures), 1).replacen("<div id=\"root\"></div>", &root, 1)
    }
}

/// The header (the shop's name, the search form, the list and the cart) around the content.
fn frame(locale: Locale, main: &str) -> String {
    format!(
        "<a class=\"skip-link\" href=\"#main\">{skip}</a><header class=\"fp-header\"><a class=\"fp-brand\" href=\"/\">{name}</a>\
         <form class=\"fp-search\" action=\"/products\" role=\"search\"><input type=\"search\" name=\"search\" aria-label=\"{search}\" placeholder=\"{placeholder}\" /></form>\
         <nav class=\"fp-nav\"><a href=\"/products\">{products}</a><a href=\"/cart\">{cart}</a></nav></header><main id=\"main\" class=\"page\">{main}</main>",
        skip = escape(&text(locale, "nav.skip", "")),
        name = escape(&text(locale, "app.name", "")),
        search = escape(&text(locale, "nav.search", "")),
        placeholder = escape(&text(locale, "search.placeholder", "")),
        products = escape(&text(locale, "nav.products", "")),
        cart = escape(&text(locale, "cart.title", "")),
    )
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
            name: card.product.name.pick(locale),
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
/// and the browser takes the one that fits the width shown. `prefix` names the attributes
/// (`""` on an `<img>`, `"image"` on a preload link, whose `src` is its `href`).
fn picture_sources(url: &str, card: bool, prefix: &str) -> String {
    let src = if prefix.is_empty() { "src" } else { "href" };
    match url.strip_suffix("-large.webp") {
        Some(stem) => {
            let (thumb, sizes) = (format!("{stem}-thumb.webp"), if card { "(max-width: 36em) 50vw, 240px" } else { "(max-width: 48em) 100vw, 480px" });
            format!(
                "{src}=\"{}\" {prefix}srcset=\"{} 400w, {} 1200w\" {prefix}sizes=\"{sizes}\"",
                escape(if card { &thumb } else { url }),
                escape(&thumb),
                escape(url)
            )
        }
        None => format!("{src}=\"{}\"", escape(url)),
    }
}

/// How many pictures a screen opens on: the two rows of tiles a phone's screen shows of a list.
/// A picture on the screen that is not among them arrives late, and, the browser taking it for
/// a larger paint by a few device pixels, becomes the page's largest paint.
const OPENING_PICTURES: usize = 4;

/// A grid of product tiles, their pictures at their shown size; at the top of its page
/// (`first`), the ones a phone's screen shows come at once, first.
fn grid<'a>(locale: Locale, tiles: impl IntoIterator<Item = Tile<'a>>, first: bool) -> String {
    let mut html = String::from("<ul class=\"fp-grid\">");
    for (index, tile) in tiles.into_iter().enumerate() {
        let loading = if first && index < OPENING_PICTURES { "loading=\"eager\" fetchpriority=\"high\"" } else { "loading=\"lazy\"" };
        let _ = write!(html, "<li><a class=\"fp-card\" href=\"/products/{}\">", escape(tile.slug));
        if let Some(image) = &tile.image {
            let _ = write!(html, "<img {} alt=\"{}\" width=\"240\" height=\"160\" {loading} />", picture_sources(image, true, ""), escape(tile.name));
        }
        let _ = write!(html, "<span class=\"fp-name\">{}</span><span class=\"fp-price\">{}", escape(tile.name), price(locale, tile.sale_price));
        if tile.sale_price < tile.price {
            let _ = write!(html, " <s>{}</s> <bdi dir=\"ltr\">-{}%</bdi>", price(locale, tile.price), tile.discount);
        }
        html.push_str("</span>");
        if !tile.in_stock {
            let _ = write!(html, "<span class=\"fp-muted\">{}</span>", escape(&text(locale, "product.out_of_stock", "")));
        }
        html.push_str("</a></li>");
    }
    html.push_str("</ul>");
    html
}

/// A piece of a URL: a slug as a query value.
fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

fn section(locale: Locale, title: &str, body: &str) -> String {
    if body.is_empty() { String::new() } else { format!("<section><h2>{}</h2>{body}</section>", escape(&text(locale, title, ""))) }
}

fn category_links(categories: &[CategoryData]) -> String {
    let links: String =
        categories.iter().map(|c| format!("<li><a href=\"/products?category={}\">{}</a></li>", escape(&encode(&c.slug)), escape(&c.name))).collect();
    if links.is_empty() { links } else { format!("<ul class=\"fp-links\">{links}</ul>") }
}

/// Home: the hero, the running offers, the featured products, the categories, the newest.
pub async fn home(state: &AppState, locale: Locale) -> Result<FirstPaint, ApiError> {
    let answer = catalogue_api::home_answer(state, locale).await?;
    let HomeData { featured, categories, recent, offers } = &answer.data;
    let hero = format!(
        "<section class=\"fp-hero\"><h1>{}</h1><p>{}</p><a href=\"/products\">{}</a></section>",
        escape(&text(locale, "home.hero.title", "")),
        escape(&text(locale, "home.hero.subtitle", "")),
        escape(&text(locale, "home.hero.cta", "")),
    );
    let deals: String = offers
        .iter()
        .map(|offer| format!("<li><a href=\"/offers/{}\">{} <bdi dir=\"ltr\">-{}%</bdi></a></li>", offer.id, escape(&offer.title), offer.percentage))
        .collect();
    let deals = if deals.is_empty() { deals } else { format!("<ul class=\"fp-links\">{deals}</ul>") };
    let main = [
        hero,
        section(locale, "home.featured.title", &grid(locale, featured.iter().map(Tile::of_data), true)),
        section(locale, "home.deals.title", &deals),
        section(locale, "home.categories.title", &category_links(categories)),
        section(locale, "home.recent.title", &grid(locale, recent.iter().map(Tile::of_data), false)),
    ]
    .concat();
    FirstPaint::new(locale, &main)
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
    let tiles = grid(locale, found.page.data.iter().map(|card| Tile::of_card(card, locale)), true);
    let mut main = format!("<h1>{}</h1>", escape(&text(locale, "products.title", "")));
    main.push_str(&category_links(&categories.data));
    if found.page.data.is_empty() {
        let _ = write!(main, "<p>{}</p>", escape(&text(locale, "products.empty", "")));
    }
    main.push_str(&tiles);
    let page_link = |page: u32, label: &str| {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.extend_pairs(filters.iter().filter(|(name, _)| name.as_str() != "page"));
        query.append_pair("page", &page.to_string());
        format!("<a href=\"/products?{}\">{}</a>", escape(&query.finish()), escape(&text(locale, label, "")))
    };
    let (current, last) = (found.page.current_page, found.page.last_page);
    if current > 1 || current < last {
        main.push_str("<nav class=\"fp-pages\">");
        if current > 1 {
            main.push_str(&page_link(current - 1, "pagination.previous"));
        }
        if current < last {
            main.push_str(&page_link(current + 1, "pagination.next"));
        }
        main.push_str("</nav>");
    }
    let opening: Vec<Option<String>> = found.page.data.iter().take(OPENING_PICTURES).map(|card| Tile::of_card(card, locale).image).collect();
    let answer = catalogue_api::product_list(state, &catalogue, found, locale)?;
    FirstPaint::new(locale, &main)
        .opening_on(opening.iter().map(Option::as_deref), true)
        .with(json!(["catalog", language, "products", filters]), &answer)?
        .with(json!(["catalog", language, "categories"]), &categories)
}

/// A product's page: its picture (loaded at once, at its shown size), where it sits, name,
/// prices, stock, weight and description.
pub fn product(card: ProductCard, locale: Locale) -> Result<FirstPaint, ApiError> {
    let slug = card.product.slug.clone();
    let answer = catalogue_api::ProductResponse { data: ProductData::new(card, locale) };
    let product = &answer.data;
    let mut main = String::from("<article class=\"fp-product\">");
    if let Some(image) = &product.image {
        let _ =
            write!(main, "<img {} alt=\"{}\" width=\"480\" height=\"320\" fetchpriority=\"high\" />", picture_sources(image, false, ""), escape(&product.name));
    }
    let _ = write!(
        main,
        "<div><nav aria-label=\"{}\" class=\"fp-crumbs\"><a href=\"/\">{}</a>",
        escape(&text(locale, "product.breadcrumbs", "")),
        escape(&text(locale, "nav.home", ""))
    );
    if let Some(category) = &product.category {
        let _ = write!(main, " › <a href=\"/products?category={}\">{}</a>", escape(&encode(&category.slug)), escape(&category.name));
    }
    let _ = write!(main, "</nav><h1>{}</h1><p class=\"fp-price\">{}", escape(&product.name), price(locale, product.sale_price));
    if product.sale_price < product.price {
        let _ = write!(main, " <s>{}</s> <bdi dir=\"ltr\">-{}%</bdi>", price(locale, product.price), product.discount);
    }
    let stock = if product.in_stock { "product.in_stock" } else { "product.out_of_stock" };
    let weight = match product.weight_unit {
        "g" => text(locale, "weight.g", &format!("{}", (product.weight * 1000.0).round())),
        _ => text(locale, "weight.kg", &format!("{}", product.weight)),
    };
    let _ = write!(
        main,
        "</p><p>{}</p><p>{}: <bdi>{}</bdi></p><p>{}</p></div></article>",
        escape(&text(locale, stock, "")),
        escape(&text(locale, "product.weight", "")),
        escape(&weight),
        escape(&product.description),
    );
    FirstPaint::new(locale, &main).opening_on([product.image.as_deref()], false).with(json!(["catalog", locale.pick("ar", "en"), "product", slug]), &answer)
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
    let mut main = format!("<article class=\"fp-content\"><h1>{}</h1>", escape(&page.title));
    for paragraph in paragraphs(&page.body) {
        let _ = write!(main, "<p>{}</p>", escape(&paragraph));
    }
    main.push_str("</article>");
    FirstPaint::new(locale, &main).with(json!(["content", locale.pick("ar", "en"), "page", slug]), &answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_as_the_app_writes_them() {
        assert_eq!(amount(Money::from_piastres(15_000)), "150");
        assert_eq!(amount(Money::from_piastres(1_234_550)), "12,345.50");
        assert_eq!(amount(Money::from_piastres(100_000_005)), "1,000,000.05");
        assert_eq!(text(Locale::En, "price.format", "150"), "EGP 150");
        assert_eq!(text(Locale::Ar, "price.format", "150"), "150 جنيه");
    }

    #[test]
    fn an_uploaded_picture_offers_its_thumbnail_to_cards() {
        let card = picture_sources("/media/products/ab-large.webp", true, "");
        assert_eq!(
            card,
            "src=\"/media/products/ab-thumb.webp\" srcset=\"/media/products/ab-thumb.webp 400w, /media/products/ab-large.webp 1200w\" sizes=\"(max-width: 36em) 50vw, 240px\""
        );
        assert!(picture_sources("/media/products/ab-large.webp", false, "").starts_with("src=\"/media/products/ab-large.webp\""));
        assert_eq!(picture_sources("/media/demo/a.svg", true, ""), "src=\"/media/demo/a.svg\"");
    }

    #[test]
    fn the_opening_pictures_are_asked_for_first_in_the_head() {
        let paint = FirstPaint::new(Locale::En, "x")
            .opening_on(["/media/products/ab-large.webp", "/media/demo/b.svg", "/media/demo/c.svg", "/media/demo/d.svg", "/media/demo/e.svg"].map(Some), true);
        let page = paint.into_page(
            "<html>\n  <head>\n    <meta charset=\"UTF-8\" />\n    <script src=\"/assets/index.js\"></script>\n  </head><body><div id=\"root\"></div></body>",
            Locale::En,
        );
        let first = page.find("<link rel=\"preload\" as=\"image\" href=\"/media/products/ab-thumb.webp\" imagesrcset=\"/media/products/ab-thumb.webp 400w, /media/products/ab-large.webp 1200w\" imagesizes=\"(max-width: 36em) 50vw, 240px\" fetchpriority=\"high\" />");
        let second = page.find("<link rel=\"preload\" as=\"image\" href=\"/media/demo/b.svg\" fetchpriority=\"high\" />");
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
        let paint = FirstPaint { markup: "x".into(), queries: vec![(json!(["k"]), "{\"name\":\"</script><b>\"}".into())], pictures: String::new() };
        let page = paint.into_page("<body><div id=\"root\"></div></body>", Locale::En);
        assert!(!page.contains("</script><b>"), "{page}");
        assert!(page.contains("\\u003c/script>\\u003cb>"));
    }
}
