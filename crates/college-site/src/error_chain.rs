//! An error with its causes, for a log line: `cannot store the message: database error: pool
//! timed out`. Each error's own message says only what it adds; the causes come from
//! `source()`, so none is printed twice and none is lost.

use std::{error::Error, fmt};

/// Displays `error` and every error behind it, joined by ": ".
pub struct Chain<'a>(pub &'a (dyn Error + 'static));

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut cause = self.0.source();
        while let Some(error) = cause {
            write!(f, ": {error}")?;
            cause = error.source();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Chain;

    #[derive(Debug, thiserror::Error)]
    #[error("cannot store the message")]
    struct Outer(#[source] std::io::Error);

    #[test]
    fn every_cause_is_said_once() {
        let error = Outer(std::io::Error::other("disk full"));
        assert_eq!(
            Chain(&error).to_string(),
            "cannot store the message: disk full"
        );
    }
}
