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

/// A crop's columns as staff write them (its slug is set once, when added).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = crops)]
struct CropColumns<'a> {
    name_ar: &'a str,
    name_en: &'a str,
    synonyms_ar: String,
    sort_order: i32,
}

impl<'a> CropColumns<'a> {
    fn of(draft: &'a CropDraft) -> Self {
        CropColumns { name_ar: &draft.name.ar, name_en: &draft.name.en, synonyms_ar: lines(&draft.synonyms_ar), sort_order: draft.sort_order }
    }
}

/// A pest's columns as staff write them.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = pests)]
struct PestColumns<'a> {
    name_ar: &'a str,
    name_en: &'a str,
    synonyms_ar: String,
    kind: &'a str,
    symptoms_ar: &'a str,
    symptoms_en: &'a str,
}

impl<'a> PestColumns<'a> {
    fn of(draft: &'a PestDraft) -> Self {
        PestColumns {
            name_ar: &draft.name.ar,
            name_en: &draft.name.en,
            synonyms_ar: lines(&draft.synonyms_ar),
            kind: &draft.kind,
            symptoms_ar: &draft.symptoms.ar,
            symptoms_en: &draft.symptoms.en,
        }
    }
}

/// An active ingredient's columns.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = active_ingredients)]
struct IngredientColumns<'a> {
    name_ar: &'a str,
    name_en: &'a str,
    resistance_group: &'a str,
    synonyms_ar: String,
}

impl<'a> IngredientColumns<'a> {
    fn of(draft: &'a IngredientDraft) -> Self {
        IngredientColumns {
            name_ar: &draft.name.ar,
            name_en: &draft.name.en,
            resistance_group: &draft.resistance_group,
            synonyms_ar: lines(&draft.synonyms_ar),
        }
    }
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
            let id = diesel::insert_into(crops::table).values((crops::slug.eq(slug), CropColumns::of(draft))).returning(crops::id).get_result(conn)?;
            Ok(ListWrite::Done(id))
        })
    }

    fn update_crop(&self, id: i64, draft: &CropDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| Ok(updated(diesel::update(crops::table.find(id)).set(CropColumns::of(draft)).execute(conn)?, id)))
    }

    fn add_pest(&self, slug: &str, draft: &PestDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let id = diesel::insert_into(pests::table).values((pests::slug.eq(slug), PestColumns::of(draft))).returning(pests::id).get_result(conn)?;
            Ok(ListWrite::Done(id))
        })
    }

    fn update_pest(&self, id: i64, draft: &PestDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| Ok(updated(diesel::update(pests::table.find(id)).set(PestColumns::of(draft)).execute(conn)?, id)))
    }

    fn add_ingredient(&self, draft: &IngredientDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| {
            let id = diesel::insert_into(active_ingredients::table).values(IngredientColumns::of(draft)).returning(active_ingredients::id).get_result(conn)?;
            Ok(ListWrite::Done(id))
        })
    }

    fn update_ingredient(&self, id: i64, draft: &IngredientDraft) -> anyhow::Result<ListWrite> {
        list_write(self, |conn| Ok(updated(diesel::update(active_ingredients::table.find(id)).set(IngredientColumns::of(draft)).execute(conn)?, id)))
    }

    fn remove_entry(&self, list: FarmList, id: i64) -> anyhow::Result<Option<Option<String>>> {
        let mut picture = None;
        let removed = list_write(self, |conn| {
            let rows = match list {
                FarmList::Crops => {
                    picture = crops::table.find(id).select(crops::image).first::<Option<String>>(conn).optional()?;
                    diesel::delete(crops::table.find(id)).execute(conn)?
                }
                FarmList::Pests => {
                    picture = pests::table.find(id).select(pests::image).first::<Option<String>>(conn).optional()?;
                    diesel::delete(pests::table.find(id)).execute(conn)?
                }
                FarmList::Ingredients => diesel::delete(active_ingredients::table.find(id)).execute(conn)?,
            };
            Ok(updated(rows, id))
        })?;
        Ok((removed == ListWrite::Done(id)).then(|| picture.flatten()))
    }

    fn set_picture(&self, list: FarmList, id: i64, path: Option<String>) -> anyhow::Result<Option<Option<String>>> {
        let mut replaced = None;
        let written = list_write(self, |conn| {
            let rows = match list {
                FarmList::Crops => {
                    replaced = crops::table.find(id).select(crops::image).first::<Option<String>>(conn).optional()?;
                    diesel::update(crops::table.find(id)).set(crops::image.eq(&path)).execute(conn)?
                }
                FarmList::Pests => {
                    replaced = pests::table.find(id).select(pests::image).first::<Option<String>>(conn).optional()?;
                    diesel::update(pests::table.find(id)).set(pests::image.eq(&path)).execute(conn)?
                }
                FarmList::Ingredients => 0,
            };
            Ok(updated(rows, id))
        })?;
        Ok((written == ListWrite::Done(id)).then(|| replaced.flatten()))
    }
}
