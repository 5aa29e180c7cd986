//! Uploads checked by their bytes: PDFs kept as they are unless damaged or also a web page;
//! images decoded within limits, turned upright, stripped of every piece of metadata (GPS
//! included) and kept at a few widths; anything else refused with words that say what is
//! accepted. The images are made here with the same codec library the server uses.

use std::io::Cursor;

use college_site::content::files::check::{UploadRefused, check};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

pub fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut bytes = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut bytes), format)
        .expect("encoded");
    bytes
}

/// A photo `width` by `height`: red on the left half, blue on the right.
pub fn photo(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, _| {
        if x < width / 2 {
            Rgb([220, 20, 20])
        } else {
            Rgb([20, 20, 220])
        }
    }))
}

/// An EXIF block (APP1) saying "rotate 90° clockwise to show" and holding a GPS entry with a
/// text a test can look for.
pub fn exif_app1() -> Vec<u8> {
    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"MM\0*\0\0\0\x08");
    // IFD0: orientation 6, and where the GPS IFD is (8 + 2 + 2 * 12 + 4 = 38).
    tiff.extend_from_slice(&[0, 2]);
    tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]);
    tiff.extend_from_slice(&[0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    // GPS IFD: a processing method of 16 bytes at 38 + 2 + 12 + 4 = 56.
    tiff.extend_from_slice(&[0, 1]);
    tiff.extend_from_slice(&[0x00, 0x1B, 0, 7, 0, 0, 0, 16, 0, 0, 0, 56]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff.extend_from_slice(b"GPSSECRET-23.02N");
    let mut segment = vec![0xFF, 0xE1];
    let length = u16::try_from(2 + 6 + tiff.len()).unwrap();
    segment.extend_from_slice(&length.to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend_from_slice(&tiff);
    segment
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[test]
fn a_pdf_is_kept_as_it_is_and_a_damaged_or_two_faced_one_is_refused() {
    let kept = check(PDF).expect("a PDF is accepted");
    assert_eq!((kept.len(), kept[0].content_type), (1, "application/pdf"));
    assert_eq!(kept[0].bytes, PDF);
    assert_eq!(check(&PDF[..40]), Err(UploadRefused::DamagedPdf));
    let polyglot = [PDF, b"<HTML><script>alert(1)</script></HTML>\n%%EOF"].concat();
    assert_eq!(check(&polyglot), Err(UploadRefused::PdfWithMore));
}

#[test]
fn anything_but_pdf_jpeg_png_and_webp_is_refused_by_its_bytes() {
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>";
    let html = b"<!doctype html><title>fees.pdf</title>";
    let zip = b"PK\x03\x04\x14\0\0\0\x08\0";
    let gif = b"GIF89a\x01\0\x01\0\0\0\0;";
    for bytes in [&svg[..], html, zip, gif, b"", b"%PD"] {
        assert_eq!(check(bytes), Err(UploadRefused::UnknownKind), "{bytes:?}");
    }
    assert_eq!(
        UploadRefused::UnknownKind.to_string(),
        "Upload a PDF, JPEG, PNG or WebP file. Other kinds of file (SVG, Word, HTML...) cannot be published."
    );
}

#[test]
fn a_phone_photo_is_turned_upright_and_loses_its_gps_position() {
    let jpeg = encoded(&photo(40, 20), ImageFormat::Jpeg);
    // The EXIF block goes right after the start-of-image marker, as cameras write it.
    let with_exif = [&jpeg[..2], &exif_app1(), &jpeg[2..]].concat();
    assert!(contains(&with_exif, b"GPSSECRET"));
    let kept = check(&with_exif).expect("a photo is accepted");
    assert_eq!(kept.len(), 1, "narrower than every width: kept once");
    let upright = &kept[0];
    assert_eq!(upright.content_type, "image/jpeg");
    assert_eq!(
        (upright.width, upright.height),
        (Some(20), Some(40)),
        "turned a quarter"
    );
    assert!(
        !contains(&upright.bytes, b"GPSSECRET"),
        "the GPS entry is gone"
    );
    assert!(!contains(&upright.bytes, b"Exif"), "no EXIF block at all");
    // Turned clockwise: the left half (red) is now the top.
    let decoded = image::load_from_memory(&upright.bytes).unwrap().to_rgb8();
    let top = decoded.get_pixel(10, 5);
    let bottom = decoded.get_pixel(10, 35);
    assert!(top[0] > 150 && top[2] < 100, "top is red: {top:?}");
    assert!(
        bottom[2] > 150 && bottom[0] < 100,
        "bottom is blue: {bottom:?}"
    );
}

#[test]
fn a_large_image_is_kept_at_a_few_widths_and_a_huge_one_is_refused() {
    let kept = check(&encoded(&photo(2000, 1000), ImageFormat::Jpeg)).expect("accepted");
    let sizes: Vec<(Option<u32>, Option<u32>)> = kept.iter().map(|v| (v.width, v.height)).collect();
    assert_eq!(
        sizes,
        [
            (Some(480), Some(240)),
            (Some(720), Some(360)),
            (Some(960), Some(480)),
            (Some(1600), Some(800))
        ]
    );
    assert!(kept[0].bytes.len() < kept[3].bytes.len());

    let too_wide = encoded(
        &DynamicImage::ImageLuma8(image::GrayImage::new(10_001, 1)),
        ImageFormat::Png,
    );
    assert_eq!(check(&too_wide), Err(UploadRefused::ImageTooLarge));
}

#[test]
fn transparency_stays_png_and_webp_becomes_jpeg() {
    let logo = DynamicImage::ImageRgba8(RgbaImage::from_pixel(30, 30, Rgba([0, 80, 160, 100])));
    let kept = check(&encoded(&logo, ImageFormat::Png)).expect("accepted");
    assert_eq!(kept[0].content_type, "image/png");
    let webp = encoded(&photo(64, 32), ImageFormat::WebP);
    let kept = check(&webp).expect("accepted");
    assert_eq!(
        (kept[0].content_type, kept[0].width),
        ("image/jpeg", Some(64))
    );
}

#[test]
fn truncated_and_two_faced_images_are_refused() {
    let jpeg = encoded(&photo(64, 64), ImageFormat::Jpeg);
    assert_eq!(
        check(&jpeg[..jpeg.len() / 3]),
        Err(UploadRefused::DamagedImage)
    );
    let png = encoded(&photo(64, 64), ImageFormat::Png);
    assert_eq!(check(&png[..60]), Err(UploadRefused::DamagedImage));
    let with_zip = [&jpeg[..], b"PK\x03\x04\x14\0\0\0\x08\0secret.txt"].concat();
    assert_eq!(check(&with_zip), Err(UploadRefused::ImageWithMore));
}

/// A photo with detail in it, as a camera's: light and colour change across it.
fn detailed_photo(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        let wave = |n: u32, period: u32| (n % period * 255 / period) as u8;
        Rgb([wave(x + y, 37), wave(x * 3, 53), wave(y * 5 + x, 71)])
    }))
}

/// The frame header of a JPEG: whether it is progressive, and each component's sampling.
fn frame_of(jpeg: &[u8]) -> (bool, Vec<u8>) {
    let at = jpeg
        .windows(2)
        .position(|pair| pair[0] == 0xFF && (pair[1] == 0xC0 || pair[1] == 0xC2))
        .expect("a frame header");
    let components = usize::from(jpeg[at + 9]);
    let sampling = (0..components).map(|k| jpeg[at + 11 + 3 * k]).collect();
    (jpeg[at + 1] == 0xC2, sampling)
}

#[test]
fn a_photos_copies_are_progressive_with_colour_at_half_resolution_and_smaller_than_baseline() {
    let original = detailed_photo(1000, 750);
    let kept = check(&encoded(&original, ImageFormat::Jpeg)).expect("accepted");
    let copy = &kept[1];
    assert_eq!((copy.content_type, copy.width), ("image/jpeg", Some(720)));
    // Brightness at full resolution, colour at half in both directions (4:2:0).
    assert_eq!(frame_of(&copy.bytes), (true, vec![0x22, 0x11, 0x11]));
    let shown = image::load_from_memory(&copy.bytes).expect("a browser can read it");
    assert_eq!((shown.width(), shown.height()), (720, 540));

    // The same pixels as the codec library writes them at the same quality: baseline, 4:4:4.
    let mut baseline = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut baseline, 82)
        .encode_image(&shown.to_rgb8())
        .expect("encoded");
    assert!(
        copy.bytes.len() * 4 < baseline.len() * 3,
        "the copy is {} bytes, the baseline {}",
        copy.bytes.len(),
        baseline.len()
    );
}
