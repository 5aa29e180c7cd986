//! The ten sections of the UGC's Guidelines on Public Self-Disclosure by Higher Education
//! Institutions (2024), in their order, each with the items a college publishes under it.
//! The nine items of the older mandatory disclosure keep their slugs (and so their anchors on
//! the page): the fee structure, the refund policy, the prospectus and the scholarships under
//! Admissions and fees, the academic calendar and the IQAC under Academics, and the three
//! committees a student turns to under Student life. Every other item may say, with its reason,
//! that it does not apply to the college (a college without a hostel); the nine may not.

use super::field_sets::{
    COMMITTEE, COMMITTEE_EMAIL, DIRECTORY, DOCUMENTS, LOCATION, MEMBERS, OFFICE, TEXT,
};
use crate::content::items::fields::{Field, FieldKind, ItemSchema, field};

use FieldKind::{Documents, Paragraph, Phone, Text};

/// Where visitors read the disclosure.
pub const DISCLOSURE_PATH: &str = "/disclosure";

/// A section of the disclosure: its anchor, its heading, and its items in order.
pub struct Section {
    pub slug: &'static str,
    pub name: &'static str,
    pub items: &'static [ItemSchema],
}

const fn item(slug: &'static str, name: &'static str, fields: &'static [Field]) -> ItemSchema {
    ItemSchema {
        slug,
        name,
        path: DISCLOSURE_PATH,
        fields,
    }
}

static ABOUT: [ItemSchema; 9] = [
    item("overview", "About the college", TEXT),
    item("sponsoring-body", "Sponsoring body", TEXT),
    item(
        "establishment-documents",
        "Act, statutes, memorandum or trust deed",
        TEXT,
    ),
    item("development-plan", "Institutional development plan", TEXT),
    item("affiliating-university", "Affiliating university", TEXT),
    item(
        "accreditation",
        "Accreditation and ranking (NAAC, NBA, NIRF)",
        TEXT,
    ),
    item(
        "recognition",
        "Recognition and approvals (UGC 2(f) and 12B, AICTE)",
        TEXT,
    ),
    item("annual-reports", "Annual reports", TEXT),
    item("annual-accounts", "Annual accounts and audit reports", TEXT),
];

static ADMINISTRATION: [ItemSchema; 5] = [
    item("principal", "Principal", OFFICE),
    item("governing-body", "Governing body", OFFICE),
    item("heads-of-department", "Heads of department", OFFICE),
    item("finance-officer", "Finance officer", OFFICE),
    item("examination-officer", "Examination officer", OFFICE),
];

static ACADEMICS: [ItemSchema; 8] = [
    item("programmes", "Programmes", TEXT),
    item(
        "academic-calendar",
        "Academic calendar",
        &[
            field("text", "The year's terms, exams and holidays", Text),
            DOCUMENTS,
        ],
    ),
    item(
        "university-ordinances",
        "The university's statutes and ordinances on academics and examinations",
        TEXT,
    ),
    item("departments", "Departments", TEXT),
    item("faculty", "Faculty, department by department", TEXT),
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
    item("library", "Library", TEXT),
    item("collaborations", "Academic collaborations", TEXT),
];

static ADMISSIONS: [ItemSchema; 5] = [
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
    item("admission-process", "Admission process", TEXT),
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
        "scholarships",
        "Scholarships and fee concessions",
        &[field("text", "Who can get which, and how", Text), DOCUMENTS],
    ),
];

static RESEARCH: [ItemSchema; 3] = [
    item("research-cell", "Research and development cell", COMMITTEE),
    item(
        "incubation-cell",
        "Incubation and entrepreneurship cell",
        COMMITTEE,
    ),
    item("central-facilities", "Central facilities", TEXT),
];

static STUDENT_LIFE: [ItemSchema; 11] = [
    item("sports", "Sports", TEXT),
    item("ncc-nss", "NCC and NSS", TEXT),
    item("hostel", "Hostel", TEXT),
    item("placement", "Placement cell and its record", COMMITTEE),
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
    item("health", "Health facilities", TEXT),
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
    item("equal-opportunity", "Equal opportunity cell", COMMITTEE),
    item(
        "disadvantaged-groups",
        "Cell for socio-economically disadvantaged groups",
        COMMITTEE,
    ),
    item(
        "disability-facilities",
        "Facilities for students with disabilities",
        TEXT,
    ),
];

static ALUMNI: [ItemSchema; 1] = [item("alumni-association", "Alumni association", COMMITTEE)];

static INFORMATION: [ItemSchema; 7] = [
    item("rti", "Right to information", OFFICE),
    item("circulars", "Circulars and notices", TEXT),
    item("announcements", "Announcements", TEXT),
    item("news", "News, events and achievements", TEXT),
    item("newsletters", "Newsletters", TEXT),
    item("job-openings", "Job openings", TEXT),
    item("reservation-roster", "Reservation roster", TEXT),
];

static GALLERY: [ItemSchema; 1] = [item("gallery", "Photographs of events", TEXT)];

static CONTACT: [ItemSchema; 3] = [
    item("contact-details", "Address, phone and email", TEXT),
    item("telephone-directory", "Telephone directory", DIRECTORY),
    item("location", "Location and map", LOCATION),
];

const fn section(slug: &'static str, name: &'static str, items: &'static [ItemSchema]) -> Section {
    Section { slug, name, items }
}

/// The sections, in the guidelines' order.
pub static SECTIONS: [Section; 10] = [
    section("about-the-institution", "About the institution", &ABOUT),
    section("administration", "Administration", &ADMINISTRATION),
    section("academics", "Academics", &ACADEMICS),
    section("admissions-and-fees", "Admissions and fees", &ADMISSIONS),
    section("research", "Research", &RESEARCH),
    section("student-life", "Student life", &STUDENT_LIFE),
    section("alumni", "Alumni", &ALUMNI),
    section("information-corner", "Information corner", &INFORMATION),
    section("picture-gallery", "Picture gallery", &GALLERY),
    section("contact", "Contact", &CONTACT),
];
