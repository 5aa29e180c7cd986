//! The account fields, parsed into types that cannot hold an invalid value. Each refusal says
//! which rule failed, in words a visitor understands.

use std::{collections::HashSet, sync::LazyLock};

use crate::{config::secrets::Secret, text};

pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;
pub const DISPLAY_NAME_MAX: usize = 100;
pub const EMAIL_MAX: usize = 254;

/// A field of an accounts form, as the API names it. `Password` is always the current one;
/// `NewPassword` the one chosen on the account page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountField {
    DisplayName,
    Email,
    Password,
    NewPassword,
    Mobile,
    /// What the owner calls a passkey.
    PasskeyName,
}

impl AccountField {
    /// The field's name in the API's errors, as the app's forms know it.
    pub fn name(self) -> &'static str {
        match self {
            Self::DisplayName => "displayName",
            Self::Email => "email",
            Self::Password => "password",
            Self::NewPassword => "newPassword",
            Self::Mobile => "mobile",
            Self::PasskeyName => "name",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: AccountField,
    pub message: String,
}

fn refuse<T>(field: AccountField, message: impl Into<String>) -> Result<T, FieldError> {
    Err(FieldError {
        field,
        message: message.into(),
    })
}

/// An email address as typed (trimmed), with the key that makes it unique regardless of case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    display: String,
    key: String,
}

impl Email {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let display = raw.trim();
        if display.is_empty() {
            return refuse(AccountField::Email, "Enter your email address.");
        }
        if display.chars().count() > EMAIL_MAX {
            return refuse(
                AccountField::Email,
                format!("An email address has at most {EMAIL_MAX} characters."),
            );
        }
        // No quoted local part: the mailer cannot read such an address back from a mail's
        // header, so every mail to it would fail (and sound the failed-mail alarm).
        let shape_ok = display.parse::<lettre::Address>().is_ok_and(|address| {
            let domain = address.domain();
            domain.contains('.')
                && !domain.starts_with('[')
                && !domain.ends_with('.')
                && !address.user().contains('"')
        });
        if !shape_ok {
            return refuse(
                AccountField::Email,
                "Enter an email address like name@example.com.",
            );
        }
        Ok(Self {
            display: display.to_owned(),
            key: display.to_lowercase(),
        })
    }

    pub fn as_str(&self) -> &str {
        &self.display
    }

    /// The lower-cased form that identifies the account.
    pub fn key(&self) -> &str {
        &self.key
    }
}

/// A password that meets the rules, held as a [`Secret`] so that `Debug` hides it.
#[derive(Clone, Debug)]
pub struct Password(Secret<String>);

/// The rule, as the form states it before anyone types.
pub const PASSWORD_RULE: &str =
    "8 to 128 characters. Avoid common passwords and your email address.";

static COMMON_PASSWORDS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("../../data/common-passwords.txt")
        .lines()
        .filter(|line| !line.is_empty())
        .collect()
});

impl Password {
    /// Applies the rules for a new password: length, not common, not the email.
    pub fn new_for(raw: &str, email: &Email) -> Result<Self, FieldError> {
        let length = raw.chars().count();
        if length < PASSWORD_MIN {
            return refuse(
                AccountField::Password,
                format!(
                    "Use at least {PASSWORD_MIN} characters for your password (you used {length})."
                ),
            );
        }
        if length > PASSWORD_MAX {
            return refuse(
                AccountField::Password,
                format!("Use at most {PASSWORD_MAX} characters for your password."),
            );
        }
        let lowered = raw.to_lowercase();
        if COMMON_PASSWORDS.contains(lowered.as_str()) {
            return refuse(
                AccountField::Password,
                "This password is one of the most common passwords, so it is easy to guess. Choose another.",
            );
        }
        if lowered.trim() == email.key() {
            return refuse(
                AccountField::Password,
                "Your password must not be your email address.",
            );
        }
        Ok(Self(raw.into()))
    }

    /// A password as typed at login: only its length is bounded, so that an absurdly long
    /// input never reaches the hash function.
    pub fn for_login(raw: &str) -> Option<Self> {
        (!raw.is_empty() && raw.chars().count() <= PASSWORD_MAX).then(|| Self(raw.into()))
    }

    pub fn expose(&self) -> &str {
        self.0.expose()
    }

    #[cfg(test)]
    pub fn common_list_size() -> usize {
        COMMON_PASSWORDS.len()
    }
}

/// A display name: 1 to 100 characters after trimming, on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let name = raw.trim();
        if name.is_empty() {
            return refuse(AccountField::DisplayName, "Enter your name.");
        }
        if name.chars().count() > DISPLAY_NAME_MAX {
            return refuse(
                AccountField::DisplayName,
                format!("Use at most {DISPLAY_NAME_MAX} characters for your name."),
            );
        }
        if name.chars().any(char::is_control) {
            return refuse(AccountField::DisplayName, "Your name must be on one line.");
        }
        if text::unfit_for_a_name(name) {
            return refuse(
                AccountField::DisplayName,
                "Your name holds a character that changes the direction of text (such as U+202E). Type it without.",
            );
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A mobile number: 7 to 15 digits, an optional leading '+', and spaces or dashes as typed.
/// Kept normalised: the '+' (if any) and the digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mobile(String);

impl Mobile {
    /// A required mobile number (registration).
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        Self::parse_optional(raw)?.map_or_else(
            || refuse(AccountField::Mobile, "Enter your mobile number."),
            Ok,
        )
    }

    /// A mobile number that may be left empty (the account page; accounts made with Google
    /// have none): `None` when it is.
    pub fn parse_optional(raw: &str) -> Result<Option<Self>, FieldError> {
        let typed = raw.trim();
        if typed.is_empty() {
            return Ok(None);
        }
        let (plus, rest) = match typed.strip_prefix('+') {
            Some(rest) => ("+", rest),
            None => ("", typed),
        };
        if !rest
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-'))
        {
            return refuse(
                AccountField::Mobile,
                "A mobile number has only digits, spaces and dashes, with an optional '+' at the start.",
            );
        }
        let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
        if !(7..=15).contains(&digits.len()) {
            return refuse(
                AccountField::Mobile,
                format!(
                    "A mobile number has 7 to 15 digits (you entered {}).",
                    digits.len()
                ),
            );
        }
        Ok(Some(Self(format!("{plus}{digits}"))))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email(raw: &str) -> Email {
        Email::parse(raw).expect("valid email")
    }

    #[test]
    fn emails_are_trimmed_and_keyed_without_case() {
        let parsed = email("  Asha.Rao@Example.COM ");
        assert_eq!(parsed.as_str(), "Asha.Rao@Example.COM");
        assert_eq!(parsed.key(), "asha.rao@example.com");
        for bad in [
            "",
            "asha",
            "asha@localhost",
            "a b@example.com",
            "asha@[127.0.0.1]",
            r#""victim@example.com,"@college.example"#,
        ] {
            assert_eq!(
                Email::parse(bad).map_err(|e| e.field),
                Err(AccountField::Email),
                "{bad}"
            );
        }
    }

    #[test]
    fn password_rules_say_which_rule_failed() {
        let owner = email("asha.rao@example.com");
        let message = |raw: &str| Password::new_for(raw, &owner).expect_err(raw).message;
        assert!(message("short").contains("at least 8"));
        assert!(message(&"x".repeat(129)).contains("at most 128"));
        assert!(message("password123").contains("most common passwords"));
        assert!(message("ASHA.RAO@example.com").contains("email address"));
        assert!(Password::new_for("correct horse battery", &owner).is_ok());
        assert!(
            Password::new_for(&"é".repeat(128), &owner).is_ok(),
            "counted in characters"
        );
    }

    #[test]
    fn the_common_list_is_large_and_has_the_classics() {
        assert!(Password::common_list_size() >= 10_000);
        let owner = email("x@example.com");
        for classic in [
            "12345678",
            "qwertyuiop",
            "iloveyou",
            "Password1",
            "1qaz2wsx",
        ] {
            assert!(Password::new_for(classic, &owner).is_err(), "{classic}");
        }
    }

    #[test]
    fn passwords_never_show_in_debug_output() {
        let password = Password::for_login("hunter2hunter2").expect("ok");
        assert_eq!(format!("{password:?}"), "Password([redacted])");
    }

    #[test]
    fn display_names() {
        assert_eq!(DisplayName::parse("  Asha  ").expect("ok").as_str(), "Asha");
        assert!(DisplayName::parse("   ").is_err());
        assert!(DisplayName::parse(&"n".repeat(101)).is_err());
        assert!(DisplayName::parse(&"n".repeat(100)).is_ok());
        assert!(
            DisplayName::parse(&"é".repeat(100)).is_ok(),
            "counted in characters"
        );
        assert!(DisplayName::parse("Asha\nRao").is_err());
    }

    #[test]
    fn mobiles_are_kept_as_a_plus_and_digits() {
        for (typed, kept) in [
            ("+91 98765 43210", "+919876543210"),
            (" 98765-43210 ", "9876543210"),
            ("1234567", "1234567"),
            ("+123456789012345", "+123456789012345"),
        ] {
            assert_eq!(Mobile::parse(typed).expect(typed).as_str(), kept);
        }
        for bad in [
            "123456",
            "1234567890123456",
            "98765x43210",
            "(022) 2345-6789",
            "98765+43210",
            "++919876543210",
            "+",
            "",
        ] {
            assert_eq!(
                Mobile::parse(bad).map_err(|e| e.field),
                Err(AccountField::Mobile),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_optional_mobile_may_be_empty() {
        assert_eq!(Mobile::parse_optional("  "), Ok(None));
        assert_eq!(
            Mobile::parse_optional("+91 98765 43210").map(|m| m.map(|m| m.0)),
            Ok(Some("+919876543210".to_owned()))
        );
        assert!(Mobile::parse_optional("12-34").is_err());
        let required = Mobile::parse("").expect_err("required at registration");
        assert_eq!(required.message, "Enter your mobile number.");
    }
}
