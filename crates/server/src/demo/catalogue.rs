//! The demo catalogue: Egyptian seeds, soil, fertilisers, pesticides and packages, in Arabic
//! and English, with a few running offers.

use std::path::Path;

use anyhow::Context;
use catalog::WeightUnit;
use catalog::offer::OfferTarget;
use catalog::ports::{CatalogueEditor, CatalogueStore, FarmList, FarmListEditor, StoredCatalogue};
use catalog::{CategoryDraft, OfferDraft, ProductDraft};
use chrono::{Duration, Utc};
use kernel::{Localized, Money, Percent, Weight};
use store::catalogue::DieselCatalogueStore;

use super::{agronomy, pictures};

/// Slug, Arabic name, English name.
const CATEGORIES: [(&str, &str, &str); 5] = [
    ("seeds", "بذور", "Seeds"),
    ("soil", "تربة ومحسنات", "Soil and amendments"),
    ("fertilisers", "أسمدة", "Fertilisers"),
    ("pesticides", "مبيدات", "Pesticides"),
    ("packages", "باقات", "Packages"),
];

/// A demo product: category, Arabic and English names and descriptions, price in pounds,
/// own discount, weight in grams, unit, stock, featured, pieces when a package.
struct Demo {
    category: &'static str,
    ar: &'static str,
    en: &'static str,
    about_ar: &'static str,
    about_en: &'static str,
    pounds: i64,
    discount: u8,
    grams: i64,
    unit: WeightUnit,
    stock: i64,
    featured: bool,
    pieces: Option<i32>,
}

#[allow(clippy::too_many_arguments)] // one row of the demo table, read left to right
const fn item(
    category: &'static str,
    ar: &'static str,
    en: &'static str,
    about_ar: &'static str,
    about_en: &'static str,
    pounds: i64,
    grams: i64,
    stock: i64,
) -> Demo {
    let unit = if grams >= 1000 { WeightUnit::Kg } else { WeightUnit::G };
    Demo { category, ar, en, about_ar, about_en, pounds, discount: 0, grams, unit, stock, featured: false, pieces: None }
}

const fn featured(demo: Demo) -> Demo {
    Demo { featured: true, ..demo }
}

const fn discounted(demo: Demo, discount: u8) -> Demo {
    Demo { discount, ..demo }
}

const fn package(demo: Demo, pieces: i32) -> Demo {
    Demo { pieces: Some(pieces), ..demo }
}

const PRODUCTS: [Demo; 43] = [
    featured(item(
        "seeds",
        "بذور طماطم هجين 023",
        "Hybrid tomato seeds 023",
        "بذور طماطم هجين عالية الإنتاجية تتحمل الحرارة، مناسبة للزراعة الصيفية في الدلتا والصعيد.",
        "High-yield, heat-tolerant hybrid tomato seeds for summer planting in the Delta and Upper Egypt.",
        185,
        10,
        120,
    )),
    item(
        "seeds",
        "بذور خيار بلدي",
        "Local cucumber seeds",
        "بذور خيار بلدي سريعة الإنبات للصوب والحقول المكشوفة.",
        "Fast-germinating local cucumber seeds for greenhouses and open fields.",
        95,
        25,
        200,
    ),
    item(
        "seeds",
        "بذور فلفل حلو ألوان",
        "Coloured sweet pepper seeds",
        "خليط بذور فلفل رومي أحمر وأصفر وأخضر للحدائق المنزلية.",
        "Mix of red, yellow and green bell pepper seeds for home gardens.",
        140,
        10,
        80,
    ),
    item(
        "seeds",
        "بذور باذنجان رومي",
        "Round aubergine seeds",
        "باذنجان رومي لامع بثمار متجانسة الحجم.",
        "Glossy round aubergines with even-sized fruit.",
        110,
        10,
        90,
    ),
    discounted(
        item(
            "seeds",
            "بذور بطيخ جيزة 1",
            "Giza 1 watermelon seeds",
            "صنف بطيخ مصري حلو المذاق يتحمل النقل.",
            "A sweet Egyptian watermelon variety that travels well.",
            230,
            50,
            60,
        ),
        10,
    ),
    item(
        "seeds",
        "بذور كوسة إسكندراني",
        "Alexandrian courgette seeds",
        "كوسة إسكندراني مبكرة النضج وغزيرة الحمل.",
        "Early, heavy-cropping Alexandrian courgettes.",
        75,
        50,
        150,
    ),
    item(
        "seeds",
        "بذور ملوخية",
        "Molokhia seeds",
        "بذور ملوخية خضراء للحصاد المتكرر طوال الصيف.",
        "Green molokhia seeds for repeated summer harvests.",
        35,
        100,
        300,
    ),
    featured(item(
        "seeds",
        "بذور بصل أحمر بحيري",
        "Beheira red onion seeds",
        "بصل أحمر بحيري حاد الطعم يخزن جيدًا.",
        "Sharp-tasting Beheira red onions that store well.",
        160,
        250,
        70,
    )),
    item("seeds", "بذور جرجير", "Rocket seeds", "جرجير سريع النمو يحصد بعد 4 أسابيع.", "Fast rocket, ready to cut in four weeks.", 25, 50, 400),
    item("seeds", "بذور نعناع", "Mint seeds", "نعناع عطري للأصص والشرفات.", "Fragrant mint for pots and balconies.", 30, 5, 250),
    item(
        "seeds",
        "تقاوي قمح سخا 95",
        "Sakha 95 wheat seed",
        "تقاوي قمح معتمدة عالية الإنتاجية لأراضي الوجه البحري.",
        "Certified high-yield wheat seed for Lower Egypt soils.",
        650,
        25000,
        40,
    ),
    item("seeds", "تقاوي ذرة شامية هجين", "Hybrid maize seed", "ذرة شامية هجين مقاومة للرقاد.", "Lodging-resistant hybrid maize.", 520, 10000, 0),
    featured(item(
        "soil",
        "بيتموس مخصب",
        "Enriched peat moss",
        "بيتموس مستورد مضاف إليه عناصر غذائية، مثالي للشتلات والأصص.",
        "Imported peat moss with added nutrients, ideal for seedlings and pots.",
        210,
        20000,
        55,
    )),
    item("soil", "بيرلايت زراعي", "Horticultural perlite", "بيرلايت لتهوية التربة وتحسين الصرف.", "Perlite to aerate soil and improve drainage.", 120, 5000, 70),
    item(
        "soil",
        "فيرميكوليت",
        "Vermiculite",
        "فيرميكوليت يحتفظ بالماء والعناصر حول الجذور.",
        "Vermiculite keeps water and nutrients around the roots.",
        135,
        5000,
        45,
    ),
    item(
        "soil",
        "تربة أصص جاهزة",
        "Ready potting mix",
        "خلطة تربة متوازنة لنباتات الزينة والخضروات المنزلية.",
        "A balanced mix for houseplants and home vegetables.",
        90,
        10000,
        110,
    ),
    item(
        "soil",
        "كمبوست نباتي",
        "Plant compost",
        "كمبوست متحلل تمامًا يحسن بناء التربة الرملية.",
        "Fully mature compost that improves sandy soils.",
        75,
        25000,
        90,
    ),
    discounted(
        item(
            "soil",
            "سماد بلدي معالج",
            "Treated farmyard manure",
            "سماد بلدي معالج حراريًا خالٍ من بذور الحشائش.",
            "Heat-treated farmyard manure free of weed seeds.",
            60,
            25000,
            150,
        ),
        5,
    ),
    item(
        "soil",
        "كبريت زراعي",
        "Agricultural sulphur",
        "كبريت زراعي لخفض قلوية التربة المصرية.",
        "Agricultural sulphur to lower the alkalinity of Egyptian soils.",
        85,
        25000,
        80,
    ),
    item("soil", "جبس زراعي", "Agricultural gypsum", "جبس زراعي لاستصلاح الأراضي الملحية.", "Gypsum to reclaim saline land.", 70, 50000, 60),
    featured(item(
        "fertilisers",
        "سماد عضوي سائل",
        "Liquid organic fertiliser",
        "سماد عضوي سائل من الأحماض الأمينية والطحالب البحرية.",
        "Liquid organic fertiliser of amino acids and seaweed.",
        145,
        1000,
        100,
    )),
    item(
        "fertilisers",
        "سماد NPK 20-20-20",
        "NPK 20-20-20 fertiliser",
        "سماد متوازن ذائب في الماء لكل مراحل النمو.",
        "Balanced water-soluble fertiliser for every growth stage.",
        175,
        1000,
        130,
    ),
    item(
        "fertilisers",
        "سوبر فوسفات الكالسيوم",
        "Calcium superphosphate",
        "سماد فوسفاتي أساسي قبل الزراعة.",
        "Base phosphate fertiliser before planting.",
        240,
        50000,
        50,
    ),
    item("fertilisers", "يوريا 46%", "Urea 46%", "سماد نيتروجيني مركز للمحاصيل الحقلية.", "Concentrated nitrogen fertiliser for field crops.", 420, 50000, 45),
    item(
        "fertilisers",
        "نترات الكالسيوم",
        "Calcium nitrate",
        "نترات كالسيوم لمنع تعفن الطرف الزهري في الطماطم.",
        "Calcium nitrate against blossom-end rot in tomatoes.",
        190,
        25000,
        65,
    ),
    item(
        "fertilisers",
        "سلفات البوتاسيوم",
        "Potassium sulphate",
        "بوتاسيوم لتحسين حجم الثمار وحلاوتها.",
        "Potassium for bigger, sweeter fruit.",
        310,
        25000,
        40,
    ),
    item(
        "fertilisers",
        "عناصر صغرى مخلبية",
        "Chelated micronutrients",
        "حديد وزنك ومنجنيز مخلبية لعلاج الاصفرار.",
        "Chelated iron, zinc and manganese against yellowing.",
        95,
        500,
        140,
    ),
    discounted(
        item(
            "fertilisers",
            "هيومات البوتاسيوم",
            "Potassium humate",
            "هيومات لتنشيط الجذور وتحسين امتصاص العناصر.",
            "Humate to stimulate roots and nutrient uptake.",
            130,
            1000,
            85,
        ),
        15,
    ),
    item(
        "fertilisers",
        "أسمدة ورقية لنباتات الزينة",
        "Houseplant leaf feed",
        "رشاش سماد ورقي جاهز للاستخدام لنباتات المنزل.",
        "Ready-to-use foliar spray for houseplants.",
        55,
        500,
        210,
    ),
    item("fertilisers", "سماد مخلفات الدواجن", "Poultry manure pellets", "سماد عضوي محبب غني بالنيتروجين.", "Nitrogen-rich organic pellets.", 150, 20000, 75),
    featured(item(
        "pesticides",
        "زيت النيم",
        "Neem oil",
        "مبيد طبيعي من زيت النيم للمن والذبابة البيضاء.",
        "Natural neem oil against aphids and whitefly.",
        120,
        500,
        95,
    )),
    item(
        "pesticides",
        "مبيد فطري نحاسي",
        "Copper fungicide",
        "مبيد فطري وقائي للبياض الزغبي واللفحة.",
        "Protective fungicide for downy mildew and blight.",
        165,
        1000,
        60,
    ),
    item(
        "pesticides",
        "أبامكتين 1.8% مبيد أكاروسي",
        "Abamectin 1.8% EC",
        "مبيد للعنكبوت الأحمر وصانعة أنفاق الطماطم (توتا أبسلوتا). شديد السمية للأسماك والنحل: يُطلب بعد إقرار تعليمات السلامة.",
        "Against spider mites and the tomato leafminer (Tuta absoluta). Very toxic to fish and bees: ordered after acknowledging its safety instructions.",
        145,
        250,
        40,
    ),
    item(
        "pesticides",
        "كبريت ميكروني",
        "Micronised sulphur",
        "كبريت قابل للبلل لمكافحة البياض الدقيقي والعناكب.",
        "Wettable sulphur against powdery mildew and mites.",
        80,
        1000,
        90,
    ),
    item(
        "pesticides",
        "مبيد حيوي باسيلس",
        "Bacillus bio-insecticide",
        "مبيد حيوي آمن ضد ديدان الأوراق.",
        "A safe biological control for leaf worms.",
        195,
        500,
        50,
    ),
    item(
        "pesticides",
        "مصائد لاصقة صفراء",
        "Yellow sticky traps",
        "مصائد لاصقة لرصد ومكافحة الحشرات الطائرة.",
        "Sticky traps to monitor and catch flying insects.",
        65,
        200,
        180,
    ),
    item(
        "pesticides",
        "صابون بوتاسي زراعي",
        "Insecticidal potash soap",
        "صابون بوتاسي يغسل الحشرات الرخوة دون أثر متبقٍ.",
        "Potash soap that clears soft-bodied insects without residue.",
        70,
        1000,
        120,
    ),
    item("pesticides", "طعم النمل", "Ant bait", "طعم جاذب للنمل آمن حول المنزل.", "An ant bait safe around the home.", 45, 250, 160),
    item("pesticides", "مبيد حشائش انتقائي", "Selective herbicide", "مبيد حشائش عريضة الأوراق في القمح.", "Controls broadleaf weeds in wheat.", 230, 1000, 30),
    featured(package(
        item(
            "packages",
            "باقة الحديقة المنزلية",
            "Home garden package",
            "بذور خمسة أصناف خضار مع بيتموس وسماد سائل للبدء فورًا.",
            "Seeds of five vegetables with peat moss and liquid feed to start at once.",
            450,
            8000,
            25,
        ),
        7,
    )),
    package(
        item(
            "packages",
            "باقة الشرفة العطرية",
            "Balcony herbs package",
            "نعناع وريحان وجرجير مع أصص وتربة جاهزة.",
            "Mint, basil and rocket with pots and ready soil.",
            260,
            4000,
            30,
        ),
        6,
    ),
    package(
        discounted(
            item(
                "packages",
                "باقة العناية بالطماطم",
                "Tomato care package",
                "بذور طماطم ونترات كالسيوم وزيت نيم لموسم كامل.",
                "Tomato seeds, calcium nitrate and neem oil for a full season.",
                390,
                3000,
                20,
            ),
            10,
        ),
        3,
    ),
    package(
        item(
            "packages",
            "باقة استصلاح الأرض",
            "Land reclamation package",
            "جبس وكبريت وكمبوست لتحسين الأراضي الجديدة.",
            "Gypsum, sulphur and compost to improve new land.",
            210,
            100000,
            10,
        ),
        3,
    ),
];

/// Draws each demo product's picture to `media_dir/demo/{slug}.svg`; its path under the media.
fn write_picture(media_dir: &Path, slug: &str, english: &str) -> anyhow::Result<String> {
    let look = pictures::look_of(english).ok_or_else(|| anyhow::anyhow!("the demo product {english} has no picture"))?;
    let dir = media_dir.join("demo");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(format!("{slug}.svg")), pictures::draw(look))?;
    Ok(format!("demo/{slug}.svg"))
}

/// The crops, pests and active ingredients the migration seeded, by slug or English name.
struct SeededLists(StoredCatalogue);

impl agronomy::Lists for SeededLists {
    fn crop(&self, slug: &str) -> Option<i64> {
        self.0.crops.iter().find(|crop| crop.slug == slug).map(|crop| crop.id)
    }

    fn pest(&self, slug: &str) -> Option<i64> {
        self.0.pests.iter().find(|pest| pest.slug == slug).map(|pest| pest.id)
    }

    fn ingredient(&self, name_en: &str) -> Option<i64> {
        self.0.ingredients.iter().find(|ingredient| ingredient.name.en == name_en).map(|ingredient| ingredient.id)
    }
}

/// The demo products' English names, in the table's order.
#[cfg(test)]
pub(super) fn product_names() -> impl Iterator<Item = &'static str> {
    PRODUCTS.iter().map(|demo| demo.en)
}

/// Adds the demo catalogue when the shop has no product yet; true when it did. Its pictures
/// go under `media_dir`.
pub fn seed(store: &DieselCatalogueStore, media_dir: &Path) -> anyhow::Result<bool> {
    if !store.is_empty()? {
        return Ok(false);
    }
    let mut category_ids = Vec::new();
    for ((slug, name_ar, name_en), order) in CATEGORIES.iter().zip(1..) {
        // Pesticides are not taken back once opened: nobody can tell what was done with them.
        let draft = CategoryDraft { name: Localized::new((*name_ar).into(), (*name_en).into()), sort_order: order, returnable: *slug != "pesticides" };
        let id = store.create_category(slug, &draft, None)?.with_context(|| format!("the demo category {slug} exists already"))?;
        category_ids.push((*slug, id));
    }
    let now = Utc::now();
    let mut product_ids = Vec::new();
    for (age, demo) in (0..).zip(PRODUCTS.iter()) {
        let slug = catalog::slug::slugify(demo.en, demo.ar);
        let draft = ProductDraft {
            name: Localized::new(demo.ar.into(), demo.en.into()),
            description: Localized::new(demo.about_ar.into(), demo.about_en.into()),
            price: Money::from_pounds(demo.pounds),
            discount: Percent::clamped(demo.discount),
            expires_at: Some((now + Duration::days(540)).date_naive()),
            weight: Weight::from_grams(demo.grams),
            weight_unit: demo.unit,
            quantity: demo.stock,
            featured: demo.featured,
            is_package: demo.pieces.is_some(),
            pieces_per_package: demo.pieces,
            category_id: category_ids.iter().find(|(slug, _)| *slug == demo.category).map(|(_, id)| *id),
        };
        // Spread over the last weeks so "newest" means something.
        let picture = write_picture(media_dir, &slug, demo.en)?;
        let id = store.add_product_at(&slug, &draft, &[picture], now - Duration::hours(age * 9))?;
        product_ids.push(id);
    }
    let lists = SeededLists(store.load()?);
    for (demo, id) in PRODUCTS.iter().zip(&product_ids) {
        if let Some(agronomy) = agronomy::of(demo.en, &lists) {
            store.set_agronomy(*id, &agronomy)?;
        }
    }
    // The crops its seeds grow into wear the seeds' pictures: Home's crop strip shows them.
    for (slug, crop) in pictures::CROP_PICTURES {
        let Some(id) = agronomy::Lists::crop(&lists, slug) else { continue };
        let dir = media_dir.join("demo");
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(format!("crop-{slug}.svg")), pictures::draw(pictures::Look::Crop(crop)))?;
        store.set_picture(FarmList::Crops, id, Some(format!("demo/crop-{slug}.svg")))?;
    }
    let fertilisers = category_ids.iter().find(|(slug, _)| *slug == "fertilisers").map(|(_, id)| *id);
    if let Some(category) = fertilisers {
        store.create_offer(
            &OfferDraft {
                title: Localized::new("خصم موسم الزراعة على الأسمدة".into(), "Planting season: fertilisers off".into()),
                percentage: Percent::clamped(15),
                target: OfferTarget::Category(category),
                starts_at: now - Duration::days(2),
                ends_at: now + Duration::days(30),
            },
            None,
        )?;
    }
    store.create_offer(
        &OfferDraft {
            title: Localized::new("عرض البذور الصيفية".into(), "Summer seeds deal".into()),
            percentage: Percent::clamped(20),
            target: OfferTarget::Products(product_ids.iter().take(4).copied().collect()),
            starts_at: now - Duration::days(1),
            ends_at: now + Duration::days(14),
        },
        None,
    )?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_demo_product_has_a_picture_of_its_own() {
        let looks: Vec<_> = PRODUCTS.iter().map(|demo| pictures::look_of(demo.en)).collect();
        assert!(looks.iter().all(Option::is_some), "a demo product without a look");
        let drawings: HashSet<String> = looks.into_iter().flatten().map(pictures::draw).collect();
        assert_eq!(drawings.len(), PRODUCTS.len());
    }
}
