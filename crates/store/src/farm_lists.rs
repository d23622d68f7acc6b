//! The crops, pests and active ingredients staff keep, over Diesel. Arabic synonyms are kept
//! one per line; each write bumps the catalogue's version, which the lists are read with.

use catalog::agronomy::lists::{CropDraft, IngredientDraft, PestDraft};
use catalog::ports::{FarmList, FarmListEditor, ListWrite};
use diesel::prelude::*;

use crate::catalogue::{DieselCatalogueStore, bump_version};
use crate::database::{DbConn, unique_collision, write};
use crate::schema::{active_ingredients, crops, pests};

/// Synonyms as one column: one per line.
fn lines(synonyms: &[String]) -> String {
    synonyms.join("\n")
}

/// A list write in one transaction with the version's bump; a collision on the unique address
/// or name is `Taken`.
fn list_write(store: &DieselCatalogueStore, work: impl FnOnce(&mut DbConn) -> QueryResult<ListWrite>) -> anyhow::Result<ListWrite> {
    let conn = &mut *store.db().conn()?;
    let outcome = write(conn, |conn| {
        let written = work(conn)?;
        if let ListWrite::Done(_) = written {
            bump_version(conn)?;
        }
        Ok(written)
    });
    match outcome {
        Err(error) if unique_collision(&error).is_some() => Ok(ListWrite::Taken),
        outcome => Ok(outcome?),
    }
}

/// `Done` when one row was changed.
fn updated(rows: usize, id: i64) -> ListWrite {
    if rows == 1 { ListWrite::Done(id) } else { ListWrite::NotFound }
}

impl FarmListEditor for DieselCatalogueStore {
    fn add_crop(&self, slug: &str, draft: &CropDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let id = diesel::insert_into(crops::table)
                .values((
                    crops::slug.eq(slug),
                    crops::name_ar.eq(&draft.name.ar),
                    crops::name_en.eq(&draft.name.en),
                    crops::synonyms_ar.eq(lines(&draft.synonyms_ar)),
                    crops::sort_order.eq(draft.sort_order),
                ))
                .returning(crops::id)
                .get_result(conn)?;
            Ok(ListWrite::Done(id))
        })
    }

    fn update_crop(&self, id: i64, draft: &CropDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let rows = diesel::update(crops::table.find(id))
                .set((
                    crops::name_ar.eq(&draft.name.ar),
                    crops::name_en.eq(&draft.name.en),
                    crops::synonyms_ar.eq(lines(&draft.synonyms_ar)),
                    crops::sort_order.eq(draft.sort_order),
                ))
                .execute(conn)?;
            Ok(updated(rows, id))
        })
    }

    fn add_pest(&self, slug: &str, draft: &PestDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let id = diesel::insert_into(pests::table)
                .values((
                    pests::slug.eq(slug),
                    pests::name_ar.eq(&draft.name.ar),
                    pests::name_en.eq(&draft.name.en),
                    pests::synonyms_ar.eq(lines(&draft.synonyms_ar)),
                    pests::kind.eq(&draft.kind),
                    pests::symptoms_ar.eq(&draft.symptoms.ar),
                    pests::symptoms_en.eq(&draft.symptoms.en),
                ))
                .returning(pests::id)
                .get_result(conn)?;
            Ok(ListWrite::Done(id))
        })
    }

    fn update_pest(&self, id: i64, draft: &PestDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let rows = diesel::update(pests::table.find(id))
                .set((
                    pests::name_ar.eq(&draft.name.ar),
                    pests::name_en.eq(&draft.name.en),
                    pests::synonyms_ar.eq(lines(&draft.synonyms_ar)),
                    pests::kind.eq(&draft.kind),
                    pests::symptoms_ar.eq(&draft.symptoms.ar),
                    pests::symptoms_en.eq(&draft.symptoms.en),
                ))
                .execute(conn)?;
            Ok(updated(rows, id))
        })
    }

    fn add_ingredient(&self, draft: &IngredientDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let id = diesel::insert_into(active_ingredients::table)
                .values((
                    active_ingredients::name_ar.eq(&draft.name.ar),
                    active_ingredients::name_en.eq(&draft.name.en),
                    active_ingredients::resistance_group.eq(&draft.resistance_group),
                    active_ingredients::synonyms_ar.eq(lines(&draft.synonyms_ar)),
                ))
                .returning(active_ingredients::id)
                .get_result(conn)?;
            Ok(ListWrite::Done(id))
        })
    }

    fn update_ingredient(&self, id: i64, draft: &IngredientDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let rows = diesel::update(active_ingredients::table.find(id))
                .set((
                    active_ingredients::name_ar.eq(&draft.name.ar),
                    active_ingredients::name_en.eq(&draft.name.en),
                    active_ingredients::resistance_group.eq(&draft.resistance_group),
                    active_ingredients::synonyms_ar.eq(lines(&draft.synonyms_ar)),
                ))
                .execute(conn)?;
            Ok(updated(rows, id))
        })
    }

    fn remove_entry(&self, list: FarmList, id: i64) -> anyhow::Result<bool> {
        let removed = list_write(self, |conn| {
            let rows = match list {
                FarmList::Crops => diesel::delete(crops::table.find(id)).execute(conn)?,
                FarmList::Pests => diesel::delete(pests::table.find(id)).execute(conn)?,
                FarmList::Ingredients => diesel::delete(active_ingredients::table.find(id)).execute(conn)?,
            };
            Ok(updated(rows, id))
        })?;
        Ok(removed == ListWrite::Done(id))
    }
}
