//! Where a student's grievance pages are, and the committee's API.

pub const GRIEVANCES_PATH: &str = "/grievances";

pub const NEW_GRIEVANCE_PATH: &str = "/grievances/new";

pub fn grievance_path(number: &str) -> String {
    format!("{GRIEVANCES_PATH}/{number}")
}

/// The committee's API.
pub const GRIEVANCES_API: &str = "/api/grievances";
