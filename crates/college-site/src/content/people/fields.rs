//! A person as editors write them: the fields every record has, checked by the rules every
//! fielded item follows ([`crate::content::items::fields`]). Designation, department, the year
//! of joining and experience are not fields: they come from the dated appointments. A person
//! with no appointment (a governing body's member from outside) is not in the directory's
//! departments.

use serde_json::Value;

use crate::content::items::fields::{
    Field, FieldKind, Fields, ItemSchema, choice, field, optional,
};

use FieldKind::{
    Appointments, Date, Email, Heading, Links, Number, Paragraph, Phone, Photo, Qualifications,
    Text,
};

/// Whether a person teaches: NIRF's and NAAC's faculty tables count only those who do.
pub const STAFF: [&str; 2] = ["Teaching", "Non-teaching"];
/// A place in the college's leadership, which the directory shows first, in this order. A
/// governing body's members (from outside the college too) need no appointment.
pub const LEADERSHIP: [&str; 7] = [
    "Not in the leadership",
    "Principal",
    "Vice-principal",
    "Head of department",
    "Governing body: chairperson",
    "Governing body: member secretary",
    "Governing body: member",
];

/// Whether the website shows the email and phone: never unless an editor says so.
pub const SHOW_CONTACT: [&str; 2] = ["No, keep them for the office", "Yes, they are official"];

/// The name: all a record needs when it is added.
const NAME: Field = field(
    "name",
    "Name, as the college writes it (Dr Meera Shah)",
    Heading,
);

/// What adding a person asks for.
pub const NEW_PERSON: ItemSchema = ItemSchema {
    slug: "person",
    name: "Person",
    path: "/people",
    fields: &[NAME],
};

/// Every person's fields, in the order the editor's form shows them. The slug (`meera-shah`)
/// is the item's, made from the name when the record is added.
pub const PERSON: ItemSchema = ItemSchema {
    slug: "person",
    name: "Person",
    path: "/people",
    fields: &[
        NAME,
        choice("staff", "Staff", &STAFF),
        optional("appointments", "Appointments", Appointments),
        optional("qualifications", "Qualifications", Qualifications),
        optional("subjects", "Subjects taught", Paragraph),
        optional("bio", "About", Text),
        optional("photo", "Photo", Photo),
        optional("email", "Official email", Email),
        optional("phone", "Official phone", Phone),
        choice(
            "showContact",
            "Show the email and phone on the website",
            &SHOW_CONTACT,
        ),
        choice("leadership", "In the college's leadership", &LEADERSHIP),
        optional(
            "links",
            "Links (ORCID, Google Scholar, Vidwan, LinkedIn)",
            Links,
        ),
        optional(
            "position",
            "Place in the department's list (1 comes first)",
            Number,
        ),
        optional("leftOn", "Left the college on", Date),
    ],
};

/// The text of the field `key` (empty when there is none).
pub fn text<'a>(fields: &'a Fields, key: &str) -> &'a str {
    fields.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// The fields of a record just added: its name, and the first option of each choice.
pub fn starting_fields(name: &str) -> Fields {
    PERSON
        .fields
        .iter()
        .map(|field| {
            let value = match field.key {
                "name" => name,
                _ => field.options.first().copied().unwrap_or_default(),
            };
            (field.key.to_owned(), Value::String(value.to_owned()))
        })
        .collect()
}
