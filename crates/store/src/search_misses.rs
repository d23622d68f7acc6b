//! The searches that found nothing over Diesel: one row per text and language, counted by an
//! upsert, the least recent dropped beyond `MISSES_KEPT`.

use catalog::misses::{MISSES_KEPT, MissedSearches, SearchMiss};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::{Page, PageRequest};

use crate::database::{Database, execute_natively, write};
use crate::schema::search_misses;

/// The searches that found nothing, in the database.
#[derive(Clone)]
pub struct DieselMissedSearches {
    db: Database,
}

impl DieselMissedSearches {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        DieselMissedSearches { db }
    }
}

impl MissedSearches for DieselMissedSearches {
    fn record(&self, text: &str, language: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        use diesel::upsert::excluded;
        use search_misses as m;
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            let at = at.naive_utc();
            let row = diesel::insert_into(m::table)
                .values((m::text.eq(text), m::language.eq(language), m::searches.eq(1_i64), m::last_searched_at.eq(at)))
                .on_conflict((m::text, m::language))
                .do_update()
                .set((m::searches.eq(m::searches + 1), m::last_searched_at.eq(excluded(m::last_searched_at))));
            execute_natively(conn, row)?;
            let kept: i64 = m::table.count().get_result(conn)?;
            if kept > MISSES_KEPT {
                let oldest: Vec<i64> = m::table.order((m::last_searched_at, m::id)).select(m::id).limit(kept - MISSES_KEPT).load(conn)?;
                diesel::delete(m::table.filter(m::id.eq_any(oldest))).execute(conn)?;
            }
            QueryResult::Ok(())
        })?;
        Ok(())
    }

    fn list(&self, page: PageRequest) -> anyhow::Result<Page<SearchMiss>> {
        use search_misses as m;
        let conn = &mut *self.db.conn()?;
        let total: i64 = m::table.count().get_result(conn)?;
        let rows: Vec<(i64, String, String, i64, NaiveDateTime)> = m::table
            .order((m::last_searched_at.desc(), m::id.desc()))
            .offset(page.offset())
            .limit(i64::from(page.per_page))
            .select((m::id, m::text, m::language, m::searches, m::last_searched_at))
            .load(conn)?;
        let misses =
            rows.into_iter().map(|(id, text, language, searches, at)| SearchMiss { id, text, language, searches, last_searched_at: at.and_utc() }).collect();
        Ok(Page::new(misses, page, u64::try_from(total).unwrap_or(0)))
    }

    fn forget(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| diesel::delete(search_misses::table.find(id)).execute(conn))? > 0)
    }
}
