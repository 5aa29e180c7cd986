//! `/api/content/people`: the directory as editors keep it. The list (current and former
//! people, each with the post that holds today), adding a person by name, the faculty list as
//! CSV ([`super::export`]), and each person's own routes, which are the fielded items'
//! ([`crate::content::items::routes`]), by slug, with `/unpublish` to take a record off the site.

use axum::{
    Json, Router,
    extract::State,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};

use super::kind::People;
use super::person::{Person, today};
use super::{export, order, service};
use crate::content::error::ContentError;
use crate::content::items::fields::career::Day;
use crate::content::items::routes::{self as item_routes, ItemBody};
use crate::content::publishing::editor::actor;
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::{ItemRow, Version},
};

pub const PEOPLE_API: &str = "/api/content/people";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(PEOPLE_API, get(list).post(add))
        .route(&format!("{PEOPLE_API}.csv"), get(export::faculty_csv))
        // Beside the people's own addresses, so that no person's can be taken for it.
        .route(&format!("{PEOPLE_API}-order"), post(order::put_in_order))
        .merge(item_routes::routes::<People>(PEOPLE_API, true))
}

/// A person as the staff list shows them: the item's summary, with the post that holds
/// today and whether they have left.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Listed<'a> {
    #[serde(flatten)]
    item: ItemBody,
    designation: &'a str,
    department: &'a str,
    teaches: bool,
    left_on: &'a str,
    former: bool,
    /// A record made for a committee's member, never filled in: the office's to complete.
    needs_details: bool,
}

#[derive(Serialize)]
struct PeopleList<'a> {
    people: Vec<Listed<'a>>,
}

fn listed(item: ItemRow, person: &Person, today: Day) -> Option<Listed<'_>> {
    let career = person.career();
    let needs_details =
        item.live.is_none() && career.appointments.is_empty() && person.leadership() == 0;
    let post = career.appointment_on(today);
    Some(Listed {
        item: ItemBody::summary::<People>(item)?,
        designation: post.as_ref().map_or("", |post| post.designation),
        department: post.as_ref().map_or("", |post| post.department),
        teaches: person.teaches(),
        left_on: person.text("leftOn"),
        former: !person.is_current(today),
        needs_details,
    })
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let mut people = service::people(&state.store, Version::Head)
        .await
        .map_err(ContentError::from)?;
    people.sort_by_cached_key(|(_, person)| person.order_key());
    let (items, people): (Vec<ItemRow>, Vec<Person>) = people.into_iter().unzip();
    let day = today();
    let people: Vec<Listed> = items
        .into_iter()
        .zip(&people)
        .filter_map(|(item, person)| listed(item, person, day))
        .collect();
    // Serialised as it stands: a list of 2,000 is not built as a JSON tree first.
    Ok((no_store(), Json(PeopleList { people })).into_response())
}

#[derive(Debug, Deserialize)]
struct AddInput {
    name: String,
}

/// Adds a person by name, as a draft: answers the record opened, for the editor to fill in.
async fn add(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    SameOriginJson(input): SameOriginJson<AddInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = service::add(&state.store, &actor, &input.name).await?;
    item_routes::opened::<People>(&state, item).await
}
