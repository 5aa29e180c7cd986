//! The college's leadership, first on the directory: its principal, vice-principal and heads
//! of department, and its governing body, each from their person record (the "In the
//! college's leadership" field), so that a change of principal is one record's change.

use super::html::{Photos, contact_link, person_path, photo};
use super::person::Person;
use crate::content::items::fields::career::Day;
use crate::web::html::{Html, html};

/// The college's leadership, first on the directory: the principal, the vice-principal and the
/// heads of department as cards with their contact where it is published, then the governing
/// body as a list. Empty when nobody current holds a place.
pub fn leadership(people: &[Person], day: Day, photos: &Photos) -> Html {
    let mut leaders: Vec<&Person> = people
        .iter()
        .filter(|person| person.is_current(day) && person.leadership() > 0)
        .collect();
    leaders.sort_by_cached_key(|person| (person.leadership(), person.order_key()));
    let (staff, board): (Vec<&Person>, Vec<&Person>) = leaders
        .into_iter()
        .partition(|person| person.leadership() <= 3);
    let cards: Html = staff
        .iter()
        .map(|person| leader_card(person, day, photos))
        .collect();
    let cards = if cards.is_empty() {
        Html::new()
    } else {
        html!(r#"<ul class="people-grid" role="list">{}</ul>"#, cards)
    };
    let members: Html = board
        .iter()
        .map(|person| {
            let place = person.text("leadership");
            let role = place.strip_prefix("Governing body: ").unwrap_or(place);
            html!(
                r#"<li><a class="members__name" href="{}">{}</a>, {}</li>"#,
                person_path(&person.slug),
                person.name(),
                role
            )
        })
        .collect();
    let board = if members.is_empty() {
        Html::new()
    } else {
        html!(
            r#"<h3 id="governing-body">Governing body</h3><ul class="members">{}</ul>"#,
            members
        )
    };
    if cards.is_empty() && board.is_empty() {
        return Html::new();
    }
    html!(
        r#"<section class="people__leadership" aria-labelledby="leadership"><h2 id="leadership">Leadership</h2>{}{}</section>"#,
        cards,
        board
    )
}

/// A leader's card: their place (a head of department's with the department) and their
/// contact where it is published, as the UGC asks of the principal and the heads.
fn leader_card(person: &Person, day: Day, photos: &Photos) -> Html {
    let post = person.appointment_on(day);
    let place = match person.text("leadership") {
        "Head of department" => format!(
            "Head of department, {}",
            post.as_ref().map_or("", |post| post.department)
        ),
        place => place.to_owned(),
    };
    let contact: Html = person
        .published_contact()
        .into_iter()
        .map(|(how, value)| html!("<p>{}</p>", contact_link(how, value)))
        .collect();
    html!(
        concat!(
            r#"<li class="person-card">{photo}<div>"#,
            r#"<h3 class="person-card__name"><a href="{path}">{name}</a></h3>"#,
            r#"<p class="person-card__designation">{place}</p>{contact}</div></li>"#,
        ),
        photo = photo(person, photos, "6rem", true),
        path = person_path(&person.slug),
        name = person.name(),
        place = place,
        contact = contact,
    )
}
