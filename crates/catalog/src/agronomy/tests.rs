#![allow(clippy::unwrap_used)] // tests fail loudly on purpose

use chrono::NaiveDate;
use kernel::{Money, ProductId};

use super::*;

fn q(text: &str) -> Quantity {
    Quantity::parse(text).unwrap()
}

/// Abamectin 1.8% EC on tomato against spider mites: 40–50 mL per 100 L, 400 L a feddan.
fn per_100_litres() -> CropUse {
    CropUse {
        crop_id: 1,
        pest_id: Some(7),
        purpose_ar: String::new(),
        purpose_en: String::new(),
        rate_from: q("40"),
        rate_to: q("50"),
        rate_unit: RateUnit::MlPer100l,
        water_per_feddan: Some(400),
        phi_days: Some(3),
        reentry_hours: Some(12),
        max_applications: Some(3),
        interval_days: Some(7),
    }
}

fn per_feddan(rate_to: &str, unit: RateUnit) -> CropUse {
    CropUse { rate_from: q("0.1"), rate_to: q(rate_to), rate_unit: unit, water_per_feddan: None, ..per_100_litres() }
}

fn registered_pesticide() -> Agronomy {
    Agronomy {
        kind: ProductKind::Pesticide,
        formulation: Some(Formulation::EC),
        pack: Some(Pack { size: q("250"), unit: PackUnit::Ml }),
        ingredients: vec![Ingredient { ingredient_id: 3, concentration: q("18"), unit: ConcentrationUnit::GramsPerLitre }],
        registration: Some(Registration { number: "SAMPLE-1234".into(), expires_on: NaiveDate::from_ymd_opt(2027, 6, 30) }),
        who_class: Some(WhoClass::II),
        pictograms: vec![Pictogram::GHS07, Pictogram::GHS09],
        signal_word: Some(SignalWord::Warning),
        uses: vec![per_100_litres()],
        ..Agronomy::default()
    }
}

fn rules(errors: &FieldErrors) -> Vec<(String, Vec<&'static str>)> {
    errors.iter().map(|(field, rules)| (field.to_string(), rules.to_vec())).collect()
}

#[test]
fn quantities_read_arabic_digits_and_either_decimal_mark_and_refuse_the_rest() {
    assert_eq!(q("2.5").thousandths(), 2_500);
    assert_eq!(q("٢٫٥"), q("2,5"));
    assert_eq!(q(" 12 ").thousandths(), 12_000);
    assert_eq!(q(".5").thousandths(), 500);
    for bad in ["", ".", "-1", "1.2345", "1e3", "abc", "1.2.3", "99999999999"] {
        assert_eq!(Quantity::parse(bad), None, "{bad:?}");
    }
    assert_eq!((q("2.50").text(), q("12").text(), q("0.125").text()), ("2.5".into(), "12".into(), "0.125".into()));
}

#[test]
fn a_feddan_is_24_qirat_and_4200_square_metres_whatever_unit_the_farmer_types() {
    let crop_use = per_feddan("200", RateUnit::MlPerFeddan);
    let feddan = dose_for(&crop_use, Area::Feddan(q("1"))).unwrap();
    assert_eq!(dose_for(&crop_use, Area::Qirat(q("24"))).unwrap(), feddan);
    assert_eq!(dose_for(&crop_use, Area::SquareMetres(q("4200"))).unwrap(), feddan);
    assert_eq!((feddan.amount, feddan.unit), (200, BaseUnit::Ml));
    assert_eq!(dose_for(&crop_use, Area::Qirat(q("6"))).unwrap().amount, 50, "a quarter feddan");
}

#[test]
fn a_dose_is_reckoned_at_the_labels_highest_rate_and_rounded_up_never_down() {
    // 2.5 feddan at 50 mL per 100 L with 400 L a feddan: 1,000 L of water, 500 mL.
    let dose = dose_for(&per_100_litres(), Area::Feddan(q("2.5"))).unwrap();
    assert_eq!((dose.amount, dose.water_litres, dose.tank_fills, dose.phi_days), (500, Some(1_000), Some(50), Some(3)));
    // 1 m² of a 200 mL-a-feddan use is 0.0476 mL: one whole mL, not none.
    assert_eq!(dose_for(&per_feddan("200", RateUnit::MlPerFeddan), Area::SquareMetres(q("1"))).unwrap().amount, 1);
    // Litres and kilograms are reckoned in millilitres and grams.
    let kilos = dose_for(&per_feddan("1.5", RateUnit::KgPerFeddan), Area::Feddan(q("2"))).unwrap();
    assert_eq!((kilos.amount, kilos.unit), (3_000, BaseUnit::G));
}

#[test]
fn sprayers_count_the_water_and_a_rate_per_sprayer_needs_water_for_an_area() {
    let per_sprayer = CropUse { rate_to: q("25"), rate_unit: RateUnit::MlPer20l, water_per_feddan: None, ..per_100_litres() };
    let sprayers = dose_for(&per_sprayer, Area::Sprayers(q("8"))).unwrap();
    assert_eq!((sprayers.amount, sprayers.water_litres, sprayers.tank_fills), (200, Some(160), Some(8)));
    assert_eq!(dose_for(&per_sprayer, Area::Feddan(q("1"))), Err(DoseError::WaterUnknown));
    let with_water = CropUse { water_per_feddan: Some(200), ..per_sprayer };
    assert_eq!(dose_for(&with_water, Area::Feddan(q("1"))).unwrap().amount, 250, "200 L is ten sprayers of 25 mL");
    assert_eq!(dose_for(&with_water, Area::Feddan(q("0"))), Err(DoseError::AreaOutOfRange));
    assert_eq!(dose_for(&with_water, Area::Feddan(q("100001"))), Err(DoseError::AreaOutOfRange));
}

#[test]
fn the_cheapest_packs_cover_the_dose_and_never_fall_short() {
    let small = PackOffer { product: ProductId(1), holds: 250, price: Money::from_pounds(120) };
    let litre = PackOffer { product: ProductId(2), holds: 1_000, price: Money::from_pounds(400) };
    let choice = |amount| cheapest_packs(amount, &[small, litre]);
    assert_eq!(choice(500), [PackChoice { product: ProductId(1), quantity: 2 }], "two small bottles (240) beat a litre (400)");
    assert_eq!(choice(900), [PackChoice { product: ProductId(2), quantity: 1 }], "a litre (400) beats four small ones (480)");
    assert_eq!(
        choice(1_300),
        [PackChoice { product: ProductId(1), quantity: 2 }, PackChoice { product: ProductId(2), quantity: 1 }],
        "1,300 mL: a litre and two small bottles (640), not six small (720) nor two litres (800)"
    );
    assert_eq!(choice(1), [PackChoice { product: ProductId(1), quantity: 1 }], "a drop still needs a bottle");
    for amount in [1, 249, 250, 251, 999, 1_001, 4_321] {
        let held: u64 = choice(amount).iter().map(|pack| if pack.product == ProductId(1) { 250 } else { 1_000 } * u64::from(pack.quantity)).sum();
        assert!(held >= amount, "{amount} mL covered by {held}");
    }
    assert!(cheapest_packs(0, &[small]).is_empty());
    assert!(cheapest_packs(10, &[PackOffer { holds: 0, ..small }]).is_empty());
}

#[test]
fn equal_prices_choose_the_least_left_over_then_the_fewest_packs() {
    let half = PackOffer { product: ProductId(1), holds: 500, price: Money::from_pounds(100) };
    let litre = PackOffer { product: ProductId(2), holds: 1_000, price: Money::from_pounds(200) };
    assert_eq!(cheapest_packs(1_000, &[half, litre]), [PackChoice { product: ProductId(2), quantity: 1 }], "one litre, not two halves");
}

#[test]
fn a_dose_too_large_to_search_buys_the_pack_cheapest_for_what_it_holds() {
    let odd = PackOffer { product: ProductId(1), holds: 7, price: Money::from_pounds(10) };
    let other = PackOffer { product: ProductId(2), holds: 11, price: Money::from_pounds(12) };
    assert_eq!(cheapest_packs(10_000_000, &[odd, other]), [PackChoice { product: ProductId(2), quantity: 909_091 }]);
}

#[test]
fn a_pesticide_is_published_only_with_registration_ingredient_class_and_a_use_with_its_phi() {
    assert!(registered_pesticide().missing_for_sale().is_empty());
    let bare = Agronomy { kind: ProductKind::Pesticide, ..Agronomy::default() };
    assert_eq!(
        rules(&bare.missing_for_sale()),
        [
            ("agronomy.active_ingredients".into(), vec!["required_to_publish"]),
            ("agronomy.registration_no".into(), vec!["required_to_publish"]),
            ("agronomy.uses".into(), vec!["required_to_publish"]),
            ("agronomy.who_class".into(), vec!["required_to_publish"]),
        ]
    );
    let without_phi = Agronomy { uses: vec![CropUse { phi_days: None, ..per_100_litres() }], ..registered_pesticide() };
    assert_eq!(rules(&without_phi.missing_for_sale()), [("agronomy.uses".into(), vec!["required_to_publish"])]);
    assert!(Agronomy { kind: ProductKind::Seed, ..Agronomy::default() }.missing_for_sale().is_empty(), "seeds need none of it");
}

#[test]
fn an_expired_registration_or_a_dangerous_class_is_told() {
    let product = registered_pesticide();
    assert!(!product.registration_expired(NaiveDate::from_ymd_opt(2027, 6, 30).unwrap()), "valid on its last day");
    assert!(product.registration_expired(NaiveDate::from_ymd_opt(2027, 7, 1).unwrap()));
    assert!(!product.needs_acknowledgement());
    assert!(Agronomy { who_class: Some(WhoClass::Ib), ..registered_pesticide() }.needs_acknowledgement());
    assert!(Agronomy { restricted: true, ..registered_pesticide() }.needs_acknowledgement());
}

#[test]
fn broken_agronomy_is_refused_field_by_field() {
    let broken = Agronomy {
        pack: Some(Pack { size: q("0"), unit: PackUnit::L }),
        ingredients: vec![Ingredient { ingredient_id: 1, concentration: q("120"), unit: ConcentrationUnit::Percent }],
        nutrients: Some(Nutrients { nitrogen: q("46"), phosphate: q("30"), potash: q("30"), micronutrients: String::new() }),
        seed: Some(SeedFacts { variety: "Super Strain B".into(), min_germination: Some(101), sowing_months: vec![3, 13] }),
        uses: vec![CropUse { rate_from: q("60"), rate_to: q("50"), phi_days: Some(400), ..per_100_litres() }],
        ..registered_pesticide()
    };
    let mut errors = FieldErrors::new();
    broken.check(&mut errors);
    assert_eq!(
        rules(&errors),
        [
            ("agronomy.active_ingredients.0.concentration".into(), vec!["number_range"]),
            ("agronomy.nutrients".into(), vec!["npk_over_100"]),
            ("agronomy.pack.size".into(), vec!["number_range"]),
            ("agronomy.seed.min_germination".into(), vec!["number_range"]),
            ("agronomy.seed.sowing_months".into(), vec!["number_range"]),
            ("agronomy.uses.0.phi_days".into(), vec!["number_range"]),
            ("agronomy.uses.0.rate".into(), vec!["rate_range"]),
        ]
    );
    let mut none = FieldErrors::new();
    registered_pesticide().check(&mut none);
    assert!(none.is_empty(), "{:?}", rules(&none));
}

#[test]
fn a_pesticide_use_needs_its_harvest_interval_and_a_rate_per_100_litres_the_water_a_feddan_takes() {
    let gappy = Agronomy {
        uses: vec![
            CropUse { phi_days: None, ..per_100_litres() },
            CropUse { water_per_feddan: None, rate_unit: RateUnit::GPer100l, ..per_100_litres() },
            CropUse { water_per_feddan: None, rate_unit: RateUnit::GPer20l, ..per_100_litres() },
        ],
        ..registered_pesticide()
    };
    let mut errors = FieldErrors::new();
    gappy.check(&mut errors);
    assert_eq!(
        rules(&errors),
        [("agronomy.uses.0.phi_days".into(), vec!["phi_required"]), ("agronomy.uses.1.water_per_feddan".into(), vec!["water_required"])]
    );
    assert_eq!(gappy.gaps(&gappy.uses[2]), Vec::<&str>::new(), "a rate per sprayer is often written alone");
    let fertiliser = Agronomy { kind: ProductKind::Fertiliser, ..gappy.clone() };
    assert_eq!(fertiliser.gaps(&fertiliser.uses[0]), Vec::<&str>::new(), "only a pesticide has a harvest interval to keep");
}
