//! What a student attaches to a grievance: read from the form's post (a native form sends
//! `multipart/form-data` when it carries files; a post without them may come as a plain form),
//! bounded in number and size while it is read, then checked by its bytes like every upload
//! (a PDF without scripts, an image drawn again without its metadata). The files are never
//! public: only the student and the committee can open them.

use axum::{
    Form,
    body::Bytes,
    extract::{FromRequest, Multipart, Request},
    http::{StatusCode, header},
};

use crate::content::files::{check, uploads};
use crate::store::{FileBounds, FilesRefused, NewGrievanceFile};

/// The largest post without files: 7,000 characters of up to four bytes each, written as
/// `%XX` in a form post (three characters a byte), with room for the rest.
pub const MAX_TEXT_POST_BYTES: usize = 96 * 1024;
/// Files one filing, or one reply, may carry.
pub const MAX_FILES_PER_POST: usize = 3;
/// Files one grievance holds at most: the student's and the committee's together.
const MAX_FILES_PER_GRIEVANCE: i64 = 20;
/// What the files a student attaches to all their grievances may take.
const MAX_BYTES_PER_ACCOUNT: i64 = 50 * 1024 * 1024;

/// A post's text fields and files, as sent, and what is wrong with its files (the fields
/// read before it are kept, so the student loses no words).
#[derive(Debug, Default)]
pub struct Posted {
    fields: Vec<(String, String)>,
    pub files: Vec<(String, Bytes)>,
    pub problem: Option<String>,
}

impl Posted {
    /// The field's text; empty when it was not sent.
    pub fn text(&self, name: &str) -> String {
        self.fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    }
}

/// The bounds of a grievance's files on this site.
pub fn bounds(site_budget: i64) -> FileBounds {
    FileBounds {
        per_grievance: MAX_FILES_PER_GRIEVANCE,
        per_account_bytes: MAX_BYTES_PER_ACCOUNT,
        site_budget,
    }
}

fn megabytes(bytes: usize) -> usize {
    bytes / (1024 * 1024)
}

/// The largest post with files: three of the largest, and the text.
pub fn max_post_bytes(max_file_bytes: usize) -> usize {
    MAX_FILES_PER_POST * max_file_bytes + MAX_TEXT_POST_BYTES
}

/// Reads `request`'s form: its fields, and its files while they are within bounds (a file
/// input left empty sends none). A post the form could not have sent reads as an empty form,
/// which the page then asks to fill in.
pub async fn read_post(request: Request, max_file_bytes: usize) -> Posted {
    let mut posted = Posted::default();
    if let Err(problem) = read_into(&mut posted, request, max_file_bytes).await {
        posted.files.clear();
        posted.problem = Some(problem);
    }
    posted
}

async fn read_into(
    posted: &mut Posted,
    request: Request,
    max_file_bytes: usize,
) -> Result<(), String> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("multipart/form-data"));
    if !multipart {
        let form = Form::<Vec<(String, String)>>::from_request(request, &()).await;
        posted.fields = form.map(|Form(fields)| fields).unwrap_or_default();
        return Ok(());
    }
    let Ok(mut multipart) = Multipart::from_request(request, &()).await else {
        return Ok(());
    };
    let too_large = || {
        format!(
            "Attach at most {MAX_FILES_PER_POST} files of up to {} MB each. Choose the files again.",
            megabytes(max_file_bytes)
        )
    };
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(error) if error.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(too_large());
            }
            Err(_) => return Ok(()),
        };
        let name = field.name().unwrap_or_default().to_owned();
        match field.file_name().map(str::to_owned) {
            Some(file_name) => {
                // Read until it passes the limit, and no further.
                let mut bytes = Vec::new();
                loop {
                    match field.chunk().await {
                        Ok(Some(chunk)) if bytes.len() + chunk.len() > max_file_bytes => {
                            return Err(format!(
                                "“{file_name}” is larger than {} MB: save a smaller copy (a scan at 150 dpi is plenty), then choose the files again.",
                                megabytes(max_file_bytes)
                            ));
                        }
                        Ok(Some(chunk)) => bytes.extend_from_slice(&chunk),
                        Ok(None) => break,
                        Err(_) => return Err(too_large()),
                    }
                }
                if bytes.is_empty() {
                    continue;
                }
                if posted.files.len() == MAX_FILES_PER_POST {
                    return Err(too_large());
                }
                posted.files.push((file_name, Bytes::from(bytes)));
            }
            None => {
                // Words are bounded as a post without files is: a longer field is not from the
                // form, and what came before it is kept.
                let mut value = Vec::new();
                while let Ok(Some(chunk)) = field.chunk().await {
                    value.extend_from_slice(&chunk);
                    if value.len() > MAX_TEXT_POST_BYTES {
                        return Ok(());
                    }
                }
                posted
                    .fields
                    .push((name, String::from_utf8_lossy(&value).into_owned()));
            }
        }
    }
    Ok(())
}

/// The posted files checked by their bytes and named for what they are, or what is wrong
/// with the first that is refused.
pub async fn checked(files: Vec<(String, Bytes)>) -> Result<Vec<NewGrievanceFile>, String> {
    let mut kept = Vec::with_capacity(files.len());
    for (name, bytes) in files {
        let variant = check::in_turn(move || check::check_one(&bytes))
            .await
            .map_err(|refused| format!("“{name}”: {refused} Choose the files again."))?;
        kept.push(NewGrievanceFile {
            name: uploads::clean_name(&name, uploads::extension(variant.content_type)),
            content_type: variant.content_type,
            data: variant.bytes,
        });
    }
    Ok(kept)
}

/// What to tell the student when the store would not keep their files.
pub fn refusal(refused: FilesRefused) -> String {
    match refused {
        FilesRefused::TooMany => format!(
            "This grievance holds {MAX_FILES_PER_GRIEVANCE} files, the most it keeps: send your words without files, or ask the committee how to share more."
        ),
        FilesRefused::AccountFull => format!(
            "Your grievances hold {} MB of files, the most one account keeps: send your words without files, or smaller copies.",
            MAX_BYTES_PER_ACCOUNT / (1024 * 1024)
        ),
        FilesRefused::SiteFull => "The college cannot take more files just now: send your words without files, and tell the office.".to_owned(),
    }
}

/// What to tell a committee member when the store would not keep their document: the same
/// bounds, worded for someone writing to the student rather than for the student.
pub fn committee_refusal(refused: FilesRefused) -> String {
    match refused {
        FilesRefused::TooMany => format!(
            "This grievance holds {MAX_FILES_PER_GRIEVANCE} files, the most it keeps: send your words without the document, and give it to the student another way."
        ),
        FilesRefused::AccountFull => format!(
            "The student's grievances hold {} MB of files, the most one account keeps: send your words without the document, or a smaller copy.",
            MAX_BYTES_PER_ACCOUNT / (1024 * 1024)
        ),
        FilesRefused::SiteFull => "The college cannot take more files just now: send your words without the document, and tell the site's administrator.".to_owned(),
    }
}
