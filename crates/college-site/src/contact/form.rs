//! The contact form's fields, parsed into a message or into a list of problems that name each
//! field, in the words the visitor sees on the page.

use lettre::{Address, message::Mailbox};
use serde::{Deserialize, Serialize};

use crate::text;

pub const NAME_MAX: usize = 100;
pub const EMAIL_MAX: usize = 254;
pub const SUBJECT_MAX: usize = 200;
pub const MESSAGE_MAX: usize = 5000;

/// The form as posted. Every field defaults to empty, so a post with missing fields gets the
/// same clear errors as one with empty fields instead of a bare 4xx.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct ContactForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub subject: String,
    #[serde(default)]
    pub message: String,
    /// Honeypot: hidden from people and screen readers, so only bots fill it in.
    #[serde(default)]
    pub website: String,
}

/// The fields of the form, as named in the HTML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Field {
    Name,
    Email,
    Subject,
    Message,
}

impl Field {
    /// The label the visitor sees next to the input.
    pub fn label(self) -> &'static str {
        match self {
            Field::Name => "Your name",
            Field::Email => "Your email",
            Field::Subject => "Subject",
            Field::Message => "Your message",
        }
    }

    /// The id of the input in the page, for links from the error summary.
    pub fn input_id(self) -> &'static str {
        match self {
            Field::Name => "contact-name",
            Field::Email => "contact-email",
            Field::Subject => "contact-subject",
            Field::Message => "contact-message",
        }
    }
}

/// One problem with a submission. `field` is `None` for problems with the whole form, such as
/// sending too often.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub field: Option<Field>,
    pub message: String,
}

impl Problem {
    fn of(field: Field, problem: &str) -> Self {
        Self {
            field: Some(field),
            message: format!("{}: {problem}", field.label()),
        }
    }
}

/// A submission that passed every rule. Text is trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidContact {
    pub name: String,
    pub email: Address,
    pub subject: String,
    pub message: String,
}

impl ContactForm {
    /// True when the honeypot was filled in: the submission comes from a bot.
    pub fn is_bot(&self) -> bool {
        !self.website.trim().is_empty()
    }

    pub fn validate(&self) -> Result<ValidContact, Vec<Problem>> {
        let mut problems = Vec::new();
        let name = single_line(
            Field::Name,
            &self.name,
            NAME_MAX,
            "enter your name",
            &mut problems,
        );
        let email_text = single_line(
            Field::Email,
            &self.email,
            EMAIL_MAX,
            "enter your email address",
            &mut problems,
        );
        let subject = single_line(
            Field::Subject,
            &self.subject,
            SUBJECT_MAX,
            "enter a subject",
            &mut problems,
        );
        let message = self.message.trim();
        if message.is_empty() {
            problems.push(Problem::of(Field::Message, "write your message"));
        } else if let Some(problem) = too_long(message, MESSAGE_MAX) {
            problems.push(Problem::of(Field::Message, &problem));
        } else if text::has_stray_control(message) {
            problems.push(Problem::of(
                Field::Message,
                "remove the control characters it holds (such as NUL): only line breaks and tabs can be kept",
            ));
        }

        let email = email_text.and_then(|text| match parse_email(text) {
            Some(address) => Some(address),
            None => {
                problems.push(Problem::of(
                    Field::Email,
                    "enter an email address like name@example.com",
                ));
                None
            }
        });

        // The mail to the college names the visitor in Reply-To, which the mailer reads back
        // with its own parser: an address it could not read back (a quoted local part such
        // as `"a@b.example,"@college.example`) would fail every attempt to send the mail.
        if let (Some(name), Some(address)) = (name, &email)
            && !reads_back(&Mailbox::new(Some(name.to_owned()), address.clone()))
        {
            problems.push(Problem::of(
                Field::Email,
                "enter an email address like name@example.com",
            ));
        }

        match (name, email, subject) {
            (Some(name), Some(email), Some(subject)) if problems.is_empty() => Ok(ValidContact {
                name: name.to_owned(),
                email,
                subject: subject.to_owned(),
                message: message.to_owned(),
            }),
            _ => Err(problems),
        }
    }
}

/// Checks a one-line field. Line breaks are refused: they have no place in a name, an address
/// or a subject, and in a mail header they are how headers get injected.
fn single_line<'a>(
    field: Field,
    raw: &'a str,
    max: usize,
    when_empty: &str,
    problems: &mut Vec<Problem>,
) -> Option<&'a str> {
    let value = raw.trim();
    if value.is_empty() {
        problems.push(Problem::of(field, when_empty));
        None
    } else if value.chars().any(char::is_control) || value.contains(['\u{2028}', '\u{2029}']) {
        problems.push(Problem::of(field, "must be on a single line"));
        None
    } else if value.chars().any(text::is_bidi_control) {
        problems.push(Problem::of(
            field,
            "remove the characters that change the direction of text (such as U+202E)",
        ));
        None
    } else if let Some(problem) = too_long(value, max) {
        problems.push(Problem::of(field, &problem));
        None
    } else {
        Some(value)
    }
}

fn too_long(value: &str, max: usize) -> Option<String> {
    let used = value.chars().count();
    (used > max).then(|| format!("use at most {max} characters (you used {used})"))
}

/// Whether the mailer's parser reads `mailbox`, as written into a mail, back as the same one.
fn reads_back(mailbox: &Mailbox) -> bool {
    mailbox
        .to_string()
        .parse::<Mailbox>()
        .is_ok_and(|read| read.email == mailbox.email)
}

/// An address of the shape `local@domain.tld`: what lettre accepts as an address, with a dotted
/// domain name whose top level is letters (or punycode), so no bare hosts and no IP literals,
/// and no quoted local part (which some mail servers read as two addresses).
fn parse_email(text: &str) -> Option<Address> {
    let address: Address = text.parse().ok()?;
    if address.user().contains('"') {
        return None;
    }
    let domain = address.domain();
    let labels_ok = domain
        .split('.')
        .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
    let tld_ok = domain.rsplit('.').next().is_some_and(|tld| {
        (tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic))
            || tld.starts_with("xn--")
    });
    (domain.contains('.') && labels_ok && tld_ok && !domain.starts_with('[')).then_some(address)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, email: &str, subject: &str, message: &str) -> ContactForm {
        ContactForm {
            name: name.into(),
            email: email.into(),
            subject: subject.into(),
            message: message.into(),
            website: String::new(),
        }
    }

    fn fields(problems: &[Problem]) -> Vec<Option<Field>> {
        problems.iter().map(|p| p.field).collect()
    }

    #[test]
    fn a_complete_form_is_valid_and_trimmed() {
        let valid = form(" Asha Rao ", "asha@example.in", " Admission ", "\nHello\n")
            .validate()
            .expect("valid");
        assert_eq!(valid.name, "Asha Rao");
        assert_eq!(valid.email.to_string(), "asha@example.in");
        assert_eq!(valid.subject, "Admission");
        assert_eq!(valid.message, "Hello");
    }

    #[test]
    fn every_empty_field_is_named() {
        let problems = form("", " ", "", "   ").validate().expect_err("invalid");
        assert_eq!(
            fields(&problems),
            vec![
                Some(Field::Name),
                Some(Field::Email),
                Some(Field::Subject),
                Some(Field::Message)
            ]
        );
        assert_eq!(problems[0].message, "Your name: enter your name");
    }

    #[test]
    fn email_must_have_a_real_shape() {
        for bad in [
            "plain",
            "a@b",
            "a@@b.example",
            "@example.com",
            "a@example.",
            "a@.example.com",
            "a b@example.com",
            "a@[127.0.0.1]",
            "a@example.c0m1",
            r#""evil@attacker.example,"@college.example"#,
            r#""a b"@example.com"#,
        ] {
            let problems = form("A", bad, "S", "M").validate().expect_err(bad);
            assert_eq!(fields(&problems), vec![Some(Field::Email)], "{bad}");
        }
        for good in [
            "a@example.com",
            "first.last+tag@mail.college.example",
            "x@ex-ample.co.in",
        ] {
            assert!(form("A", good, "S", "M").validate().is_ok(), "{good}");
        }
    }

    #[test]
    fn lengths_are_counted_in_characters() {
        let name = "é".repeat(NAME_MAX);
        assert!(form(&name, "a@example.com", "S", "M").validate().is_ok());
        let problems = form(&format!("{name}é"), "a@example.com", "S", "M")
            .validate()
            .expect_err("too long");
        assert_eq!(
            problems[0].message,
            "Your name: use at most 100 characters (you used 101)"
        );
        let message = "m".repeat(MESSAGE_MAX + 1);
        let problems = form("A", "a@example.com", "S", &message)
            .validate()
            .expect_err("too long");
        assert_eq!(fields(&problems), vec![Some(Field::Message)]);
        let subject = "s".repeat(SUBJECT_MAX + 1);
        assert!(
            form("A", "a@example.com", &subject, "M")
                .validate()
                .is_err()
        );
    }

    #[test]
    fn line_breaks_are_refused_in_one_line_fields_but_not_in_the_message() {
        for (name, email, subject) in [
            ("A\r\nBcc: x@evil.example", "a@example.com", "S"),
            ("A", "a@example.com\nBcc: x@evil.example", "S"),
            ("A", "a@example.com", "Hi\rBcc: x@evil.example"),
            ("A\u{2028}B", "a@example.com", "S"),
        ] {
            let problems = form(name, email, subject, "M")
                .validate()
                .expect_err("refused");
            assert!(
                problems
                    .iter()
                    .any(|p| p.message.ends_with("must be on a single line")
                        || p.field == Some(Field::Email)),
                "{problems:?}"
            );
        }
        assert!(
            form("A", "a@example.com", "S", "line 1\nline 2")
                .validate()
                .is_ok()
        );
    }

    #[test]
    fn the_honeypot_marks_bots() {
        let mut bot = form("A", "a@example.com", "S", "M");
        assert!(!bot.is_bot());
        bot.website = "http://spam.example".into();
        assert!(bot.is_bot());
    }
}
