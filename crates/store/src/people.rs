//! People as staff manage them over Diesel: clients with their city, group, sales engineer,
//! points and notes; client groups; staff accounts; access roles. A page is read in two steps:
//! the rows, then the names they point at, in one query each.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use identity::people::{
    AccessRole, ClientDraft, ClientGroup, ClientNote, ClientProfile, ClientQuery, ClientStatus, ClientSummary, Named, Removal, Retired, RoleDraft, StaffChange,
    StaffDraft, StaffMember, StaffQuery,
};
use identity::permission::Permission;
use identity::ports::{PeopleStore, Taken};
use identity::user::{Gender, Role};
use kernel::{Email, Localized, Page, Phone, UserId};

use crate::database::{Database, DbConn, contains_pattern, lower, or_taken, unique_collision, write};
use crate::identity::POINTS_OF_THE_USER;
use crate::schema::{access_roles, api_keys, client_groups, client_notes, role_permissions, sessions, shipping_cities, users, webhook_endpoints};

type Backend = <DbConn as Connection>::Backend;

/// People in the database.
#[derive(Clone)]
pub struct DieselPeopleStore {
    db: Database,
}

impl DieselPeopleStore {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        DieselPeopleStore { db }
    }
}

/// The shop's default sales engineer: the first active sales account (as orders take it).
fn default_engineer(conn: &mut DbConn) -> QueryResult<Option<i64>> {
    users::table.filter(users::role.eq("sales").and(users::blocked.eq(false))).select(diesel::dsl::min(users::id)).first::<Option<i64>>(conn)
}

/// Accounts matching a search: a phone in any form, else part of a name or an e-mail.
fn searched<'a>(mut rows: users::BoxedQuery<'a, Backend>, search: Option<&str>) -> users::BoxedQuery<'a, Backend> {
    let Some(search) = search.map(str::trim).filter(|search| !search.is_empty()) else { return rows };
    if let Some(phone) = Phone::parse(search) {
        return rows.filter(users::phone.eq(phone.to_string()));
    }
    let pattern = contains_pattern(search);
    rows = rows.filter(lower(users::name).like(pattern.clone()).escape('\\').or(lower(users::email.assume_not_null()).like(pattern).escape('\\')));
    rows
}

/// The clients a query selects, before paging.
fn clients_matching<'a>(query: &ClientQuery, default: Option<i64>) -> users::BoxedQuery<'a, Backend> {
    let mut rows = searched(users::table.filter(users::role.eq("customer")).into_boxed(), query.search.as_deref());
    rows = match query.status {
        Some(ClientStatus::Blocked) => rows.filter(users::blocked.eq(true)),
        Some(ClientStatus::Verified) => rows.filter(users::blocked.eq(false).and(users::verified_at.is_not_null())),
        Some(ClientStatus::NotVerified) => rows.filter(users::blocked.eq(false).and(users::verified_at.is_null())),
        None => rows,
    };
    if let Some(city) = query.city {
        rows = rows.filter(users::city_id.eq(city));
    }
    if let Some(group) = query.group {
        rows = rows.filter(users::group_id.eq(group));
    }
    if let Some(engineer) = query.sales_engineer {
        rows = if default == Some(engineer.0) {
            rows.filter(users::sales_engineer_id.eq(engineer.0).or(users::sales_engineer_id.is_null()))
        } else {
            rows.filter(users::sales_engineer_id.eq(engineer.0))
        };
    }
    rows
}

#[derive(Queryable)]
struct ClientRow {
    id: i64,
    name: String,
    phone: Option<String>,
    email: Option<String>,
    verified_at: Option<NaiveDateTime>,
    blocked: bool,
    city_id: Option<i64>,
    group_id: Option<i64>,
    sales_engineer_id: Option<i64>,
    created_at: NaiveDateTime,
    points: i64,
}

/// The columns a client row reads.
type ClientColumns = (
    users::id,
    users::name,
    users::phone,
    users::email,
    users::verified_at,
    users::blocked,
    users::city_id,
    users::group_id,
    users::sales_engineer_id,
    users::created_at,
    diesel::expression::SqlLiteral<BigInt>,
);

fn client_columns() -> ClientColumns {
    (
        users::id,
        users::name,
        users::phone,
        users::email,
        users::verified_at,
        users::blocked,
        users::city_id,
        users::group_id,
        users::sales_engineer_id,
        users::created_at,
        sql::<BigInt>(POINTS_OF_THE_USER),
    )
}

/// The names the rows point at: cities, groups, sales engineers.
fn summaries(conn: &mut DbConn, rows: Vec<ClientRow>, default: Option<i64>) -> QueryResult<Vec<ClientSummary>> {
    let cities: HashMap<i64, Localized<String>> = shipping_cities::table
        .filter(shipping_cities::id.eq_any(rows.iter().filter_map(|row| row.city_id).collect::<Vec<_>>()))
        .select((shipping_cities::id, shipping_cities::name_ar, shipping_cities::name_en))
        .load::<(i64, String, String)>(conn)?
        .into_iter()
        .map(|(id, ar, en)| (id, Localized::new(ar, en)))
        .collect();
    let groups: HashMap<i64, Localized<String>> = client_groups::table
        .filter(client_groups::id.eq_any(rows.iter().filter_map(|row| row.group_id).collect::<Vec<_>>()))
        .select((client_groups::id, client_groups::name_ar, client_groups::name_en))
        .load::<(i64, String, String)>(conn)?
        .into_iter()
        .map(|(id, ar, en)| (id, Localized::new(ar, en)))
        .collect();
    let engineer_ids: Vec<i64> = rows.iter().filter_map(|row| row.sales_engineer_id.or(default)).collect();
    let engineers: HashMap<i64, String> =
        users::table.filter(users::id.eq_any(engineer_ids)).select((users::id, users::name)).load(conn)?.into_iter().collect();
    let named = |id: i64, name: Option<&Localized<String>>| name.map(|name| Named { id, name: name.clone() });
    Ok(rows
        .into_iter()
        .map(|row| {
            let engineer = row.sales_engineer_id.or(default);
            ClientSummary {
                id: UserId(row.id),
                name: row.name,
                phone: row.phone.as_deref().and_then(Phone::parse),
                email: row.email.as_deref().and_then(Email::parse),
                status: match (row.blocked, row.verified_at) {
                    (true, _) => ClientStatus::Blocked,
                    (false, Some(_)) => ClientStatus::Verified,
                    (false, None) => ClientStatus::NotVerified,
                },
                city: row.city_id.and_then(|id| named(id, cities.get(&id))),
                group: row.group_id.and_then(|id| named(id, groups.get(&id))),
                sales_engineer: engineer.and_then(|id| engineers.get(&id).map(|name| Named { id, name: Localized::new(name.clone(), name.clone()) })),
                points: row.points,
                created_at: row.created_at.and_utc(),
            }
        })
        .collect())
}

/// Which unique name another account of `id` (or any, for a new one) holds.
fn taken_by_other(conn: &mut DbConn, id: Option<i64>, phone: Option<&Phone>, email: Option<&Email>) -> QueryResult<Option<Taken>> {
    let others = || users::table.filter(users::id.ne(id.unwrap_or(-1))).select(users::id);
    if let Some(phone) = phone
        && others().filter(users::phone.eq(phone.as_str())).first::<i64>(conn).optional()?.is_some()
    {
        return Ok(Some(Taken::Phone));
    }
    if let Some(email) = email
        && others().filter(users::email.eq(email.as_str())).first::<i64>(conn).optional()?.is_some()
    {
        return Ok(Some(Taken::Email));
    }
    Ok(None)
}

/// A phone or e-mail a concurrent write took first.
fn person_taken(column: &str) -> Option<Taken> {
    match column {
        "phone" => Some(Taken::Phone),
        "email" => Some(Taken::Email),
        _ => None,
    }
}

/// A role name a concurrent write took first.
fn role_taken(column: &str) -> Option<Taken> {
    (column == "name").then_some(Taken::Name)
}

/// A staff account row.
#[derive(Queryable)]
struct StaffRow {
    id: i64,
    name: String,
    phone: Option<String>,
    email: Option<String>,
    role: String,
    access_role_id: Option<i64>,
    blocked: bool,
    created_at: NaiveDateTime,
}

fn staff_members(conn: &mut DbConn, rows: Vec<StaffRow>) -> QueryResult<Vec<StaffMember>> {
    let roles: HashMap<i64, String> = access_roles::table
        .filter(access_roles::id.eq_any(rows.iter().filter_map(|row| row.access_role_id).collect::<Vec<_>>()))
        .select((access_roles::id, access_roles::name))
        .load(conn)?
        .into_iter()
        .collect();
    let default = default_engineer(conn)?;
    let mut members = Vec::with_capacity(rows.len());
    for row in rows {
        let clients = if row.role == "sales" {
            let mine = users::table.filter(users::role.eq("customer"));
            let count: i64 = if default == Some(row.id) {
                mine.filter(users::sales_engineer_id.eq(row.id).or(users::sales_engineer_id.is_null())).count().get_result(conn)?
            } else {
                mine.filter(users::sales_engineer_id.eq(row.id)).count().get_result(conn)?
            };
            u64::try_from(count).unwrap_or(0)
        } else {
            0
        };
        members.push(StaffMember {
            id: UserId(row.id),
            name: row.name,
            phone: row.phone.as_deref().and_then(Phone::parse),
            email: row.email.as_deref().and_then(Email::parse),
            role: row.role.parse().unwrap_or(Role::Sales),
            access_role: row.access_role_id.and_then(|id| roles.get(&id).map(|name| Named { id, name: Localized::new(name.clone(), name.clone()) })),
            blocked: row.blocked,
            clients,
            created_at: row.created_at.and_utc(),
        });
    }
    Ok(members)
}

type StaffColumns = (users::id, users::name, users::phone, users::email, users::role, users::access_role_id, users::blocked, users::created_at);

const STAFF_COLUMNS: StaffColumns = (users::id, users::name, users::phone, users::email, users::role, users::access_role_id, users::blocked, users::created_at);

/// Locks the admin accounts until the transaction ends, so two removals at once cannot both see
/// another admin left (SQLite's writing transaction holds everything already).
fn hold_admins(conn: &mut DbConn) -> QueryResult<()> {
    if let DbConn::Postgres(pg) = conn {
        diesel::sql_query("SELECT id FROM users WHERE role = 'admin' FOR UPDATE").execute(pg)?;
    }
    Ok(())
}

/// Whether giving the account `new_role` takes the `Super Admin` role from its last holder. The
/// holders are locked until the transaction ends, so two Super Admins demoting each other at once
/// cannot both see the other one left (SQLite's writing transaction holds everything already).
fn loses_last_super_admin(conn: &mut DbConn, account: UserId, new_role: i64) -> QueryResult<bool> {
    let Some(super_admin) =
        access_roles::table.filter(access_roles::name.eq(identity::permission::SUPER_ADMIN)).select(access_roles::id).first::<i64>(conn).optional()?
    else {
        return Ok(false);
    };
    let holds = users::table.filter(users::id.eq(account.0).and(users::access_role_id.eq(super_admin))).count().get_result::<i64>(conn)? > 0;
    if !holds || new_role == super_admin {
        return Ok(false);
    }
    if let DbConn::Postgres(pg) = conn {
        diesel::sql_query("SELECT id FROM users WHERE access_role_id = $1 FOR UPDATE").bind::<BigInt, _>(super_admin).execute(pg)?;
    }
    Ok(users::table.filter(users::access_role_id.eq(super_admin)).count().get_result::<i64>(conn)? <= 1)
}

fn access_role(conn: &mut DbConn, id: i64) -> QueryResult<Option<AccessRole>> {
    let Some((name, built_in)) = access_roles::table.find(id).select((access_roles::name, access_roles::built_in)).first::<(String, bool)>(conn).optional()?
    else {
        return Ok(None);
    };
    let mut permissions: Vec<Permission> = role_permissions::table
        .filter(role_permissions::role_id.eq(id))
        .select(role_permissions::permission)
        .load::<String>(conn)?
        .iter()
        .filter_map(|name| name.parse().ok())
        .collect();
    // In the roles screen's order (the enum's).
    permissions.sort_by_key(|permission| *permission as usize);
    let holders: i64 = users::table.filter(users::access_role_id.eq(id)).count().get_result(conn)?;
    Ok(Some(AccessRole { id, name, built_in, permissions, holders: u64::try_from(holders).unwrap_or(0) }))
}

fn write_permissions(conn: &mut DbConn, role: i64, permissions: &[Permission]) -> QueryResult<()> {
    diesel::delete(role_permissions::table.filter(role_permissions::role_id.eq(role))).execute(conn)?;
    let rows: Vec<_> =
        permissions.iter().map(|permission| (role_permissions::role_id.eq(role), role_permissions::permission.eq(<&'static str>::from(*permission)))).collect();
    crate::database::execute_natively(conn, diesel::insert_into(role_permissions::table).values(rows))?;
    Ok(())
}

fn role_name_taken(conn: &mut DbConn, name: &str, other_than: Option<i64>) -> QueryResult<bool> {
    Ok(access_roles::table
        .filter(access_roles::name.eq(name).and(access_roles::id.ne(other_than.unwrap_or(-1))))
        .select(access_roles::id)
        .first::<i64>(conn)
        .optional()?
        .is_some())
}

impl PeopleStore for DieselPeopleStore {
    fn clients(&self, query: &ClientQuery) -> anyhow::Result<Page<ClientSummary>> {
        let conn = &mut *self.db.conn()?;
        let default = default_engineer(conn)?;
        let total: i64 = clients_matching(query, default).count().get_result(conn)?;
        let rows: Vec<ClientRow> = clients_matching(query, default)
            .order(users::id.desc())
            .limit(i64::from(query.page.per_page))
            .offset(query.page.offset())
            .select(client_columns())
            .load(conn)?;
        Ok(Page::new(summaries(conn, rows, default)?, query.page, u64::try_from(total).unwrap_or(0)))
    }

    fn client(&self, id: UserId) -> anyhow::Result<Option<ClientProfile>> {
        let conn = &mut *self.db.conn()?;
        let default = default_engineer(conn)?;
        let rows: Vec<ClientRow> = users::table.filter(users::id.eq(id.0).and(users::role.eq("customer"))).select(client_columns()).load(conn)?;
        let Some(summary) = summaries(conn, rows, default)?.pop() else { return Ok(None) };
        let (country, gender): (Option<String>, Option<String>) = users::table.find(id.0).select((users::country, users::gender)).first(conn)?;
        let author = diesel::alias!(users as author);
        let notes: Vec<(Option<String>, String, NaiveDateTime)> = client_notes::table
            .left_join(author.on(client_notes::author_id.eq(author.field(users::id).nullable())))
            .filter(client_notes::user_id.eq(id.0))
            .order(client_notes::id.desc())
            .select((author.field(users::name).nullable(), client_notes::body, client_notes::created_at))
            .load(conn)?;
        Ok(Some(ClientProfile {
            summary,
            country,
            gender: gender.as_deref().and_then(|gender| gender.parse::<Gender>().ok()),
            notes: notes.into_iter().map(|(author, body, at)| ClientNote { author, body, at: at.and_utc() }).collect(),
        }))
    }

    fn add_client(&self, draft: &ClientDraft, password_hash: Option<&str>, at: DateTime<Utc>) -> anyhow::Result<Result<UserId, Taken>> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        Ok(or_taken(
            write(conn, |conn| {
                if let Some(taken) = taken_by_other(conn, None, Some(&draft.phone), draft.email.as_ref())? {
                    return QueryResult::Ok(Err(taken));
                }
                let id: i64 = diesel::insert_into(users::table)
                    .values((
                        users::name.eq(&draft.name),
                        users::phone.eq(draft.phone.as_str()),
                        users::email.eq(draft.email.as_ref().map(Email::as_str)),
                        users::password_hash.eq(password_hash),
                        users::role.eq("customer"),
                        users::verified_at.eq(Some(now)),
                        users::blocked.eq(false),
                        users::city_id.eq(draft.city),
                        users::group_id.eq(draft.group),
                        users::sales_engineer_id.eq(draft.sales_engineer.map(|engineer| engineer.0)),
                        users::created_at.eq(now),
                        users::updated_at.eq(now),
                    ))
                    .returning(users::id)
                    .get_result(conn)?;
                Ok(Ok(UserId(id)))
            }),
            person_taken,
        )?)
    }

    fn update_client(&self, id: UserId, draft: &ClientDraft, at: DateTime<Utc>) -> anyhow::Result<Result<bool, Taken>> {
        let conn = &mut *self.db.conn()?;
        Ok(or_taken(
            write(conn, |conn| {
                if let Some(taken) = taken_by_other(conn, Some(id.0), None, draft.email.as_ref())? {
                    return QueryResult::Ok(Err(taken));
                }
                let changed = diesel::update(users::table.filter(users::id.eq(id.0).and(users::role.eq("customer"))))
                    .set((
                        users::name.eq(&draft.name),
                        users::email.eq(draft.email.as_ref().map(Email::as_str)),
                        users::city_id.eq(draft.city),
                        users::group_id.eq(draft.group),
                        users::sales_engineer_id.eq(draft.sales_engineer.map(|engineer| engineer.0)),
                        users::updated_at.eq(at.naive_utc()),
                    ))
                    .execute(conn)?;
                Ok(Ok(changed > 0))
            }),
            person_taken,
        )?)
    }

    fn set_blocked(&self, id: UserId, blocked: bool, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let changed = diesel::update(users::table.filter(users::id.eq(id.0).and(users::role.eq("customer"))))
                .set((users::blocked.eq(blocked), users::updated_at.eq(at.naive_utc())))
                .execute(conn)?;
            if changed > 0 && blocked {
                diesel::update(sessions::table.filter(sessions::user_id.eq(id.0).and(sessions::ended_at.is_null())))
                    .set(sessions::ended_at.eq(Some(at.naive_utc())))
                    .execute(conn)?;
            }
            QueryResult::Ok(changed > 0)
        })?)
    }

    fn add_client_note(&self, id: UserId, author: UserId, body: &str, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let exists = users::table.filter(users::id.eq(id.0).and(users::role.eq("customer"))).count().get_result::<i64>(conn)? > 0;
        if exists {
            diesel::insert_into(client_notes::table)
                .values((
                    client_notes::user_id.eq(id.0),
                    client_notes::author_id.eq(Some(author.0)),
                    client_notes::body.eq(body),
                    client_notes::created_at.eq(at.naive_utc()),
                ))
                .execute(conn)?;
        }
        Ok(exists)
    }

    fn groups(&self) -> anyhow::Result<Vec<ClientGroup>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<(i64, String, String, i64)> = client_groups::table
            .order(client_groups::id)
            .select((
                client_groups::id,
                client_groups::name_ar,
                client_groups::name_en,
                sql::<BigInt>("(SELECT COUNT(*) FROM users WHERE users.group_id = client_groups.id)"),
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(id, ar, en, clients)| ClientGroup { id, name: Localized::new(ar, en), clients: u64::try_from(clients).unwrap_or(0) })
            .collect())
    }

    fn add_group(&self, name: &Localized<String>) -> anyhow::Result<i64> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::insert_into(client_groups::table)
            .values((client_groups::name_ar.eq(&name.ar), client_groups::name_en.eq(&name.en), client_groups::created_at.eq(Utc::now().naive_utc())))
            .returning(client_groups::id)
            .get_result(conn)?)
    }

    fn rename_group(&self, id: i64, name: &Localized<String>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::update(client_groups::table.find(id)).set((client_groups::name_ar.eq(&name.ar), client_groups::name_en.eq(&name.en))).execute(conn)? > 0)
    }

    fn remove_group(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::delete(client_groups::table.find(id)).execute(conn)? > 0)
    }

    fn staff(&self, query: &StaffQuery) -> anyhow::Result<Page<StaffMember>> {
        let conn = &mut *self.db.conn()?;
        let role: &'static str = query.role.into();
        let matching = || searched(users::table.filter(users::role.eq(role)).into_boxed(), query.search.as_deref());
        let total: i64 = matching().count().get_result(conn)?;
        let rows: Vec<StaffRow> =
            matching().order(users::id.desc()).limit(i64::from(query.page.per_page)).offset(query.page.offset()).select(STAFF_COLUMNS).load(conn)?;
        Ok(Page::new(staff_members(conn, rows)?, query.page, u64::try_from(total).unwrap_or(0)))
    }

    fn staff_member(&self, id: UserId) -> anyhow::Result<Option<StaffMember>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<StaffRow> = users::table.filter(users::id.eq(id.0).and(users::role.ne("customer"))).select(STAFF_COLUMNS).load(conn)?;
        Ok(staff_members(conn, rows)?.pop())
    }

    fn add_staff(&self, role: Role, draft: &StaffDraft, at: DateTime<Utc>) -> anyhow::Result<Result<UserId, Taken>> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        Ok(or_taken(
            write(conn, |conn| {
                if let Some(taken) = taken_by_other(conn, None, Some(&draft.phone), draft.email.as_ref())? {
                    return QueryResult::Ok(Err(taken));
                }
                let id: i64 = diesel::insert_into(users::table)
                    .values((
                        users::name.eq(&draft.name),
                        users::phone.eq(draft.phone.as_str()),
                        users::email.eq(draft.email.as_ref().map(Email::as_str)),
                        users::password_hash.eq(draft.password_hash.as_deref()),
                        users::role.eq(<&'static str>::from(role)),
                        users::access_role_id.eq(Some(draft.access_role)),
                        users::verified_at.eq(Some(now)),
                        users::blocked.eq(false),
                        users::created_at.eq(now),
                        users::updated_at.eq(now),
                    ))
                    .returning(users::id)
                    .get_result(conn)?;
                Ok(Ok(UserId(id)))
            }),
            person_taken,
        )?)
    }

    fn contact_taken(&self, id: UserId, phone: Option<&Phone>, email: Option<&Email>) -> anyhow::Result<Option<Taken>> {
        let conn = &mut *self.db.conn()?;
        Ok(taken_by_other(conn, Some(id.0), phone, email)?)
    }

    fn update_staff(&self, id: UserId, role: Role, draft: &StaffDraft, at: DateTime<Utc>) -> anyhow::Result<StaffChange> {
        let conn = &mut *self.db.conn()?;
        let outcome = write(conn, |conn| {
            if let Some(taken) = taken_by_other(conn, Some(id.0), Some(&draft.phone), draft.email.as_ref())? {
                return QueryResult::Ok(StaffChange::Taken(taken));
            }
            if loses_last_super_admin(conn, id, draft.access_role)? {
                return Ok(StaffChange::LastSuperAdmin);
            }
            let account = users::table.filter(users::id.eq(id.0).and(users::role.eq(<&'static str>::from(role))));
            let changed = diesel::update(account)
                .set((
                    users::name.eq(&draft.name),
                    users::phone.eq(draft.phone.as_str()),
                    users::email.eq(draft.email.as_ref().map(Email::as_str)),
                    users::access_role_id.eq(Some(draft.access_role)),
                    users::updated_at.eq(at.naive_utc()),
                ))
                .execute(conn)?;
            if changed == 0 {
                return Ok(StaffChange::NotFound);
            }
            if let Some(hash) = &draft.password_hash {
                diesel::update(users::table.find(id.0)).set(users::password_hash.eq(hash)).execute(conn)?;
                // A new password ends the sessions the old one opened.
                diesel::update(sessions::table.filter(sessions::user_id.eq(id.0).and(sessions::ended_at.is_null())))
                    .set(sessions::ended_at.eq(Some(at.naive_utc())))
                    .execute(conn)?;
            }
            Ok(StaffChange::Saved)
        });
        match outcome {
            Err(error) => unique_collision(&error).and_then(person_taken).map(StaffChange::Taken).ok_or_else(|| error.into()),
            Ok(change) => Ok(change),
        }
    }

    fn remove_staff(&self, id: UserId, role: Role, at: DateTime<Utc>) -> anyhow::Result<(Removal, Retired)> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        Ok(write(conn, |conn| {
            let role: &'static str = role.into();
            if users::table.filter(users::id.eq(id.0).and(users::role.eq(role))).count().get_result::<i64>(conn)? == 0 {
                return QueryResult::Ok((Removal::NotFound, Retired::default()));
            }
            if role == "admin" {
                hold_admins(conn)?;
                if users::table.filter(users::role.eq("admin")).count().get_result::<i64>(conn)? <= 1 {
                    return Ok((Removal::LastAdmin, Retired::default()));
                }
            }
            // What they made outlives them, stopped: the references go null with the account.
            let keys_revoked = diesel::update(api_keys::table.filter(api_keys::created_by.eq(id.0)).filter(api_keys::revoked_at.is_null()))
                .set(api_keys::revoked_at.eq(now))
                .execute(conn)?;
            let endpoints_paused =
                diesel::update(webhook_endpoints::table.filter(webhook_endpoints::created_by.eq(id.0)).filter(webhook_endpoints::paused_reason.is_null()))
                    .set(webhook_endpoints::paused_reason.eq(webhooks::reach::Pause::MakerRemoved.to_string()))
                    .execute(conn)?;
            diesel::delete(users::table.find(id.0)).execute(conn)?;
            let count = |rows: usize| u32::try_from(rows).unwrap_or(u32::MAX);
            Ok((Removal::Removed, Retired { keys_revoked: count(keys_revoked), endpoints_paused: count(endpoints_paused) }))
        })?)
    }

    fn roles(&self) -> anyhow::Result<Vec<AccessRole>> {
        let conn = &mut *self.db.conn()?;
        let ids: Vec<i64> = access_roles::table.order((access_roles::built_in.desc(), access_roles::name)).select(access_roles::id).load(conn)?;
        let mut roles = Vec::with_capacity(ids.len());
        for id in ids {
            roles.extend(access_role(conn, id)?);
        }
        Ok(roles)
    }

    fn role(&self, id: i64) -> anyhow::Result<Option<AccessRole>> {
        let conn = &mut *self.db.conn()?;
        Ok(access_role(conn, id)?)
    }

    fn add_role(&self, draft: &RoleDraft, at: DateTime<Utc>) -> anyhow::Result<Result<i64, Taken>> {
        let conn = &mut *self.db.conn()?;
        Ok(or_taken(
            write(conn, |conn| {
                if role_name_taken(conn, &draft.name, None)? {
                    return QueryResult::Ok(Err(Taken::Name));
                }
                let id: i64 = diesel::insert_into(access_roles::table)
                    .values((access_roles::name.eq(&draft.name), access_roles::built_in.eq(false), access_roles::created_at.eq(at.naive_utc())))
                    .returning(access_roles::id)
                    .get_result(conn)?;
                write_permissions(conn, id, &draft.permissions)?;
                Ok(Ok(id))
            }),
            role_taken,
        )?)
    }

    fn update_role(&self, id: i64, draft: &RoleDraft) -> anyhow::Result<Result<bool, Taken>> {
        let conn = &mut *self.db.conn()?;
        Ok(or_taken(
            write(conn, |conn| {
                if role_name_taken(conn, &draft.name, Some(id))? {
                    return QueryResult::Ok(Err(Taken::Name));
                }
                if diesel::update(access_roles::table.find(id)).set(access_roles::name.eq(&draft.name)).execute(conn)? == 0 {
                    return Ok(Ok(false));
                }
                write_permissions(conn, id, &draft.permissions)?;
                Ok(Ok(true))
            }),
            role_taken,
        )?)
    }

    fn remove_role(&self, id: i64) -> anyhow::Result<Removal> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            if users::table.filter(users::access_role_id.eq(id)).count().get_result::<i64>(conn)? > 0 {
                return QueryResult::Ok(Removal::Held);
            }
            Ok(if diesel::delete(access_roles::table.find(id)).execute(conn)? > 0 { Removal::Removed } else { Removal::NotFound })
        })?)
    }
}
