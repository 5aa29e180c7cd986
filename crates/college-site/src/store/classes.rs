//! Classes: a teacher's classes, the students who joined them, and what the teacher reads of
//! those students' progress. Every read a teacher makes names the teacher, so that one teacher's
//! class never answers to another.

use async_trait::async_trait;

use super::{error::StoreError, progress::ChallengePass};

/// A class as its teacher sees it in the list.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClassRecord {
    pub id: String,
    pub teacher_id: String,
    pub name: String,
    pub code: String,
    pub joining: bool,
    pub archived: bool,
    pub created_at: i64,
    /// Students who joined.
    pub students: i64,
}

/// A new class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewClass {
    pub id: String,
    pub teacher_id: String,
    pub name: String,
    pub code: String,
    pub created_at: i64,
}

/// What a teacher may change of a class, as a whole row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassSettings {
    pub name: String,
    pub joining: bool,
    pub archived: bool,
}

/// What a join link opens, before the student joins.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct JoinableClass {
    pub id: String,
    pub name: String,
    pub teacher_id: String,
    pub teacher_name: Option<String>,
    pub joining: bool,
    pub archived: bool,
}

/// A class a student belongs to, as their account page lists it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct JoinedClass {
    pub id: String,
    pub name: String,
    pub teacher_name: Option<String>,
    pub joined_at: i64,
}

/// How a join ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinOutcome {
    Joined,
    /// The student was in the class already: nothing changed.
    AlreadyMember,
    /// The class holds as many students as it may.
    Full,
    /// The student is in as many classes as one may be.
    TooManyJoined,
}

/// The caps a join keeps: students in one class, classes one student is in.
#[derive(Debug, Clone, Copy)]
pub struct JoinLimits {
    pub students: i64,
    pub classes_per_student: i64,
}

/// A student of a class, as a row of the teacher's table begins.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClassStudent {
    pub id: String,
    pub name: Option<String>,
    pub email: String,
    pub joined_at: i64,
    /// When their progress last reached the server.
    pub active_at: Option<i64>,
}

/// A lesson a student of the class marked done, and when.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StudentMark {
    pub account_id: String,
    pub lesson: String,
    pub changed_at: i64,
}

/// A challenge a student of the class passed, and when (the code stays in the store).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StudentPass {
    pub account_id: String,
    pub challenge: String,
    pub passed_at: i64,
}

/// What a teacher's table is made of: one read of each table, for the whole class or one
/// student of it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassProgress {
    /// By name, then email.
    pub students: Vec<ClassStudent>,
    /// Marks that say done, by student then lesson.
    pub marks: Vec<StudentMark>,
    pub passes: Vec<StudentPass>,
}

/// A student of the class and the version of what the teacher sees of their progress: an open
/// class view reads these to tell who joined, who left and whose row changed.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MemberStamp {
    pub account_id: String,
    pub version: i64,
}

#[async_trait]
pub trait ClassStore {
    /// Creates a class unless its teacher has `max_per_teacher` already (false then).
    /// `Conflict` when the code is taken.
    async fn create_class(
        &self,
        class: &NewClass,
        max_per_teacher: i64,
    ) -> Result<bool, StoreError>;
    /// The classes of a teacher, newest first.
    async fn classes_of_teacher(&self, teacher_id: &str) -> Result<Vec<ClassRecord>, StoreError>;
    /// One class of a teacher.
    async fn class_of_teacher(
        &self,
        teacher_id: &str,
        class_id: &str,
    ) -> Result<Option<ClassRecord>, StoreError>;
    /// Changes a teacher's class; false when the teacher has no such class.
    async fn update_class(
        &self,
        teacher_id: &str,
        class_id: &str,
        settings: &ClassSettings,
    ) -> Result<bool, StoreError>;
    /// Gives a teacher's class a new code; `Conflict` when the code is taken.
    async fn set_class_code(
        &self,
        teacher_id: &str,
        class_id: &str,
        code: &str,
    ) -> Result<bool, StoreError>;
    /// Deletes a teacher's class and its memberships; false when there was none.
    async fn delete_class(&self, teacher_id: &str, class_id: &str) -> Result<bool, StoreError>;
    /// The class a code opens, whether or not it takes students now.
    async fn class_by_code(&self, code: &str) -> Result<Option<JoinableClass>, StoreError>;
    /// Adds a student to a class unless the class or the student is at its cap (`limits`),
    /// counted under lock so that joins at once cannot pass either.
    async fn join_class(
        &self,
        class_id: &str,
        account_id: &str,
        now: i64,
        limits: JoinLimits,
    ) -> Result<JoinOutcome, StoreError>;
    /// Whether `account_id` is a student of the class.
    async fn is_member(&self, class_id: &str, account_id: &str) -> Result<bool, StoreError>;
    /// Takes a student out of a class (they left, or their teacher removed them); false when
    /// they were not in it.
    async fn remove_member(&self, class_id: &str, account_id: &str) -> Result<bool, StoreError>;
    /// The classes a student joined, newest first.
    async fn classes_joined(&self, account_id: &str) -> Result<Vec<JoinedClass>, StoreError>;
    /// The progress of a class's students, or of one of them (`only`).
    async fn class_progress(
        &self,
        class_id: &str,
        only: Option<&str>,
    ) -> Result<ClassProgress, StoreError>;
    /// Every student of a class with the version of their progress.
    async fn member_stamps(&self, class_id: &str) -> Result<Vec<MemberStamp>, StoreError>;
    /// The challenges a student of a class passed, with the code that passed.
    async fn member_passes(
        &self,
        class_id: &str,
        account_id: &str,
    ) -> Result<Vec<ChallengePass>, StoreError>;
}
