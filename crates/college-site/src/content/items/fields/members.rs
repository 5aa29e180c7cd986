//! A committee's members as editors write them, one per line: the name, a bar, the role, and
//! where the member is to be reached, a phone or an email, after another bar if at all
//! (`Dr Meera Shah | Chairperson | meera.shah@college.example`). Checked here, and drawn as
//! the list the disclosure page shows.

use super::values::{is_email, is_phone, phone_digits};
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
    pub name: &'a str,
    pub role: &'a str,
    pub reach: Option<Reach<'a>>,
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
    Ok(Member { name, role, reach })
}

/// The members as a list, each name first; only called with checked text, a line that is not
/// a member is left out.
pub fn list(value: &str) -> Html {
    let items: Html = value
        .lines()
        .filter_map(|line| member(line).ok())
        .map(|member| {
            let reach = match member.reach {
                Some(Reach::Phone(phone)) => {
                    html!(r#" <a href="tel:{}">{}</a>"#, phone_digits(phone), phone)
                }
                Some(Reach::Email(email)) => {
                    html!(r#" <a href="mailto:{email}">{email}</a>"#, email = email)
                }
                None => Html::new(),
            };
            html!(
                r#"<li><span class="members__name">{}</span>, {}{reach}</li>"#,
                member.name,
                member.role,
                reach = reach,
            )
        })
        .collect();
    html!(r#"<ul class="members">{items}</ul>"#, items = items)
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
                    role: "Chairperson",
                    reach: Some(Reach::Email("meera.shah@college.example")),
                },
                Member {
                    name: "Ravi Patel",
                    role: "Student member",
                    reach: None,
                },
                Member {
                    name: "Anil Joshi",
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
                "Dr <b>Shah</b> | Chair & convener | +91 265 245 8900\nRavi | Student | ravi@college.example"
            )
            .as_str(),
            concat!(
                r#"<ul class="members"><li><span class="members__name">Dr &lt;b&gt;Shah&lt;/b&gt;</span>, Chair &amp; convener <a href="tel:+912652458900">+91 265 245 8900</a></li>"#,
                r#"<li><span class="members__name">Ravi</span>, Student <a href="mailto:ravi@college.example">ravi@college.example</a></li></ul>"#,
            )
        );
    }
}
