//! The OpenAPI 3 document, generated from the handlers and shapes, and its reference page.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::schema::{AllOfBuilder, ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, ResponseBuilder, Schema};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use crate::RESOURCES;
use crate::common::error::ErrorBody;

/// The document's frame: title, tags and the shapes every part uses. [`document`] fills it.
#[derive(OpenApi)]
#[openapi(
    info(title = "Mahsoul API", description = "The shop's HTTP API. Send `Accept-Language: ar` or `en`; every message answers in that language."),
    components(schemas(ErrorBody)),
    tags((name = "auth", description = "Accounts, sign-in, verification, password reset"), (name = "cart", description = "A verified buyer's server cart, and a guest's browser cart priced the same way"), (name = "account", description = "A signed-in buyer's own things: saved addresses"), (name = "orders", description = "Checkout for clients and guests, a client's orders, tracking a guest order"), (name = "notifications", description = "A signed-in user's notifications: the bell and its page"), (name = "catalogue", description = "Products, categories, offers, Home"), (name = "shop", description = "Public settings, pages, contact, shipping cities"), (name = "dashboard", description = "Staff calls, permission-checked"), (name = "couriers", description = "Courier companies reporting parcels' states by webhook"), (name = "system", description = "Health and readiness"))
)]
struct ApiDoc;

/// The whole API document: the frame, every resource's part, then the answers every operation
/// of a kind can give and the bearer scheme.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    for resource in RESOURCES {
        document.merge((resource.document)());
    }
    BearerAuth.modify(&mut document);
    CommonAnswers.modify(&mut document);
    document
}

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        let key = HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("mk_…").description(Some(
            "An integrator's API key (docs/integrations.md), made on the dashboard's Integrations screen: `Authorization: Bearer mk_…` on any \
             `/api/dashboard` call its scopes (dashboard permissions) allow; 401 when unknown, revoked or expired, 403 outside its scopes or \
             allowed addresses, 429 with `Retry-After` over its rate.",
        ));
        components.add_security_scheme("api_key", SecurityScheme::Http(key.build()));
        // Every staff call takes a key as well as a staff member's session.
        for item in openapi.paths.paths.iter_mut().filter(|(path, _)| path.starts_with("/api/dashboard")).map(|(_, item)| item) {
            for operation in [item.get.as_mut(), item.post.as_mut(), item.put.as_mut(), item.patch.as_mut(), item.delete.as_mut()].into_iter().flatten() {
                if let Some(requirements) = operation.security.as_mut().filter(|requirements| !requirements.is_empty()) {
                    requirements.push(SecurityRequirement::new("api_key", Vec::<String>::new()));
                }
            }
        }
    }
}

/// The answers every operation of a kind can give, added in one place so that no handler can
/// forget one: 401 where a token is needed, 404 where the path names something, 422 where a
/// query is read, and the body errors (400, 408, 413, 415, 422) where a body is read.
struct CommonAnswers;

impl Modify for CommonAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for (path, item) in openapi.paths.paths.iter_mut() {
            let names_something = path.contains('{');
            for operation in [item.get.as_mut(), item.post.as_mut(), item.put.as_mut(), item.patch.as_mut(), item.delete.as_mut()].into_iter().flatten() {
                add_common_answers(operation, names_something);
            }
        }
    }
}

fn add_common_answers(operation: &mut Operation, names_something: bool) {
    let signed_in = operation.security.as_ref().is_some_and(|requirements| !requirements.is_empty());
    let mut answers: Vec<(&str, &str)> = Vec::new();
    if signed_in {
        answers.push(("401", "No valid bearer token: sign in again."));
    }
    if names_something {
        answers.push(("404", "Nothing with this id or name."));
    }
    if operation.parameters.iter().flatten().any(|parameter| parameter.parameter_in == ParameterIn::Query) {
        answers.push(("422", "A query parameter is malformed or given twice: `errors` names it."));
    }
    if let Some(body) = operation.request_body.as_mut() {
        if let Some((_, field, many)) = UPLOADS.iter().find(|(id, ..)| operation.operation_id.as_deref() == Some(*id)) {
            accept_pictures(body, field, *many);
        }
        answers.extend([
            ("400", "The body is malformed, or a form nests too deep or holds too many fields."),
            ("408", "The body did not arrive in time."),
            ("413", "The body is larger than allowed."),
            ("415", "The body is not JSON, a form or multipart."),
            ("422", "Fields broke rules: `errors` names each field with its messages."),
        ]);
    }
    for (status, description) in answers {
        operation.responses.responses.entry(status.to_string()).or_insert_with(|| error_answer(description));
    }
}

/// The operations that take pictures in a multipart body: the file field, and whether it
/// takes several (`images[]`).
const UPLOADS: [(&str, &str, bool); 6] = [
    ("createStaffProduct", "images", true),
    ("updateStaffProduct", "images", true),
    ("createStaffCategory", "image", false),
    ("updateStaffCategory", "image", false),
    ("createStaffOffer", "banner_image", false),
    ("updateStaffOffer", "banner_image", false),
];

/// Multipart beside JSON for the operations that take pictures: the same fields plus the
/// files. (Every body is also read from a URL-encoded form or multipart, for older clients;
/// the document describes JSON, the form the shop's own clients send.)
fn accept_pictures(body: &mut RequestBody, field: &str, many: bool) {
    let Some(fields) = body.content.get("application/json").and_then(|json| json.schema.clone()) else {
        return;
    };
    let file = ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)));
    let file: RefOr<Schema> = if many { ArrayBuilder::new().items(file).into() } else { file.into() };
    let pictures = ObjectBuilder::new().property(field, file);
    body.content.insert("multipart/form-data".to_string(), Content::new(Some(AllOfBuilder::new().item(fields).item(pictures))));
}

fn error_answer(description: &str) -> RefOr<utoipa::openapi::Response> {
    let schema: RefOr<Schema> = Ref::from_schema_name("ErrorBody").into();
    ResponseBuilder::new().description(description).content("application/json", Content::new(Some(schema))).build().into()
}

/// `/api/openapi.json` and the browsable reference at `/api/docs/` (Swagger UI, served from
/// the binary so it works offline).
pub fn reference_page() -> SwaggerUi {
    SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", document())
}
