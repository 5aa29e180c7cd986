//! What an editor uploads, checked by its bytes (never its name) before anything keeps it: a
//! PDF stays as it is; a JPEG, PNG or WebP is decoded within limits (no decompression bombs),
//! turned the right way up from its EXIF orientation and encoded again, which drops every
//! piece of metadata (a phone photo's GPS position is never published), at a few widths for
//! `srcset`. Anything else, SVG included, is refused with words that say what is accepted.

use std::io::Cursor;

use crate::content::files::pdf_scan::{PdfFinding, forbidden_content};
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, imageops::FilterType};
use jpeg_encoder::{ColorType, Encoder as JpegEncoder};

/// The widths an image is kept at (when it is wider), so a phone downloads a small one.
pub const WIDTHS: [u32; 4] = [480, 720, 960, 1600];
const WIDEST: u32 = WIDTHS[WIDTHS.len() - 1];
/// Larger images are refused before their pixels are decoded.
const MAX_SIDE: u32 = 10_000;
/// More pixels than this are refused before they are decoded: 40 megapixels (7,300 × 5,475)
/// is far more than a page shows, and decoding 100 of them took 500 MB and 6.5 s.
const MAX_MEGAPIXELS: u64 = 40;
/// What decoding one image may allocate.
const MAX_DECODE_BYTES: u64 = 300 * 1024 * 1024;
/// JPEG quality of the copies: small files, no visible loss on a phone. They are progressive,
/// with Huffman tables made for each and colour at half resolution (4:2:0, as a camera's own
/// JPEGs): a quarter to a half smaller than the `image` crate's baseline 4:4:4 at the same
/// quality (`make bench`'s photo: 17 kB at 720 px became 9 kB), and a notice whose largest
/// paint is a photo waits for its copy.
const JPEG_QUALITY: u8 = 82;

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum UploadRefused {
    #[error(
        "Upload a PDF, JPEG, PNG or WebP file. Other kinds of file (SVG, Word, HTML...) cannot be published."
    )]
    UnknownKind,
    #[error("This PDF is incomplete or damaged: save it again and upload the new copy.")]
    DamagedPdf,
    #[error(
        "This file holds more than a PDF (a web page or a script): save it again as a plain PDF."
    )]
    PdfWithMore,
    #[error(
        "This image holds another file inside it: save it again from a photo editor and upload that copy."
    )]
    ImageWithMore,
    #[error("This image is damaged or incomplete: save it again and upload the new copy.")]
    DamagedImage,
    #[error(
        "This image is too large to use (more than 10,000 pixels on a side): make it smaller first."
    )]
    ImageTooLarge,
    #[error(
        "This image has {megapixels} megapixels, and {MAX_MEGAPIXELS} is the most a page can use: save a smaller copy (a phone's photo has about 12) and upload that."
    )]
    TooManyPixels { megapixels: u64 },
    #[error(
        "This PDF carries JavaScript, which a reader would run: print it to a new PDF (or save it again without scripts) and upload that copy."
    )]
    PdfWithJavaScript,
    #[error(
        "This PDF holds an action that starts a program on the reader's computer: print it to a new PDF and upload that copy."
    )]
    PdfWithLaunch,
    #[error(
        "This PDF has files attached inside it: save it again without them and attach each file on its own."
    )]
    PdfWithFiles,
    #[error(
        "This PDF holds embedded media that runs code: print it to a new PDF and upload that copy."
    )]
    PdfWithMedia,
    #[error(
        "This PDF is packed too densely to be checked: print it to a new PDF and upload that copy."
    )]
    PdfTooPacked,
}

/// The kinds of file a notice may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
    Webp,
}

impl FileKind {
    /// The kind the first bytes say, whatever the file's name says.
    pub fn sniff(bytes: &[u8]) -> Option<FileKind> {
        if bytes.starts_with(b"%PDF-") {
            Some(FileKind::Pdf)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(FileKind::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(FileKind::Png)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(FileKind::Webp)
        } else {
            None
        }
    }
}

/// A file ready to keep: its bytes and the type it is served with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub content_type: &'static str,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub bytes: Vec<u8>,
}

/// Whether `needle` occurs in `haystack`, without regard to ASCII case.
fn contains_ignoring_case(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle))
}

fn check_pdf(bytes: &[u8]) -> Result<Vec<Variant>, UploadRefused> {
    // A complete PDF ends with its end-of-file marker (a few bytes of line ends may follow).
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    if !contains_ignoring_case(tail, b"%%EOF") {
        return Err(UploadRefused::DamagedPdf);
    }
    // A PDF that is also a web page (or an HTML application) would be one if served without
    // our headers.
    const MARKUP: [&[u8]; 13] = [
        b"<html",
        b"<script",
        b"<!doctype",
        b"<body",
        b"<svg",
        b"<img",
        b"<iframe",
        b"<object",
        b"<embed",
        b"<hta:",
        b"<meta",
        b"<link",
        b"<form",
    ];
    if MARKUP
        .iter()
        .any(|marker| contains_ignoring_case(bytes, marker))
    {
        return Err(UploadRefused::PdfWithMore);
    }
    if let Some(found) = forbidden_content(bytes) {
        return Err(match found {
            PdfFinding::JavaScript => UploadRefused::PdfWithJavaScript,
            PdfFinding::Launch => UploadRefused::PdfWithLaunch,
            PdfFinding::EmbeddedFiles => UploadRefused::PdfWithFiles,
            PdfFinding::RichMedia => UploadRefused::PdfWithMedia,
            PdfFinding::TooPacked => UploadRefused::PdfTooPacked,
        });
    }
    Ok(vec![Variant {
        content_type: "application/pdf",
        width: None,
        height: None,
        bytes: bytes.to_vec(),
    }])
}

/// Decodes within limits and turns the pixels the right way up.
fn decode(bytes: &[u8], format: ImageFormat) -> Result<DynamicImage, UploadRefused> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_MEGAPIXELS * 1_000_000 {
        return Err(UploadRefused::TooManyPixels {
            megapixels: pixels.div_ceil(1_000_000),
        });
    }
    let orientation = decoder.orientation().map_err(refusal)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    image.apply_orientation(orientation);
    Ok(image)
}

fn refusal(error: image::ImageError) -> UploadRefused {
    match error {
        image::ImageError::Limits(_) => UploadRefused::ImageTooLarge,
        _ => UploadRefused::DamagedImage,
    }
}

/// `image` encoded again: PNG when it has transparency or was a PNG (drawings, screenshots),
/// JPEG otherwise (photos). Encoding writes pixels only, so no metadata survives.
fn encode(image: &DynamicImage, as_png: bool) -> Result<Variant, UploadRefused> {
    let mut bytes = Vec::new();
    let content_type = if as_png {
        image
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .map_err(|_| UploadRefused::DamagedImage)?;
        "image/png"
    } else {
        let rgb = image.to_rgb8();
        let width = u16::try_from(rgb.width()).map_err(|_| UploadRefused::DamagedImage)?;
        let height = u16::try_from(rgb.height()).map_err(|_| UploadRefused::DamagedImage)?;
        let mut encoder = JpegEncoder::new(&mut bytes, JPEG_QUALITY);
        encoder.set_progressive(true);
        encoder.set_optimized_huffman_tables(true);
        encoder
            .encode(rgb.as_raw(), width, height, ColorType::Rgb)
            .map_err(|_| UploadRefused::DamagedImage)?;
        "image/jpeg"
    };
    Ok(Variant {
        content_type,
        width: Some(image.width()),
        height: Some(image.height()),
        bytes,
    })
}

/// The image's pixels, the right way up, and whether to keep it as a PNG.
fn decode_image(bytes: &[u8], kind: FileKind) -> Result<(DynamicImage, bool), UploadRefused> {
    // A zip (or a document made of one) after the image: decoding would ignore it, but it says
    // the file was made to be two things.
    if bytes.windows(4).any(|window| window == b"PK\x03\x04") {
        return Err(UploadRefused::ImageWithMore);
    }
    let format = match kind {
        FileKind::Jpeg => ImageFormat::Jpeg,
        FileKind::Png => ImageFormat::Png,
        FileKind::Webp => ImageFormat::WebP,
        FileKind::Pdf => return Err(UploadRefused::UnknownKind),
    };
    let image = decode(bytes, format)?;
    let as_png = kind == FileKind::Png || image.color().has_alpha();
    Ok((image, as_png))
}

fn resized(image: &DynamicImage, width: u32) -> DynamicImage {
    let height = (u64::from(image.height()) * u64::from(width) / u64::from(image.width())).max(1);
    let height = u32::try_from(height).unwrap_or(u32::MAX);
    image.resize_exact(width, height, FilterType::Triangle)
}

fn check_image(bytes: &[u8], kind: FileKind) -> Result<Vec<Variant>, UploadRefused> {
    let (image, as_png) = decode_image(bytes, kind)?;
    let mut variants = Vec::new();
    for width in WIDTHS {
        if width < image.width() {
            variants.push(encode(&resized(&image, width), as_png)?);
        }
    }
    // The image itself, at most as wide as the widest copy.
    if image.width() <= WIDEST {
        variants.push(encode(&image, as_png)?);
    }
    Ok(variants)
}

/// The files to keep for `bytes`, smallest first, or why it is refused. Slow for a large
/// photo: run it on a blocking thread.
pub fn check(bytes: &[u8]) -> Result<Vec<Variant>, UploadRefused> {
    match FileKind::sniff(bytes) {
        Some(FileKind::Pdf) => check_pdf(bytes),
        Some(kind) => check_image(bytes, kind),
        None => Err(UploadRefused::UnknownKind),
    }
}

/// One copy of `bytes`, checked as [`check`] checks it: a PDF as it is, an image at most as
/// wide as the widest copy, without its metadata. For a file no page shows (a grievance's),
/// which needs no other widths.
pub fn check_one(bytes: &[u8]) -> Result<Variant, UploadRefused> {
    match FileKind::sniff(bytes) {
        Some(FileKind::Pdf) => check_pdf(bytes)?.pop().ok_or(UploadRefused::DamagedPdf),
        Some(kind) => {
            let (image, as_png) = decode_image(bytes, kind)?;
            if image.width() > WIDEST {
                encode(&resized(&image, WIDEST), as_png)
            } else {
                encode(&image, as_png)
            }
        }
        None => Err(UploadRefused::UnknownKind),
    }
}

/// Uploads checked at the same time, across the server; the others wait their turn.
/// One at a time: a large photo's check holds about 120 MB while it runs (see `make bench`),
/// so a burst of uploads must not hold them all at once.
static CHECKS_AT_ONCE: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// Runs `check_work` (a check of an upload: slow for a large photo) on a blocking thread, when
/// its turn comes; a check that could not run is refused as damaged.
pub async fn in_turn<T: Send + 'static>(
    check_work: impl FnOnce() -> Result<T, UploadRefused> + Send + 'static,
) -> Result<T, UploadRefused> {
    let _turn = CHECKS_AT_ONCE
        .acquire()
        .await
        .map_err(|_| UploadRefused::DamagedImage)?;
    tokio::task::spawn_blocking(check_work)
        .await
        .map_err(|_| UploadRefused::DamagedImage)?
}
