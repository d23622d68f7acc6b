//! The shop's uploads on the local disk, served under `/media`: a product picture is checked,
//! decoded, and saved as a phone-sized thumbnail and a large picture in WebP; a label or
//! safety data sheet is saved as the PDF it is, once it looks like a whole one. Object storage
//! can replace it behind the same port.

use std::io::Cursor;
use std::path::PathBuf;

use anyhow::Context;
use catalog::ports::{MediaStore, UploadRejected};
use image::{ImageFormat, ImageReader, Limits};

/// The longest side of the thumbnail shown in lists.
pub const THUMBNAIL_SIDE: u32 = 400;
/// The longest side of the picture shown on the product page.
pub const LARGE_SIDE: u32 = 1200;
/// WebP quality (0–100): small files on slow networks, no visible loss on a phone.
const QUALITY: f32 = 78.0;

/// Saves uploads under a folder (`data/media` by default).
pub struct LocalMediaStore {
    root: PathBuf,
}

impl LocalMediaStore {
    /// A store writing under `root`.
    pub fn new(root: impl Into<PathBuf>) -> LocalMediaStore {
        LocalMediaStore { root: root.into() }
    }
}

fn encode(picture: &image::DynamicImage, side: u32) -> anyhow::Result<Vec<u8>> {
    let resized = if picture.width() > side || picture.height() > side { picture.thumbnail(side, side) } else { picture.clone() };
    let rgba = image::DynamicImage::ImageRgba8(resized.to_rgba8());
    let encoder = webp::Encoder::from_image(&rgba).map_err(|e| anyhow::anyhow!("webp: {e}"))?;
    Ok(encoder.encode(QUALITY).to_vec())
}

impl MediaStore for LocalMediaStore {
    fn store_product_image(&self, bytes: &[u8]) -> Result<String, UploadRejected> {
        let format = image::guess_format(bytes).map_err(|_| UploadRejected::NotAnImage)?;
        if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif) {
            return Err(UploadRejected::NotAnImage);
        }
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        // A small file can still claim a gigantic canvas; refuse before allocating it.
        let mut limits = Limits::default();
        limits.max_image_width = Some(8000);
        limits.max_image_height = Some(8000);
        limits.max_alloc = Some(256 * 1024 * 1024);
        reader.limits(limits);
        let picture = reader.decode().map_err(|_| UploadRejected::NotAnImage)?;

        let name = uuid::Uuid::new_v4().simple().to_string();
        let dir = self.root.join("products");
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        for (suffix, side) in [("large", LARGE_SIDE), ("thumb", THUMBNAIL_SIDE)] {
            let path = dir.join(format!("{name}-{suffix}.webp"));
            std::fs::write(&path, encode(&picture, side)?).with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(format!("products/{name}-large.webp"))
    }

    fn store_pdf(&self, bytes: &[u8]) -> Result<String, UploadRejected> {
        if !looks_like_a_whole_pdf(bytes) {
            return Err(UploadRejected::NotAPdf);
        }
        let name = uuid::Uuid::new_v4().simple().to_string();
        let dir = self.root.join("documents");
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join(format!("{name}.pdf"));
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        Ok(format!("documents/{name}.pdf"))
    }

    fn remove_file(&self, path: &str) {
        // Only names this store made: anything else (a seeded URL, a crafted path) is left alone.
        let files: Vec<PathBuf> = if let Some(name) = path.strip_prefix("products/").and_then(|rest| rest.strip_suffix("-large.webp")).filter(made_here) {
            ["large", "thumb"].iter().map(|suffix| self.root.join("products").join(format!("{name}-{suffix}.webp"))).collect()
        } else if let Some(name) = path.strip_prefix("documents/").and_then(|rest| rest.strip_suffix(".pdf")).filter(made_here) {
            vec![self.root.join("documents").join(format!("{name}.pdf"))]
        } else {
            return;
        };
        for file in files {
            match std::fs::remove_file(&file) {
                Ok(()) => {}
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => tracing::warn!(file = %file.display(), %error, "could not remove a file no longer used"),
            }
        }
    }
}

/// Whether a file name is one this store made (a UUID's hex digits).
fn made_here(name: &&str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Whether the bytes look like a whole PDF: its header first, and its end-of-file marker in
/// the last kilobyte (where writers put it, trailing bytes aside). The file is served as it
/// was sent, never parsed by the shop.
fn looks_like_a_whole_pdf(bytes: &[u8]) -> bool {
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    bytes.starts_with(b"%PDF-") && tail.windows(5).any(|window| window == b"%%EOF")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 255) as u8, (y % 255) as u8, 120]));
        let mut bytes = Vec::new();
        picture.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).unwrap_or_default();
        bytes
    }

    #[test]
    fn a_photo_becomes_a_large_picture_and_a_thumbnail_in_webp() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let store = LocalMediaStore::new(dir.path());
        let path = store.store_product_image(&png(2000, 1000)).map_err(|e| anyhow::anyhow!("{e}"))?;
        assert!(path.starts_with("products/") && path.ends_with("-large.webp"));
        let large = image::open(dir.path().join(&path))?;
        assert_eq!((large.width(), large.height()), (LARGE_SIDE, LARGE_SIDE / 2));
        let thumb = image::open(dir.path().join(path.replace("-large", "-thumb")))?;
        assert_eq!(thumb.width(), THUMBNAIL_SIDE);
        Ok(())
    }

    #[test]
    fn a_removed_picture_takes_its_thumbnail_with_it_and_foreign_paths_are_left_alone() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let store = LocalMediaStore::new(dir.path());
        let path = store.store_product_image(&png(50, 50)).map_err(|e| anyhow::anyhow!("{e}"))?;
        let outside = dir.path().join("keep.webp");
        std::fs::write(&outside, b"x")?;
        store.remove_file("products/../keep.webp");
        store.remove_file("/etc/passwd");
        store.remove_file(&path);
        store.remove_file(&path);
        assert!(!dir.path().join(&path).exists());
        assert!(!dir.path().join(path.replace("-large", "-thumb")).exists());
        assert!(outside.exists());
        Ok(())
    }

    fn pdf(pages: &str) -> Vec<u8> {
        format!("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n{pages}\ntrailer << /Root 1 0 R >>\n%%EOF\n").into_bytes()
    }

    #[test]
    fn a_pdf_is_saved_as_sent_and_removed_by_its_path() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let store = LocalMediaStore::new(dir.path());
        let label = pdf("label");
        let path = store.store_pdf(&label).map_err(|e| anyhow::anyhow!("{e}"))?;
        assert!(path.starts_with("documents/") && path.ends_with(".pdf"), "{path}");
        assert_eq!(std::fs::read(dir.path().join(&path))?, label);
        store.remove_file("documents/../keep.pdf");
        store.remove_file(&path);
        assert!(!dir.path().join(&path).exists());
        Ok(())
    }

    #[test]
    fn a_picture_a_cut_off_pdf_or_text_is_not_taken_for_a_pdf() {
        let store = LocalMediaStore::new(std::env::temp_dir());
        let whole = pdf("x");
        for refused in [png(10, 10), b"%%EOF but not a PDF".to_vec(), whole[..whole.len() - 8].to_vec(), Vec::new()] {
            assert!(matches!(store.store_pdf(&refused), Err(UploadRejected::NotAPdf)));
        }
    }

    #[test]
    fn text_and_broken_images_are_refused() {
        let store = LocalMediaStore::new(std::env::temp_dir());
        assert!(matches!(store.store_product_image(b"not a picture at all"), Err(UploadRejected::NotAnImage)));
        let mut broken = png(10, 10);
        broken.truncate(30);
        assert!(matches!(store.store_product_image(&broken), Err(UploadRejected::NotAnImage)));
    }
}
