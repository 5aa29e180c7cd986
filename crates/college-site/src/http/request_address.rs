//! A request's address must be one a person or a page could have made: at most
//! [`LONGEST_PATH`] bytes, and no control character in its path or query, even percent-encoded
//! (`%00` in a search or an id). Such a request is answered 414 or 400 before any route reads
//! it, under `/api/` in the API's JSON shape (by `api_errors::json_errors`), so no database is
//! asked for a NUL it cannot hold.

use axum::{
    extract::Request,
    http::StatusCode,
    middleware::Next,
    response::{IntoResponse, Response},
};

/// The longest path taken, in bytes: the site's longest is under 200, and nginx's default
/// buffer for a request line is 8 KB.
pub const LONGEST_PATH: usize = 8 * 1024;

pub async fn plain_address(request: Request, next: Next) -> Response {
    let uri = request.uri();
    if uri.path().len() > LONGEST_PATH {
        return (StatusCode::URI_TOO_LONG, "This address is too long.").into_response();
    }
    if has_control(uri.path()) || uri.query().is_some_and(has_control) {
        return (
            StatusCode::BAD_REQUEST,
            "This address holds a control character.",
        )
            .into_response();
    }
    next.run(request).await
}

/// Whether `part` of an address holds a control character, as it is or percent-encoded
/// (`%00` to `%1F`, `%7F`).
fn has_control(part: &str) -> bool {
    let bytes = part.as_bytes();
    bytes.iter().any(u8::is_ascii_control)
        || bytes.windows(3).any(|window| {
            window[0] == b'%'
                && matches!(
                    (window[1].to_ascii_uppercase(), window[2].to_ascii_uppercase()),
                    (b'0' | b'1', b'0'..=b'9' | b'A'..=b'F') | (b'7', b'F')
                )
        })
}

#[cfg(test)]
mod tests {
    use super::has_control;

    #[test]
    fn control_characters_are_found_encoded_or_not() {
        for bad in [
            "q=%00",
            "/api/staff/people/a%0Ab",
            "q=%1f",
            "x=%7F",
            "q=%7f",
        ] {
            assert!(has_control(bad), "{bad}");
        }
        for good in [
            "q=asha%20rao",
            "/react/use-state",
            "q=%E0%A4%85",
            "q=100%25",
            "q=%20%2F",
        ] {
            assert!(!has_control(good), "{good}");
        }
    }
}
