//! Product pictures on the local disk: an upload is checked, decoded, and saved as a
//! phone-sized thumbnail and a large picture in WebP, served under `/media`. Object storage
//! can replace it behind the same port.

use std::io::Cursor;
use std::path::PathBuf;

use anyhow::Context;
use catalog::ports::{ImageRejected, ImageStore};
use image::{ImageFormat, ImageReader, Limits};

/// The longest side of the thumbnail shown in lists.
pub const THUMBNAIL_SIDE: u32 = 400;
/// The longest side of the picture shown on the product page.
pub const LARGE_SIDE: u32 = 1200;
/// WebP quality (0–100): small files on slow networks, no visible loss on a phone.
const QUALITY: f32 = 78.0;

/// Saves pictures under a folder (`data/media` by default).
pub struct LocalImageStore {
    root: PathBuf,
}

impl LocalImageStore {
    /// A store writing under `root`.
    pub fn new(root: impl Into<PathBuf>) -> LocalImageStore {
        LocalImageStore { root: root.into() }
    }
}

fn encode(picture: &image::DynamicImage, side: u32) -> anyhow::Result<Vec<u8>> {
    let resized = if picture.width() > side || picture.height() > side { picture.thumbnail(side, side) } else { picture.clone() };
    let rgba = image::DynamicImage::ImageRgba8(resized.to_rgba8());
    let encoder = webp::Encoder::from_image(&rgba).map_err(|e| anyhow::anyhow!("webp: {e}"))?;
    Ok(encoder.encode(QUALITY).to_vec())
}

impl ImageStore for LocalImageStore {
    fn store_product_image(&self, bytes: &[u8]) -> Result<String, ImageRejected> {
        let format = image::guess_format(bytes).map_err(|_| ImageRejected::NotAnImage)?;
        if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif) {
            return Err(ImageRejected::NotAnImage);
        }
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        // A small file can still claim a gigantic canvas; refuse before allocating it.
        let mut limits = Limits::default();
        limits.max_image_width = Some(8000);
        limits.max_image_height = Some(8000);
        limits.max_alloc = Some(256 * 1024 * 1024);
        reader.limits(limits);
        let picture = reader.decode().map_err(|_| ImageRejected::NotAnImage)?;

        let name = uuid::Uuid::new_v4().simple().to_string();
        let dir = self.root.join("products");
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        for (suffix, side) in [("large", LARGE_SIDE), ("thumb", THUMBNAIL_SIDE)] {
            let path = dir.join(format!("{name}-{suffix}.webp"));
            std::fs::write(&path, encode(&picture, side)?).with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(format!("products/{name}-large.webp"))
    }

    fn remove_image(&self, path: &str) {
        // Only names this store made: anything else (a seeded URL, a crafted path) is left alone.
        let Some(name) = path.strip_prefix("products/").and_then(|rest| rest.strip_suffix("-large.webp")) else {
            return;
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return;
        }
        for suffix in ["large", "thumb"] {
            let file = self.root.join("products").join(format!("{name}-{suffix}.webp"));
            match std::fs::remove_file(&file) {
                Ok(()) => {}
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => tracing::warn!(file = %file.display(), %error, "could not remove a picture no longer used"),
            }
        }
    }
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
        let store = LocalImageStore::new(dir.path());
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
        let store = LocalImageStore::new(dir.path());
        let path = store.store_product_image(&png(50, 50)).map_err(|e| anyhow::anyhow!("{e}"))?;
        let outside = dir.path().join("keep.webp");
        std::fs::write(&outside, b"x")?;
        store.remove_image("products/../keep.webp");
        store.remove_image("/etc/passwd");
        store.remove_image(&path);
        store.remove_image(&path);
        assert!(!dir.path().join(&path).exists());
        assert!(!dir.path().join(path.replace("-large", "-thumb")).exists());
        assert!(outside.exists());
        Ok(())
    }

    #[test]
    fn text_and_broken_images_are_refused() {
        let store = LocalImageStore::new(std::env::temp_dir());
        assert!(matches!(store.store_product_image(b"not a picture at all"), Err(ImageRejected::NotAnImage)));
        let mut broken = png(10, 10);
        broken.truncate(30);
        assert!(matches!(store.store_product_image(&broken), Err(ImageRejected::NotAnImage)));
    }
}
