//! The values of fields that are more than words: a phone, an email, an amount in rupees, a
//! whole number, a list of dated lines and an address elsewhere. Each is made the one way it is
//! kept ([`normal_amount`]) and checked here; [`super::fields`] says which field holds which.

use crate::dates;

/// The largest amount a fee field takes: Rs 1,00,00,000 (one crore).
const MAX_AMOUNT: u64 = 10_000_000;
/// Dated lines a field holds at most (a course's key dates).
pub const MAX_DATES: usize = 8;
const MAX_DATE_WORDS_CHARS: usize = 80;

pub fn is_phone(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_digit() || " +-()".contains(c))
}

/// The digits to dial, with a leading `+` kept: `+91 20 4567 8900` is `+912045678900`. The web
/// app makes the same (`telHref` in shared/lib/page-text.ts), or hydration would differ.
pub fn phone_digits(value: &str) -> String {
    let plus = if value.trim_start().starts_with('+') {
        "+"
    } else {
        ""
    };
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    format!("{plus}{digits}")
}

pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && value
            .chars()
            .all(|c| c == '@' || (c.is_ascii_graphic() && !"<>\"(),;:[]\\".contains(c)))
        && value.matches('@').count() == 1
}

/// An amount as people write it (`Rs 45,000`, `₹ 45 000`, `45000/-`) as its digits: `45000`.
/// Anything that is not an amount is kept as typed, for [`amount`] to refuse.
pub fn normal_amount(typed: &str) -> String {
    let mut rest = typed.trim();
    for prefix in ["Rs.", "Rs", "rs.", "rs", "INR", "₹"] {
        if let Some(after) = rest.strip_prefix(prefix) {
            rest = after.trim_start();
            break;
        }
    }
    let rest = rest.strip_suffix("/-").unwrap_or(rest);
    let digits: String = rest.chars().filter(|c| !matches!(c, ',' | ' ')).collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return typed.trim().to_owned();
    }
    match digits.trim_start_matches('0') {
        "" => "0".to_owned(),
        significant => significant.to_owned(),
    }
}

/// The rupees of a kept amount, when it is one the site takes (1 to one crore).
pub fn amount(value: &str) -> Option<u64> {
    value
        .parse()
        .ok()
        .filter(|rupees| (1..=MAX_AMOUNT).contains(rupees))
}

/// A whole number from 1 to 9,999 (seats, a place in a list).
pub fn whole_number(value: &str) -> Option<u32> {
    value
        .parse()
        .ok()
        .filter(|number| (1..=9_999).contains(number))
}

/// A dated line: its words and its day.
#[derive(Debug, PartialEq, Eq)]
pub struct Dated<'a> {
    pub words: &'a str,
    pub day: (i64, i64, i64),
}

/// The dated lines of `value` (`GCAS registration closes | 2027-05-31`), or what is wrong with
/// the first that is not one.
pub fn dated_lines(value: &str) -> Result<Vec<Dated<'_>>, &'static str> {
    let lines: Vec<&str> = value
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if lines.len() > MAX_DATES {
        return Err("Keep to 8 dates.");
    }
    lines
        .into_iter()
        .map(|line| {
            let Some((words, day)) = line.rsplit_once('|') else {
                return Err(
                    "Write each date as its words, a bar and the day: Classes begin | 2027-07-01",
                );
            };
            let words = words.trim();
            if words.is_empty() || words.chars().count() > MAX_DATE_WORDS_CHARS {
                return Err("Give each date words of its own, under 80 characters.");
            }
            let day = dates::parse_iso_day(day.trim())
                .ok_or("Write each day as year-month-day, like 2027-05-31.")?;
            Ok(Dated { words, day })
        })
        .collect()
}

/// The address of an image uploaded to the site (`/files/12-ab34-480.jpg`): no query, no
/// way out of `/files/`.
pub fn is_image_address(value: &str) -> bool {
    value.strip_prefix("/files/").is_some_and(|key| {
        let (name, extension) = key.rsplit_once('.').unwrap_or((key, ""));
        !name.is_empty()
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && ["jpg", "jpeg", "png", "webp"].contains(&extension)
    })
}

/// A place on the map as an editor writes it, latitude then longitude in degrees
/// (`22.3072, 73.1812`), written back plainly (`22.3072,73.1812`) for the links that open it.
pub fn coordinates(value: &str) -> Option<String> {
    let (latitude, longitude) = value.split_once(',')?;
    let degrees = |text: &str, limit: f64| -> Option<String> {
        let text = text.trim();
        let plain = !text.is_empty()
            && text.len() <= 12
            && text
                .bytes()
                .enumerate()
                .all(|(at, b)| b.is_ascii_digit() || b == b'.' || (at == 0 && b == b'-'));
        let number: f64 = text.parse().ok().filter(|_| plain)?;
        (number.abs() <= limit).then(|| text.to_owned())
    };
    Some(format!(
        "{},{}",
        degrees(latitude, 90.0)?,
        degrees(longitude, 180.0)?
    ))
}

/// An `https:` address elsewhere, with a host and no space or quote.
pub fn is_https_address(value: &str) -> bool {
    url::Url::parse(value).is_ok_and(|url| url.scheme() == "https" && url.host_str().is_some())
        && !value
            .chars()
            .any(|c| c.is_whitespace() || "\"'<>`".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_a_latitude_and_a_longitude_in_degrees() {
        assert_eq!(
            coordinates("22.3072, 73.1812").as_deref(),
            Some("22.3072,73.1812")
        );
        assert_eq!(
            coordinates(" -33.86 ,151.2").as_deref(),
            Some("-33.86,151.2")
        );
        for wrong in [
            "22.3072",
            "91, 10",
            "10, 181",
            "1e2, 3",
            "22.3, 73.1, 5",
            "a, b",
            ", 3",
            "NaN, 1",
            "inf, 1",
        ] {
            assert_eq!(coordinates(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn amounts_are_kept_as_their_digits() {
        for typed in [
            "45000",
            "45,000",
            "Rs 45,000",
            "Rs. 45 000",
            "₹45,000",
            "45000/-",
            "045000",
        ] {
            assert_eq!(normal_amount(typed), "45000", "{typed}");
            assert_eq!(amount(&normal_amount(typed)), Some(45_000));
        }
        assert_eq!(normal_amount("forty thousand"), "forty thousand");
        assert_eq!(amount(&normal_amount("forty thousand")), None);
        assert_eq!(amount(&normal_amount("0")), None);
        assert_eq!(amount(&normal_amount("1,00,00,001")), None);
        assert_eq!(amount(&normal_amount("-45000")), None);
        assert_eq!(amount(&normal_amount("45000.50")), None);
    }

    #[test]
    fn dated_lines_name_their_problem() {
        let dates = dated_lines("GCAS registration closes | 2027-05-31\nClasses begin|2027-07-01")
            .expect("dates");
        assert_eq!(
            dates[0],
            Dated {
                words: "GCAS registration closes",
                day: (2027, 5, 31)
            }
        );
        assert_eq!(dates[1].words, "Classes begin");
        assert!(dated_lines("Classes begin 2027-07-01").is_err());
        assert!(dated_lines("Classes begin | 1 July").is_err());
        assert!(dated_lines(" | 2027-07-01").is_err());
        assert!(dated_lines(&"A | 2027-07-01\n".repeat(9)).is_err());
    }

    #[test]
    fn addresses_elsewhere_are_https() {
        assert!(is_https_address("https://gcas.gujgov.edu.in/"));
        assert!(!is_https_address("http://gcas.gujgov.edu.in/"));
        assert!(!is_https_address("javascript:alert(1)"));
        assert!(!is_https_address("https://"));
        assert!(!is_https_address("https://a.example/\"onmouseover"));
        assert!(is_phone("(020) 4567-8900"));
        assert!(!is_phone("call 020 4567"));
        assert!(is_email("office@college.example"));
        assert!(!is_email("office@college"));
        assert!(!is_email("a@b.example,c@d.example"));
        assert!(!is_email("\"x\"@college.example"));
    }
}
