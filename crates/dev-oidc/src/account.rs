//! The people one can sign in as.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

/// An account offered by the chooser, and the identity put in the tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Display name (`name` claim). An empty name leaves the claim out, as some Google
    /// accounts do.
    pub name: String,
    /// `email` claim.
    pub email: String,
    /// `email_verified` claim.
    pub email_verified: bool,
}

impl Account {
    pub fn new(name: impl Into<String>, email: impl Into<String>, email_verified: bool) -> Self {
        Self {
            name: name.into(),
            email: email.into(),
            email_verified,
        }
    }

    /// The chooser's accounts unless told otherwise: two verified people and one whose email
    /// is not verified, so the site's handling of that case can be tried.
    pub fn defaults() -> Vec<Account> {
        vec![
            Account::new("Asha Rao", "asha.rao@example.com", true),
            Account::new("Ravi Kumar", "ravi.kumar@example.com", true),
            Account::new("Unverified User", "unverified@example.com", false),
        ]
    }

    /// The `sub` claim: derived from the email alone, so the same person keeps the same subject
    /// across restarts, keys and providers, as a real Google account does.
    pub fn subject(&self) -> String {
        let digest = Sha256::digest(format!("dev-oidc:{}", self.email.to_lowercase()));
        digest[..16].iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Checks the account can be put in a token: a plausible email, no control characters.
    pub(crate) fn validate(&self) -> Result<(), String> {
        let email = &self.email;
        let plausible = email.len() <= 254
            && email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty() && !domain.is_empty() && !domain.contains('@')
            })
            && !email.chars().any(|c| c.is_whitespace() || c.is_control());
        if !plausible {
            return Err("Enter an email address like name@example.com.".into());
        }
        if self.name.len() > 200 || self.name.chars().any(char::is_control) {
            return Err("Enter a shorter name, on one line.".into());
        }
        Ok(())
    }
}

/// `Name <email>` for a verified email, `Name <email> (unverified)` for an unverified one; the
/// form the `--account` flag takes.
impl FromStr for Account {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let (rest, verified) = match s.strip_suffix("(unverified)") {
            Some(rest) => (rest.trim_end(), false),
            None => (s, true),
        };
        let parsed = rest.strip_suffix('>').and_then(|r| r.rsplit_once('<'));
        let Some((name, email)) = parsed else {
            return Err(format!(
                "{s:?}: expected \"Name <email>\" or \"Name <email> (unverified)\""
            ));
        };
        let account = Account::new(name.trim(), email.trim(), verified);
        account.validate().map_err(|why| format!("{s:?}: {why}"))?;
        Ok(account)
    }
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} <{}>", self.name, self.email)?;
        if !self.email_verified {
            f.write_str(" (unverified)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_flag_form() {
        let a: Account = "Asha Rao <asha.rao@example.com>".parse().unwrap();
        assert_eq!(a, Account::new("Asha Rao", "asha.rao@example.com", true));
        let u: Account = " Un User <u@example.com>  (unverified) ".parse().unwrap();
        assert_eq!(u, Account::new("Un User", "u@example.com", false));
        assert_eq!(u.to_string().parse::<Account>().unwrap(), u);
        assert!("no email".parse::<Account>().is_err());
        assert!("Bad <not-an-email>".parse::<Account>().is_err());
    }

    #[test]
    fn subject_is_stable_per_email() {
        let a = Account::new("A", "Asha.Rao@example.com", true);
        let b = Account::new("Other name", "asha.rao@example.com", false);
        assert_eq!(a.subject(), b.subject());
        assert_eq!(a.subject().len(), 32);
        assert_ne!(
            a.subject(),
            Account::new("A", "ravi@example.com", true).subject()
        );
    }
}
