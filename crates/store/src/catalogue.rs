//! The catalogue over Diesel: reading all of it at one version, and writing it (each write
//! bumps the version in the same transaction, so every node sees its copy is stale).

use catalog::agronomy::{ActiveIngredient, Agronomy, Crop, Pest};
use catalog::offer::{Offer, OfferTarget};
use catalog::ports::{CatalogueEditor, CatalogueStore, StoredCatalogue, Versions};
use catalog::search::SynonymGroup;
use catalog::{Category, CategoryDraft, OfferDraft, Product, ProductDocument, ProductDocuments, ProductDraft, WeightUnit};
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::{CategoryId, Localized, Money, OfferId, Percent, ProductId, Weight};

use crate::database::{Database, DbConn, unique_collision, write, write_committing};
use crate::schema::{
    active_ingredients, catalogue_version, categories, crops, offer_products, offers, pests, product_images, product_lots, products, search_synonyms,
};

/// The catalogue in the shop's database.
#[derive(Clone)]
pub struct DieselCatalogueStore {
    db: Database,
}

impl DieselCatalogueStore {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The database it writes.
    pub(crate) fn db(&self) -> &Database {
        &self.db
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = categories)]
struct CategoryRow {
    id: i64,
    slug: String,
    name_ar: String,
    name_en: String,
    image: Option<String>,
    sort_order: i32,
    returnable: bool,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
struct ProductRow {
    id: i64,
    slug: String,
    name_ar: String,
    name_en: String,
    description_ar: String,
    description_en: String,
    price: i64,
    discount: i32,
    expires_at: Option<NaiveDate>,
    weight_grams: i64,
    weight_unit: String,
    quantity: i64,
    featured: bool,
    is_package: bool,
    pieces_per_package: Option<i32>,
    category_id: Option<i64>,
    created_at: NaiveDateTime,
    agronomy: Option<String>,
    label_pdf: Option<String>,
    sds_pdf: Option<String>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = offers)]
struct OfferRow {
    id: i64,
    title_ar: String,
    title_en: String,
    banner_image: Option<String>,
    percentage: i32,
    category_id: Option<i64>,
    starts_at: NaiveDateTime,
    ends_at: NaiveDateTime,
    active: bool,
}

/// The columns a staff draft sets, for inserts and updates alike.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = products, treat_none_as_null = true)]
struct ProductColumns<'a> {
    name_ar: &'a str,
    name_en: &'a str,
    description_ar: &'a str,
    description_en: &'a str,
    price: i64,
    discount: i32,
    expires_at: Option<NaiveDate>,
    weight_grams: i64,
    weight_unit: &'a str,
    quantity: i64,
    featured: bool,
    is_package: bool,
    pieces_per_package: Option<i32>,
    category_id: Option<i64>,
}

impl<'a> ProductColumns<'a> {
    fn of(draft: &'a ProductDraft) -> ProductColumns<'a> {
        ProductColumns {
            name_ar: &draft.name.ar,
            name_en: &draft.name.en,
            description_ar: &draft.description.ar,
            description_en: &draft.description.en,
            price: draft.price.piastres(),
            discount: i32::from(draft.discount.value()),
            expires_at: draft.expires_at,
            weight_grams: draft.weight.grams(),
            weight_unit: <&'static str>::from(draft.weight_unit),
            quantity: draft.quantity,
            featured: draft.featured,
            is_package: draft.is_package,
            pieces_per_package: draft.pieces_per_package,
            category_id: draft.category_id.map(|id| id.0),
        }
    }
}

/// A product's agronomy as its column keeps it: JSON in the domain's own shape, or nothing for
/// a product that has none (a tool, a product staff have not described yet).
fn agronomy_column(agronomy: &Agronomy) -> Option<String> {
    (*agronomy != Agronomy::default()).then(|| serde_json::to_string(agronomy).unwrap_or_default())
}

/// A product's agronomy from its column. The domain wrote it after checking it, so a row that
/// cannot be read is a fault told in the log; the product is still sold, without it.
fn agronomy_of(product: i64, column: Option<&str>) -> Agronomy {
    let Some(json) = column else { return Agronomy::default() };
    serde_json::from_str(json).unwrap_or_else(|error| {
        tracing::error!(product, %error, "a product's agronomy could not be read");
        Agronomy::default()
    })
}

/// The columns an offer draft sets.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = offers, treat_none_as_null = true)]
struct OfferColumns<'a> {
    title_ar: &'a str,
    title_en: &'a str,
    percentage: i32,
    category_id: Option<i64>,
    starts_at: NaiveDateTime,
    ends_at: NaiveDateTime,
}

impl<'a> OfferColumns<'a> {
    fn of(draft: &'a OfferDraft) -> OfferColumns<'a> {
        OfferColumns {
            title_ar: &draft.title.ar,
            title_en: &draft.title.en,
            percentage: i32::from(draft.percentage.value()),
            category_id: match &draft.target {
                OfferTarget::Category(id) => Some(id.0),
                OfferTarget::Products(_) => None,
            },
            starts_at: draft.starts_at.naive_utc(),
            ends_at: draft.ends_at.naive_utc(),
        }
    }
}

/// Links an offer to the products it covers, when it covers products.
fn link_offer_products(conn: &mut DbConn, offer_id: i64, draft: &OfferDraft) -> QueryResult<()> {
    if let OfferTarget::Products(ids) = &draft.target {
        for product_id in ids {
            diesel::insert_into(offer_products::table)
                .values((offer_products::offer_id.eq(offer_id), offer_products::product_id.eq(product_id.0)))
                .execute(conn)?;
        }
    }
    Ok(())
}

fn versions(conn: &mut DbConn) -> QueryResult<Versions> {
    let (catalogue, stock) = catalogue_version::table.find(1).select((catalogue_version::version, catalogue_version::stock_version)).first(conn)?;
    let stock = match conn {
        DbConn::Postgres(_) => diesel::sql_query(STOCK_MOVES).get_result::<StockMoves>(conn)?.moves,
        DbConn::Sqlite(_) => stock,
    };
    Ok(Versions { catalogue, stock })
}

/// How many times stock moved on PostgreSQL. A new sequence's `last_value` is already 1 before
/// its first move, so the count starts at 0 and the first move is seen.
const STOCK_MOVES: &str = "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS moves FROM stock_moves";

/// The count of stock moves, read.
#[derive(QueryableByName)]
struct StockMoves {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    moves: i64,
}

/// Marks the stock changed, inside the transaction that changed it, on SQLite: its one writer
/// holds the version's row no longer than the rest. PostgreSQL's mark is
/// [`write_moving_stock`]'s.
pub(crate) fn stock_moved_in_transaction(conn: &mut DbConn) -> QueryResult<()> {
    if let DbConn::Sqlite(_) = conn {
        diesel::update(catalogue_version::table.find(1)).set(catalogue_version::stock_version.eq(catalogue_version::stock_version + 1)).execute(conn)?;
    }
    Ok(())
}

/// Runs `work` as [`write`] does and marks the stock moved when `moved` says so of its
/// outcome: on SQLite inside the transaction (the work's [`stock_moved_in_transaction`]), on
/// PostgreSQL once it has committed, in the commit's own round trip. A shared row bumped inside
/// every order made each order wait for the previous one's commit (migration 000017); marked
/// after the commit, a reader that sees the new mark sees the new stock, and a crash in between
/// leaves the quantities cached until the next move.
pub(crate) fn write_moving_stock<T, E>(conn: &mut DbConn, moved: impl FnOnce(&T) -> bool, work: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    write_committing(conn, |outcome| moved(outcome).then_some("COMMIT; SELECT nextval('stock_moves')"), work)
}

/// Appends pictures after a product's existing ones.
fn add_images(conn: &mut DbConn, product_id: i64, images: &[String]) -> QueryResult<()> {
    let first: i32 = product_images::table
        .filter(product_images::product_id.eq(product_id))
        .count()
        .get_result::<i64>(conn)
        .map(|n| i32::try_from(n).unwrap_or(i32::MAX))?;
    for (position, path) in (first..).zip(images) {
        diesel::insert_into(product_images::table)
            .values((product_images::product_id.eq(product_id), product_images::path.eq(path), product_images::sort_order.eq(position)))
            .execute(conn)?;
    }
    Ok(())
}

/// Every synonym group, oldest first; members are kept one per line.
fn synonym_groups(conn: &mut DbConn) -> QueryResult<Vec<SynonymGroup>> {
    let rows: Vec<(i64, String)> = search_synonyms::table.order(search_synonyms::id).select((search_synonyms::id, search_synonyms::members)).load(conn)?;
    Ok(rows.into_iter().map(|(id, members)| SynonymGroup { id, members: members.lines().map(str::to_string).collect() }).collect())
}

/// Marks the catalogue changed; call inside the writing transaction.
pub(crate) fn bump_version(conn: &mut DbConn) -> QueryResult<()> {
    diesel::update(catalogue_version::table.find(1)).set(catalogue_version::version.eq(catalogue_version::version + 1)).execute(conn)?;
    Ok(())
}

impl CatalogueStore for DieselCatalogueStore {
    fn versions(&self) -> anyhow::Result<Versions> {
        Ok(versions(&mut *self.db.conn()?)?)
    }

    fn stock(&self) -> anyhow::Result<Vec<(ProductId, i64)>> {
        let rows: Vec<(i64, i64)> = products::table.select((products::id, products::quantity)).load(&mut *self.db.conn()?)?;
        Ok(rows.into_iter().map(|(id, quantity)| (ProductId(id), quantity)).collect())
    }

    fn lot_expiries(&self) -> anyhow::Result<Vec<(ProductId, NaiveDate)>> {
        Ok(lot_expiries(&mut *self.db.conn()?)?)
    }

    fn load(&self) -> anyhow::Result<StoredCatalogue> {
        let conn = &mut *self.db.conn()?;
        conn.transaction(|conn| {
            let Versions { catalogue: version, stock: stock_version } = versions(conn)?;
            let categories = categories::table
                .select(CategoryRow::as_select())
                .load(conn)?
                .into_iter()
                .map(|r| Category {
                    id: CategoryId(r.id),
                    slug: r.slug,
                    draft: CategoryDraft { name: Localized::new(r.name_ar, r.name_en), sort_order: r.sort_order, returnable: r.returnable },
                    image: r.image,
                })
                .collect();
            let mut images: std::collections::HashMap<i64, Vec<String>> = std::collections::HashMap::new();
            let image_rows: Vec<(i64, String)> = product_images::table
                .order((product_images::product_id, product_images::sort_order, product_images::id))
                .select((product_images::product_id, product_images::path))
                .load(conn)?;
            for (product_id, path) in image_rows {
                images.entry(product_id).or_default().push(path);
            }
            let products = products::table
                .select(ProductRow::as_select())
                .load(conn)?
                .into_iter()
                .map(|r| Product {
                    images: images.remove(&r.id).unwrap_or_default(),
                    id: ProductId(r.id),
                    slug: r.slug,
                    draft: ProductDraft {
                        name: Localized::new(r.name_ar, r.name_en),
                        description: Localized::new(r.description_ar, r.description_en),
                        price: Money::from_piastres(r.price),
                        discount: Percent::new(r.discount.into()).unwrap_or(Percent::ZERO),
                        expires_at: r.expires_at,
                        weight: Weight::from_grams(r.weight_grams),
                        weight_unit: r.weight_unit.parse::<WeightUnit>().ok().unwrap_or(WeightUnit::Kg),
                        quantity: r.quantity,
                        featured: r.featured,
                        is_package: r.is_package,
                        pieces_per_package: r.pieces_per_package,
                        category_id: r.category_id.map(CategoryId),
                    },
                    agronomy: agronomy_of(r.id, r.agronomy.as_deref()),
                    documents: ProductDocuments { label: r.label_pdf, sds: r.sds_pdf },
                    created_at: r.created_at.and_utc(),
                })
                .collect();
            let mut covered: std::collections::HashMap<i64, Vec<ProductId>> = std::collections::HashMap::new();
            let links: Vec<(i64, i64)> = offer_products::table.select((offer_products::offer_id, offer_products::product_id)).load(conn)?;
            for (offer_id, product_id) in links {
                covered.entry(offer_id).or_default().push(ProductId(product_id));
            }
            let offers = offers::table
                .select(OfferRow::as_select())
                .load(conn)?
                .into_iter()
                .map(|r| Offer {
                    id: OfferId(r.id),
                    draft: OfferDraft {
                        title: Localized::new(r.title_ar, r.title_en),
                        percentage: Percent::new(r.percentage.into()).unwrap_or(Percent::ZERO),
                        target: match r.category_id {
                            Some(category) => OfferTarget::Category(CategoryId(category)),
                            None => OfferTarget::Products(covered.remove(&r.id).unwrap_or_default()),
                        },
                        starts_at: r.starts_at.and_utc(),
                        ends_at: r.ends_at.and_utc(),
                    },
                    banner_image: r.banner_image,
                    active: r.active,
                })
                .collect();
            let synonyms = synonym_groups(conn)?;
            let (crops, pests, ingredients) = agronomy_lists(conn)?;
            let lot_expiries = lot_expiries(conn)?;
            Ok(StoredCatalogue { version, stock_version, categories, products, offers, synonyms, crops, pests, ingredients, lot_expiries })
        })
    }
}

/// The expiry day of every lot that holds units, by product.
fn lot_expiries(conn: &mut DbConn) -> QueryResult<Vec<(ProductId, NaiveDate)>> {
    let rows: Vec<(i64, NaiveDate)> =
        product_lots::table.filter(product_lots::quantity.gt(0)).select((product_lots::product_id, product_lots::expires_on)).load(conn)?;
    Ok(rows.into_iter().map(|(product, day)| (ProductId(product), day)).collect())
}

/// One Arabic name per line, as the lists keep their synonyms.
fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|line| !line.is_empty()).map(str::to_string).collect()
}

/// The crops (in the staff's order), the pests and the active ingredients.
fn agronomy_lists(conn: &mut DbConn) -> QueryResult<(Vec<Crop>, Vec<Pest>, Vec<ActiveIngredient>)> {
    type CropRow = (i64, String, String, String, String, Option<String>, i32);
    let crop_rows: Vec<CropRow> = crops::table
        .order((crops::sort_order, crops::id))
        .select((crops::id, crops::slug, crops::name_ar, crops::name_en, crops::synonyms_ar, crops::image, crops::sort_order))
        .load(conn)?;
    let crops = crop_rows
        .into_iter()
        .map(|(id, slug, name_ar, name_en, synonyms, image, sort_order)| Crop {
            id,
            slug,
            name: Localized::new(name_ar, name_en),
            synonyms_ar: lines(&synonyms),
            image,
            sort_order,
        })
        .collect();
    type PestRow = (i64, String, String, String, String, String, String, String, Option<String>);
    let pest_rows: Vec<PestRow> = pests::table
        .order(pests::id)
        .select((pests::id, pests::slug, pests::name_ar, pests::name_en, pests::synonyms_ar, pests::kind, pests::symptoms_ar, pests::symptoms_en, pests::image))
        .load(conn)?;
    let pests = pest_rows
        .into_iter()
        .map(|(id, slug, name_ar, name_en, synonyms, kind, symptoms_ar, symptoms_en, image)| Pest {
            id,
            slug,
            name: Localized::new(name_ar, name_en),
            synonyms_ar: lines(&synonyms),
            kind,
            symptoms: Localized::new(symptoms_ar, symptoms_en),
            image,
        })
        .collect();
    let ingredient_rows: Vec<(i64, String, String, String, String)> = active_ingredients::table
        .order(active_ingredients::id)
        .select((
            active_ingredients::id,
            active_ingredients::name_ar,
            active_ingredients::name_en,
            active_ingredients::resistance_group,
            active_ingredients::synonyms_ar,
        ))
        .load(conn)?;
    let ingredients = ingredient_rows
        .into_iter()
        .map(|(id, name_ar, name_en, resistance_group, synonyms)| ActiveIngredient {
            id,
            name: Localized::new(name_ar, name_en),
            resistance_group,
            synonyms_ar: lines(&synonyms),
        })
        .collect();
    Ok((crops, pests, ingredients))
}

/// A new row's id, or none when its slug collided with a row written since the slug was found
/// free; other failures stay failures.
fn slug_taken_meanwhile<T>(written: anyhow::Result<T>) -> anyhow::Result<Option<T>> {
    match written {
        Ok(id) => Ok(Some(id)),
        Err(error) if error.downcast_ref::<diesel::result::Error>().and_then(unique_collision) == Some("slug") => Ok(None),
        Err(error) => Err(error),
    }
}

impl DieselCatalogueStore {
    /// Adds a product with its images, dated `created_at`; returns its id.
    pub fn add_product_at(&self, slug: &str, draft: &ProductDraft, images: &[String], created_at: DateTime<Utc>) -> anyhow::Result<ProductId> {
        let conn = &mut *self.db.conn()?;
        Ok(ProductId(write(conn, |conn| {
            let created = created_at.naive_utc();
            let id = diesel::insert_into(products::table)
                .values((products::slug.eq(slug), ProductColumns::of(draft), products::created_at.eq(created), products::updated_at.eq(created)))
                .returning(products::id)
                .get_result::<i64>(conn)?;
            add_images(conn, id, images)?;
            bump_version(conn)?;
            QueryResult::Ok(id)
        })?))
    }

    /// Whether the catalogue has no product yet (the demo seed's test).
    pub fn is_empty(&self) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let count: i64 = products::table.count().get_result(conn)?;
        Ok(count == 0)
    }
}

impl CatalogueEditor for DieselCatalogueStore {
    fn slug_taken(&self, slug: &str) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(products::table.filter(products::slug.eq(slug)).select(products::id).first::<i64>(conn).optional()?.is_some())
    }

    fn category_exists(&self, id: CategoryId) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(categories::table.find(id.0).select(categories::id).first::<i64>(conn).optional()?.is_some())
    }

    fn create_product(&self, slug: &str, draft: &ProductDraft, images: &[String]) -> anyhow::Result<Option<ProductId>> {
        slug_taken_meanwhile(self.add_product_at(slug, draft, images, Utc::now()))
    }

    fn update_product(&self, id: ProductId, draft: &ProductDraft, new_images: &[String]) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let updated =
                diesel::update(products::table.find(id.0)).set((ProductColumns::of(draft), products::updated_at.eq(Utc::now().naive_utc()))).execute(conn)?;
            if updated == 0 {
                return QueryResult::Ok(false);
            }
            add_images(conn, id.0, new_images)?;
            // A product kept in lots shows what its lots hold, whatever stock the form sent.
            crate::lots::count_stock_from_lots(conn, id.0, kernel::shop_day(Utc::now()))?;
            bump_version(conn)?;
            QueryResult::Ok(true)
        })?)
    }

    fn set_agronomy(&self, id: ProductId, agronomy: &Agronomy) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let column = agronomy_column(agronomy);
            let updated = diesel::update(products::table.find(id.0))
                .set((products::agronomy.eq(column), products::updated_at.eq(Utc::now().naive_utc())))
                .execute(conn)?;
            if updated == 0 {
                return QueryResult::Ok(false);
            }
            bump_version(conn)?;
            QueryResult::Ok(true)
        })?)
    }

    fn set_document(&self, id: ProductId, document: ProductDocument, path: Option<String>) -> anyhow::Result<Option<Option<String>>> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let Some((label, sds)) =
                products::table.find(id.0).select((products::label_pdf, products::sds_pdf)).first::<(Option<String>, Option<String>)>(conn).optional()?
            else {
                return QueryResult::Ok(None);
            };
            let (row, now) = (products::table.find(id.0), Utc::now().naive_utc());
            let replaced = match document {
                ProductDocument::Label => {
                    diesel::update(row).set((products::label_pdf.eq(path), products::updated_at.eq(now))).execute(conn)?;
                    label
                }
                ProductDocument::Sds => {
                    diesel::update(row).set((products::sds_pdf.eq(path), products::updated_at.eq(now))).execute(conn)?;
                    sds
                }
            };
            bump_version(conn)?;
            QueryResult::Ok(Some(replaced))
        })?)
    }

    fn category_slug_taken(&self, slug: &str) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(categories::table.filter(categories::slug.eq(slug)).select(categories::id).first::<i64>(conn).optional()?.is_some())
    }

    fn create_category(&self, slug: &str, draft: &CategoryDraft, image: Option<String>) -> anyhow::Result<Option<CategoryId>> {
        let conn = &mut *self.db.conn()?;
        let written = write(conn, |conn| {
            let id = diesel::insert_into(categories::table)
                .values((
                    categories::slug.eq(slug),
                    categories::name_ar.eq(&draft.name.ar),
                    categories::name_en.eq(&draft.name.en),
                    categories::image.eq(image),
                    categories::sort_order.eq(draft.sort_order),
                    categories::returnable.eq(draft.returnable),
                    categories::created_at.eq(Utc::now().naive_utc()),
                ))
                .returning(categories::id)
                .get_result::<i64>(conn)?;
            bump_version(conn)?;
            QueryResult::Ok(CategoryId(id))
        });
        slug_taken_meanwhile(written.map_err(anyhow::Error::from))
    }

    fn update_category(&self, id: CategoryId, draft: &CategoryDraft, image: Option<String>) -> anyhow::Result<Option<Vec<String>>> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let target = categories::table.find(id.0);
            let Some(old_image) = target.select(categories::image).first::<Option<String>>(conn).optional()? else {
                return QueryResult::Ok(None);
            };
            let names = (
                categories::name_ar.eq(&draft.name.ar),
                categories::name_en.eq(&draft.name.en),
                categories::sort_order.eq(draft.sort_order),
                categories::returnable.eq(draft.returnable),
            );
            let replaced = match &image {
                Some(path) => {
                    diesel::update(target).set((names, categories::image.eq(path))).execute(conn)?;
                    old_image.into_iter().collect()
                }
                None => {
                    diesel::update(target).set(names).execute(conn)?;
                    Vec::new()
                }
            };
            bump_version(conn)?;
            QueryResult::Ok(Some(replaced))
        })?)
    }

    fn delete_category(&self, id: CategoryId) -> anyhow::Result<Option<Vec<String>>> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let Some(image) = diesel::delete(categories::table.find(id.0)).returning(categories::image).get_result::<Option<String>>(conn).optional()? else {
                return QueryResult::Ok(None);
            };
            bump_version(conn)?;
            QueryResult::Ok(Some(image.into_iter().collect()))
        })?)
    }

    fn products_exist(&self, ids: &[ProductId]) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let mut distinct: Vec<i64> = ids.iter().map(|id| id.0).collect();
        let found: i64 = products::table.filter(products::id.eq_any(&distinct)).count().get_result(conn)?;
        distinct.sort_unstable();
        distinct.dedup();
        Ok(usize::try_from(found).is_ok_and(|found| found == distinct.len()))
    }

    fn create_offer(&self, draft: &OfferDraft, banner: Option<String>) -> anyhow::Result<OfferId> {
        let conn = &mut *self.db.conn()?;
        Ok(OfferId(write(conn, |conn| {
            let id = diesel::insert_into(offers::table)
                .values((OfferColumns::of(draft), offers::banner_image.eq(banner), offers::active.eq(true), offers::created_at.eq(Utc::now().naive_utc())))
                .returning(offers::id)
                .get_result::<i64>(conn)?;
            link_offer_products(conn, id, draft)?;
            bump_version(conn)?;
            QueryResult::Ok(id)
        })?))
    }

    fn update_offer(&self, id: OfferId, draft: &OfferDraft, banner: Option<String>) -> anyhow::Result<Option<Vec<String>>> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let target = offers::table.find(id.0);
            let Some(old_banner) = target.select(offers::banner_image).first::<Option<String>>(conn).optional()? else {
                return QueryResult::Ok(None);
            };
            let replaced = match &banner {
                Some(path) => {
                    diesel::update(target).set((OfferColumns::of(draft), offers::banner_image.eq(path))).execute(conn)?;
                    old_banner.into_iter().collect()
                }
                None => {
                    diesel::update(target).set(OfferColumns::of(draft)).execute(conn)?;
                    Vec::new()
                }
            };
            diesel::delete(offer_products::table.filter(offer_products::offer_id.eq(id.0))).execute(conn)?;
            link_offer_products(conn, id.0, draft)?;
            bump_version(conn)?;
            QueryResult::Ok(Some(replaced))
        })?)
    }

    fn set_offer_active(&self, id: OfferId, active: bool) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let updated = diesel::update(offers::table.find(id.0)).set(offers::active.eq(active)).execute(conn)?;
            if updated > 0 {
                bump_version(conn)?;
            }
            QueryResult::Ok(updated > 0)
        })?)
    }

    fn delete_offer(&self, id: OfferId) -> anyhow::Result<Option<Vec<String>>> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let Some(banner) = diesel::delete(offers::table.find(id.0)).returning(offers::banner_image).get_result::<Option<String>>(conn).optional()? else {
                return QueryResult::Ok(None);
            };
            bump_version(conn)?;
            QueryResult::Ok(Some(banner.into_iter().collect()))
        })?)
    }

    fn synonym_groups(&self) -> anyhow::Result<Vec<SynonymGroup>> {
        Ok(synonym_groups(&mut *self.db.conn()?)?)
    }

    fn create_synonym_group(&self, members: &[String]) -> anyhow::Result<i64> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let id = diesel::insert_into(search_synonyms::table)
                .values(search_synonyms::members.eq(members.join("\n")))
                .returning(search_synonyms::id)
                .get_result(conn)?;
            bump_version(conn)?;
            QueryResult::Ok(id)
        })?)
    }

    fn update_synonym_group(&self, id: i64, members: &[String]) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let updated = diesel::update(search_synonyms::table.find(id)).set(search_synonyms::members.eq(members.join("\n"))).execute(conn)? > 0;
            if updated {
                bump_version(conn)?;
            }
            QueryResult::Ok(updated)
        })?)
    }

    fn delete_synonym_group(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let deleted = diesel::delete(search_synonyms::table.find(id)).execute(conn)? > 0;
            if deleted {
                bump_version(conn)?;
            }
            QueryResult::Ok(deleted)
        })?)
    }

    fn delete_product(&self, id: ProductId) -> anyhow::Result<Option<Vec<String>>> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let mut images: Vec<String> = product_images::table.filter(product_images::product_id.eq(id.0)).select(product_images::path).load(conn)?;
            let documents: Option<(Option<String>, Option<String>)> =
                products::table.find(id.0).select((products::label_pdf, products::sds_pdf)).first(conn).optional()?;
            images.extend(documents.into_iter().flat_map(|(label, sds)| [label, sds]).flatten());
            if diesel::delete(products::table.find(id.0)).execute(conn)? == 0 {
                return QueryResult::Ok(None);
            }
            bump_version(conn)?;
            QueryResult::Ok(Some(images))
        })?)
    }
}
