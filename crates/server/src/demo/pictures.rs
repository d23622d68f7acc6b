//! The demo catalogue's pictures, one a product: the crop a seed grows into, or the sack,
//! bottle, sprayer, traps or crate the product comes in, in its own colours and with its own
//! mark, so that a list of the demo tells its products apart at a glance. Drawn as SVG: a few
//! hundred bytes each, sharp at every size a screen asks for.

/// What a seed grows into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crop {
    Tomato,
    Cucumber,
    Pepper,
    Aubergine,
    Watermelon,
    Courgette,
    Molokhia,
    Onion,
    Rocket,
    Mint,
    Wheat,
    Maize,
}

/// The seeded crops drawn as their seeds are, by slug.
pub const CROP_PICTURES: [(&str, Crop); 7] = [
    ("tomato", Crop::Tomato),
    ("wheat", Crop::Wheat),
    ("maize", Crop::Maize),
    ("onion", Crop::Onion),
    ("cucumber", Crop::Cucumber),
    ("pepper", Crop::Pepper),
    ("watermelon", Crop::Watermelon),
];

/// How a product is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// A seed: its crop.
    Crop(Crop),
    /// A sack in the bag's colour with a mark, its contents heaped in front.
    Sack { bag: &'static str, heap: &'static str, grain: &'static str, mark: &'static str },
    /// A bottle of a liquid, with a mark on its label.
    Bottle { liquid: &'static str, mark: &'static str },
    /// A trigger sprayer, with a mark on its label.
    Sprayer { body: &'static str, mark: &'static str },
    /// Yellow sticky cards with caught insects.
    Traps,
    /// A bait station with ants walking to it.
    BaitStation,
    /// A crate with three things standing in it.
    Crate { items: [&'static str; 3] },
}

/// The look of each demo product, by its English name.
pub const LOOKS: [(&str, Look); 43] = [
    ("Hybrid tomato seeds 023", Look::Crop(Crop::Tomato)),
    ("Local cucumber seeds", Look::Crop(Crop::Cucumber)),
    ("Coloured sweet pepper seeds", Look::Crop(Crop::Pepper)),
    ("Round aubergine seeds", Look::Crop(Crop::Aubergine)),
    ("Giza 1 watermelon seeds", Look::Crop(Crop::Watermelon)),
    ("Alexandrian courgette seeds", Look::Crop(Crop::Courgette)),
    ("Molokhia seeds", Look::Crop(Crop::Molokhia)),
    ("Beheira red onion seeds", Look::Crop(Crop::Onion)),
    ("Rocket seeds", Look::Crop(Crop::Rocket)),
    ("Mint seeds", Look::Crop(Crop::Mint)),
    ("Sakha 95 wheat seed", Look::Crop(Crop::Wheat)),
    ("Hybrid maize seed", Look::Crop(Crop::Maize)),
    ("Enriched peat moss", sack("#4e342e", "#3e2723", "#6d4c41", "PEAT")),
    ("Horticultural perlite", sack("#546e7a", "#fafafa", "#cfd8dc", "PERLITE")),
    ("Vermiculite", sack("#ffb300", "#d4a056", "#8d6e63", "VERMI")),
    ("Ready potting mix", sack("#2e7d32", "#5d4037", "#a1887f", "MIX")),
    ("Plant compost", sack("#558b2f", "#3e2723", "#8bc34a", "COMPOST")),
    ("Treated farmyard manure", sack("#795548", "#5d4037", "#3e2723", "MANURE")),
    ("Agricultural sulphur", sack("#f9a825", "#fdd835", "#fff59d", "S")),
    ("Agricultural gypsum", sack("#90a4ae", "#f5f5f5", "#e0e0e0", "CaSO₄")),
    ("Liquid organic fertiliser", Look::Bottle { liquid: "#6d4c41", mark: "AMINO" }),
    ("NPK 20-20-20 fertiliser", sack("#1565c0", "#42a5f5", "#bbdefb", "NPK")),
    ("Calcium superphosphate", sack("#616161", "#9e9e9e", "#e0e0e0", "P₂O₅")),
    ("Urea 46%", sack("#0277bd", "#fafafa", "#e3f2fd", "N 46")),
    ("Calcium nitrate", sack("#c62828", "#fafafa", "#ffcdd2", "Ca N")),
    ("Potassium sulphate", sack("#6a1b9a", "#f8bbd0", "#fce4ec", "K₂O")),
    ("Chelated micronutrients", sack("#00897b", "#c0ca33", "#e57373", "Fe Zn")),
    ("Potassium humate", Look::Bottle { liquid: "#212121", mark: "HUMIC" }),
    ("Houseplant leaf feed", Look::Bottle { liquid: "#43a047", mark: "LEAF" }),
    ("Poultry manure pellets", sack("#8d6e63", "#6d4c41", "#a1887f", "PELLETS")),
    ("Neem oil", Look::Bottle { liquid: "#c0a230", mark: "NEEM" }),
    ("Copper fungicide", Look::Sprayer { body: "#1e88e5", mark: "Cu" }),
    ("Micronised sulphur", Look::Sprayer { body: "#fbc02d", mark: "S" }),
    ("Abamectin 1.8% EC", Look::Bottle { liquid: "#ff8f00", mark: "ABA" }),
    ("Bacillus bio-insecticide", Look::Sprayer { body: "#00897b", mark: "Bt" }),
    ("Yellow sticky traps", Look::Traps),
    ("Insecticidal potash soap", Look::Sprayer { body: "#ab47bc", mark: "SOAP" }),
    ("Ant bait", Look::BaitStation),
    ("Selective herbicide", Look::Sprayer { body: "#ef6c00", mark: "HERB" }),
    ("Home garden package", Look::Crate { items: ["#e53935", "#43a047", "#fdd835"] }),
    ("Balcony herbs package", Look::Crate { items: ["#66bb6a", "#2e7d32", "#a5d6a7"] }),
    ("Tomato care package", Look::Crate { items: ["#e53935", "#1565c0", "#c62828"] }),
    ("Land reclamation package", Look::Crate { items: ["#fdd835", "#795548", "#90a4ae"] }),
];

const fn sack(bag: &'static str, heap: &'static str, grain: &'static str, mark: &'static str) -> Look {
    Look::Sack { bag, heap, grain, mark }
}

/// The look of the demo product named `english`.
pub fn look_of(english: &str) -> Option<Look> {
    LOOKS.iter().find(|(name, _)| *name == english).map(|(_, look)| *look)
}

/// The drawing of `look`, on the background of its kind.
pub fn draw(look: Look) -> String {
    let (background, body) = match look {
        Look::Crop(crop) => ("#f1f8e9", crop_drawing(crop)),
        Look::Sack { bag, heap, grain, mark } => ("#efebe9", sack_drawing(bag, heap, grain, mark)),
        Look::Bottle { liquid, mark } => ("#e3f2fd", bottle_drawing(liquid, mark)),
        Look::Sprayer { body, mark } => ("#fff8e1", sprayer_drawing(body, mark)),
        Look::Traps => ("#f1f8e9", traps_drawing()),
        Look::BaitStation => ("#fff8e1", bait_drawing()),
        Look::Crate { items } => ("#fce4ec", crate_drawing(items)),
    };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 300\"><rect width=\"400\" height=\"300\" fill=\"{background}\"/>\
         <ellipse cx=\"200\" cy=\"266\" rx=\"160\" ry=\"18\" fill=\"#000\" opacity=\".08\"/>{body}</svg>"
    )
}

/// A word on a white label, centred at (`x`, `y`).
fn label(x: i32, y: i32, colour: &str, mark: &str) -> String {
    let size = if mark.chars().count() > 5 { 20 } else { 28 };
    format!(
        "<rect x=\"{}\" y=\"{}\" width=\"104\" height=\"52\" rx=\"8\" fill=\"#fff\"/>\
         <text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{size}\" font-weight=\"700\" text-anchor=\"middle\" fill=\"{colour}\">{mark}</text>",
        x - 52,
        y - 26,
        y + size / 3
    )
}

fn crop_drawing(crop: Crop) -> String {
    const LEAF: &str = "#2e7d32";
    match crop {
        Crop::Tomato => format!(
            "<circle cx=\"200\" cy=\"165\" r=\"85\" fill=\"#e53935\"/><ellipse cx=\"168\" cy=\"128\" rx=\"20\" ry=\"11\" fill=\"#fff\" opacity=\".35\"/>\
             <path d=\"M200 78l10 18 22-6-15 17 18 12-24-2-11 19-10-19-24 2 18-12-15-17 22 6z\" fill=\"{LEAF}\"/>"
        ),
        Crop::Cucumber => format!(
            "<g transform=\"rotate(-14 200 160)\"><ellipse cx=\"200\" cy=\"140\" rx=\"130\" ry=\"34\" fill=\"#2e7d32\"/>\
             <ellipse cx=\"210\" cy=\"200\" rx=\"120\" ry=\"30\" fill=\"#388e3c\"/></g>\
             <g fill=\"#a5d6a7\">{}</g>",
            dots(&[(120, 160), (170, 150), (220, 138), (270, 126), (140, 222), (200, 208), (260, 194)], 4)
        ),
        Crop::Pepper => [(120, "#e53935"), (200, "#fdd835"), (280, "#43a047")]
            .iter()
            .map(|(x, colour)| {
                format!(
                    "<path d=\"M{} 150c0-32 16-48 36-48s36 16 36 48-12 70-36 70-36-38-36-70z\" fill=\"{colour}\"/>\
                     <rect x=\"{}\" y=\"84\" width=\"8\" height=\"22\" rx=\"3\" fill=\"{LEAF}\"/>",
                    x - 36,
                    x - 4
                )
            })
            .collect(),
        Crop::Aubergine => format!(
            "<ellipse cx=\"215\" cy=\"175\" rx=\"115\" ry=\"58\" transform=\"rotate(-28 215 175)\" fill=\"#4a148c\"/>\
             <ellipse cx=\"190\" cy=\"160\" rx=\"40\" ry=\"12\" transform=\"rotate(-28 190 160)\" fill=\"#fff\" opacity=\".2\"/>\
             <path d=\"M96 112c20-18 44-16 56 2-18 2-30 12-36 26-6-12-12-20-20-28z\" fill=\"{LEAF}\"/>"
        ),
        Crop::Watermelon => format!(
            "<path d=\"M60 110a140 140 0 0 0 280 0z\" fill=\"{LEAF}\"/><path d=\"M72 110a128 128 0 0 0 256 0z\" fill=\"#f1f8e9\"/>\
             <path d=\"M80 110a120 120 0 0 0 240 0z\" fill=\"#e53935\"/><g fill=\"#212121\">{}</g>",
            dots(&[(140, 140), (180, 170), (220, 170), (260, 140), (200, 135), (160, 200), (240, 200)], 5)
        ),
        Crop::Courgette => format!(
            "<g transform=\"rotate(12 200 160)\"><ellipse cx=\"200\" cy=\"130\" rx=\"135\" ry=\"30\" fill=\"#9ccc65\"/>\
             <ellipse cx=\"195\" cy=\"195\" rx=\"125\" ry=\"28\" fill=\"#aed581\"/>\
             <path d=\"M90 130h220M95 195h200\" stroke=\"#689f38\" stroke-width=\"4\" stroke-dasharray=\"18 10\"/>\
             <rect x=\"330\" y=\"122\" width=\"20\" height=\"14\" rx=\"4\" fill=\"{LEAF}\"/></g>"
        ),
        Crop::Molokhia => leaves("#43a047", 62, 24, 7),
        Crop::Onion => "<path d=\"M200 60c8 34 90 52 90 118a90 78 0 0 1-180 0c0-66 82-84 90-118z\" fill=\"#8e24aa\"/>\
             <path d=\"M200 70v182M160 110c-30 40-30 100 0 140M240 110c30 40 30 100 0 140\" stroke=\"#ce93d8\" stroke-width=\"4\" fill=\"none\"/>\
             <path d=\"M185 256l-8 14M200 256v16M215 256l8 14\" stroke=\"#bcaaa4\" stroke-width=\"4\"/>"
            .to_string(),
        Crop::Rocket => leaves("#1b5e20", 80, 14, 5),
        Crop::Mint => leaves("#81c784", 40, 28, 8),
        Crop::Wheat => [150, 200, 250]
            .iter()
            .map(|x| {
                let grains: String = (0..6)
                    .map(|i| {
                        let y = 70 + i * 20;
                        format!(
                            "<ellipse cx=\"{}\" cy=\"{y}\" rx=\"9\" ry=\"15\" transform=\"rotate(-25 {} {y})\"/>\
                             <ellipse cx=\"{}\" cy=\"{y}\" rx=\"9\" ry=\"15\" transform=\"rotate(25 {} {y})\"/>",
                            x - 10,
                            x - 10,
                            x + 10,
                            x + 10
                        )
                    })
                    .collect();
                format!("<path d=\"M{x} 60V262\" stroke=\"#c8a24a\" stroke-width=\"5\"/><g fill=\"#e0b04a\">{grains}</g>")
            })
            .collect(),
        Crop::Maize => format!(
            "<path d=\"M200 258c-70-40-90-120-60-200 10 80 40 120 60 200z\" fill=\"#7cb342\"/>\
             <ellipse cx=\"200\" cy=\"150\" rx=\"44\" ry=\"100\" fill=\"#fbc02d\"/><g fill=\"#f9a825\">{}</g>\
             <path d=\"M200 258c70-40 90-120 60-200-10 80-40 120-60 200z\" fill=\"#8bc34a\"/>",
            (0..8)
                .flat_map(|row| (0..3).map(move |column| (176 + column * 24, 78 + row * 20)))
                .map(|(x, y)| format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"7\"/>"))
                .collect::<String>()
        ),
    }
}

/// Small circles of radius `r` at `points`.
fn dots(points: &[(i32, i32)], r: i32) -> String {
    points.iter().map(|(x, y)| format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>")).collect()
}

/// A stem with `count` pairs of leaves `length` long and `width` wide: molokhia, rocket, mint.
fn leaves(colour: &str, length: i32, width: i32, count: i32) -> String {
    let pairs: String = (0..count)
        .map(|i| {
            let y = 240 - i * (170 / count);
            let size = length - i * length / (count * 2);
            format!(
                "<ellipse cx=\"{}\" cy=\"{y}\" rx=\"{size}\" ry=\"{width}\" transform=\"rotate(-30 {} {y})\"/>\
                 <ellipse cx=\"{}\" cy=\"{y}\" rx=\"{size}\" ry=\"{width}\" transform=\"rotate(30 {} {y})\"/>",
                200 - size + 6,
                200 - size + 6,
                200 + size - 6,
                200 + size - 6
            )
        })
        .collect();
    format!("<path d=\"M200 264V50\" stroke=\"#33691e\" stroke-width=\"6\"/><g fill=\"{colour}\">{pairs}</g>")
}

fn sack_drawing(bag: &str, heap: &str, grain: &str, mark: &str) -> String {
    format!(
        "<path d=\"M140 58h150l22 190a12 12 0 0 1-12 14H130a12 12 0 0 1-12-14z\" fill=\"{bag}\"/>\
         <rect x=\"134\" y=\"46\" width=\"162\" height=\"20\" rx=\"5\" fill=\"{bag}\"/><rect x=\"134\" y=\"46\" width=\"162\" height=\"20\" rx=\"5\" fill=\"#000\" opacity=\".2\"/>\
         {}<path d=\"M50 266c16-44 50-62 80-62s66 22 84 62z\" fill=\"{heap}\"/><g fill=\"{grain}\">{}</g>",
        label(215, 140, bag, mark),
        dots(&[(90, 240), (110, 226), (130, 246), (150, 222), (170, 244), (120, 256), (160, 258), (100, 256)], 5)
    )
}

fn bottle_drawing(liquid: &str, mark: &str) -> String {
    format!(
        "<rect x=\"172\" y=\"36\" width=\"56\" height=\"30\" rx=\"6\" fill=\"#37474f\"/>\
         <path d=\"M178 66h44v22c34 10 50 32 50 64v100a14 14 0 0 1-14 14H142a14 14 0 0 1-14-14V152c0-32 16-54 50-64z\" fill=\"{liquid}\"/>\
         <ellipse cx=\"160\" cy=\"170\" rx=\"8\" ry=\"40\" fill=\"#fff\" opacity=\".25\"/>{}",
        label(200, 200, liquid, mark)
    )
}

fn sprayer_drawing(body: &str, mark: &str) -> String {
    format!(
        "<path d=\"M168 52h64l44 12v18h-44v18h-64z\" fill=\"#455a64\"/><path d=\"M182 100l-14 40h16l14-40z\" fill=\"#455a64\"/>\
         <rect x=\"180\" y=\"96\" width=\"40\" height=\"20\" fill=\"#607d8b\"/>\
         <rect x=\"146\" y=\"114\" width=\"108\" height=\"150\" rx=\"22\" fill=\"{body}\"/>{}",
        label(200, 196, body, mark)
    )
}

fn traps_drawing() -> String {
    [(120, -6), (200, 3), (280, 8)]
        .iter()
        .map(|(x, tilt)| {
            format!(
                "<g transform=\"rotate({tilt} {x} 60)\"><path d=\"M{x} 30v30\" stroke=\"#8d6e63\" stroke-width=\"3\"/>\
                 <rect x=\"{}\" y=\"60\" width=\"64\" height=\"170\" rx=\"4\" fill=\"#fdd835\"/>\
                 <path d=\"M{} 100h64M{} 140h64M{} 180h64\" stroke=\"#f9a825\" stroke-width=\"2\"/>\
                 <g fill=\"#212121\">{}</g></g>",
                x - 32,
                x - 32,
                x - 32,
                x - 32,
                dots(&[(x - 14, 90), (x + 12, 120), (x - 6, 160), (x + 16, 200)], 4)
            )
        })
        .collect()
}

fn bait_drawing() -> String {
    let ants: String = [(70, 250), (110, 242), (300, 246), (340, 254), (150, 256)]
        .iter()
        .map(|(x, y)| {
            format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"5\"/><circle cx=\"{}\" cy=\"{y}\" r=\"4\"/><circle cx=\"{}\" cy=\"{y}\" r=\"6\"/>", x + 9, x + 19)
        })
        .collect();
    format!(
        "<path d=\"M110 236a90 80 0 0 1 180 0z\" fill=\"#d84315\"/><rect x=\"100\" y=\"228\" width=\"200\" height=\"18\" rx=\"6\" fill=\"#bf360c\"/>\
         <g fill=\"#ffccbc\">{}</g><g fill=\"#3e2723\">{ants}</g>",
        dots(&[(160, 238), (200, 238), (240, 238)], 6)
    )
}

fn crate_drawing(items: [&str; 3]) -> String {
    let standing: String = items
        .iter()
        .zip([140, 200, 260])
        .map(|(colour, x)| format!("<rect x=\"{}\" y=\"70\" width=\"50\" height=\"110\" rx=\"10\" fill=\"{colour}\"/>", x - 25))
        .collect();
    format!(
        "{standing}<path d=\"M80 150h240l-16 112H96z\" fill=\"#a1887f\"/>\
         <path d=\"M86 190h228M92 228h216\" stroke=\"#8d6e63\" stroke-width=\"6\"/>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_is_a_whole_svg_document() {
        for (_, look) in LOOKS {
            let drawing = draw(look);
            assert!(drawing.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(drawing.ends_with("</svg>"));
            assert_eq!(drawing.matches("<svg").count(), 1);
        }
    }
}
