//! The class at a glance: one row per student, as JSON for the teacher's page and its live
//! view, and as CSV for a spreadsheet.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::{
    csv::csv_line,
    dates::iso_8601,
    store::{ClassProgress, ClassRecord},
    web::assets::LessonTitle,
};

/// A class as its teacher's pages show it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassBody {
    pub id: String,
    pub name: String,
    pub code: String,
    pub joining: bool,
    pub archived: bool,
    pub students: i64,
    pub created_at: i64,
}

impl From<ClassRecord> for ClassBody {
    fn from(class: ClassRecord) -> Self {
        Self {
            id: class.id,
            name: class.name,
            code: class.code,
            joining: class.joining,
            archived: class.archived,
            students: class.students,
            created_at: class.created_at,
        }
    }
}

/// The students' rows. `done` has one entry per entry of `lessons`: when the student finished
/// that lesson (marked it done, or, for a lesson with challenges, passed the last of them), or
/// null. Lessons no student finished are left out, so the JSON of a class stays small whatever
/// the tutorial holds.
#[derive(Debug, Serialize)]
pub struct StudentRows {
    pub lessons: Vec<String>,
    pub students: Vec<StudentRow>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StudentRow {
    pub id: String,
    pub name: Option<String>,
    pub email: String,
    pub joined_at: i64,
    pub last_active: Option<i64>,
    pub done: Vec<Option<i64>>,
    pub passed: i64,
}

impl StudentRows {
    /// The rows of `progress`, with each lesson done as the tutorial (`tutorial`, as the build
    /// describes it) counts it: a lesson with challenges when all of them have passed, dated by
    /// the last; one without, when the student marked it. Only the tutorial's lessons count,
    /// and "Passed" counts only its challenges: not those of lessons it no longer has, nor
    /// names a browser made up.
    pub fn new(progress: ClassProgress, tutorial: &[LessonTitle]) -> Self {
        let challenges_of: BTreeMap<&str, &[String]> = tutorial
            .iter()
            .filter(|lesson| !lesson.challenges.is_empty())
            .map(|lesson| (lesson.lesson.as_str(), lesson.challenges.as_slice()))
            .collect();
        let known: BTreeSet<&str> = challenges_of
            .values()
            .flat_map(|challenges| challenges.iter().map(String::as_str))
            .collect();
        // By student: when each lesson was done, and when each challenge passed.
        let mut done: BTreeMap<&str, BTreeMap<&str, i64>> = BTreeMap::new();
        let mut passed: BTreeMap<&str, BTreeMap<&str, i64>> = BTreeMap::new();
        let is_lesson = |lesson: &str| {
            tutorial.is_empty() || tutorial.iter().any(|known| known.lesson == lesson)
        };
        for mark in &progress.marks {
            if is_lesson(&mark.lesson) && !challenges_of.contains_key(mark.lesson.as_str()) {
                done.entry(mark.account_id.as_str())
                    .or_default()
                    .insert(mark.lesson.as_str(), mark.changed_at);
            }
        }
        for pass in &progress.passes {
            if known.is_empty() || known.contains(pass.challenge.as_str()) {
                passed
                    .entry(pass.account_id.as_str())
                    .or_default()
                    .insert(pass.challenge.as_str(), pass.passed_at);
            }
        }
        for (student, passes) in &passed {
            for (lesson, challenges) in &challenges_of {
                let times: Option<Vec<i64>> = challenges
                    .iter()
                    .map(|challenge| passes.get(challenge.as_str()).copied())
                    .collect();
                if let Some(last) = times.and_then(|times| times.into_iter().max()) {
                    done.entry(student).or_default().insert(lesson, last);
                }
            }
        }
        let lessons: Vec<String> = done
            .values()
            .flat_map(BTreeMap::keys)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(|lesson| (*lesson).to_owned())
            .collect();
        let students = progress
            .students
            .iter()
            .map(|student| {
                let done = done.get(student.id.as_str());
                StudentRow {
                    id: student.id.clone(),
                    name: student.name.clone(),
                    email: student.email.clone(),
                    joined_at: student.joined_at,
                    last_active: student.active_at,
                    done: lessons
                        .iter()
                        .map(|lesson| done.and_then(|done| done.get(lesson.as_str()).copied()))
                        .collect(),
                    passed: passed
                        .get(student.id.as_str())
                        .map_or(0, |passes| passes.len() as i64),
                }
            })
            .collect();
        Self { lessons, students }
    }

    /// The rows as CSV (RFC 4180): a header row, then one row per student; one column per
    /// lesson of the tutorial (`titles`, in reading order), holding the date it was done.
    /// Times are ISO 8601 in UTC.
    pub fn to_csv(&self, titles: &[LessonTitle]) -> String {
        // Lessons the build does not name (a renamed lesson's old marks) come last, by name.
        let mut columns: Vec<(&str, &str)> = titles
            .iter()
            .map(|title| (title.lesson.as_str(), title.title.as_str()))
            .collect();
        for lesson in &self.lessons {
            if !titles.iter().any(|title| &title.lesson == lesson) {
                columns.push((lesson.as_str(), lesson.as_str()));
            }
        }
        let mut header = vec![
            "Name",
            "Email",
            "Joined",
            "Last active",
            "Challenges passed",
            "Lessons done",
        ];
        header.extend(columns.iter().map(|(_, title)| *title));
        let mut csv = csv_line(header.iter().copied());
        for student in &self.students {
            let done_at = |lesson: &str| {
                let index = self.lessons.iter().position(|l| l == lesson)?;
                student.done[index]
            };
            let mut cells = vec![
                student.name.clone().unwrap_or_default(),
                student.email.clone(),
                iso_8601(student.joined_at),
                student.last_active.map(iso_8601).unwrap_or_default(),
                student.passed.to_string(),
                student.done.iter().flatten().count().to_string(),
            ];
            cells.extend(
                columns
                    .iter()
                    .map(|(lesson, _)| done_at(lesson).map(iso_8601).unwrap_or_default()),
            );
            csv.push_str(&csv_line(cells.iter().map(String::as_str)));
        }
        csv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{ClassStudent, StudentMark, StudentPass};

    fn progress() -> ClassProgress {
        let student = |id: &str, name: Option<&str>| ClassStudent {
            id: id.into(),
            name: name.map(Into::into),
            email: format!("{id}@example.org"),
            joined_at: 0,
            active_at: None,
        };
        ClassProgress {
            students: vec![
                student("a", Some("=SUM(A1)")),
                student("b", Some("Rao, \"Bina\"")),
            ],
            marks: vec![
                StudentMark {
                    account_id: "a".into(),
                    lesson: "use-state".into(),
                    changed_at: 86_400_000,
                },
                StudentMark {
                    account_id: "b".into(),
                    lesson: "props".into(),
                    changed_at: 0,
                },
                // Made up by a browser (or kept from before the server checked): no column.
                StudentMark {
                    account_id: "a".into(),
                    lesson: "made-up".into(),
                    changed_at: 5,
                },
            ],
            passes: ["props/a", "props/b", "state/a", "gone/x"]
                .iter()
                .enumerate()
                .map(|(index, challenge)| StudentPass {
                    account_id: "b".into(),
                    challenge: (*challenge).into(),
                    passed_at: index as i64 * 1000,
                })
                .collect(),
        }
    }

    fn tutorial() -> Vec<LessonTitle> {
        let lesson = |lesson: &str, title: &str, challenges: &[&str]| LessonTitle {
            lesson: lesson.into(),
            title: title.into(),
            challenges: challenges.iter().map(|c| (*c).to_owned()).collect(),
        };
        vec![
            lesson("props", "Props", &["props/a", "props/b"]),
            lesson("state", "State", &["state/a", "state/b"]),
            lesson("use-state", "useState", &[]),
        ]
    }

    #[test]
    fn a_lesson_is_done_when_marked_or_when_all_its_challenges_passed() {
        let rows = StudentRows::new(progress(), &tutorial());
        // b's mark on "props" counts for nothing: that lesson is done by its challenges, both
        // passed (the last at 1 s); one of state's two is not enough.
        assert_eq!(rows.lessons, ["props", "use-state"]);
        assert_eq!(rows.students[0].done, [None, Some(86_400_000)]);
        assert_eq!(rows.students[1].done, [Some(1000), None]);
        // A challenge of a lesson the tutorial no longer has is not counted.
        assert_eq!((rows.students[0].passed, rows.students[1].passed), (0, 3));
    }

    #[test]
    fn csv_names_lessons_in_reading_order_and_defuses_formulas() {
        let csv = StudentRows::new(progress(), &tutorial()).to_csv(&tutorial());
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "Name,Email,Joined,Last active,Challenges passed,Lessons done,Props,State,useState"
        );
        assert_eq!(
            lines[1],
            "'=SUM(A1),a@example.org,1970-01-01T00:00:00Z,,0,1,,,1970-01-02T00:00:00Z"
        );
        assert_eq!(
            lines[2],
            "\"Rao, \"\"Bina\"\"\",b@example.org,1970-01-01T00:00:00Z,,3,1,1970-01-01T00:00:01Z,,"
        );
    }
}
