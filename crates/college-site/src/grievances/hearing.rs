//! When and where the committee hears a student, as the committee writes it: a day
//! (`2026-12-03`) and a time (`11:00`) on the college's clock, and a place or a video link.

use crate::dates::{college_date_time, college_midnight, parse_iso_day};
use crate::text::unfit_for_a_name;

const MAX_PLACE_CHARS: usize = 300;

/// The hearing's moment and place, or the field that is wrong and what to do; a hearing is
/// set for a moment still to come at `now`.
pub fn hearing_time(
    day: &str,
    time: &str,
    place: &str,
    now: i64,
) -> Result<(i64, String), (&'static str, String)> {
    let day =
        parse_iso_day(day.trim()).ok_or(("day", "Choose the day of the hearing.".to_owned()))?;
    let (hours, minutes) = time
        .trim()
        .split_once(':')
        .and_then(|(hours, minutes)| {
            Some((hours.parse::<i64>().ok()?, minutes.parse::<i64>().ok()?))
        })
        .filter(|(hours, minutes)| (0..24).contains(hours) && (0..60).contains(minutes))
        .ok_or((
            "time",
            "Write the time as hours and minutes, like 11:00.".to_owned(),
        ))?;
    let at = college_midnight(day) + hours * 3_600_000 + minutes * 60_000;
    if at <= now {
        return Err(("day", "Choose a day and time still to come.".to_owned()));
    }
    let place = place.trim();
    if place.is_empty() {
        return Err((
            "place",
            "Say where the hearing is, or give its video link.".to_owned(),
        ));
    }
    if unfit_for_a_name(place) || place.chars().count() > MAX_PLACE_CHARS {
        return Err((
            "place",
            format!("Write the place on one line, in {MAX_PLACE_CHARS} characters or fewer."),
        ));
    }
    Ok((at, place.to_owned()))
}

/// The hearing as the student reads it: `2026-12-03 11:00, Room 12`.
pub fn hearing_words(at: i64, place: &str) -> String {
    format!("{}, {place}", college_date_time(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hearing_is_a_day_a_time_and_a_place_to_come() {
        let now = college_midnight((2026, 11, 29));
        let (at, place) = hearing_time("2026-12-03", "11:00", " Room 12 ", now).expect("fine");
        assert_eq!(hearing_words(at, &place), "2026-12-03 11:00, Room 12");
        assert_eq!(
            hearing_time("2026-11-28", "11:00", "Room 12", now)
                .unwrap_err()
                .0,
            "day"
        );
        assert_eq!(
            hearing_time("2026-12-03", "25:00", "Room 12", now)
                .unwrap_err()
                .0,
            "time"
        );
        assert_eq!(
            hearing_time("2026-12-03", "11:00", "Room\u{202E}12", now)
                .unwrap_err()
                .0,
            "place"
        );
        assert_eq!(
            hearing_time("soon", "11:00", "Room 12", now).unwrap_err().0,
            "day"
        );
    }
}
