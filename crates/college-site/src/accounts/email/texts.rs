//! The mails about email addresses: a link to confirm one, and the notice to an old address
//! after a change. Plain text, saying what the link does, how long it works, and what to do
//! when it was not the reader who asked.

use lettre::{Address, message::Mailbox};

use crate::{accounts::greeting::greeting, store::NewMail};

/// Why a link is sent, which decides what its mail says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LinkPurpose {
    /// The address the account already has (given at registration).
    ConfirmCurrent,
    /// A new address, which replaces the current one when the link is used.
    ConfirmNew,
}

pub(super) struct Recipient {
    pub name: Option<String>,
    pub address: Address,
}

pub(super) fn link_mail(
    to: Recipient,
    link: &str,
    purpose: LinkPurpose,
    reply_to: &Mailbox,
) -> NewMail {
    let greeting = greeting(to.name.as_deref());
    let address = &to.address;
    let (subject, body) = match purpose {
        LinkPurpose::ConfirmCurrent => (
            "Confirm your email address",
            format!(
                "{greeting}\n\n\
                 Thank you for creating an account on the college website. Please confirm that \
                 {address} is your email address by opening this link within 24 hours:\n\n\
                 {link}\n\n\
                 The link works once. Confirming your address shows that mail about your \
                 account, such as a link to choose a new password, reaches you.\n\n\
                 If you did not create this account, you can ignore this mail: the address will \
                 not be confirmed. Reply to this mail if you would like the college office to \
                 look into it.\n"
            ),
        ),
        LinkPurpose::ConfirmNew => (
            "Confirm your new email address",
            format!(
                "{greeting}\n\n\
                 Someone, hopefully you, asked to use {address} as the email address of an \
                 account on the college website. To confirm it, open this link within 24 \
                 hours:\n\n\
                 {link}\n\n\
                 The link works once. Once you open it, you sign in with this address instead \
                 of the old one.\n\n\
                 If you did not ask for this, you can ignore this mail: the account keeps its \
                 current address.\n"
            ),
        ),
    };
    NewMail {
        recipient: Mailbox::new(to.name, to.address).to_string(),
        reply_to: reply_to.to_string(),
        subject: subject.to_owned(),
        body,
    }
}

/// The mail that tells the old address of a change. It names the new address only masked:
/// whoever reads the old mailbox need not learn it.
pub(super) fn change_notice(old: Recipient, new_email: &str, reply_to: &Mailbox) -> NewMail {
    let body = format!(
        "{greeting}\n\n\
         The email address of your account on the college website was just changed to \
         {masked}. From now on, you sign in with the new address, and mail about your account \
         goes there.\n\n\
         If you made this change, there is nothing more to do.\n\n\
         If you did not, someone else may be using your account. Reply to this mail to reach \
         the college office, and we will help you get it back.\n",
        greeting = greeting(old.name.as_deref()),
        masked = mask_email(new_email),
    );
    NewMail {
        recipient: Mailbox::new(old.name, old.address).to_string(),
        reply_to: reply_to.to_string(),
        subject: "Your email address was changed".to_owned(),
        body,
    }
}

/// `asha@example.com` -> `a•••@example.com`.
pub fn mask_email(email: &str) -> String {
    let (local, domain) = email.rsplit_once('@').unwrap_or((email, ""));
    let first: String = local.chars().take(1).collect();
    format!("{first}•••@{domain}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_addresses_keep_the_first_letter_and_the_domain() {
        assert_eq!(mask_email("asha.rao@example.com"), "a•••@example.com");
        assert_eq!(mask_email("Ä@example.org"), "Ä•••@example.org");
    }

    #[test]
    fn a_notice_never_names_the_new_address_in_full() {
        let office: Mailbox = "Office <office@college.test>".parse().expect("mailbox");
        let old = Recipient {
            name: Some("Asha".into()),
            address: "asha@example.com".parse().expect("address"),
        };
        let notice = change_notice(old, "newname@example.org", &office);
        assert!(notice.body.contains("n•••@example.org"), "{}", notice.body);
        assert!(!notice.body.contains("newname"), "{}", notice.body);
        assert_eq!(notice.recipient, "Asha <asha@example.com>");
    }
}
