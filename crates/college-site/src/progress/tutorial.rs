//! The tutorial a pass or a mark must belong to, as the build describes it
//! (`dist/_meta/tutorial.json`): its lessons, its challenges and the files each challenge's
//! pass holds. What a browser reports is not proof, but the server can refuse what no student
//! of this tutorial could have sent: a lesson or challenge it does not have, a pass without
//! the code that passed, or code under a file name the challenge does not have.

use std::{
    collections::{BTreeMap, BTreeSet},
    sync::LazyLock,
};

use crate::web::assets::{self, LessonTitle};

#[derive(Debug, Default)]
pub struct Tutorial {
    lessons: BTreeSet<String>,
    /// Each challenge, with the files its pass may hold (`None`: the build did not say).
    challenges: BTreeMap<String, Option<BTreeSet<String>>>,
}

/// The tutorial of the app this server serves, read once.
pub fn of_this_build() -> &'static Tutorial {
    static TUTORIAL: LazyLock<Tutorial> =
        LazyLock::new(|| Tutorial::new(&assets::lesson_titles(), &assets::challenge_files()));
    &TUTORIAL
}

impl Tutorial {
    pub fn new(lessons: &[LessonTitle], files: &BTreeMap<String, Vec<String>>) -> Self {
        Self {
            lessons: lessons.iter().map(|lesson| lesson.lesson.clone()).collect(),
            challenges: lessons
                .iter()
                .flat_map(|lesson| &lesson.challenges)
                .map(|challenge| {
                    let names = files
                        .get(challenge)
                        .map(|names| names.iter().cloned().collect());
                    (challenge.clone(), names)
                })
                .collect(),
        }
    }

    /// Whether the build described no tutorial (the app was built without it): then nothing
    /// can be checked against it, and names are only checked for their shape.
    fn unknown(&self) -> bool {
        self.lessons.is_empty()
    }

    pub fn has_lesson(&self, lesson: &str) -> bool {
        self.unknown() || self.lessons.contains(lesson)
    }

    pub fn has_challenge(&self, challenge: &str) -> bool {
        self.unknown() || self.challenges.contains_key(challenge)
    }

    /// Whether `file` is one of the files a pass of `challenge` holds.
    pub fn challenge_has_file(&self, challenge: &str, file: &str) -> bool {
        match self.challenges.get(challenge) {
            Some(Some(files)) => files.contains(file),
            Some(None) | None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_tutorials_lessons_challenges_and_files_are_known() {
        let lessons = [LessonTitle {
            lesson: "use-state".into(),
            title: "useState".into(),
            challenges: vec!["use-state/click-counter".into()],
        }];
        let files = BTreeMap::from([(
            "use-state/click-counter".to_owned(),
            vec!["click-counter.tsx".to_owned()],
        )]);
        let tutorial = Tutorial::new(&lessons, &files);
        assert!(tutorial.has_lesson("use-state"));
        assert!(!tutorial.has_lesson("made-up"));
        assert!(tutorial.has_challenge("use-state/click-counter"));
        assert!(!tutorial.has_challenge("use-state/made-up"));
        assert!(tutorial.challenge_has_file("use-state/click-counter", "click-counter.tsx"));
        assert!(!tutorial.challenge_has_file("use-state/click-counter", "evil.tsx"));

        let without_files = Tutorial::new(&lessons, &BTreeMap::new());
        assert!(without_files.challenge_has_file("use-state/click-counter", "any.tsx"));
        assert!(!without_files.has_lesson("made-up"));
        assert!(Tutorial::default().has_lesson("anything"));
    }
}
