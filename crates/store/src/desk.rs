//! The staff's side of orders over Diesel: the filtered lists, notes, sales engineers, and
//! what orders tell people: notifications and the queue of SMS written in the same
//! transaction as the change they announce.

use std::collections::HashMap;

use chrono::{DateTime, NaiveTime, Utc};
use diesel::prelude::*;
use kernel::{OrderId, Page, PageRequest, UserId};
use ordering::{
    Audience, COUNT_CAP, CountsByStatus, MessageChannel, MessageQueue, Notice, Notification, Notifications, OrderChange, OrderNews, OrderSearch, OrderStatus,
    QueuedMessage, SEARCH_WINDOW, StaffNote, StaffNotice, StaffOrder, StaffOrderQuery, StoryLine,
};

use diesel::dsl::sql;
use diesel::sql_types::{BigInt, Bool, Text, Timestamp};
use diesel::sqlite::Sqlite;

use crate::database::{Database, DbConn, execute_natively};
use crate::schema::{message_queue, notifications, order_events, order_history, order_notes, orders, role_permissions, users};

type Backend = <DbConn as Connection>::Backend;

/// The orders of a list's audience placed within its days (only those awaiting confirmation,
/// when asked).
fn of_audience_and_days<'a>(query: &StaffOrderQuery) -> orders::BoxedQuery<'a, Backend> {
    let mut rows = orders::table.into_boxed();
    rows = match query.audience {
        Audience::Clients => rows.filter(orders::user_id.is_not_null()),
        Audience::Guests => rows.filter(orders::user_id.is_null()),
    };
    if let Some(from) = query.from {
        rows = rows.filter(orders::created_at.ge(from.and_time(NaiveTime::MIN)));
    }
    if let Some(to) = query.to.and_then(|to| to.succ_opt()) {
        rows = rows.filter(orders::created_at.lt(to.and_time(NaiveTime::MIN)));
    }
    if query.awaiting_confirmation {
        rows = rows.filter(orders::status.eq(<&str>::from(OrderStatus::New)).and(orders::confirmed_at.is_null()));
    }
    rows
}

/// The orders of a list without a search by words, its status aside, before paging.
fn matching<'a>(query: &StaffOrderQuery, number: Option<String>) -> orders::BoxedQuery<'a, Backend> {
    let mut rows = of_audience_and_days(query);
    if let Some(source) = query.source {
        rows = rows.filter(orders::source.eq(<&str>::from(source)));
    }
    if let Some(city) = query.city {
        rows = rows.filter(orders::city_id.eq(city.0));
    }
    if let Some(engineer) = query.sales_engineer {
        rows = rows.filter(orders::sales_engineer_id.eq(engineer.0));
    }
    if let Some(number) = number {
        rows = rows.filter(orders::number.eq(number));
    }
    rows
}

/// The ids of one page of a staff list, in the list's order, the page's total, the counts per status
/// of the list's filters (and of its new orders awaiting confirmation), and whether a search
/// matched more than it lists.
pub(crate) struct ListedIds {
    pub ids: Vec<i64>,
    pub total: u64,
    pub counts: CountsByStatus,
    pub awaiting: u64,
    pub more_matches: bool,
}

const STATUSES: [OrderStatus; 4] = [OrderStatus::New, OrderStatus::OnDelivery, OrderStatus::Delivered, OrderStatus::Cancelled];

/// One page of the staff's list: a search by words reads its newest matches once; any other
/// list counts each status up to [`COUNT_CAP`] from the indexes of its filters.
pub(crate) fn staff_page(conn: &mut DbConn, query: &StaffOrderQuery) -> anyhow::Result<ListedIds> {
    match query.search.as_deref().and_then(OrderSearch::read) {
        Some(OrderSearch::Words(words)) => searched_page(conn, query, &words),
        Some(OrderSearch::Number(number)) => counted_page(conn, query, Some(number)),
        None => counted_page(conn, query, None),
    }
}

fn counted_page(conn: &mut DbConn, query: &StaffOrderQuery, number: Option<String>) -> anyhow::Result<ListedIds> {
    let dated = query.from.is_some() || query.to.is_some();
    // The tabs count the list's other filters, awaiting confirmation or not.
    let all = StaffOrderQuery { awaiting_confirmation: false, ..query.clone() };
    let mut counts = Vec::with_capacity(STATUSES.len());
    for status in STATUSES {
        let count = capped_count(conn, dated, || matching(&all, number.clone()).filter(orders::status.eq(<&str>::from(status))))?;
        counts.push((status, count));
    }
    let awaiting = capped_count(conn, dated, || {
        matching(&all, number.clone()).filter(orders::status.eq(<&str>::from(OrderStatus::New)).and(orders::confirmed_at.is_null()))
    })?;
    let total = if query.awaiting_confirmation {
        if query.status.is_none_or(|wanted| wanted == OrderStatus::New) { awaiting } else { 0 }
    } else {
        counts.iter().filter(|(status, _)| query.status.is_none_or(|wanted| wanted == *status)).map(|(_, count)| count).sum()
    };
    let mut rows = matching(query, number);
    if let Some(status) = query.status {
        rows = rows.filter(orders::status.eq(<&str>::from(status)));
    }
    // Newest first: within days by the time placed, so the page is read from an index by day
    // rather than by walking every later order.
    let rows = if dated { rows.order((orders::created_at.desc(), orders::id.desc())) } else { rows.order(orders::id.desc()) };
    let page: PageRequest = query.page;
    let ids = rows.limit(i64::from(page.per_page)).offset(page.offset()).select(orders::id).load(conn)?;
    Ok(ListedIds { ids, total, counts, awaiting, more_matches: false })
}

/// How many orders `rows` holds, up to [`COUNT_CAP`]: whether there are as many as the cap is
/// one walk down an index, reading only what the index holds; only a smaller number is counted.
/// Within days the walk follows the index by day, in its own order.
fn capped_count<'a>(conn: &mut DbConn, dated: bool, rows: impl Fn() -> orders::BoxedQuery<'a, Backend>) -> QueryResult<u64> {
    let cap = i64::try_from(COUNT_CAP).unwrap_or(i64::MAX);
    let probe = rows().select(orders::status).offset(cap - 1).limit(1);
    let probe = if dated { probe } else { probe.order(orders::id.desc()) };
    let at_cap = probe.first::<String>(conn).optional()?.is_some();
    let count = if at_cap { cap } else { rows().count().get_result(conn)? };
    Ok(u64::try_from(count).unwrap_or(0))
}

/// An order a search found, with its status and whether its buyer has not confirmed it.
#[derive(QueryableByName)]
struct Match {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    unconfirmed: bool,
}

/// A search by words: its newest matches (up to [`SEARCH_WINDOW`]), with their statuses, read
/// from each backend's word index (once on SQLite; on PostgreSQL within the newest batches of
/// orders first), then counted and paged here.
fn searched_page(conn: &mut DbConn, query: &StaffOrderQuery, words: &[Vec<String>]) -> anyhow::Result<ListedIds> {
    let window = i64::try_from(SEARCH_WINDOW + 1).unwrap_or(i64::MAX);
    let facets = facets(query);
    // The newest matches awaiting confirmation or not: the tabs count both.
    let all = StaffOrderQuery { awaiting_confirmation: false, ..query.clone() };
    let mut matches: Vec<(i64, String, bool)> = if let DbConn::Sqlite(sqlite) = conn {
        // FTS5 hands its rows newest first, so the walk stops at the window; the audience,
        // city, source and engineer are words of the index, the days a check of each order.
        let facets = facets.iter().map(String::as_str).chain([audience_word(query.audience)]);
        let matching = search_expression(words, facets, fts5_word, " OR ", " AND ");
        let from = query.from.map(|day| day.and_time(NaiveTime::MIN));
        let until = query.to.and_then(|day| day.succ_opt()).map(|day| day.and_time(NaiveTime::MIN));
        let sql = format!(
            "SELECT orders.id AS id, orders.status AS status, orders.confirmed_at IS NULL AS unconfirmed \
             FROM order_words JOIN orders ON orders.id = order_words.rowid \
             WHERE order_words MATCH ?{}{} ORDER BY order_words.rowid DESC LIMIT ?",
            if from.is_some() { " AND orders.created_at >= ?" } else { "" },
            if until.is_some() { " AND orders.created_at < ?" } else { "" },
        );
        let mut search = diesel::sql_query(sql).into_boxed::<Sqlite>().bind::<Text, _>(matching);
        for day in from.into_iter().chain(until) {
            search = search.bind::<Timestamp, _>(day);
        }
        search.bind::<BigInt, _>(window).load::<Match>(sqlite)?.into_iter().map(|found| (found.id, found.status, found.unconfirmed)).collect()
    } else {
        // A GIN index hands its matches in no order, each fetched from the table for its id and
        // status: a common word's newest matches are found within the newest batches of orders
        // (migration 000018) without fetching its older ones; all are asked when those hold
        // too few.
        let newest = orders::table.select(diesel::dsl::max(orders::id)).first::<Option<i64>>(conn)?.unwrap_or(0) >> BATCH_BITS;
        let recent = if newest >= RECENT_BATCHES {
            let mut within = words.to_vec();
            within.push((newest - RECENT_BATCHES + 1..=newest).map(|batch| format!("zb{batch}")).collect());
            Some(postgres_matches(conn, &all, &within, &facets, window)?).filter(|matches| matches.len() > SEARCH_WINDOW)
        } else {
            None
        };
        match recent {
            Some(matches) => matches,
            None => postgres_matches(conn, &all, words, &facets, window)?,
        }
    };
    let more_matches = matches.len() > SEARCH_WINDOW;
    matches.truncate(SEARCH_WINDOW);
    let counts = STATUSES.map(|status| (status, matches.iter().filter(|(_, of, _)| of == <&str>::from(status)).count() as u64)).to_vec();
    let awaits = |(_, status, unconfirmed): &(i64, String, bool)| *unconfirmed && status == <&str>::from(OrderStatus::New);
    let awaiting = matches.iter().filter(|found| awaits(found)).count() as u64;
    let listed: Vec<i64> = matches
        .into_iter()
        .filter(|found| query.status.is_none_or(|wanted| found.1 == <&str>::from(wanted)) && (!query.awaiting_confirmation || awaits(found)))
        .map(|(id, _, _)| id)
        .collect();
    let page: PageRequest = query.page;
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let ids = listed.iter().skip(offset).take(usize::try_from(page.per_page).unwrap_or(usize::MAX)).copied().collect();
    Ok(ListedIds { ids, total: listed.len() as u64, counts, awaiting, more_matches })
}

/// An order's batch on PostgreSQL is its id shifted right by this: 131,072 orders a batch, more
/// than bear any one name, so the index reads a name's few matches and skips through the
/// batches' many (a batch rarer than the words would be read whole).
const BATCH_BITS: u32 = 17;

/// How many of the newest batches a search on PostgreSQL asks within first.
const RECENT_BATCHES: i64 = 2;

/// The newest `window` orders of the list's audience and days whose words match, with their
/// statuses and whether they are unconfirmed. The audience picks the partial index.
fn postgres_matches(
    conn: &mut DbConn,
    query: &StaffOrderQuery,
    words: &[Vec<String>],
    facets: &[String],
    window: i64,
) -> QueryResult<Vec<(i64, String, bool)>> {
    let matching = search_expression(words, facets.iter().map(String::as_str), tsquery_word, " | ", " & ");
    of_audience_and_days(query)
        .filter(sql::<Bool>("orders.search_words @@ ").bind::<Text, _>(matching).sql("::tsquery"))
        .order(orders::id.desc())
        .limit(window)
        .select((orders::id, orders::status, orders::confirmed_at.is_null()))
        .load(conn)
}

/// The list's city, source and sales engineer as the words the indexes keep for them
/// (migration 000015): `zc` and the city, `zo` and the source, `ze` and the sales engineer.
fn facets(query: &StaffOrderQuery) -> Vec<String> {
    let mut facets = Vec::with_capacity(3);
    facets.extend(query.city.map(|city| format!("zc{}", city.0)));
    facets.extend(query.source.map(|source| format!("zo{}", <&str>::from(source))));
    facets.extend(query.sales_engineer.map(|engineer| format!("ze{}", engineer.0)));
    facets
}

/// The audience as SQLite's index keeps it (`za` and the audience); PostgreSQL keeps one index
/// per audience instead.
fn audience_word(audience: Audience) -> &'static str {
    match audience {
        Audience::Clients => "zaclient",
        Audience::Guests => "zaguest",
    }
}

/// Every word in one of its forms, and every filter word, in a backend's query language: each
/// word quoted by `quote`, joined by its `or` and `and`.
fn search_expression<'a>(words: &[Vec<String>], filters: impl Iterator<Item = &'a str>, quote: fn(&str) -> String, or: &str, and: &str) -> String {
    let words = words.iter().map(|forms| format!("({})", forms.iter().map(|form| quote(form)).collect::<Vec<_>>().join(or)));
    words.chain(filters.map(quote)).collect::<Vec<_>>().join(and)
}

/// A word as an FTS5 string: quoted, so nothing in it reads as syntax.
fn fts5_word(word: &str) -> String {
    format!("\"{}\"", word.replace('"', "\"\""))
}

/// A word as a `tsquery` lexeme, quoted and taken as it is.
fn tsquery_word(word: &str) -> String {
    format!("'{}'", word.replace('\\', "\\\\").replace('\'', "''"))
}

/// The order's sales engineer's name and its staff notes.
pub(crate) fn staff_order_of(conn: &mut DbConn, order: ordering::Order) -> anyhow::Result<StaffOrder> {
    let sales_engineer_name = match order.sales_engineer {
        Some(engineer) => users::table.find(engineer.0).select(users::name).first(conn).optional()?,
        None => None,
    };
    let notes: Vec<(Option<i64>, Option<String>, String, chrono::NaiveDateTime)> = order_notes::table
        .left_join(users::table.on(users::id.nullable().eq(order_notes::author_id)))
        .filter(order_notes::order_id.eq(order.id.0))
        .order(order_notes::id)
        .select((order_notes::author_id, users::name.nullable(), order_notes::body, order_notes::created_at))
        .load(conn)?;
    let notes =
        notes.into_iter().map(|(author, author_name, body, at)| StaffNote { author: author.map(UserId), author_name, body, at: at.and_utc() }).collect();
    let story = story_of(conn, order.id)?;
    Ok(StaffOrder { order, sales_engineer_name, notes, phone: None, undo_until: None, story })
}

/// The order's story from its events, oldest first, each with the name of the person it names
/// and a move with the note its history row keeps (written in the same statement, at the same
/// moment).
fn story_of(conn: &mut DbConn, order: OrderId) -> anyhow::Result<Vec<StoryLine>> {
    let notes: Vec<(String, chrono::NaiveDateTime, Option<String>)> = order_history::table
        .filter(order_history::order_id.eq(order.0).and(order_history::note.is_not_null()))
        .select((order_history::to_status, order_history::changed_at, order_history::note))
        .load(conn)?;
    let note_of = |change: &OrderChange, at: DateTime<Utc>| {
        let to = match change {
            OrderChange::StatusChanged { to, .. } => *to,
            OrderChange::Cancelled { .. } => OrderStatus::Cancelled,
            _ => return None,
        };
        notes.iter().find(|(status, when, _)| status == <&str>::from(to) && when.and_utc() == at).and_then(|(_, _, note)| note.clone())
    };
    let events: Vec<(String, String, chrono::NaiveDateTime)> = order_events::table
        .filter(order_events::order_id.eq(order.0))
        .order((order_events::order_version, order_events::occurred_at))
        .select((order_events::kind, order_events::payload, order_events::occurred_at))
        .load(conn)?;
    let changes = events
        .into_iter()
        .map(|(kind, payload, at)| Ok((at.and_utc(), crate::order_events::change_of(&kind, &payload)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let people: Vec<i64> = changes.iter().filter_map(|(_, change)| change.person()).map(|user| user.0).collect();
    let names: HashMap<i64, String> = users::table.filter(users::id.eq_any(&people)).select((users::id, users::name)).load(conn)?.into_iter().collect();
    Ok(changes
        .into_iter()
        .map(|(at, change)| StoryLine { at, name: change.person().and_then(|user| names.get(&user.0).cloned()), note: note_of(&change, at), change })
        .collect())
}

/// Keeps a staff note.
pub(crate) fn add_note_in(conn: &mut DbConn, id: OrderId, author: UserId, body: &str, at: DateTime<Utc>) -> QueryResult<usize> {
    diesel::insert_into(order_notes::table)
        .values((order_notes::order_id.eq(id.0), order_notes::author_id.eq(author.0), order_notes::body.eq(body), order_notes::created_at.eq(at.naive_utc())))
        .execute(conn)
}

/// Whether an active sales account has this id.
pub(crate) fn is_sales_engineer(conn: &mut DbConn, engineer: UserId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(users::table.find(engineer.0).filter(users::role.eq("sales").and(users::blocked.eq(false))))).get_result(conn)
}

/// Puts the order and its client in the engineer's care; false when no client order has the id.
pub(crate) fn assign_in(conn: &mut DbConn, id: OrderId, engineer: UserId, at: DateTime<Utc>) -> QueryResult<bool> {
    let client: Option<Option<i64>> = orders::table.find(id.0).select(orders::user_id).first(conn).optional()?;
    let Some(Some(client)) = client else { return Ok(false) };
    let version: i32 = diesel::update(orders::table.find(id.0))
        .set((orders::sales_engineer_id.eq(engineer.0), orders::version.eq(orders::version + 1)))
        .returning(orders::version)
        .get_result(conn)?;
    diesel::update(users::table.find(client)).set(users::sales_engineer_id.eq(engineer.0)).execute(conn)?;
    crate::order_events::record(conn, id.0, version, &ordering::OrderChange::Assigned { sales_engineer: engineer }, at.naive_utc())?;
    Ok(true)
}

pub(crate) type NoticeRow = (
    diesel::dsl::Eq<notifications::user_id, i64>,
    diesel::dsl::Eq<notifications::title_ar, String>,
    diesel::dsl::Eq<notifications::title_en, String>,
    diesel::dsl::Eq<notifications::body_ar, String>,
    diesel::dsl::Eq<notifications::body_en, String>,
    diesel::dsl::Eq<notifications::link, Option<String>>,
    diesel::dsl::Eq<notifications::created_at, chrono::NaiveDateTime>,
);

/// One user's notification row.
pub(crate) fn notice_row(user: i64, notice: &Notice, at: chrono::NaiveDateTime) -> NoticeRow {
    (
        notifications::user_id.eq(user),
        notifications::title_ar.eq(notice.title.ar.clone()),
        notifications::title_en.eq(notice.title.en.clone()),
        notifications::body_ar.eq(notice.body.ar.clone()),
        notifications::body_en.eq(notice.body.en.clone()),
        notifications::link.eq(Some(notice.link.clone())),
        notifications::created_at.eq(at),
    )
}

/// The most rows one statement writes: a batch's notifications (every watching staff member
/// of each change) stay under either database's limit on a statement's values.
const ROWS_PER_STATEMENT: usize = 1000;

/// Whom a staff notice is for: the permission they hold, and the order's sales engineer.
type Watch = (&'static str, Option<UserId>);

/// Writes the news of a run of events inside the caller's transaction, in a few statements
/// whatever their number: each buyer's notification, one for each staff member watching
/// (admins holding the permission, and the order's sales engineer if they hold it), and the
/// SMS queued to go out.
pub(crate) fn write_news<'a>(conn: &mut DbConn, told: impl IntoIterator<Item = &'a OrderNews>, at: DateTime<Utc>) -> QueryResult<()> {
    let now = at.naive_utc();
    let mut rows: Vec<NoticeRow> = Vec::new();
    let mut texts = Vec::new();
    // The staff watching, read once for each permission and sales engineer of the run.
    let mut watching: Vec<(Watch, Vec<i64>)> = Vec::new();
    for news in told {
        for (user, notice) in news.buyer.iter().chain(&news.earned) {
            rows.push(notice_row(user.0, notice, now));
        }
        if let Some(staff) = &news.staff {
            let key = (staff.permission, staff.sales_engineer);
            let seen = match watching.iter().position(|(seen, _)| *seen == key) {
                Some(seen) => seen,
                None => {
                    watching.push((key, watchers_of(conn, staff)?));
                    watching.len() - 1
                }
            };
            rows.extend(watching[seen].1.iter().map(|&user| notice_row(user, &staff.notice, now)));
        }
        texts.extend(news.texts.iter().map(|text| {
            (
                message_queue::channel.eq(<&str>::from(MessageChannel::Sms)),
                message_queue::recipient.eq(text.to.international()),
                message_queue::body.eq(text.body.clone()),
                message_queue::created_at.eq(now),
                message_queue::next_attempt_at.eq(now),
            )
        }));
    }
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        execute_natively(conn, diesel::insert_into(notifications::table).values(chunk.to_vec()))?;
    }
    for chunk in texts.chunks(ROWS_PER_STATEMENT) {
        execute_natively(conn, diesel::insert_into(message_queue::table).values(chunk.to_vec()))?;
    }
    Ok(())
}

/// The staff told of an order's change: admins holding the permission, and the order's sales
/// engineer if they hold it; none blocked.
fn watchers_of(conn: &mut DbConn, staff: &StaffNotice) -> QueryResult<Vec<i64>> {
    users::table
        .inner_join(role_permissions::table.on(users::access_role_id.eq(role_permissions::role_id.nullable())))
        .filter(role_permissions::permission.eq(staff.permission))
        .filter(users::blocked.eq(false))
        .filter(users::role.eq("admin").or(users::role.eq("sales").and(users::id.nullable().eq(staff.sales_engineer.map(|user| user.0)))))
        .select(users::id)
        .load(conn)
}

/// The users' notifications in the database.
#[derive(Clone)]
pub struct DieselNotifications {
    db: Database,
}

impl DieselNotifications {
    /// The notifications over a database.
    pub fn new(db: Database) -> Self {
        DieselNotifications { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = notifications)]
struct NotificationRow {
    id: i64,
    title_ar: String,
    title_en: String,
    body_ar: String,
    body_en: String,
    link: Option<String>,
    created_at: chrono::NaiveDateTime,
    read_at: Option<chrono::NaiveDateTime>,
}

impl Notifications for DieselNotifications {
    fn notifications(&self, owner: UserId, unread_only: bool, page: PageRequest) -> anyhow::Result<Page<Notification>> {
        let conn = &mut *self.db.conn()?;
        let mine = || {
            let rows = notifications::table.filter(notifications::user_id.eq(owner.0)).into_boxed::<Backend>();
            if unread_only { rows.filter(notifications::read_at.is_null()) } else { rows }
        };
        let total: i64 = mine().count().get_result(conn)?;
        let rows: Vec<NotificationRow> =
            mine().order(notifications::id.desc()).limit(i64::from(page.per_page)).offset(page.offset()).select(NotificationRow::as_select()).load(conn)?;
        let data = rows
            .into_iter()
            .map(|row| Notification {
                id: row.id,
                notice: Notice {
                    title: kernel::Localized::new(row.title_ar, row.title_en),
                    body: kernel::Localized::new(row.body_ar, row.body_en),
                    link: row.link.unwrap_or_default(),
                },
                created_at: row.created_at.and_utc(),
                read_at: row.read_at.map(|at| at.and_utc()),
            })
            .collect();
        Ok(Page::new(data, page, u64::try_from(total).unwrap_or(0)))
    }

    fn unread(&self, owner: UserId) -> anyhow::Result<u64> {
        let conn = &mut *self.db.conn()?;
        let count: i64 = notifications::table.filter(notifications::user_id.eq(owner.0).and(notifications::read_at.is_null())).count().get_result(conn)?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    fn mark_read(&self, owner: UserId, id: i64, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let mine = notifications::table.find(id).filter(notifications::user_id.eq(owner.0));
        if diesel::update(mine.filter(notifications::read_at.is_null())).set(notifications::read_at.eq(at.naive_utc())).execute(conn)? > 0 {
            return Ok(true);
        }
        Ok(diesel::select(diesel::dsl::exists(mine)).get_result(conn)?)
    }

    fn mark_all_read(&self, owner: UserId, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(notifications::table.filter(notifications::user_id.eq(owner.0).and(notifications::read_at.is_null())))
            .set(notifications::read_at.eq(at.naive_utc()))
            .execute(conn)?;
        Ok(())
    }
}

/// The queue of messages waiting to go out, in the database.
#[derive(Clone)]
pub struct DieselMessageQueue {
    db: Database,
}

impl DieselMessageQueue {
    /// The queue over a database.
    pub fn new(db: Database) -> Self {
        DieselMessageQueue { db }
    }

    /// Messages not yet sent, and how many of them failed at least once (the gateway or the
    /// mail server refused them): what the metrics report.
    pub fn backlog(&self) -> anyhow::Result<(i64, i64)> {
        let conn = &mut *self.db.conn()?;
        let unsent = message_queue::table.filter(message_queue::sent_at.is_null());
        let queued = unsent.count().get_result(conn)?;
        let failing = unsent.filter(message_queue::attempts.gt(0)).count().get_result(conn)?;
        Ok((queued, failing))
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = message_queue)]
struct QueuedRow {
    id: i64,
    channel: String,
    recipient: String,
    subject: Option<String>,
    body: String,
    attempts: i32,
}

impl MessageQueue for DieselMessageQueue {
    fn claim_due(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<QueuedMessage>> {
        let conn = &mut *self.db.conn()?;
        let due: Vec<QueuedRow> = message_queue::table
            .filter(message_queue::sent_at.is_null().and(message_queue::next_attempt_at.le(now.naive_utc())))
            .order(message_queue::id)
            .limit(i64::try_from(limit).unwrap_or(100))
            .select(QueuedRow::as_select())
            .load(conn)?;
        let ids: Vec<i64> = due.iter().map(|row| row.id).collect();
        // One guarded write claims the lot: a message another node's sender claimed since it
        // was read is no longer due, so the update passes it by and it is not returned.
        let claimed: Vec<i64> = diesel::update(
            message_queue::table
                .filter(message_queue::id.eq_any(&ids))
                .filter(message_queue::sent_at.is_null())
                .filter(message_queue::next_attempt_at.le(now.naive_utc())),
        )
        .set(message_queue::next_attempt_at.eq(lease_until.naive_utc()))
        .returning(message_queue::id)
        .get_results(conn)?;
        Ok(due
            .into_iter()
            .filter(|row| claimed.contains(&row.id))
            .filter_map(|row| {
                Some(QueuedMessage {
                    id: row.id,
                    channel: row.channel.parse().ok()?,
                    to: row.recipient,
                    subject: row.subject,
                    body: row.body,
                    attempts: u32::try_from(row.attempts).unwrap_or(0),
                })
            })
            .collect())
    }

    fn sent(&self, ids: &[i64], at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(message_queue::table.filter(message_queue::id.eq_any(ids))).set(message_queue::sent_at.eq(at.naive_utc())).execute(conn)?;
        Ok(())
    }

    fn failed(&self, id: i64, retry_at: DateTime<Utc>, error: &str) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let error: String = error.chars().take(500).collect();
        diesel::update(message_queue::table.find(id))
            .set((
                message_queue::attempts.eq(message_queue::attempts + 1),
                message_queue::next_attempt_at.eq(retry_at.naive_utc()),
                message_queue::last_error.eq(error),
            ))
            .execute(conn)?;
        Ok(())
    }
}
