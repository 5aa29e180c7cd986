//! Prints what checking a phone's photo costs the server: a 12-megapixel JPEG (4032 × 3024, as
//! most phones take them) is decoded with its limits, turned upright, stripped of its metadata
//! and saved at each width `srcset` offers, as an editor's upload is. For each of a few runs:
//! the time, and the process's peak memory above what it held before (Linux's VmHWM, reset
//! between runs); then the copies' sizes.
//!
//! `upload_bench PATH` also writes the photo to PATH, for the benches that publish a notice
//! with it (see web/scripts/bench-notices-seed.mjs).
//! Figures depend on the machine and its load; compare them with each other, within one run.

use std::{
    io::Cursor,
    time::{Duration, Instant},
};

use college_site::content::files::check::{self as upload_check, WIDTHS};
use image::{DynamicImage, ImageFormat, RgbImage, codecs::jpeg::JpegEncoder};

const WIDTH: u32 = 4032;
const HEIGHT: u32 = 3024;
const RUNS: usize = 3;

fn main() -> anyhow::Result<()> {
    let photo = phone_photo();
    println!(
        "a {WIDTH} × {HEIGHT} photo ({:.1} megapixels), {:.1} MB as a JPEG",
        f64::from(WIDTH * HEIGHT) / 1e6,
        photo.len() as f64 / 1e6
    );
    if let Some(path) = std::env::args().nth(1) {
        std::fs::write(&path, &photo)?;
    }
    let mut times = Vec::with_capacity(RUNS);
    let mut peaks = Vec::with_capacity(RUNS);
    let mut copies = Vec::new();
    for _ in 0..RUNS {
        reset_peak_memory();
        let before = resident_kib("VmRSS:");
        let started = Instant::now();
        copies = upload_check::check(&photo).map_err(|refused| anyhow::anyhow!("{refused:?}"))?;
        times.push(started.elapsed());
        peaks.push(resident_kib("VmHWM:").saturating_sub(before));
    }
    times.sort();
    peaks.sort_unstable();
    println!(
        "checked and resized in {:.0} ms median ({RUNS} runs, slowest {:.0} ms)",
        ms(times[RUNS / 2]),
        ms(times[RUNS - 1])
    );
    println!(
        "peak memory above the server's own: {:.0} MB median, {:.0} MB at most",
        peaks[RUNS / 2] as f64 / 1024.0,
        peaks[RUNS - 1] as f64 / 1024.0
    );
    let sizes: Vec<String> = copies
        .iter()
        .map(|copy| {
            format!(
                "{} px {:.0} kB",
                copy.width.unwrap_or_default(),
                copy.bytes.len() as f64 / 1e3
            )
        })
        .collect();
    println!("copies kept (widths {WIDTHS:?}): {}", sizes.join(", "));
    Ok(())
}

/// A photo with what makes a real one costly to compress: smooth light across the frame and
/// fine grain everywhere (a fixed pseudo-random sequence, so every run is the same).
fn phone_photo() -> Vec<u8> {
    let mut grain: u32 = 0x9E37_79B9;
    let image = RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        grain ^= grain << 13;
        grain ^= grain >> 17;
        grain ^= grain << 5;
        let noise = (grain % 24) as u8;
        let sky = (y * 160 / HEIGHT) as u8;
        let sun = (x * 90 / WIDTH) as u8;
        image::Rgb([
            60 + sun + noise,
            90 + sky / 2 + noise,
            200 - sky / 2 + noise / 2,
        ])
    });
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(Cursor::new(&mut bytes), 90)
        .encode_image(&DynamicImage::ImageRgb8(image))
        .expect("a JPEG is made in memory");
    debug_assert!(image::guess_format(&bytes).ok() == Some(ImageFormat::Jpeg));
    bytes
}

/// A line of /proc/self/status in KiB (0 where it cannot be read: not Linux).
fn resident_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(field))
                .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Starts the peak (VmHWM) again from what the process holds now.
fn reset_peak_memory() {
    // "5" resets the peak resident size (Linux 4.0 and later); elsewhere the peak is since start.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
