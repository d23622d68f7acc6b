//! `auth/*`: accounts, sign-in, verification and password reset.

pub mod dto;

use actix_web::cookie::time::Duration;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header::LOCATION;
use actix_web::web::{self, Data, Json};
use actix_web::{HttpRequest, HttpResponse};
use utoipa::{IntoParams, OpenApi};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, ClientAddress, HashingSlot, Lang, QueryParams, ResetUser, blocking};
use crate::common::messages::text;
use crate::{AppState, Resource};
use dto::{
    AuthResponse, CheckOtpRequest, ForgetPasswordRequest, GoogleLoginRequest, LoginRequest, PasswordRequest, ProfileRequest, ProfileResponse, Providers,
    ProvidersResponse, RegisterRequest, ResendRequest, ResetPasswordRequest, TokenData, TokenResponse, UserResponse, VerifyRequest,
};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/auth/register", web::post().to(register))
        .route("/auth/login", web::post().to(login))
        .route("/auth/login/google", web::post().to(login_google))
        .route("/auth/providers", web::get().to(providers))
        .route("/auth/google/redirect", web::get().to(google_redirect))
        .route("/auth/google/callback", web::get().to(google_callback))
        .route("/auth/verify", web::post().to(verify))
        .route("/auth/verify/resend", web::post().to(resend))
        .route("/auth/me", web::get().to(me))
        .route("/auth/logout", web::get().to(logout))
        .route("/auth/logout", web::post().to(logout_by_post))
        .route("/auth/profile", web::put().to(update_profile))
        .route("/auth/profile/confirm-contact", web::post().to(confirm_contact))
        .route("/auth/password", web::put().to(change_password))
        .route("/auth/forget-password", web::post().to(forget_password))
        .route("/auth/forget-password/check-otp", web::post().to(check_otp))
        .route("/auth/reset-password", web::put().to(reset_password));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(
    paths(
        register,
        login,
        login_google,
        providers,
        google_redirect,
        google_callback,
        verify,
        resend,
        me,
        logout,
        logout_by_post,
        update_profile,
        confirm_contact,
        change_password,
        forget_password,
        check_otp,
        reset_password
    ),
    components(schemas(dto::UserData, dto::AuthData))
)]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Opens a customer account and sends a verification code.
#[utoipa::path(post, path = "/api/auth/register", tag = "auth", request_body = RegisterRequest,
    responses((status = 200, body = AuthResponse), (status = 422, body = ErrorBody)))]
pub async fn register(
    state: Data<AppState>,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    Body(form): Body<RegisterRequest>,
    _slot: HashingSlot,
) -> Result<Json<AuthResponse>, ApiError> {
    let registration = form.into_domain()?;
    let identity = state.identity.clone();
    let session = blocking(move || identity.register(registration, locale, &client)).await?;
    Ok(Json(AuthResponse::new(text(locale, "auth.registered", &[]), session)))
}

/// Signs in with an e-mail or phone and a password.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = AuthResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    state: Data<AppState>,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    Body(form): Body<LoginRequest>,
    _slot: HashingSlot,
) -> Result<Json<AuthResponse>, ApiError> {
    let (username, password) = form.into_domain()?;
    let identity = state.identity.clone();
    let session = blocking(move || identity.login(&username, &password, &client)).await?;
    Ok(Json(AuthResponse::new(text(locale, "auth.logged_in", &[]), session)))
}

/// Signs in with a Google ID token.
#[utoipa::path(post, path = "/api/auth/login/google", tag = "auth", request_body = GoogleLoginRequest,
    responses((status = 200, body = AuthResponse), (status = 422, body = ErrorBody)))]
pub async fn login_google(state: Data<AppState>, Lang(locale): Lang, Body(form): Body<GoogleLoginRequest>) -> Result<Json<AuthResponse>, ApiError> {
    let token = form.into_domain()?;
    let identity = state.identity.clone();
    let session = blocking(move || identity.login_with_google(&token)).await?;
    Ok(Json(AuthResponse::new(text(locale, "auth.logged_in", &[]), session)))
}

/// Which sign-in providers the shop offers, for the login screen.
#[utoipa::path(get, path = "/api/auth/providers", tag = "auth", responses((status = 200, body = ProvidersResponse)))]
pub async fn providers(state: Data<AppState>) -> Json<ProvidersResponse> {
    Json(ProvidersResponse { data: Providers { google_client_id: state.google_client_id.clone(), google_redirect: state.google_redirect } })
}

/// The cookie that keeps the redirect flow's state and PKCE verifier until Google returns.
const GOOGLE_COOKIE: &str = "google_oauth";

fn back_to_login() -> HttpResponse {
    HttpResponse::Found().insert_header((LOCATION, "/auth/login?google=failed")).finish()
}

fn google_cookie(request: &HttpRequest, value: String, max_age: Duration) -> Cookie<'static> {
    Cookie::build(GOOGLE_COOKIE, value)
        .path("/api/auth/google")
        .http_only(true)
        .secure(request.connection_info().scheme() == "https")
        .same_site(SameSite::Lax)
        .max_age(max_age)
        .finish()
}

/// Starts Google's redirect flow: to Google's consent screen, with state and PKCE.
#[utoipa::path(get, path = "/api/auth/google/redirect", tag = "auth",
    responses((status = 302, description = "To Google; back to `/auth/login?google=failed` when the flow is off")))]
pub async fn google_redirect(state: Data<AppState>, request: HttpRequest) -> HttpResponse {
    let identity = state.identity.clone();
    match blocking(move || identity.start_google_redirect()).await {
        Ok(redirect) => HttpResponse::Found()
            .insert_header((LOCATION, redirect.url))
            .cookie(google_cookie(&request, format!("{}.{}", redirect.state, redirect.pkce_verifier), Duration::minutes(10)))
            .finish(),
        Err(_) => back_to_login(),
    }
}

/// What Google sends back to the callback, as the document shows it.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GoogleCallback {
    /// The authorization code.
    pub code: Option<String>,
    /// The state given at the start.
    pub state: Option<String>,
}

/// Finishes Google's redirect flow: the state must match the cookie; the code is exchanged
/// and the user signed in, then sent to `/auth/google#token=…` for the frontend to keep.
#[utoipa::path(get, path = "/api/auth/google/callback", tag = "auth", params(GoogleCallback),
    responses((status = 302, description = "To `/auth/google#token=…`, or to `/auth/login?google=failed`")))]
pub async fn google_callback(state: Data<AppState>, request: HttpRequest, QueryParams(mut query): QueryParams) -> HttpResponse {
    let remembered = request.cookie(GOOGLE_COOKIE).map(|cookie| cookie.value().to_string());
    let (code, returned) = (query.remove("code"), query.remove("state"));
    let (Some(code), Some(returned), Some(remembered)) = (code, returned, remembered) else {
        return back_to_login();
    };
    let Some((expected, verifier)) = remembered.split_once('.') else {
        return back_to_login();
    };
    if expected != returned {
        return back_to_login();
    }
    let verifier = verifier.to_string();
    let identity = state.identity.clone();
    match blocking(move || identity.login_with_google_code(&code, &verifier)).await {
        Ok(session) => HttpResponse::Found()
            .insert_header((LOCATION, format!("/auth/google#token={}", session.token)))
            .cookie(google_cookie(&request, String::new(), Duration::ZERO))
            .finish(),
        Err(_) => back_to_login(),
    }
}

/// Verifies the account with the code sent to it.
#[utoipa::path(post, path = "/api/auth/verify", tag = "auth", request_body = VerifyRequest, security(("bearer" = [])),
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn verify(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<VerifyRequest>,
) -> Result<Json<UserResponse>, ApiError> {
    let code = form.into_domain()?;
    let identity = state.identity.clone();
    let user = blocking(move || identity.verify(&principal, &code)).await?;
    Ok(Json(UserResponse { message: Some(text(locale, "auth.verified", &[])), data: user.into(), pending: None }))
}

/// Sends a new verification code.
#[utoipa::path(post, path = "/api/auth/verify/resend", tag = "auth", request_body = ResendRequest, security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn resend(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<ResendRequest>,
) -> Result<Json<MessageResponse>, ApiError> {
    let channel = form.channel();
    let identity = state.identity.clone();
    blocking(move || identity.resend_verification(&principal, channel, locale)).await?;
    Ok(Json(MessageResponse { message: text(locale, "auth.code_resent", &[]) }))
}

/// The signed-in user, with a new phone or e-mail waiting for its code.
#[utoipa::path(get, path = "/api/auth/me", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorBody)))]
pub async fn me(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<UserResponse>, ApiError> {
    let (identity, id) = (state.identity.clone(), principal.user.id);
    let pending = blocking(move || identity.pending_contact(id)).await?;
    Ok(Json(UserResponse { message: None, data: principal.user.into(), pending: pending.map(Into::into) }))
}

/// Ends the session; its token stops working.
#[utoipa::path(get, path = "/api/auth/logout", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody)))]
pub async fn logout(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser) -> Result<Json<MessageResponse>, ApiError> {
    let identity = state.identity.clone();
    blocking(move || identity.logout(&principal)).await?;
    Ok(Json(MessageResponse { message: text(locale, "auth.logged_out", &[]) }))
}

/// Ends the session, as `GET` does, for clients that sign out with a `POST`.
#[utoipa::path(operation_id = "logoutByPost", post, path = "/api/auth/logout", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody)))]
pub async fn logout_by_post(state: Data<AppState>, lang: Lang, user: AuthUser) -> Result<Json<MessageResponse>, ApiError> {
    logout(state, lang, user).await
}

/// Updates the signed-in user's profile. Changing the phone or e-mail needs
/// `current_password`; a new one takes effect once the code sent to it is confirmed.
#[utoipa::path(put, path = "/api/auth/profile", tag = "auth", request_body = ProfileRequest, security(("bearer" = [])),
    responses((status = 200, body = ProfileResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn update_profile(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<ProfileRequest>,
    _slot: HashingSlot,
) -> Result<Json<ProfileResponse>, ApiError> {
    let (change, current_password) = form.into_domain()?;
    let identity = state.identity.clone();
    let update = blocking(move || identity.update_profile(&principal, change, &current_password, locale)).await?;
    let message = if update.pending.is_some() { "auth.contact_code_sent" } else { "auth.profile_updated" };
    Ok(Json(ProfileResponse { message: text(locale, message, &[]), data: update.user.into(), pending: update.pending.map(Into::into) }))
}

/// Confirms a new phone or e-mail with the code sent to it; the old contact is told.
#[utoipa::path(post, path = "/api/auth/profile/confirm-contact", tag = "auth", request_body = VerifyRequest, security(("bearer" = [])),
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn confirm_contact(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<VerifyRequest>,
) -> Result<Json<UserResponse>, ApiError> {
    let code = form.into_domain()?;
    let identity = state.identity.clone();
    let user = blocking(move || identity.confirm_contact_change(&principal, &code, locale)).await?;
    Ok(Json(UserResponse { message: Some(text(locale, "auth.contact_changed", &[])), data: user.into(), pending: None }))
}

/// Changes the password; other sessions end.
#[utoipa::path(put, path = "/api/auth/password", tag = "auth", request_body = PasswordRequest, security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn change_password(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<PasswordRequest>,
    _slot: HashingSlot,
) -> Result<Json<MessageResponse>, ApiError> {
    let (current, password, confirmation) = form.into_domain()?;
    let identity = state.identity.clone();
    blocking(move || identity.change_password(&principal, &current, &password, &confirmation)).await?;
    Ok(Json(MessageResponse { message: text(locale, "auth.password_changed", &[]) }))
}

/// Sends a reset code; the same answer whether or not the account exists.
#[utoipa::path(post, path = "/api/auth/forget-password", tag = "auth", request_body = ForgetPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn forget_password(
    state: Data<AppState>,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    Body(form): Body<ForgetPasswordRequest>,
) -> Result<Json<MessageResponse>, ApiError> {
    let username = form.into_domain()?;
    let identity = state.identity.clone();
    blocking(move || identity.forget_password(&username, locale, &client)).await?;
    Ok(Json(MessageResponse { message: text(locale, "auth.reset_code_sent", &[]) }))
}

/// Exchanges a reset code for a temporary token.
#[utoipa::path(post, path = "/api/auth/forget-password/check-otp", tag = "auth", request_body = CheckOtpRequest,
    responses((status = 200, body = TokenResponse), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn check_otp(state: Data<AppState>, Lang(locale): Lang, Body(form): Body<CheckOtpRequest>) -> Result<Json<TokenResponse>, ApiError> {
    let (username, code) = form.into_domain()?;
    let identity = state.identity.clone();
    let token = blocking(move || identity.check_reset_code(&username, &code)).await?;
    Ok(Json(TokenResponse { message: text(locale, "auth.code_accepted", &[]), data: TokenData { token } }))
}

/// Sets a new password with the temporary token; every older session ends.
#[utoipa::path(put, path = "/api/auth/reset-password", tag = "auth", request_body = ResetPasswordRequest, security(("bearer" = [])),
    responses((status = 200, body = AuthResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn reset_password(
    state: Data<AppState>,
    Lang(locale): Lang,
    ResetUser(principal): ResetUser,
    Body(form): Body<ResetPasswordRequest>,
    _slot: HashingSlot,
) -> Result<Json<AuthResponse>, ApiError> {
    let (password, confirmation) = form.into_domain()?;
    let identity = state.identity.clone();
    let session = blocking(move || identity.reset_password(&principal, &password, &confirmation)).await?;
    Ok(Json(AuthResponse::new(text(locale, "auth.password_reset", &[]), session)))
}
