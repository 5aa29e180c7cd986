//! Who acts in the staff area, as the audit log and a revision's history say it: the staff
//! member of a request, with their name and address at the time.

use std::net::IpAddr;

use crate::{
    accounts::session::service::ActiveSession,
    store::{Actor, AuditAction, NewAuditEntry, SharedStore, StoreError, now_millis},
};

/// A staff member acting from a request: what the audit log says of them.
pub struct StaffActor {
    pub account_id: String,
    pub email: String,
    pub name: Option<String>,
    pub ip: IpAddr,
}

impl StaffActor {
    pub async fn of(
        store: &SharedStore,
        active: &ActiveSession,
        ip: IpAddr,
    ) -> Result<Self, StoreError> {
        let profile = store.profile(&active.account.id).await?;
        Ok(Self {
            account_id: active.account.id.clone(),
            email: profile
                .as_ref()
                .map_or_else(|| active.account.email_key.clone(), |p| p.email.clone()),
            name: profile.and_then(|p| p.display_name),
            ip,
        })
    }

    /// "Name <email>", or the email alone.
    pub fn in_words(&self) -> String {
        match &self.name {
            Some(name) => format!("{name} <{}>", self.email),
            None => self.email.clone(),
        }
    }

    /// This staff member as the audit log names an actor.
    pub fn actor(&self) -> Actor {
        Actor::Staff {
            email: self.email.to_lowercase(),
            name: self.name.clone(),
            ip: Some(self.ip.to_string()),
        }
    }

    /// An audit entry of `action` by this staff member, now.
    pub fn entry(
        &self,
        action: AuditAction,
        target_email: Option<String>,
        target: String,
    ) -> NewAuditEntry {
        NewAuditEntry {
            at: now_millis(),
            actor: self.actor(),
            action,
            target_email: target_email.map(|email| email.to_lowercase()),
            target,
        }
    }
}
