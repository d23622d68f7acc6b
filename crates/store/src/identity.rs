//! The identity ports over Diesel: users, access roles, sessions, codes and attempts.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use identity::otp::{Otp, OtpPurpose};
use identity::ports::{AttemptLog, NewOtp, OtpRepository, Session, SessionRepository, Taken, UserRepository};
use identity::token::TokenKind;
use identity::user::{ContactChange, Gender, NewUser, ProfileChange, Role, User, UserId};
use kernel::{Email, Phone};

use crate::database::{Database, DbConn, KeptPrepared, RowId, load_natively, or_taken, write};
use crate::schema::{access_roles, auth_attempts, contact_changes, otps, points_ledger, role_permissions, sessions, shipping_cities, users};

/// Users, access roles and cities as identity needs them.
#[derive(Clone)]
pub struct DieselUserRepository {
    db: Database,
}

/// Sessions behind bearer tokens.
#[derive(Clone)]
pub struct DieselSessionRepository {
    db: Database,
}

/// One-time codes.
#[derive(Clone)]
pub struct DieselOtpRepository {
    db: Database,
}

/// Attempt timestamps for rate limits.
#[derive(Clone)]
pub struct DieselAttemptLog {
    db: Database,
}

impl DieselUserRepository {
    /// The repository over a database.
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

impl DieselSessionRepository {
    /// The repository over a database.
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

impl DieselOtpRepository {
    /// The repository over a database.
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

impl DieselAttemptLog {
    /// The log over a database.
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// A phone or e-mail a concurrent write took first; a Google account is known by its e-mail.
fn user_taken(column: &str) -> Option<Taken> {
    match column {
        "phone" => Some(Taken::Phone),
        "email" | "google_subject" => Some(Taken::Email),
        _ => None,
    }
}

fn naive(at: DateTime<Utc>) -> NaiveDateTime {
    at.naive_utc()
}

fn utc(at: NaiveDateTime) -> DateTime<Utc> {
    at.and_utc()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
struct UserRow {
    id: i64,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    role: String,
    access_role_id: Option<i64>,
    verified_at: Option<NaiveDateTime>,
    blocked: bool,
    city_id: Option<i64>,
    country: Option<String>,
    gender: Option<String>,
    group_id: Option<i64>,
    created_at: NaiveDateTime,
}

// SUM of a BIGINT is NUMERIC on PostgreSQL; cast so both backends answer a BIGINT.
pub(crate) const POINTS_OF_THE_USER: &str = "(SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM points_ledger WHERE points_ledger.user_id = users.id)";

/// Loads the rest of a user (role name, permissions, points) around a row.
fn complete(conn: &mut DbConn, row: UserRow) -> anyhow::Result<User> {
    let points: i64 =
        points_ledger::table.filter(points_ledger::user_id.eq(row.id)).select(sql::<BigInt>("CAST(COALESCE(SUM(delta), 0) AS BIGINT)")).first(conn)?;
    complete_with_points(conn, row, points)
}

/// Loads the rest of a user (role name and permissions) around a row and its points.
fn complete_with_points(conn: &mut DbConn, row: UserRow, points: i64) -> anyhow::Result<User> {
    let (access_role, permissions) = match row.access_role_id {
        Some(role_id) => {
            let name: String = access_roles::table.find(role_id).select(access_roles::name).first(conn)?;
            let permissions = role_permissions::table
                .filter(role_permissions::role_id.eq(role_id))
                .select(role_permissions::permission)
                .order(role_permissions::permission)
                .load(conn)?;
            (Some(name), permissions)
        }
        None => (None, Vec::new()),
    };
    Ok(User {
        id: UserId(row.id),
        name: row.name,
        email: row.email.as_deref().and_then(Email::parse),
        phone: row.phone.as_deref().and_then(Phone::parse),
        role: row.role.parse::<Role>().map_err(|_| anyhow::anyhow!("unknown role {}", row.role))?,
        access_role,
        permissions,
        verified: row.verified_at.is_some(),
        blocked: row.blocked,
        city_id: row.city_id,
        country: row.country,
        gender: row.gender.as_deref().and_then(|gender| gender.parse::<Gender>().ok()),
        points,
        group_id: row.group_id,
        created_at: utc(row.created_at),
        api_key: None,
    })
}

/// A user by id with their role and permissions, without their points (which cost a sum):
/// for those acting on their behalf, as an API key does.
pub(crate) fn acting_user(conn: &mut DbConn, id: i64) -> anyhow::Result<Option<User>> {
    let row: Option<UserRow> = users::table.find(id).select(UserRow::as_select()).first(conn).optional()?;
    row.map(|row| complete_with_points(conn, row, 0)).transpose()
}

/// Completes an optional row into a user.
fn completed(conn: &mut DbConn, row: Option<UserRow>) -> anyhow::Result<Option<User>> {
    row.map(|row| complete(conn, row)).transpose()
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    name: &'a str,
    email: Option<&'a str>,
    phone: Option<&'a str>,
    password_hash: Option<&'a str>,
    role: &'a str,
    access_role_id: Option<i64>,
    verified_at: Option<NaiveDateTime>,
    blocked: bool,
    city_id: Option<i64>,
    google_subject: Option<&'a str>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl UserRepository for DieselUserRepository {
    fn find_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        let conn = &mut *self.db.conn()?;
        let row = users::table.filter(users::email.eq(email.as_str())).select(UserRow::as_select()).first(conn).optional()?;
        completed(conn, row)
    }

    fn find_by_phone(&self, phone: &Phone) -> anyhow::Result<Option<User>> {
        let conn = &mut *self.db.conn()?;
        let row = users::table.filter(users::phone.eq(phone.as_str())).select(UserRow::as_select()).first(conn).optional()?;
        completed(conn, row)
    }

    fn find_by_google_subject(&self, subject: &str) -> anyhow::Result<Option<User>> {
        let conn = &mut *self.db.conn()?;
        let row = users::table.filter(users::google_subject.eq(subject)).select(UserRow::as_select()).first(conn).optional()?;
        completed(conn, row)
    }

    fn password_hash(&self, id: UserId) -> anyhow::Result<Option<String>> {
        let conn = &mut *self.db.conn()?;
        Ok(users::table.find(id.0).select(users::password_hash).first::<Option<String>>(conn).optional()?.flatten())
    }

    fn create(&self, user: &NewUser) -> anyhow::Result<Result<User, Taken>> {
        let conn = &mut *self.db.conn()?;
        let now = Utc::now().naive_utc();
        let access_role_id = match &user.access_role {
            Some(name) => Some(access_roles::table.filter(access_roles::name.eq(name)).select(access_roles::id).first::<i64>(conn)?),
            None => None,
        };
        let inserted = diesel::insert_into(users::table)
            .values(NewUserRow {
                name: &user.name,
                email: user.email.as_ref().map(Email::as_str),
                phone: user.phone.as_ref().map(Phone::as_str),
                password_hash: user.password_hash.as_deref(),
                role: <&'static str>::from(user.role),
                access_role_id,
                verified_at: user.verified.then_some(now),
                blocked: false,
                city_id: user.city_id,
                google_subject: user.google_subject.as_deref(),
                created_at: now,
                updated_at: now,
            })
            .returning(users::id)
            .get_result::<i64>(conn);
        let id = match or_taken(inserted.map(Ok), user_taken)? {
            Ok(id) => id,
            Err(taken) => return Ok(Err(taken)),
        };
        let row = users::table.find(id).select(UserRow::as_select()).first(conn)?;
        complete(conn, row).map(Ok)
    }

    fn update_profile(&self, id: UserId, change: &ProfileChange) -> anyhow::Result<User> {
        let conn = &mut *self.db.conn()?;
        diesel::update(users::table.find(id.0))
            .set((
                users::name.eq(&change.name),
                users::email.eq(change.email.as_ref().map(Email::as_str)),
                users::phone.eq(change.phone.as_ref().map(Phone::as_str)),
                users::city_id.eq(change.city_id),
                users::country.eq(change.country.as_deref()),
                users::gender.eq(change.gender.map(<&'static str>::from)),
                users::updated_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        let row = users::table.find(id.0).select(UserRow::as_select()).first(conn)?;
        complete(conn, row)
    }

    fn request_contact_change(&self, id: UserId, change: &ContactChange) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        conn.transaction::<_, anyhow::Error, _>(|conn| {
            diesel::delete(contact_changes::table.find(id.0)).execute(conn)?;
            diesel::insert_into(contact_changes::table)
                .values((
                    contact_changes::user_id.eq(id.0),
                    contact_changes::phone.eq(change.phone.as_ref().map(Phone::as_str)),
                    contact_changes::email.eq(change.email.as_ref().map(Email::as_str)),
                    contact_changes::requested_at.eq(Utc::now().naive_utc()),
                ))
                .execute(conn)?;
            Ok(())
        })
    }

    fn pending_contact_change(&self, id: UserId) -> anyhow::Result<Option<ContactChange>> {
        let conn = &mut *self.db.conn()?;
        let row: Option<(Option<String>, Option<String>)> =
            contact_changes::table.find(id.0).select((contact_changes::phone, contact_changes::email)).first(conn).optional()?;
        Ok(row.map(|(phone, email)| ContactChange { phone: phone.as_deref().and_then(Phone::parse), email: email.as_deref().and_then(Email::parse) }))
    }

    fn apply_contact_change(&self, id: UserId, change: &ContactChange) -> anyhow::Result<Result<User, Taken>> {
        let conn = &mut *self.db.conn()?;
        let applied = conn.transaction::<_, diesel::result::Error, _>(|conn| {
            let now = Utc::now().naive_utc();
            if let Some(phone) = &change.phone {
                diesel::update(users::table.find(id.0)).set((users::phone.eq(phone.as_str()), users::updated_at.eq(now))).execute(conn)?;
            }
            if let Some(email) = &change.email {
                diesel::update(users::table.find(id.0)).set((users::email.eq(email.as_str()), users::updated_at.eq(now))).execute(conn)?;
            }
            diesel::delete(contact_changes::table.find(id.0)).execute(conn)?;
            users::table.find(id.0).select(UserRow::as_select()).first(conn).map(Ok)
        });
        match or_taken(applied, user_taken)? {
            Ok(row) => complete(conn, row).map(Ok),
            Err(taken) => Ok(Err(taken)),
        }
    }

    fn set_password_hash(&self, id: UserId, hash: &str) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(users::table.find(id.0)).set((users::password_hash.eq(hash), users::updated_at.eq(Utc::now().naive_utc()))).execute(conn)?;
        Ok(())
    }

    fn mark_verified(&self, id: UserId) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(users::table.find(id.0).filter(users::verified_at.is_null())).set(users::verified_at.eq(Utc::now().naive_utc())).execute(conn)?;
        Ok(())
    }

    fn link_google(&self, id: UserId, subject: &str) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(users::table.find(id.0)).set(users::google_subject.eq(subject)).execute(conn)?;
        Ok(())
    }

    fn city_exists(&self, city_id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let found = shipping_cities::table.find(city_id).select(shipping_cities::id).first::<i64>(conn).optional()?;
        Ok(found.is_some())
    }

    fn upsert_access_role(&self, name: &str, permissions: &[String]) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            let existing = access_roles::table.filter(access_roles::name.eq(name)).select(access_roles::id).first::<i64>(conn).optional()?;
            let role_id = match existing {
                Some(id) => id,
                None => diesel::insert_into(access_roles::table)
                    .values((access_roles::name.eq(name), access_roles::built_in.eq(true), access_roles::created_at.eq(Utc::now().naive_utc())))
                    .returning(access_roles::id)
                    .get_result(conn)?,
            };
            diesel::delete(role_permissions::table.filter(role_permissions::role_id.eq(role_id))).execute(conn)?;
            // One row per statement: batch inserts do not compile through a MultiConnection.
            for permission in permissions {
                diesel::insert_into(role_permissions::table)
                    .values((role_permissions::role_id.eq(role_id), role_permissions::permission.eq(permission)))
                    .execute(conn)?;
            }
            Ok(())
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = sessions)]
struct SessionRow {
    id: String,
    user_id: i64,
    kind: String,
    expires_at: NaiveDateTime,
    ended_at: Option<NaiveDateTime>,
}

impl SessionRepository for DieselSessionRepository {
    fn create(&self, session: &Session, now: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::insert_into(sessions::table)
            .values((
                sessions::id.eq(&session.id),
                sessions::user_id.eq(session.user_id.0),
                sessions::kind.eq(<&'static str>::from(session.kind)),
                sessions::created_at.eq(naive(now)),
                sessions::expires_at.eq(naive(session.expires_at)),
            ))
            .execute(conn)?;
        Ok(())
    }

    fn find_with_user(&self, id: &str) -> anyhow::Result<Option<(Session, User)>> {
        let conn = &mut *self.db.conn()?;
        // One read for the session, its user and their points: every signed-in request asks.
        let found: Option<(SessionRow, UserRow, i64)> = sessions::table
            .inner_join(users::table)
            .filter(sessions::id.eq(id))
            .select((SessionRow::as_select(), UserRow::as_select(), sql::<BigInt>(POINTS_OF_THE_USER)))
            .first(conn)
            .optional()?;
        found
            .map(|(session, user, points)| {
                let session = Session {
                    kind: session.kind.parse::<TokenKind>().map_err(|_| anyhow::anyhow!("unknown session kind {}", session.kind))?,
                    id: session.id,
                    user_id: UserId(session.user_id),
                    expires_at: utc(session.expires_at),
                    ended: session.ended_at.is_some(),
                };
                Ok((session, complete_with_points(conn, user, points)?))
            })
            .transpose()
    }

    fn end(&self, id: &str, now: DateTime<Utc>) -> anyhow::Result<()> {
        self.end_if_open(id, now).map(|_| ())
    }

    fn end_if_open(&self, id: &str, now: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let ended = diesel::update(sessions::table.find(id).filter(sessions::ended_at.is_null())).set(sessions::ended_at.eq(naive(now))).execute(conn)?;
        Ok(ended == 1)
    }

    fn end_all_for_user(&self, user: UserId, keep: Option<String>, now: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let open = sessions::table.filter(sessions::user_id.eq(user.0)).filter(sessions::ended_at.is_null());
        match keep {
            Some(keep) => diesel::update(open.filter(sessions::id.ne(keep))).set(sessions::ended_at.eq(naive(now))).execute(conn)?,
            None => diesel::update(open).set(sessions::ended_at.eq(naive(now))).execute(conn)?,
        };
        Ok(())
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = otps)]
struct OtpRow {
    id: i64,
    user_id: i64,
    purpose: String,
    code_hash: String,
    expires_at: NaiveDateTime,
    wrong_tries: i32,
    consumed_at: Option<NaiveDateTime>,
}

impl OtpRepository for DieselOtpRepository {
    fn replace(&self, otp: &NewOtp, now: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            diesel::update(
                otps::table
                    .filter(otps::user_id.eq(otp.user_id.0))
                    .filter(otps::purpose.eq(<&'static str>::from(otp.purpose)))
                    .filter(otps::consumed_at.is_null()),
            )
            .set(otps::consumed_at.eq(naive(now)))
            .execute(conn)?;
            diesel::insert_into(otps::table)
                .values((
                    otps::user_id.eq(otp.user_id.0),
                    otps::purpose.eq(<&'static str>::from(otp.purpose)),
                    otps::code_hash.eq(&otp.code_hash),
                    otps::created_at.eq(naive(now)),
                    otps::expires_at.eq(naive(otp.expires_at)),
                    otps::wrong_tries.eq(0),
                ))
                .execute(conn)?;
            Ok(())
        })
    }

    fn latest(&self, user: UserId, purpose: OtpPurpose) -> anyhow::Result<Option<Otp>> {
        let conn = &mut *self.db.conn()?;
        let row = otps::table
            .filter(otps::user_id.eq(user.0))
            .filter(otps::purpose.eq(<&'static str>::from(purpose)))
            .filter(otps::consumed_at.is_null())
            .order(otps::id.desc())
            .select(OtpRow::as_select())
            .first(conn)
            .optional()?;
        row.map(|row| {
            Ok(Otp {
                id: row.id,
                user_id: UserId(row.user_id),
                purpose: row.purpose.parse::<OtpPurpose>().map_err(|_| anyhow::anyhow!("unknown otp purpose {}", row.purpose))?,
                code_hash: row.code_hash,
                expires_at: utc(row.expires_at),
                wrong_tries: row.wrong_tries,
                consumed: row.consumed_at.is_some(),
            })
        })
        .transpose()
    }

    fn add_wrong_try(&self, id: i64) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(otps::table.find(id)).set(otps::wrong_tries.eq(otps::wrong_tries + 1)).execute(conn)?;
        Ok(())
    }

    fn consume(&self, id: i64) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(otps::table.find(id)).set(otps::consumed_at.eq(Utc::now().naive_utc())).execute(conn)?;
        Ok(())
    }
}

/// An attempt inserted only while fewer than `$4` are kept under its key since `$3`. SQLite
/// reads `$1`… as named parameters, numbered as they first appear: the same text serves both.
const RECORD_WITHIN: &str =
    "INSERT INTO auth_attempts (attempt_key, at) SELECT $1, $2 WHERE (SELECT COUNT(*) FROM auth_attempts WHERE attempt_key = $1 AND at > $3) < $4 RETURNING id";

impl AttemptLog for DieselAttemptLog {
    fn record(&self, key: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        // Attempts older than a day never count again; drop them as new ones come in.
        diesel::delete(auth_attempts::table.filter(auth_attempts::attempt_key.eq(key)).filter(auth_attempts::at.lt(naive(at - chrono::Duration::days(1)))))
            .execute(conn)?;
        diesel::insert_into(auth_attempts::table).values((auth_attempts::attempt_key.eq(key), auth_attempts::at.eq(naive(at)))).execute(conn)?;
        Ok(())
    }

    fn record_within(&self, key: &str, at: DateTime<Utc>, since: DateTime<Utc>, max: usize) -> anyhow::Result<Result<(), Vec<DateTime<Utc>>>> {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        // The count and the insert in one statement: one round trip, and one attempt cannot
        // slip between another's count and its insert on SQLite (PostgreSQL's concurrent
        // attempts may each take the last place, as two separate calls would).
        let insert =
            diesel::sql_query(RECORD_WITHIN).bind::<Text, _>(key).bind::<Timestamp, _>(naive(at)).bind::<Timestamp, _>(naive(since)).bind::<BigInt, _>(max);
        let recorded = load_natively::<_, RowId>(&mut *self.db.conn()?, KeptPrepared(insert))?.len();
        if recorded == 1 { Ok(Ok(())) } else { Ok(Err(self.since(key, since)?)) }
    }

    fn since(&self, key: &str, since: DateTime<Utc>) -> anyhow::Result<Vec<DateTime<Utc>>> {
        let conn = &mut *self.db.conn()?;
        let times: Vec<NaiveDateTime> =
            auth_attempts::table.filter(auth_attempts::attempt_key.eq(key)).filter(auth_attempts::at.gt(naive(since))).select(auth_attempts::at).load(conn)?;
        Ok(times.into_iter().map(utc).collect())
    }

    fn clear(&self, key: &str) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::delete(auth_attempts::table.filter(auth_attempts::attempt_key.eq(key))).execute(conn)?;
        Ok(())
    }
}
