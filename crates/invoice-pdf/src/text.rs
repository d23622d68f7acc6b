//! Lines of mixed Arabic and Latin text: wrapped to a width, split into bidi runs in visual
//! order (so digits and Latin words keep their order inside Arabic), each run shaped by
//! rustybuzz in the font that has its letters, measured, and drawn aligned left or right.

use std::path::Path;

use anyhow::Context;
use krilla::geom::Point;
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use unicode_bidi::{BidiInfo, Level};

/// A font for drawing (krilla) and for measuring (rustybuzz) from the same bytes.
#[derive(Clone)]
struct Face {
    font: Font,
    data: std::sync::Arc<Vec<u8>>,
}

impl Face {
    fn load(path: &Path) -> anyhow::Result<Face> {
        let data = std::fs::read(path).with_context(|| format!("reading the font {}", path.display()))?;
        let font = Font::new(data.clone().into(), 0).with_context(|| format!("{} is no font krilla reads", path.display()))?;
        rustybuzz::Face::from_slice(&data, 0).with_context(|| format!("{} is no font rustybuzz reads", path.display()))?;
        Ok(Face { font, data: std::sync::Arc::new(data) })
    }

    /// The advance width of `text` shaped in `direction`, at `size` points.
    fn width(&self, text: &str, direction: TextDirection, size: f32) -> f32 {
        let Some(face) = rustybuzz::Face::from_slice(&self.data, 0) else { return 0.0 };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        buffer.set_direction(if direction == TextDirection::RightToLeft { rustybuzz::Direction::RightToLeft } else { rustybuzz::Direction::LeftToRight });
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let units: i32 = shaped.glyph_positions().iter().map(|position| position.x_advance).sum();
        units as f32 * size / f32::from(face.units_per_em() as u16)
    }
}

/// The fonts of an invoice: one with Arabic letters, one with Latin ones, regular and bold.
#[derive(Clone)]
pub struct Fonts {
    arabic: Face,
    arabic_bold: Face,
    latin: Face,
    latin_bold: Face,
    /// The ASCII punctuation and space the Arabic font draws: inside Arabic text they stay in
    /// its font, so a reader of the PDF finds them where they belong.
    arabic_punctuation: Vec<char>,
}

/// How a line sits against its anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// The line starts at the anchor.
    Left,
    /// The line ends at the anchor.
    Right,
}

/// Where a line goes: its baseline, and the point it starts or ends at.
#[derive(Debug, Clone, Copy)]
pub struct At {
    /// The start or end, by `align`.
    pub x: f32,
    /// The baseline.
    pub y: f32,
    /// Whether the line starts or ends at `x`.
    pub align: Align,
}

/// How a piece of text is set.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Points.
    pub size: f32,
    /// Bold or regular.
    pub bold: bool,
}

impl Fonts {
    /// Noto Naskh Arabic and Noto Sans from `dir` (Debian's `fonts-noto-core` puts them in
    /// `/usr/share/fonts/truetype/noto`).
    pub fn load(dir: &Path) -> anyhow::Result<Fonts> {
        let arabic = Face::load(&dir.join("NotoNaskhArabic-Regular.ttf"))?;
        let arabic_punctuation = match rustybuzz::Face::from_slice(&arabic.data, 0) {
            Some(face) => (' '..='~').filter(|c| !c.is_ascii_alphanumeric() && face.glyph_index(*c).is_some()).collect(),
            None => Vec::new(),
        };
        Ok(Fonts {
            arabic,
            arabic_punctuation,
            arabic_bold: Face::load(&dir.join("NotoNaskhArabic-Bold.ttf"))?,
            latin: Face::load(&dir.join("NotoSans-Regular.ttf"))?,
            latin_bold: Face::load(&dir.join("NotoSans-Bold.ttf"))?,
        })
    }

    fn face(&self, arabic: bool, bold: bool) -> &Face {
        match (arabic, bold) {
            (true, false) => &self.arabic,
            (true, true) => &self.arabic_bold,
            (false, false) => &self.latin,
            (false, true) => &self.latin_bold,
        }
    }

    /// The pieces of one line in visual order, left to right: each bidi run split where the font
    /// changes (Arabic letters in the Arabic font, everything else in the Latin one, which has
    /// the digits and punctuation the Arabic one lacks), with its direction and font.
    fn pieces<'t>(&self, line: &'t str, rtl: bool, bold: bool) -> Vec<(&'t str, TextDirection, &Face)> {
        let mut pieces = Vec::new();
        for (run, direction) in self.runs(line, rtl) {
            let mut in_run: Vec<(&str, TextDirection, &Face)> = Vec::new();
            let mut start = 0;
            let mut arabic = None;
            let rtl_run = direction == TextDirection::RightToLeft;
            for (at, c) in run.char_indices() {
                let this = is_arabic(c) || (rtl_run && self.arabic_punctuation.contains(&c));
                if arabic.is_some_and(|previous| previous != this) {
                    in_run.push((&run[start..at], direction, self.face(arabic == Some(true), bold)));
                    start = at;
                }
                arabic = Some(this);
            }
            in_run.push((&run[start..], direction, self.face(arabic == Some(true), bold)));
            // A right-to-left run's pieces are read from the right.
            if direction == TextDirection::RightToLeft {
                in_run.reverse();
            }
            pieces.extend(in_run.into_iter().filter(|(text, _, _)| !text.is_empty()));
        }
        pieces
    }

    /// The runs of one line in visual order, left to right, each with its direction.
    fn runs<'a>(&self, line: &'a str, rtl: bool) -> Vec<(&'a str, TextDirection)> {
        let info = BidiInfo::new(line, Some(if rtl { Level::rtl() } else { Level::ltr() }));
        let Some(paragraph) = info.paragraphs.first() else { return vec![] };
        let (levels, runs) = info.visual_runs(paragraph, paragraph.range.clone());
        runs.into_iter()
            .filter(|run| !run.is_empty())
            .map(|run| {
                let direction = if levels[run.start].is_rtl() { TextDirection::RightToLeft } else { TextDirection::LeftToRight };
                (&line[run], direction)
            })
            .collect()
    }

    /// The width of one line.
    pub fn width(&self, line: &str, rtl: bool, style: Style) -> f32 {
        let line = isolate_numbers(line);
        self.pieces(&line, rtl, style.bold).into_iter().map(|(piece, direction, face)| face.width(&visible(piece), direction, style.size)).sum()
    }

    /// Draws one line with its baseline at `at.y`, starting or ending at `at.x`.
    pub fn draw(&self, surface: &mut Surface, line: &str, rtl: bool, at: At, style: Style) {
        let At { x, y, align } = at;
        let line = isolate_numbers(line);
        let pieces: Vec<(String, TextDirection, &Face)> =
            self.pieces(&line, rtl, style.bold).into_iter().map(|(piece, direction, face)| (visible(piece), direction, face)).collect();
        let widths: Vec<f32> = pieces.iter().map(|(piece, direction, face)| face.width(piece, *direction, style.size)).collect();
        let mut left = match align {
            Align::Left => x,
            Align::Right => x - widths.iter().sum::<f32>(),
        };
        for ((piece, direction, face), width) in pieces.into_iter().zip(widths) {
            surface.draw_text(Point::from_xy(left, y), face.font.clone(), style.size, &piece, false, direction);
            left += width;
        }
    }

    /// Breaks `text` into lines no wider than `width`, between words (a word longer than the
    /// width gets a line of its own).
    pub fn wrap(&self, text: &str, rtl: bool, width: f32, style: Style) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut current = String::new();
        for word in text.split_whitespace() {
            let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
            if !current.is_empty() && self.width(&candidate, rtl, style) > width {
                lines.push(std::mem::replace(&mut current, word.to_string()));
            } else {
                current = candidate;
            }
        }
        if !current.is_empty() || lines.is_empty() {
            lines.push(current);
        }
        lines
    }
}

/// Whether a character is an Arabic letter or mark (the Arabic blocks and presentation forms).
fn is_arabic(c: char) -> bool {
    matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}')
}

/// Left-to-right isolates around the words that hold a digit and no Arabic letter (a date, a
/// phone, an order number, `46%`), so that each reads left to right as written, not broken up
/// or pulled into the Arabic around it.
fn isolate_numbers(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(word_end);
        // Punctuation closing the word (a colon, a comma) stays outside, with the Arabic.
        let core = word.trim_end_matches([':', ',', '،', '.', ';', ')', '(']);
        if core.chars().any(|c| c.is_ascii_digit()) && !core.chars().any(is_arabic) {
            out.push('\u{2066}');
            out.push_str(core);
            out.push('\u{2069}');
            out.push_str(&word[core.len()..]);
        } else {
            out.push_str(word);
        }
        let spaces = after.len() - after.trim_start().len();
        out.push_str(&after[..spaces]);
        rest = &after[spaces..];
    }
    out
}

/// The text without the invisible direction marks, which fonts would draw as boxes.
fn visible(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')).collect()
}
