//! What the mails about passkeys say, to the account's own address.

/// `what` is "passkey" or "security key"; `name` what its owner called it.
pub(super) fn added(what: &str, name: &str) -> impl FnOnce(&str) -> String {
    let (what, name) = (what.to_owned(), name.to_owned());
    move |email| {
        format!(
            "A {what} named \"{name}\" was just added to {email} on the college website. It \
             can now be used to sign in.\n\n\
             If you did not do this, reply to this mail at once to reach the college office.\n"
        )
    }
}

pub(super) fn removed(what: &str, name: &str) -> impl FnOnce(&str) -> String {
    let (what, name) = (what.to_owned(), name.to_owned());
    move |email| {
        format!(
            "The {what} named \"{name}\" was just removed from {email} on the college website: \
             it no longer signs you in.\n\n\
             If you did not do this, reply to this mail at once to reach the college office.\n"
        )
    }
}
