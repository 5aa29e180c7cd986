//! What the mails about two-step sign-in say, to the account's own address: each says what
//! happened and what to do when it was not the reader.

pub(super) fn turned_on(email: &str) -> String {
    format!(
        "Two-step sign-in was just turned on for {email} on the college website. From now on, \
         signing in asks for a code from your authenticator app after your password or \
         Google.\n\n\
         Keep your recovery codes somewhere safe: each signs you in once if you lose your \
         phone.\n\n\
         If you did not do this, reply to this mail at once to reach the college office.\n"
    )
}

/// After `wrong_codes` wrong codes in a row.
pub(super) fn paused(email: &str, wrong_codes: i64) -> String {
    format!(
        "Someone typed {wrong_codes} wrong two-step sign-in codes for {email} on the college \
         website, after the password (or Google) was accepted. Signing in to this account is \
         paused for 15 minutes.\n\n\
         If it was you, wait and use the newest code from your app, or a recovery code.\n\n\
         If it was not you, your password is known to someone else: change it on your account \
         page as soon as you can, and reply to this mail to reach the college office.\n"
    )
}

pub(super) fn new_codes(email: &str) -> String {
    format!(
        "New recovery codes were just made for {email} on the college website; the old ones no \
         longer work.\n\n\
         If you did not do this, reply to this mail at once to reach the college office.\n"
    )
}

pub(super) fn reset_by_admin(email: &str) -> String {
    format!(
        "The college's administrator turned off two-step sign-in for {email} on the college \
         website, as asked when a phone is lost, and signed the account out everywhere.\n\n\
         Sign in with your password or Google and set up two-step sign-in again on your \
         account page.\n\n\
         If you did not ask for this, reply to this mail at once.\n"
    )
}

pub(super) fn turned_off(email: &str) -> String {
    format!(
        "Two-step sign-in was just turned off for {email} on the college website: signing in \
         needs only your password or Google again.\n\n\
         If you did not do this, reply to this mail at once to reach the college office.\n"
    )
}
