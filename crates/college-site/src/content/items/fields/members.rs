//! A committee's members as editors write them, one per line: the name, a bar, the role, and
//! where the member is to be reached, a phone or an email, after another bar if at all
//! (`Dr Meera Shah | Chairperson | meera.shah@college.example`). A member who is one of the
//! college's people is named by their record's address instead (`@dr-meera-shah |
//! Chairperson`): their name, page and contact come from the record, and they leave every
//! committee when they leave the college. Checked here, and drawn as the list the disclosure
//! page shows.

use super::values::{is_email, is_phone, phone_digits};
use crate::content::publishing::rules::is_slug;
use crate::web::html::{Html, html};

/// Members one committee lists at most.
pub const MAX_MEMBERS: usize = 20;
/// The longest name, and the longest role.
const MAX_PART_CHARS: usize = 80;

/// How a member is reached.
#[derive(Debug, PartialEq, Eq)]
pub enum Reach<'a> {
    Phone(&'a str),
    Email(&'a str),
}

#[derive(Debug, PartialEq, Eq)]
pub struct Member<'a> {
    /// The name as written; for a member named by their record, the record's address.
    pub name: &'a str,
    /// Whether `name` is a person record's address (`@dr-meera-shah` written).
    pub is_person: bool,
    pub role: &'a str,
    pub reach: Option<Reach<'a>>,
}

/// A member named by their record, as the record has them today: none when they have left
/// the college (or there is no such record), and they are left out of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub name: String,
    /// Their page, when it is published.
    pub href: Option<String>,
    /// Their email and phone, where the college publishes them.
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// The members of `value`, or what is wrong with the first line that is not one.
pub fn parse(value: &str) -> Result<Vec<Member<'_>>, &'static str> {
    let lines: Vec<&str> = value
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if lines.len() > MAX_MEMBERS {
        return Err("Keep to 20 members: link the whole list as a document for more.");
    }
    lines.into_iter().map(member).collect()
}

fn member(line: &str) -> Result<Member<'_>, &'static str> {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    let (name, role, reach) = match parts.as_slice() {
        [name, role] => (*name, *role, None),
        [name, role, reach] => (*name, *role, Some(*reach)),
        _ => {
            return Err(
                "Write each member as their name, a bar and their role, then a bar and a phone or email if they are to be reached: Dr Meera Shah | Chairperson | meera.shah@college.example",
            );
        }
    };
    let fits = |part: &str| !part.is_empty() && part.chars().count() <= MAX_PART_CHARS;
    if !fits(name) || !fits(role) {
        return Err("Give each member a name and a role, each under 80 characters.");
    }
    let (name, is_person) = match name.strip_prefix('@') {
        Some(slug) if is_slug(slug) => (slug, true),
        Some(_) => {
            return Err(
                "After @ write the address of a person's record, like @dr-meera-shah: choose them from the list of people.",
            );
        }
        None => (name, false),
    };
    let reach = match reach {
        None | Some("") => None,
        Some(email) if email.contains('@') => {
            if !is_email(email) {
                return Err("Write one email address, like office@college.example.");
            }
            Some(Reach::Email(email))
        }
        Some(phone) if is_phone(phone) && phone_digits(phone).len() >= 6 => {
            Some(Reach::Phone(phone))
        }
        Some(_) => {
            return Err(
                "Reach a member by one phone number (digits, spaces, + and brackets) or one email.",
            );
        }
    };
    Ok(Member {
        name,
        is_person,
        role,
        reach,
    })
}

/// The members as a list, each name first, a member named by their record as `resolve` finds
/// them (left out when it finds none); only called with checked text, a line that is not a
/// member is left out.
pub fn list(value: &str, resolve: &dyn Fn(&str) -> Option<Resolved>) -> Html {
    listed(value, resolve, Prefer::Email)
}

/// As [`list`], for a telephone directory: a person's own phone comes before their email.
pub fn directory(value: &str, resolve: &dyn Fn(&str) -> Option<Resolved>) -> Html {
    listed(value, resolve, Prefer::Phone)
}

/// Which of a person's own ways to reach them a list shows, when the line gives none.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefer {
    Email,
    Phone,
}

fn listed(value: &str, resolve: &dyn Fn(&str) -> Option<Resolved>, prefer: Prefer) -> Html {
    let items: Html = value
        .lines()
        .filter_map(|line| member(line).ok())
        .filter_map(|member| {
            if !member.is_person {
                let name = html!(r#"<span class="members__name">{}</span>"#, member.name);
                return Some(item(name, member.role, reach_html(member.reach)));
            }
            let person = resolve(member.name)?;
            let name = match &person.href {
                Some(href) => html!(
                    r#"<a class="members__name" href="{}">{}</a>"#,
                    href,
                    person.name
                ),
                None => html!(r#"<span class="members__name">{}</span>"#, person.name),
            };
            // A way to reach them on this committee comes before their own.
            let email = person.email.as_deref().map(Reach::Email);
            let phone = person.phone.as_deref().map(Reach::Phone);
            let own = match prefer {
                Prefer::Email => email.or(phone),
                Prefer::Phone => phone.or(email),
            };
            let reach = reach_html(member.reach.or(own));
            Some(item(name, member.role, reach))
        })
        .collect();
    html!(r#"<ul class="members">{items}</ul>"#, items = items)
}

fn reach_html(reach: Option<Reach<'_>>) -> Html {
    match reach {
        Some(Reach::Phone(phone)) => {
            html!(r#" <a href="tel:{}">{}</a>"#, phone_digits(phone), phone)
        }
        Some(Reach::Email(email)) => {
            html!(r#" <a href="mailto:{email}">{email}</a>"#, email = email)
        }
        None => Html::new(),
    }
}

fn item(name: Html, role: &str, reach: Html) -> Html {
    html!("<li>{}, {}{}</li>", name, role, reach)
}

/// The addresses of the person records `value` names.
pub fn people_named(value: &str) -> Vec<&str> {
    value
        .lines()
        .filter_map(|line| member(line).ok())
        .filter(|member| member.is_person)
        .map(|member| member.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_a_name_a_role_and_perhaps_a_way_to_reach_them() {
        let members = parse(
            "Dr Meera Shah | Chairperson | meera.shah@college.example\n\nRavi Patel|Student member\nAnil Joshi | Member | +91 98250 12345",
        )
        .expect("members");
        assert_eq!(
            members,
            vec![
                Member {
                    name: "Dr Meera Shah",
                    is_person: false,
                    role: "Chairperson",
                    reach: Some(Reach::Email("meera.shah@college.example")),
                },
                Member {
                    name: "Ravi Patel",
                    is_person: false,
                    role: "Student member",
                    reach: None,
                },
                Member {
                    name: "Anil Joshi",
                    is_person: false,
                    role: "Member",
                    reach: Some(Reach::Phone("+91 98250 12345")),
                },
            ]
        );
        for refused in [
            "Dr Meera Shah",
            " | Chairperson",
            "Meera | Chair | a@b",
            "Meera | Chair | call me",
            "Meera | Chair | 12",
            "Meera | Chair | x@y.example | more",
        ] {
            assert!(parse(refused).is_err(), "{refused}");
        }
        assert!(parse(&"A | B\n".repeat(MAX_MEMBERS + 1)).is_err());
    }

    #[test]
    fn the_list_is_escaped_and_links_each_way_to_reach() {
        assert_eq!(
            list(
                "Dr <b>Shah</b> | Chair & convener | +91 265 245 8900\nRavi | Student | ravi@college.example",
                &|_| None
            )
            .as_str(),
            concat!(
                r#"<ul class="members"><li><span class="members__name">Dr &lt;b&gt;Shah&lt;/b&gt;</span>, Chair &amp; convener <a href="tel:+912652458900">+91 265 245 8900</a></li>"#,
                r#"<li><span class="members__name">Ravi</span>, Student <a href="mailto:ravi@college.example">ravi@college.example</a></li></ul>"#,
            )
        );
    }

    #[test]
    fn a_member_named_by_their_record_is_drawn_from_it_and_left_out_once_gone() {
        let value = "@dr-meera-shah | Chairperson\n@anil-joshi | Member\n@ravi-patel | Student member | ravi@college.example";
        assert_eq!(
            people_named(value),
            ["dr-meera-shah", "anil-joshi", "ravi-patel"]
        );
        let resolve = |slug: &str| match slug {
            "dr-meera-shah" => Some(Resolved {
                name: "Dr Meera Shah".to_owned(),
                href: Some("/people/dr-meera-shah".to_owned()),
                email: Some("meera.shah@college.example".to_owned()),
                phone: None,
            }),
            // Never published: named, not linked.
            "ravi-patel" => Some(Resolved {
                name: "Ravi Patel".to_owned(),
                href: None,
                email: None,
                phone: None,
            }),
            // Left the college.
            _ => None,
        };
        assert_eq!(
            list(value, &resolve).as_str(),
            concat!(
                r#"<ul class="members"><li><a class="members__name" href="/people/dr-meera-shah">Dr Meera Shah</a>, Chairperson <a href="mailto:meera.shah@college.example">meera.shah@college.example</a></li>"#,
                r#"<li><span class="members__name">Ravi Patel</span>, Student member <a href="mailto:ravi@college.example">ravi@college.example</a></li></ul>"#,
            )
        );
        assert!(parse("@Dr Meera | Chair").is_err());
    }

    #[test]
    fn a_telephone_directory_gives_a_persons_phone_before_their_email() {
        let resolve = |_: &str| {
            Some(Resolved {
                name: "Dr Meera Shah".to_owned(),
                href: None,
                email: Some("principal@college.example".to_owned()),
                phone: Some("0265 245 8900".to_owned()),
            })
        };
        let value = "@dr-meera-shah | Principal's office";
        assert!(
            directory(value, &resolve)
                .as_str()
                .contains(r#"<a href="tel:02652458900">0265 245 8900</a>"#)
        );
        assert!(
            list(value, &resolve)
                .as_str()
                .contains("mailto:principal@college.example")
        );
        // A number on the line itself comes first in both.
        let own = "@dr-meera-shah | Principal's office | 0265 245 0000";
        assert!(
            directory(own, &resolve)
                .as_str()
                .contains("tel:02652450000")
        );
    }
}
