//! Shareable product pages: `/products/{slug}` served with the product's title, description,
//! image and Product structured data in the HTML head, before any script runs, so links
//! shared on WhatsApp or Facebook and search engines show the product.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, ContentType};
use actix_web::web::{self, Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use catalog::ProductCard;
use catalog::service::Catalogue;
use kernel::Locale;
use maud::{Markup, PreEscaped, html};

use crate::AppState;
use crate::common::agronomy::AgronomyData;
use crate::storefront::first_paint::farm_text;

/// The built frontend's `index.html` in each language, made once at start: every page the
/// server sends is one of these with its own tags, and the styles written into it make it
/// large enough that the per-language work is not repeated on each request.
#[derive(Clone)]
pub struct IndexPage {
    arabic: Arc<String>,
    english: Arc<String>,
    /// Each screen loaded later, by its path's segments, with the links that preload its scripts.
    preloads: Arc<Vec<(Vec<String>, String)>>,
}

impl IndexPage {
    /// The page from the built `index.html`, its stylesheets written into it (`styles_inline`),
    /// in Arabic and in English (`pages::in_language`), and the scripts of each screen loaded
    /// later from the build's manifest (`route_preloads`).
    pub fn new(index: &str, read: impl Fn(&str) -> Option<String>) -> IndexPage {
        let preloads = read(".vite/manifest.json").map(|manifest| route_preloads(&manifest)).unwrap_or_default();
        let index = styles_inline(index, read);
        let in_language = |locale| Arc::new(crate::storefront::pages::in_language(&index, locale));
        IndexPage { arabic: in_language(Locale::Ar), english: in_language(Locale::En), preloads: Arc::new(preloads) }
    }

    /// The page in `locale`.
    pub fn in_language(&self, locale: Locale) -> &str {
        locale.pick(&self.arabic, &self.english)
    }

    /// The `modulepreload` links of the scripts the screen at `path` loads besides the entry;
    /// none for a screen that comes with the entry.
    pub fn preloads(&self, path: &str) -> &str {
        let have = crate::storefront::pages::segments(path);
        self.preloads.iter().find(|(want, _)| crate::storefront::pages::fits(want, &have)).map_or("", |(_, links)| links.as_str())
    }
}

/// For each screen the app loads when first visited (the frontend's `screens.json`), the links
/// that preload its own scripts: what its modules import, all the way down, less what the entry
/// has. Asked for by the page, they come beside the entry instead of after it has run (on a
/// throttled phone, the cart painted a second later for that wait).
fn route_preloads(manifest: &str) -> Vec<(Vec<String>, String)> {
    #[derive(serde::Deserialize)]
    struct Chunk {
        file: String,
        #[serde(default)]
        imports: Vec<String>,
    }
    #[derive(serde::Deserialize)]
    struct LaterScreens {
        lazy: std::collections::BTreeMap<String, Vec<String>>,
    }
    let (Ok(chunks), Ok(screens)) = (
        serde_json::from_str::<std::collections::HashMap<String, Chunk>>(manifest),
        serde_json::from_str::<LaterScreens>(include_str!("../../../../frontend/src/app/screens.json")),
    ) else {
        return Vec::new();
    };
    fn graph<'a>(chunks: &'a std::collections::HashMap<String, Chunk>, key: &str, files: &mut Vec<&'a str>) {
        let Some(chunk) = chunks.get(key) else { return };
        if files.contains(&chunk.file.as_str()) {
            return;
        }
        files.push(&chunk.file);
        for imported in &chunk.imports {
            graph(chunks, imported, files);
        }
    }
    let mut entry = Vec::new();
    graph(&chunks, "index.html", &mut entry);
    screens
        .lazy
        .iter()
        .map(|(path, modules)| {
            let mut files = Vec::new();
            for module in modules {
                graph(&chunks, module, &mut files);
            }
            let links = files
                .iter()
                .filter(|file| file.ends_with(".js") && !entry.contains(file))
                .map(|file| html! { link rel="modulepreload" crossorigin href={ "/" (file) }; }.into_string())
                .collect::<String>();
            (crate::storefront::pages::segments(path).into_iter().map(str::to_string).collect(), links)
        })
        .collect()
}

/// The page with its stylesheets written into it (`<style>`): `read` gives a built file's text
/// by its path under the frontend's folder. The first paint then waits for the page alone, not
/// for one more request (about 0.7 s on Lighthouse's throttled phone: the stylesheet shared
/// the line with the scripts); a stylesheet that cannot be read, or that could close the
/// element early, stays a link.
fn styles_inline(index: &str, read: impl Fn(&str) -> Option<String>) -> String {
    const LINK: &str = r#"<link rel="stylesheet" crossorigin href="/"#;
    let mut page = String::with_capacity(index.len());
    let mut rest = index;
    while let Some(start) = rest.find(LINK) {
        let after = &rest[start + LINK.len()..];
        let Some(end) = after.find('>') else { break };
        let path = after[..end].split('"').next().unwrap_or_default();
        let styles = (!path.contains("..")).then(|| read(path)).flatten().filter(|css| !css.to_ascii_lowercase().contains("</style"));
        page.push_str(&rest[..start]);
        match styles {
            Some(css) => {
                page.push_str("<style>");
                page.push_str(&css);
                page.push_str("</style>");
            }
            None => page.push_str(&rest[start..start + LINK.len() + end + 1]),
        }
        rest = &after[end + 1..];
    }
    page.push_str(rest);
    page
}

/// A farm product's structured data gains what schema.org's Product has a place for: its pack
/// as `size`, and its active ingredients at their concentration, its registration and its WHO
/// hazard class as `additionalProperty` values named in the page's language.
fn with_agronomy(mut structured: serde_json::Value, card: &ProductCard, catalogue: &Catalogue, locale: Locale) -> serde_json::Value {
    let Some(agronomy) = AgronomyData::named(&card.product, catalogue, locale) else { return structured };
    let property = |key: &str, value: String| serde_json::json!({"@type": "PropertyValue", "name": farm_text(locale, key), "value": value});
    let mut properties: Vec<serde_json::Value> = agronomy
        .active_ingredients
        .iter()
        .map(|share| {
            let value = format!(
                "{} {} {}",
                share.name.as_deref().unwrap_or_default(),
                share.concentration.as_deref().unwrap_or_default(),
                share.unit.as_deref().unwrap_or_default()
            );
            property("agronomy.ingredients", value)
        })
        .collect();
    if let Some(number) = agronomy.registration_no {
        properties.push(property("agronomy.registration", number));
    }
    if let Some(class) = agronomy.who_class {
        properties.push(property("agronomy.who_class", class));
    }
    if !properties.is_empty() {
        structured["additionalProperty"] = serde_json::Value::Array(properties);
    }
    if let Some(pack) = agronomy.pack {
        structured["size"] = serde_json::json!(format!("{} {}", pack.size.unwrap_or_default(), pack.unit.unwrap_or_default()));
    }
    structured
}

/// The route, to register before the static files.
pub fn product_page() -> actix_web::Resource {
    web::resource("/products/{slug}").route(web::get().to(serve))
}

/// The head tags that describe a product.
fn head_tags(card: &ProductCard, catalogue: &Catalogue, locale: Locale, origin: &str) -> Markup {
    let product = &card.product;
    let name = product.draft.name.pick(locale);
    let description = product.draft.description.pick(locale);
    let shop = messages::text(locale, "shop.name", &[]);
    let image = product.images.first().map(|path| format!("{origin}/media/{path}"));
    let address = format!("{origin}/products/{}", product.slug);
    let structured = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": name,
        "description": description,
        "sku": product.slug,
        "image": image,
        "category": card.category.as_ref().map(|c| c.draft.name.pick(locale).to_string()),
        "offers": {
            "@type": "Offer",
            "priceCurrency": "EGP",
            "price": format!("{:.2}", card.price.sale_price.pounds()),
            "availability": if product.in_stock() { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
            "url": address,
        },
    });
    let structured = with_agronomy(structured, card, catalogue, locale);
    // Link previews (WhatsApp, Facebook) show raster pictures only: an SVG picture (the demo
    // catalogue's) gives way to the shop's own.
    let picture = image.as_deref().filter(|image| !image.ends_with(".svg"));
    // A script's text is not HTML: a `<` inside the JSON, which could close the element early
    // or open a comment that swallows what follows, is written as its JSON escape instead.
    let json = structured.to_string().replace('<', "\\u003c");
    html! {
        title { (name) " | " (shop) }
        meta name="description" content=(description);
        meta property="og:type" content="product";
        meta property="og:title" content=(name);
        meta property="og:description" content=(description);
        meta property="og:url" content=(address);
        link rel="canonical" href=(address);
        link rel="alternate" hreflang="ar" href={ (address) "?lang=ar" };
        link rel="alternate" hreflang="en" href={ (address) "?lang=en" };
        @match picture {
            Some(picture) => { meta property="og:image" content=(picture); }
            None => { (crate::storefront::pages::shop_image(origin)) }
        }
        script type="application/ld+json" { (PreEscaped(json)) }
    }
}

/// Replaces the page's generic title with the product's tags.
fn with_product(index: &str, tags: &str) -> String {
    match (index.find("<title>"), index.find("</title>")) {
        (Some(start), Some(end)) if end > start => format!("{}{tags}{}", &index[..start], &index[end + "</title>".len()..]),
        _ => index.replacen("</head>", &format!("{tags}</head>"), 1),
    }
}

async fn serve(state: Data<AppState>, index: Data<IndexPage>, request: HttpRequest, slug: Path<String>) -> HttpResponse {
    let locale = crate::storefront::pages::locale(&request);
    let index = index.in_language(locale);
    let found = match crate::storefront::catalog::catalogue(&state).await {
        Ok(catalogue) => catalogue.product(&slug, state.catalog.now()).map(|card| (card, catalogue)).map_err(crate::ApiError::from),
        Err(error) => Err(error),
    };
    let origin = crate::storefront::pages::origin(&request);
    let (status, body) = match found {
        Ok((card, catalogue)) => {
            let page = with_product(index, &head_tags(&card, &catalogue, locale, &origin).into_string());
            match crate::storefront::first_paint::product(card, &catalogue, locale, kernel::shop_day(state.catalog.now())) {
                Ok(paint) => (StatusCode::OK, paint.into_page(&page, locale, crate::storefront::pages::degraded(&request))),
                Err(_) => (StatusCode::OK, page),
            }
        }
        // The app shows its NotFound page; crawlers get the status.
        Err(_) => (StatusCode::NOT_FOUND, index.to_string()),
    };
    HttpResponse::build(status).content_type(ContentType::html()).insert_header((CACHE_CONTROL, "no-cache")).body(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_is_replaced() {
        let index = "<html><head><title>محصول | Mahsoul</title></head><body></body></html>";
        let page = with_product(index, "<title>A &lt;b&gt; | Mahsoul</title>\n");
        assert_eq!(page, "<html><head><title>A &lt;b&gt; | Mahsoul</title>\n</head><body></body></html>");
    }

    #[test]
    fn the_stylesheets_are_written_into_the_page_unless_unreadable_or_unsafe() {
        let index = concat!(
            "<head>\n    <link rel=\"stylesheet\" crossorigin href=\"/assets/a.css\">\n",
            "    <link rel=\"stylesheet\" crossorigin href=\"/assets/missing.css\">\n",
            "    <link rel=\"stylesheet\" crossorigin href=\"/assets/bad.css\">\n",
            "    <link rel=\"stylesheet\" crossorigin href=\"/../secret.css\">\n</head>"
        );
        let read = |path: &str| match path {
            "assets/a.css" => Some("body{margin:0}".to_string()),
            "assets/bad.css" => Some("a{}</STYLE><script>x()</script>".to_string()),
            "../secret.css" => Some("leaked{}".to_string()),
            _ => None,
        };
        let page = styles_inline(index, read);
        assert_eq!(
            page,
            concat!(
                "<head>\n    <style>body{margin:0}</style>\n",
                "    <link rel=\"stylesheet\" crossorigin href=\"/assets/missing.css\">\n",
                "    <link rel=\"stylesheet\" crossorigin href=\"/assets/bad.css\">\n",
                "    <link rel=\"stylesheet\" crossorigin href=\"/../secret.css\">\n</head>"
            )
        );
    }
}
