//! A person as the site speaks of them, worked out from their record: the appointment that
//! holds today (designation, department, terms), whether they are still with the college, the
//! day they joined, their experience and their highest degree.

use super::career::Career;
use super::fields::{LEADERSHIP, SHOW_CONTACT, STAFF, text};
use crate::content::items::fields::Fields;
use crate::content::items::fields::career::{self, Appointment, Day, Qualification};
use crate::content::items::fields::values::whole_number;
use crate::dates::{college_date, parse_iso_day};
use crate::store::now_millis;

/// A person's record at one revision.
#[derive(Debug, Clone)]
pub struct Person {
    pub slug: String,
    pub fields: Fields,
    /// When this revision went live (none for a draft).
    pub live_since: Option<i64>,
}

/// Today in the college's own calendar (India Standard Time).
pub fn today() -> Day {
    college_date(now_millis())
}

impl Person {
    pub fn text(&self, key: &str) -> &str {
        text(&self.fields, key)
    }

    pub fn name(&self) -> &str {
        self.text("name")
    }

    pub fn teaches(&self) -> bool {
        self.text("staff") == STAFF[0]
    }

    /// Whether the website shows the email and phone.
    pub fn shows_contact(&self) -> bool {
        self.text("showContact") == SHOW_CONTACT[1]
    }

    /// The ways to reach them the website shows, in words (`Email`, `Phone`) and as written:
    /// none unless an editor chose to publish them.
    pub fn published_contact(&self) -> Vec<(&'static str, &str)> {
        if !self.shows_contact() {
            return Vec::new();
        }
        [("Email", self.text("email")), ("Phone", self.text("phone"))]
            .into_iter()
            .filter(|(_, value)| !value.is_empty())
            .collect()
    }

    pub fn appointments(&self) -> Vec<Appointment<'_>> {
        career::appointments(self.text("appointments")).unwrap_or_default()
    }

    pub fn qualifications(&self) -> Vec<Qualification<'_>> {
        career::qualifications(self.text("qualifications")).unwrap_or_default()
    }

    /// Their career read from the record once, for what is asked of it several times.
    pub fn career(&self) -> Career<'_> {
        Career {
            appointments: self.appointments(),
            qualifications: self.qualifications(),
            left_on: self.left_on(),
        }
    }

    pub fn left_on(&self) -> Option<Day> {
        parse_iso_day(self.text("leftOn"))
    }

    /// Their place in the leadership (an index of [`LEADERSHIP`]; 0: none).
    pub fn leadership(&self) -> usize {
        LEADERSHIP
            .iter()
            .position(|place| *place == self.text("leadership"))
            .unwrap_or(0)
    }

    /// Whether they are with the college on `day`: they leave the site on the day they leave.
    pub fn is_current(&self, day: Day) -> bool {
        self.left_on().is_none_or(|left| day < left)
    }

    pub fn appointment_on(&self, day: Day) -> Option<Appointment<'_>> {
        self.career().appointment_on(day)
    }

    pub fn joined_on(&self) -> Option<Day> {
        self.career().joined_on()
    }

    pub fn experience_months(&self, day: Day) -> i64 {
        self.career().experience_months(day)
    }

    pub fn highest_degree(&self) -> Option<Qualification<'_>> {
        self.career().highest_degree()
    }

    /// Where they sit in their department's list: their place, then their name.
    pub fn order_key(&self) -> (u32, String) {
        (
            whole_number(self.text("position")).unwrap_or(u32::MAX),
            self.name().to_lowercase(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::fields::starting_fields;
    use super::*;
    use serde_json::Value;

    fn person(pairs: &[(&str, &str)]) -> Person {
        let mut fields = starting_fields("Dr Meera Shah");
        for (key, value) in pairs {
            fields.insert((*key).to_owned(), Value::String((*value).to_owned()));
        }
        Person {
            slug: "meera-shah".to_owned(),
            fields,
            live_since: None,
        }
    }

    #[test]
    fn the_record_says_what_holds_today() {
        let meera = person(&[
            (
                "appointments",
                "Lecturer | Commerce | Contract | 2012-06-15 | 2015-06-30\nHead of Department | Commerce | Full-time | 2015-07-01",
            ),
            (
                "qualifications",
                "M.Com | Accountancy | Gujarat University | 2008\nSET | Commerce | Gujarat | 2009\nPhD | Commerce | MSU Baroda | 2014",
            ),
            ("leftOn", "2027-03-31"),
        ]);
        let now = (2026, 11, 28);
        let post = meera.appointment_on(now).expect("a post");
        assert_eq!(post.designation, "Head of Department");
        assert_eq!(
            meera
                .appointment_on((2013, 1, 1))
                .expect("then")
                .designation,
            "Lecturer"
        );
        assert_eq!(meera.joined_on(), Some((2012, 6, 15)));
        assert_eq!(meera.highest_degree().expect("a degree").degree, "PhD");
        assert_eq!(meera.career().eligibility(), "PhD, SET");
        assert!(meera.is_current(now));
        assert!(!meera.is_current((2027, 3, 31)));
        // Experience stops on the day they left.
        assert_eq!(meera.experience_months((2030, 1, 1)), 14 * 12 + 9);
        assert!(meera.teaches());
        assert!(!meera.shows_contact());
    }
}
