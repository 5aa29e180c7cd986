//! An admission enquiry as a visitor posts it from a course's page, checked like the contact
//! form: every field bounded, one of a phone or an email, a phone as people in India write it
//! (`+91 98765 43210`, `098765-43210`, `0265 245 8900`) kept as `+919876543210`.

use lettre::{Address, message::Mailbox};
use serde::Deserialize;

use crate::content::courses::enquiry_form::{
    EnquiryField, EnquiryProblem, EnquiryValues, call_time_words,
};
use crate::text;

const NAME_MAX: usize = 100;
const EMAIL_MAX: usize = 254;
const STUDY_MAX: usize = 100;
const MESSAGE_MAX: usize = 2000;

/// The form as posted; a missing field reads as empty, and gets the same clear words.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub current_study: String,
    #[serde(default)]
    pub call_time: String,
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub consent: String,
    /// Honeypot: hidden from people and screen readers, so only bots fill it in.
    #[serde(default)]
    pub website: String,
}

/// An enquiry that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidEnquiry {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<Address>,
    pub current_study: String,
    /// In words: "Morning, 10:00 to 12:00".
    pub call_time: String,
    pub message: String,
}

impl EnquiryForm {
    pub fn is_bot(&self) -> bool {
        !self.website.trim().is_empty()
    }

    /// The form's values, to show it again.
    pub fn values(&self) -> EnquiryValues {
        EnquiryValues {
            name: self.name.clone(),
            phone: self.phone.clone(),
            email: self.email.clone(),
            current_study: self.current_study.clone(),
            call_time: self.call_time.clone(),
            message: self.message.clone(),
            consent: self.consent == "yes",
        }
    }

    pub fn validate(&self) -> Result<ValidEnquiry, Vec<EnquiryProblem>> {
        let mut problems = Vec::new();
        let mut problem = |field, message: &str| {
            problems.push(EnquiryProblem {
                field: Some(field),
                message: format!("{}: {message}", label(field)),
            });
        };
        let name = one_line(&self.name, NAME_MAX);
        match &name {
            Err(Unfit::Empty) => problem(EnquiryField::Name, "enter your name"),
            Err(wrong) => problem(EnquiryField::Name, wrong.words(NAME_MAX)),
            Ok(_) => {}
        }
        let phone_text = self.phone.trim();
        let phone = if phone_text.is_empty() {
            None
        } else {
            let normal = indian_phone(phone_text);
            if normal.is_none() {
                problem(
                    EnquiryField::Phone,
                    "write an Indian number of 10 digits, like 98765 43210 (with +91 or a 0 in front if you like)",
                );
            }
            normal
        };
        let email_text = self.email.trim();
        let email = if email_text.is_empty() {
            None
        } else {
            let address = (email_text.chars().count() <= EMAIL_MAX)
                .then(|| email_text.parse::<Address>().ok())
                .flatten()
                .filter(|address| {
                    let name = match &name {
                        Ok(name) => *name,
                        Err(_) => "Visitor",
                    };
                    reads_back(&Mailbox::new(Some(name.to_owned()), address.clone()))
                });
            if address.is_none() {
                problem(
                    EnquiryField::Email,
                    "enter an email address like name@example.com",
                );
            }
            address
        };
        if phone_text.is_empty() && email_text.is_empty() {
            problem(
                EnquiryField::Phone,
                "give a phone number or an email address, so that we can answer",
            );
        }
        let study = one_line(&self.current_study, STUDY_MAX);
        match &study {
            Err(Unfit::Empty) => problem(
                EnquiryField::CurrentStudy,
                "say what the student studies now, like 12th Commerce",
            ),
            Err(wrong) => problem(EnquiryField::CurrentStudy, wrong.words(STUDY_MAX)),
            Ok(_) => {}
        }
        let call_time = call_time_words(if self.call_time.is_empty() {
            "any"
        } else {
            &self.call_time
        });
        if call_time.is_none() {
            problem(EnquiryField::CallTime, "choose one of the times listed");
        }
        let message = self.message.trim();
        if message.chars().count() > MESSAGE_MAX {
            problem(
                EnquiryField::Message,
                "keep it under 2,000 characters: the office will call you for the rest",
            );
        } else if text::has_stray_control(message) {
            problem(
                EnquiryField::Message,
                "remove the control characters it holds (such as NUL)",
            );
        }
        if self.consent != "yes" {
            problem(
                EnquiryField::Consent,
                "tick the box, so that the college may call or write to you about admission",
            );
        }
        match (name, study, call_time) {
            (Ok(name), Ok(current_study), Some(call_time)) if problems.is_empty() => {
                Ok(ValidEnquiry {
                    name: name.to_owned(),
                    phone,
                    email,
                    current_study: current_study.to_owned(),
                    call_time: call_time.to_owned(),
                    message: message.to_owned(),
                })
            }
            _ => Err(problems),
        }
    }
}

fn label(field: EnquiryField) -> &'static str {
    field.label()
}

/// What is wrong with a one-line field.
#[derive(Debug, PartialEq, Eq)]
enum Unfit {
    Empty,
    Unplain,
    TooLong,
}

impl Unfit {
    fn words(&self, max: usize) -> &'static str {
        match self {
            Unfit::Empty => "fill this in",
            Unfit::Unplain => "keep it to one line of plain text",
            Unfit::TooLong if max <= 100 => "use at most 100 characters",
            Unfit::TooLong => "keep it shorter",
        }
    }
}

fn one_line(raw: &str, max: usize) -> Result<&str, Unfit> {
    let value = raw.trim();
    if value.is_empty() {
        Err(Unfit::Empty)
    } else if text::unfit_for_a_name(value) {
        Err(Unfit::Unplain)
    } else if value.chars().count() > max {
        Err(Unfit::TooLong)
    } else {
        Ok(value)
    }
}

/// A phone number as people in India write it, kept as `+91` and its ten digits: `+91 98765
/// 43210`, `098765 43210`, `91-98765-43210`, `(0265) 245 8900` and `9876543210` are all
/// `+919876543210`-like. None when it is not one (too short, letters, a number abroad).
pub fn indian_phone(typed: &str) -> Option<String> {
    if !typed
        .chars()
        .all(|c| c.is_ascii_digit() || " +-().".contains(c))
    {
        return None;
    }
    let plus = typed.trim_start().starts_with('+');
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let national = match (plus, digits.len()) {
        (true, 12) => digits.strip_prefix("91")?,
        (false, 14) => digits.strip_prefix("0091")?,
        (false, 12) => digits.strip_prefix("91")?,
        (false, 11) => digits.strip_prefix('0')?,
        (false, 10) => digits.as_str(),
        _ => return None,
    };
    // A national number never starts with 0 (the trunk prefix) or 1 (service numbers).
    if national.len() != 10 || national.starts_with(['0', '1']) {
        return None;
    }
    Some(format!("+91{national}"))
}

/// Whether the mailer reads `mailbox`, as written into a mail, back as the same one (see the
/// contact form: an address it could not read back would fail every attempt to send).
fn reads_back(mailbox: &Mailbox) -> bool {
    mailbox
        .to_string()
        .parse::<Mailbox>()
        .is_ok_and(|parsed| parsed == *mailbox)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(phone: &str, email: &str) -> EnquiryForm {
        EnquiryForm {
            name: "Asha Patel".into(),
            phone: phone.into(),
            email: email.into(),
            current_study: "12th Commerce".into(),
            call_time: "evening".into(),
            message: "Is there a hostel?".into(),
            consent: "yes".into(),
            website: String::new(),
        }
    }

    #[test]
    fn phones_are_taken_as_people_in_india_write_them() {
        for typed in [
            "+91 98765 43210",
            "+91-98765-43210",
            "098765 43210",
            "98765 43210",
            "9876543210",
            "91 98765 43210",
            "0091 98765 43210",
        ] {
            assert_eq!(
                indian_phone(typed).as_deref(),
                Some("+919876543210"),
                "{typed}"
            );
        }
        assert_eq!(
            indian_phone("(0265) 245 8900").as_deref(),
            Some("+912652458900")
        );
        for wrong in [
            "12345",
            "+1 415 555 0100",
            "0000000000",
            "98765 4321x",
            "1800 123 4567",
            "+91 98765 432101",
        ] {
            assert_eq!(indian_phone(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn an_enquiry_needs_a_way_back_and_consent() {
        let valid = form("098765 43210", "").validate().expect("valid");
        assert_eq!(valid.phone.as_deref(), Some("+919876543210"));
        assert_eq!(valid.email, None);
        assert_eq!(valid.call_time, "Evening, 16:00 to 18:00");
        assert!(form("", "asha@example.com").validate().is_ok());

        let problems = form("", "").validate().expect_err("no way back");
        assert_eq!(problems[0].field, Some(EnquiryField::Phone));
        let mut unticked = form("9876543210", "");
        unticked.consent.clear();
        let problems = unticked.validate().expect_err("no consent");
        assert_eq!(problems[0].field, Some(EnquiryField::Consent));
        let mut odd = form("9876543210", "not an address");
        odd.name = "A\u{202E}B".into();
        odd.call_time = "midnight".into();
        odd.message = "x".repeat(2001);
        let fields: Vec<_> = odd
            .validate()
            .expect_err("odd")
            .into_iter()
            .filter_map(|problem| problem.field)
            .collect();
        assert_eq!(
            fields,
            [
                EnquiryField::Name,
                EnquiryField::Email,
                EnquiryField::CallTime,
                EnquiryField::Message
            ]
        );
    }
}
