//! The app's HTML for every path that is neither the API, media nor a built file: a 404 for a
//! path the app has no screen for (crawlers see what shoppers see), `lang` and `dir` from the
//! language asked for, a description for search results; and `robots.txt` and `sitemap.xml`,
//! so search engines find every product in both languages.

use std::sync::LazyLock;

use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, ContentType};
use actix_web::web::{self, Data};
use actix_web::{HttpRequest, HttpResponse};
use kernel::Locale;
use maud::{Markup, html};

use crate::AppState;
use crate::storefront::first_paint::FirstPaint;
use crate::storefront::share::IndexPage;

/// The most addresses a sitemap holds (the protocol's limit).
const SITEMAP_MAX_URLS: usize = 50_000;

/// The shop's pages that are not products or categories.
const CONTENT_PAGES: [&str; 7] = ["/", "/products", "/about-us", "/terms-and-conditions", "/privacy-policy", "/refund-policies", "/contact"];

/// The app's screens (the frontend's `paths.json`, checked against its router by a test),
/// each split into segments: `:x` is any one segment, a last `*` any rest.
static SCREENS: LazyLock<Vec<Vec<String>>> = LazyLock::new(|| {
    #[derive(serde::Deserialize)]
    struct Known {
        paths: Vec<String>,
    }
    let known: Known = serde_json::from_str(include_str!("../../../../frontend/src/app/paths.json")).unwrap_or(Known { paths: vec!["/".into()] });
    known.paths.iter().map(|path| path.split('/').filter(|s| !s.is_empty()).map(str::to_string).collect()).collect()
});

/// Whether the app has a screen at `path`.
pub fn is_screen(path: &str) -> bool {
    let have = segments(path);
    SCREENS.iter().any(|want| fits(want, &have))
}

/// A path's segments.
pub(crate) fn segments(path: &str) -> Vec<&str> {
    path.split('/').filter(|s| !s.is_empty()).collect()
}

/// Whether a path's segments fit a pattern's: `:x` is any one segment, a last `*` any rest.
pub(crate) fn fits(want: &[String], have: &[&str]) -> bool {
    match want.split_last() {
        Some((last, head)) if last == "*" => have.len() >= head.len() && head.iter().zip(have).all(|(w, h)| w.starts_with(':') || w == h),
        _ => want.len() == have.len() && want.iter().zip(have).all(|(w, h)| w.starts_with(':') || w == h),
    }
}

/// The page's language: `?lang=` (the sitemap's links), then the `language` cookie the
/// frontend keeps, else Arabic, the shop's language (the spec: "anything other than en becomes
/// ar"), whatever `Accept-Language` says: an Egyptian farmer's phone set to English still opens
/// an Arabic shop, one tap from English. The API's messages keep following `Accept-Language`.
pub fn locale(request: &HttpRequest) -> Locale {
    let asked = request.query_string().split('&').find_map(|pair| pair.strip_prefix("lang="));
    match (asked, request.cookie("language")) {
        (Some(code), _) => Locale::from_header(code),
        (None, Some(cookie)) => Locale::from_header(cookie.value()),
        (None, None) => Locale::Ar,
    }
}

/// The built `index.html` in a language: `lang` and `dir` on the root element from the first
/// byte, so the page never flips, the preload of that language's texts only, and the shop's
/// description.
pub fn in_language(index: &str, locale: Locale) -> String {
    let root = locale.pick(r#"<html lang="ar" dir="rtl">"#, r#"<html lang="en" dir="ltr">"#);
    let description = messages::text(locale, "shop.description", &[]);
    let page = without_other_texts(index.replacen(r#"<html lang="ar" dir="rtl">"#, root, 1), locale);
    if page.contains(r#"name="description""#) {
        page
    } else {
        page.replacen("</head>", &format!("{}</head>", html! { meta name="description" content=(description); }.into_string()), 1)
    }
}

/// The page without the other language's texts: the frontend's build preloads each
/// language's in a line of its own, marked `data-language`, and a phone needs one.
fn without_other_texts(mut page: String, locale: Locale) -> String {
    let other = locale.pick(r#"data-language="en""#, r#"data-language="ar""#);
    if let Some(marker) = page.find(other) {
        let start = page[..marker].rfind('\n').map_or(0, |newline| newline + 1);
        let end = page[marker..].find('\n').map_or(page.len(), |newline| marker + newline + 1);
        page.replace_range(start..end, "");
    }
    page
}

/// The shop's picture for link previews (`og:image`, 1200×630 JPEG, made by
/// `frontend/scripts/brand-images.mjs`), for pages without a picture of their own.
pub(crate) fn shop_image(origin: &str) -> Markup {
    html! {
        meta property="og:image" content={ (origin) "/og-image.jpg" };
        meta property="og:image:width" content="1200";
        meta property="og:image:height" content="630";
    }
}

/// The app for any other path: 200 where it has a screen, 404 (its NotFound screen) where not.
pub async fn app(request: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    let (request, _) = request.into_parts();
    let status = if is_screen(request.path()) { StatusCode::OK } else { StatusCode::NOT_FOUND };
    let response = match request.app_data::<Data<IndexPage>>() {
        Some(index) => {
            let locale = locale(&request);
            let origin = origin(&request);
            // Home is reached as `/`, `/?lang=ar`, `/?utm_source=…`: one address for search engines.
            let tags = html! {
                (shop_image(&origin))
                @if request.path() == "/" {
                    link rel="canonical" href={ (origin) "/" };
                }
            };
            let page = index.in_language(locale).replacen("</head>", &format!("{}{}</head>", tags.into_string(), index.preloads(request.path())), 1);
            let page = match first_paint(&request, locale).await {
                Some(paint) => paint.into_page(&page, locale, degraded(&request)),
                None => page,
            };
            HttpResponse::build(status).content_type(ContentType::html()).insert_header((CACHE_CONTROL, "no-cache")).body(page)
        }
        None => HttpResponse::NotFound().body("The frontend is not built: run `make run`."),
    };
    Ok(ServiceResponse::new(request, response))
}

/// Whether the database is out of reach, for the page to say so.
pub(crate) fn degraded(request: &HttpRequest) -> bool {
    request.app_data::<Data<AppState>>().is_some_and(|state| !state.health.database_reachable())
}

/// Home, the product list and the content pages painted on the server, and the frame of the
/// screens drawn from what only the browser holds (the cart, the checkout); other screens (and
/// a list whose query the API refuses) are left to the app.
async fn first_paint(request: &HttpRequest, locale: Locale) -> Option<FirstPaint> {
    if let Some(shell) = crate::storefront::first_paint::shell(locale, request.path()) {
        return Some(shell);
    }
    let state = request.app_data::<Data<AppState>>()?;
    let painted = match request.path() {
        "/" => crate::storefront::first_paint::home(state, locale).await,
        "/products" => crate::storefront::first_paint::products(state, locale, request.query_string()).await,
        "/about-us" | "/terms-and-conditions" | "/privacy-policy" | "/refund-policies" => {
            crate::storefront::first_paint::content(state, locale, &request.path()[1..]).await
        }
        _ => return None,
    };
    painted.ok()
}

/// `robots.txt` and `sitemap.xml`, to register before the static files.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/robots.txt", web::get().to(robots)).route("/sitemap.xml", web::get().to(sitemap));
}

/// The shop's address as the request reached it.
pub(crate) fn origin(request: &HttpRequest) -> String {
    let info = request.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

async fn robots(request: HttpRequest) -> HttpResponse {
    let body = format!(
        "User-agent: *\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /account\nDisallow: /auth\nDisallow: /cart\n\nSitemap: {}/sitemap.xml\n",
        origin(&request)
    );
    HttpResponse::Ok().content_type(ContentType::plaintext()).insert_header((CACHE_CONTROL, "public, max-age=3600")).body(body)
}

/// Every shop page, category, running offer and product, each with its Arabic and English
/// address (`?lang=`) as alternates.
async fn sitemap(state: Data<AppState>, request: HttpRequest) -> Result<HttpResponse, crate::ApiError> {
    let catalogue = crate::storefront::catalog::catalogue(&state).await?;
    let now = state.catalog.now();
    let origin = origin(&request);
    let categories = catalogue.categories();
    let offers = catalogue.home(now).offers;
    let paths = CONTENT_PAGES
        .iter()
        .map(|path| path.to_string())
        .chain(categories.iter().map(|c| format!("/products?category={}", c.slug)))
        .chain(offers.iter().map(|o| format!("/offers/{}", o.id.0)))
        .chain(catalogue.product_slugs(now).map(|slug| format!("/products/{slug}")))
        .take(SITEMAP_MAX_URLS);
    let urls = html! {
        @for path in paths {
            @let url = format!("{origin}{path}");
            @let join = if path.contains('?') { "&" } else { "?" };
            url {
                loc { (url) }
                xhtml:link rel="alternate" hreflang="ar" href={ (url) (join) "lang=ar" } {}
                xhtml:link rel="alternate" hreflang="en" href={ (url) (join) "lang=en" } {}
            }
            "\n"
        }
    };
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n{}</urlset>\n",
        urls.into_string()
    );
    Ok(HttpResponse::Ok().content_type("application/xml; charset=utf-8").insert_header((CACHE_CONTROL, "public, max-age=3600")).body(xml))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_are_known_and_other_paths_are_not() {
        for path in ["/", "/products", "/products/neem-oil", "/offers/3", "/auth/login", "/account/orders-history", "/dashboard", "/dashboard/users/7"] {
            assert!(is_screen(path), "{path}");
        }
        for path in ["/nope", "/products/a/b", "/offers", "/wp-admin", "/authx"] {
            assert!(!is_screen(path), "{path}");
        }
    }

    #[test]
    fn the_page_speaks_the_language_from_its_first_byte() {
        let index = "<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">\n  <head>\n  </head></html>";
        let english = in_language(index, Locale::En);
        assert!(english.contains("<html lang=\"en\" dir=\"ltr\">") && english.contains("name=\"description\" content=\"Mahsoul: seeds"));
        assert!(in_language(index, Locale::Ar).contains("<html lang=\"ar\" dir=\"rtl\">"));
    }

    #[test]
    fn the_page_preloads_the_texts_of_its_language_only() {
        let index = "<html lang=\"ar\" dir=\"rtl\">\n  <head>\n    <link rel=\"modulepreload\" href=\"/assets/ar-1.js\" data-language=\"ar\">\n    \
                     <link rel=\"modulepreload\" href=\"/assets/en-2.js\" data-language=\"en\">\n  </head>";
        let arabic = in_language(index, Locale::Ar);
        assert!(arabic.contains("/assets/ar-1.js") && !arabic.contains("/assets/en-2.js"), "{arabic}");
        let english = in_language(index, Locale::En);
        assert!(english.contains("/assets/en-2.js") && !english.contains("/assets/ar-1.js"), "{english}");
        assert!(
            english.contains("<head>\n    <link rel=\"modulepreload\" href=\"/assets/en-2.js\" data-language=\"en\">\n"),
            "the other line goes whole: {english}"
        );
    }
}
