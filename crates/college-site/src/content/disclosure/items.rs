//! The items of the mandatory disclosure, in the order the page shows them: what the UGC asks
//! every college to publish (the fee structure, the refund policy, the prospectus, the academic
//! calendar, the scholarships) and the committees it requires, each with its members and how
//! to reach them. Each item is a set of fields ([`crate::content::items::fields`]) an editor fills in.

use crate::content::items::fields::{Field, FieldKind, ItemSchema, field, optional};

use FieldKind::{Documents, Email, Members, Paragraph, Phone, Text};

/// Where visitors read the disclosure.
pub const DISCLOSURE_PATH: &str = "/disclosure";

const DOCUMENTS: Field = optional(
    "documents",
    "Documents (upload a PDF below, then add its link here)",
    Documents,
);
const MEMBERS: Field = field("members", "Members", Members);
const COMMITTEE_EMAIL: Field = field("email", "The committee's email", Email);

const fn item(slug: &'static str, name: &'static str, fields: &'static [Field]) -> ItemSchema {
    ItemSchema {
        slug,
        name,
        path: DISCLOSURE_PATH,
        fields,
    }
}

/// Every item, in the page's order. A slug is also the item's anchor on the page.
pub static DISCLOSURE: [ItemSchema; 9] = [
    item(
        "fee-structure",
        "Fee structure",
        &[
            field(
                "text",
                "Fees and charges (each course's fee per year is shown from its page)",
                Text,
            ),
            DOCUMENTS,
        ],
    ),
    item(
        "refund-policy",
        "Fee refund policy",
        &[field("text", "The policy", Text), DOCUMENTS],
    ),
    item(
        "prospectus",
        "Prospectus",
        &[
            field("text", "What the prospectus holds", Paragraph),
            field(
                "documents",
                "The prospectus (upload the PDF below, then add its link here)",
                Documents,
            ),
        ],
    ),
    item(
        "academic-calendar",
        "Academic calendar",
        &[
            field("text", "The year's terms, exams and holidays", Text),
            DOCUMENTS,
        ],
    ),
    item(
        "scholarships",
        "Scholarships and fee concessions",
        &[field("text", "Who can get which, and how", Text), DOCUMENTS],
    ),
    item(
        "grievance-redressal",
        "Grievance redressal committee",
        &[
            field(
                "text",
                "What it handles, and how to raise a grievance",
                Text,
            ),
            MEMBERS,
            field(
                "ombudsperson",
                "The ombudsperson: name, and how to reach them",
                Paragraph,
            ),
            COMMITTEE_EMAIL,
            DOCUMENTS,
        ],
    ),
    item(
        "internal-complaints",
        "Internal complaints committee",
        &[
            field(
                "text",
                "What it handles (sexual harassment at the workplace), and how to complain",
                Text,
            ),
            MEMBERS,
            COMMITTEE_EMAIL,
            DOCUMENTS,
        ],
    ),
    item(
        "iqac",
        "Internal quality assurance cell (IQAC)",
        &[
            field("text", "What the cell does", Text),
            MEMBERS,
            COMMITTEE_EMAIL,
            DOCUMENTS,
        ],
    ),
    item(
        "anti-ragging",
        "Anti-ragging committee and squad",
        &[
            field("text", "The rules, and how to report ragging", Text),
            MEMBERS,
            field("helpline", "Anti-ragging helpline", Phone),
            COMMITTEE_EMAIL,
            DOCUMENTS,
        ],
    ),
];

/// Where visitors read the item `slug`: its place on the page.
pub fn item_path(slug: &str) -> String {
    format!("{DISCLOSURE_PATH}#{slug}")
}

/// The item `slug`, if the disclosure has one.
pub fn item_schema(slug: &str) -> Option<&'static ItemSchema> {
    DISCLOSURE.iter().find(|item| item.slug == slug)
}
