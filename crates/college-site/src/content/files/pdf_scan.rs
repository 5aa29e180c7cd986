//! What a PDF may not carry to be published: JavaScript, actions that launch a program, files
//! inside it, or embedded media that runs code. Readers act on these by their names in the
//! PDF's dictionaries (`/JavaScript`, `/JS`, `/Launch`, `/EmbeddedFile`, ...), which a PDF may
//! spell with `#xx` escapes and may hide in compressed object streams: both are looked through
//! (the streams inflated within a bound, so a small file cannot make the check itself heavy).

use std::io::Read;

use flate2::read::ZlibDecoder;

/// What one inflated stream may grow to, and all of them together: far above what a
/// prospectus's compressed objects hold, far below what would hurt the server.
const STREAM_MAX_BYTES: u64 = 16 * 1024 * 1024;
const TOTAL_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Why a PDF cannot be published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PdfFinding {
    JavaScript,
    Launch,
    EmbeddedFiles,
    RichMedia,
    /// Its compressed parts inflate past the bound: it cannot be checked.
    TooPacked,
}

/// The first thing found in `pdf` that it may not carry, if any.
pub fn forbidden_content(pdf: &[u8]) -> Option<PdfFinding> {
    if let Some(found) = forbidden_name(pdf) {
        return Some(found);
    }
    let mut budget = TOTAL_MAX_BYTES;
    for start in stream_starts(pdf) {
        let mut inflated = Vec::new();
        let limit = STREAM_MAX_BYTES.min(budget);
        let read = ZlibDecoder::new(&pdf[start..])
            .take(limit + 1)
            .read_to_end(&mut inflated);
        // Not a zlib stream (an image's own coding, say): nothing of a dictionary in it.
        if read.is_err() && inflated.is_empty() {
            continue;
        }
        let size = u64::try_from(inflated.len()).unwrap_or(u64::MAX);
        if size > limit {
            return Some(PdfFinding::TooPacked);
        }
        budget -= size;
        if let Some(found) = forbidden_name(&inflated) {
            return Some(found);
        }
    }
    None
}

/// Where each stream's data begins: after the `stream` keyword and its end of line.
fn stream_starts(pdf: &[u8]) -> impl Iterator<Item = usize> + '_ {
    const KEYWORD: &[u8] = b"stream";
    pdf.windows(KEYWORD.len())
        .enumerate()
        .filter(move |(at, window)| {
            *window == KEYWORD && (*at == 0 || !pdf[at - 1].is_ascii_alphabetic())
        })
        .filter_map(move |(at, _)| {
            let after = at + KEYWORD.len();
            match pdf.get(after..after + 2) {
                Some(b"\r\n") => Some(after + 2),
                Some([b'\n', _]) | Some([b'\r', _]) => Some(after + 1),
                _ => None,
            }
        })
}

/// The first forbidden name among `bytes`' PDF names (`/Name`, `#xx` escapes decoded).
fn forbidden_name(bytes: &[u8]) -> Option<PdfFinding> {
    let mut at = 0;
    while let Some(offset) = bytes[at..].iter().position(|&b| b == b'/') {
        let start = at + offset + 1;
        let end = bytes[start..]
            .iter()
            .position(|&b| is_delimiter(b))
            .map_or(bytes.len(), |length| start + length);
        if let Some(found) = finding(&decode_name(&bytes[start..end])) {
            return Some(found);
        }
        at = end.max(start);
    }
    None
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0 || b"()<>[]{}/%".contains(&b)
}

/// A name with its `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`).
fn decode_name(raw: &[u8]) -> Vec<u8> {
    let mut name = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let hex = raw
            .get(i + 1..i + 3)
            .and_then(|digits| std::str::from_utf8(digits).ok())
            .and_then(|digits| u8::from_str_radix(digits, 16).ok());
        match (raw[i], hex) {
            (b'#', Some(byte)) => {
                name.push(byte);
                i += 3;
            }
            (byte, _) => {
                name.push(byte);
                i += 1;
            }
        }
    }
    name
}

fn finding(name: &[u8]) -> Option<PdfFinding> {
    match name {
        b"JavaScript" | b"JS" => Some(PdfFinding::JavaScript),
        b"Launch" => Some(PdfFinding::Launch),
        b"EmbeddedFile" | b"EmbeddedFiles" | b"FileAttachment" => Some(PdfFinding::EmbeddedFiles),
        b"RichMedia" => Some(PdfFinding::RichMedia),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use flate2::{Compression, write::ZlibEncoder};

    use super::*;

    fn pdf(body: &[u8]) -> Vec<u8> {
        [
            b"%PDF-1.7\n".as_slice(),
            body,
            b"\ntrailer << /Root 1 0 R >>\n%%EOF\n",
        ]
        .concat()
    }

    fn compressed(text: &[u8]) -> Vec<u8> {
        let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(text).expect("written");
        encoder.finish().expect("finished")
    }

    #[test]
    fn a_plain_pdf_passes() {
        let plain = pdf(b"1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj");
        assert_eq!(forbidden_content(&plain), None);
        // A stream of an image's own coding is no dictionary.
        let image = pdf(b"3 0 obj << /Filter /DCTDecode /Length 4 >>\nstream\n\xFF\xD8\xFF\xE0\nendstream endobj");
        assert_eq!(forbidden_content(&image), None);
    }

    #[test]
    fn javascript_launch_and_files_are_found_however_they_are_spelled_or_packed() {
        let cases: [(&[u8], PdfFinding); 5] = [
            (
                b"1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj",
                PdfFinding::JavaScript,
            ),
            (
                b"1 0 obj << /OpenAction << /S /J#61vaScript /J#53 (x) >> >> endobj",
                PdfFinding::JavaScript,
            ),
            (
                b"1 0 obj << /AA << /O << /S /Launch /F (cmd.exe) >> >> >> endobj",
                PdfFinding::Launch,
            ),
            (
                b"1 0 obj << /Names << /EmbeddedFiles 2 0 R >> >> endobj",
                PdfFinding::EmbeddedFiles,
            ),
            (
                b"4 0 obj << /Subtype /RichMedia >> endobj",
                PdfFinding::RichMedia,
            ),
        ];
        for (body, expected) in cases {
            assert_eq!(
                forbidden_content(&pdf(body)),
                Some(expected),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        // Inside a compressed object stream.
        let hidden = compressed(b"5 0 << /S /JavaScript /JS (this.exportDataObject()) >>");
        let packed = pdf(&[
            b"6 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\r\n".as_slice(),
            &hidden,
            b"\r\nendstream endobj",
        ]
        .concat());
        assert_eq!(forbidden_content(&packed), Some(PdfFinding::JavaScript));
    }

    #[test]
    fn a_stream_that_inflates_past_the_bound_is_refused() {
        let bomb = compressed(&vec![
            b'0';
            usize::try_from(STREAM_MAX_BYTES).expect("fits") + 10
        ]);
        let packed = pdf(&[
            b"7 0 obj << /Filter /FlateDecode >>\nstream\n".as_slice(),
            &bomb,
            b"\nendstream endobj",
        ]
        .concat());
        assert_eq!(forbidden_content(&packed), Some(PdfFinding::TooPacked));
    }
}
