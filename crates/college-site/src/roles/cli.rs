//! `college-site roles grant|revoke|list`: the site's operator gives and takes roles on the
//! server, against the same database as `serve` (while it runs: both backends take writes
//! from several processes).

use crate::{
    accounts::{domain::Email, session::service::has_second_factor},
    config::{RolesAction, RolesArgs},
    store::{self, Actor, AuditAction, NewAuditEntry, Role, RoleRevoked, SharedStore, now_millis},
};

/// Runs one `roles` command and returns what to print.
pub async fn run(args: RolesArgs) -> anyhow::Result<String> {
    let store = store::connect(args.database.checked_url()?.expose()).await?;
    match args.action {
        RolesAction::Grant { email, role } => grant(&store, &email, &role).await,
        RolesAction::Revoke { email, role } => revoke(&store, &email, &role).await,
        RolesAction::List => list(&store).await,
    }
}

async fn grant(store: &SharedStore, email: &str, role: &str) -> anyhow::Result<String> {
    let role = parse_role(role)?;
    let account_id = account_of(store, email).await?;
    let audit = audit_entry(AuditAction::RoleGranted, role, email);
    Ok(if store.grant_role(&account_id, role, &audit).await? {
        let next = if has_second_factor(store, &account_id).await? {
            ""
        } else {
            " Staff accounts sign in in two steps: until they set up two-step sign-in on their account page, they can open nothing else."
        };
        format!("{email} is now a {}.{next}", role.name())
    } else {
        format!("{email} was already a {}: nothing changed.", role.name())
    })
}

async fn revoke(store: &SharedStore, email: &str, role: &str) -> anyhow::Result<String> {
    let role = parse_role(role)?;
    let account_id = account_of(store, email).await?;
    let audit = audit_entry(AuditAction::RoleRevoked, role, email);
    match store.revoke_role(&account_id, role, &audit).await? {
        RoleRevoked::Revoked => Ok(format!("{email} is no longer a {}.", role.name())),
        RoleRevoked::NotHeld => Ok(format!(
            "{email} was not a {}: nothing changed.",
            role.name()
        )),
        RoleRevoked::LastAdmin => Err(anyhow::anyhow!(
            "{email} is the only admin: make someone else an admin first"
        )),
    }
}

/// The audit log's entry for a role change made here: the command line is the actor.
fn audit_entry(action: AuditAction, role: Role, email: &str) -> NewAuditEntry {
    let email = email.trim().to_lowercase();
    NewAuditEntry {
        at: now_millis(),
        actor: Actor::CommandLine,
        action,
        target: format!("{} for {email}", role.name()),
        target_email: Some(email),
    }
}

async fn list(store: &SharedStore) -> anyhow::Result<String> {
    let holders = store.role_holders().await?;
    if holders.is_empty() {
        return Ok("Nobody holds a role.".to_owned());
    }
    let lines: Vec<String> = holders
        .iter()
        .map(|holder| {
            let chair = if holder.chair { "\tchairperson" } else { "" };
            format!(
                "{}\t{}\t{}{chair}",
                holder.role.name(),
                holder.email,
                holder.display_name.as_deref().unwrap_or("")
            )
        })
        .collect();
    Ok(format!("role\temail\tname\n{}", lines.join("\n")))
}

fn parse_role(name: &str) -> anyhow::Result<Role> {
    Role::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = Role::ALL.iter().map(|role| role.name()).collect();
        anyhow::anyhow!("unknown role {name:?}: the roles are {}", known.join(", "))
    })
}

async fn account_of(store: &SharedStore, email: &str) -> anyhow::Result<String> {
    let email = Email::parse(email).map_err(|problem| {
        anyhow::anyhow!("{email:?} is not an email address: {}", problem.message)
    })?;
    store
        .account_by_email(email.key())
        .await?
        .map(|account| account.id)
        .ok_or_else(|| anyhow::anyhow!("no account has the email {:?}", email.as_str()))
}
