//! A person's career as read from their record once: what holds on a day, when they joined,
//! their experience, their highest degree. The directory, a profile and the faculty list ask
//! several of these of each person; reading the lines once serves them all.

use crate::content::items::fields::career::{
    self, Appointment, Day, Qualification, degree_rank, is_eligibility_test,
};

pub struct Career<'a> {
    pub appointments: Vec<Appointment<'a>>,
    pub qualifications: Vec<Qualification<'a>>,
    pub left_on: Option<Day>,
}

impl<'a> Career<'a> {
    /// The appointment that holds on `day`, the latest begun where several do; else the one
    /// begun last (a former person's last post).
    pub fn appointment_on(&self, day: Day) -> Option<Appointment<'a>> {
        let begun_last = |post: &&Appointment<'a>| post.from;
        let posts = || self.appointments.iter();
        posts()
            .filter(|post| post.holds_on(day))
            .max_by_key(begun_last)
            .or_else(|| posts().max_by_key(begun_last))
            .cloned()
    }

    pub fn joined_on(&self) -> Option<Day> {
        self.appointments
            .iter()
            .map(|appointment| appointment.from)
            .min()
    }

    /// Months with the college up to `day` (or up to the day they left).
    pub fn experience_months(&self, day: Day) -> i64 {
        let until = self.left_on.map_or(day, |left| left.min(day));
        career::experience_months(&self.appointments, until)
    }

    /// Their highest degree (a test of eligibility is not one); the latest where two rank alike.
    pub fn highest_degree(&self) -> Option<Qualification<'a>> {
        self.qualifications
            .iter()
            .filter(|qualification| !is_eligibility_test(qualification.degree))
            .max_by_key(|qualification| (degree_rank(qualification.degree), qualification.year))
            .cloned()
    }

    /// What NIRF asks as "NET/SET/PhD": which of them they hold, in words (`PhD, NET`).
    pub fn eligibility(&self) -> String {
        let mut held: Vec<&str> = Vec::new();
        if self
            .qualifications
            .iter()
            .any(|qualification| degree_rank(qualification.degree) == 5)
        {
            held.push("PhD");
        }
        for qualification in &self.qualifications {
            if is_eligibility_test(qualification.degree) && !held.contains(&qualification.degree) {
                held.push(qualification.degree);
            }
        }
        held.join(", ")
    }
}
