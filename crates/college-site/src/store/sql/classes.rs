//! Classes, their students, and what a teacher reads of them. Compiled into both backends as
//! part of `store/sql/`.
//!
//! A teacher's reads and changes name the teacher in the statement itself, so a class id of
//! another teacher's finds nothing. The class view reads each table once for the whole class.

use async_trait::async_trait;

use super::{
    Backend,
    dialect::{BYTE_ORDER, JSON_TO_TEXT, TEXT_LIST, begin_account_write},
};
use crate::store::{
    account_settings::PassRow,
    classes::{
        ClassProgress, ClassRecord, ClassSettings, ClassStore, JoinLimits, JoinOutcome,
        JoinableClass, JoinedClass, MemberStamp, NewClass, StudentMark, StudentPass,
    },
    error::StoreError,
    progress::ChallengePass,
};

/// A class with its number of students, as [`ClassRecord`] reads it.
const CLASS_COLUMNS: &str =
    "c.id, c.teacher_id, c.name, c.code, c.joining, c.archived, c.created_at,
    (SELECT COUNT(*) FROM class_members m WHERE m.class_id = c.id) AS students";

#[async_trait]
impl ClassStore for Backend {
    async fn create_class(
        &self,
        class: &NewClass,
        max_per_teacher: i64,
    ) -> Result<bool, StoreError> {
        // The teacher's row is locked first: 40 creations at once count one after the other,
        // so the cap holds.
        let mut tx = begin_account_write(&self.pool, &class.teacher_id).await?;
        let created = sqlx::query(
            "INSERT INTO classes (id, teacher_id, name, code, joining, archived, created_at)
             SELECT $1, $2, $3, $4, $5, $6, $7
             WHERE (SELECT COUNT(*) FROM classes WHERE teacher_id = $2) < $8",
        )
        .bind(&class.id)
        .bind(&class.teacher_id)
        .bind(&class.name)
        .bind(&class.code)
        .bind(true)
        .bind(false)
        .bind(class.created_at)
        .bind(max_per_teacher)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(created.rows_affected() > 0)
    }

    async fn classes_of_teacher(&self, teacher_id: &str) -> Result<Vec<ClassRecord>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {CLASS_COLUMNS} FROM classes c WHERE c.teacher_id = $1
             ORDER BY c.created_at DESC, c.id {BYTE_ORDER}"
        ))
        .bind(teacher_id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn class_of_teacher(
        &self,
        teacher_id: &str,
        class_id: &str,
    ) -> Result<Option<ClassRecord>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {CLASS_COLUMNS} FROM classes c WHERE c.teacher_id = $1 AND c.id = $2"
        ))
        .bind(teacher_id)
        .bind(class_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn update_class(
        &self,
        teacher_id: &str,
        class_id: &str,
        settings: &ClassSettings,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query(
            "UPDATE classes SET name = $3, joining = $4, archived = $5
             WHERE teacher_id = $1 AND id = $2",
        )
        .bind(teacher_id)
        .bind(class_id)
        .bind(&settings.name)
        .bind(settings.joining)
        .bind(settings.archived)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() > 0)
    }

    async fn set_class_code(
        &self,
        teacher_id: &str,
        class_id: &str,
        code: &str,
    ) -> Result<bool, StoreError> {
        let updated = sqlx::query("UPDATE classes SET code = $3 WHERE teacher_id = $1 AND id = $2")
            .bind(teacher_id)
            .bind(class_id)
            .bind(code)
            .execute(&self.pool)
            .await?;
        Ok(updated.rows_affected() > 0)
    }

    async fn delete_class(&self, teacher_id: &str, class_id: &str) -> Result<bool, StoreError> {
        let deleted = sqlx::query("DELETE FROM classes WHERE teacher_id = $1 AND id = $2")
            .bind(teacher_id)
            .bind(class_id)
            .execute(&self.pool)
            .await?;
        Ok(deleted.rows_affected() > 0)
    }

    async fn class_by_code(&self, code: &str) -> Result<Option<JoinableClass>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT c.id, c.name, c.teacher_id, u.display_name AS teacher_name, c.joining,
                    c.archived
             FROM classes c LEFT JOIN users u ON u.id = c.teacher_id
             WHERE c.code = $1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn join_class(
        &self,
        class_id: &str,
        account_id: &str,
        now: i64,
        limits: JoinLimits,
    ) -> Result<JoinOutcome, StoreError> {
        if self.is_member(class_id, account_id).await? {
            return Ok(JoinOutcome::AlreadyMember);
        }
        // The student's row, then the class's, each locked until the member is in (the
        // database's write lock on SQLite): a student joining many classes at once, and many
        // students joining one class, count one after the other, so neither cap is passed.
        let mut tx = begin_account_write(&self.pool, account_id).await?;
        sqlx::query("UPDATE classes SET joining = joining WHERE id = $1")
            .bind(class_id)
            .execute(&mut *tx)
            .await?;
        let (students, joined_by_student): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM class_members WHERE class_id = $1),
                    (SELECT COUNT(*) FROM class_members WHERE account_id = $2)",
        )
        .bind(class_id)
        .bind(account_id)
        .fetch_one(&mut *tx)
        .await?;
        if students >= limits.students {
            return Ok(JoinOutcome::Full);
        }
        if joined_by_student >= limits.classes_per_student {
            return Ok(JoinOutcome::TooManyJoined);
        }
        let joined = sqlx::query(
            "INSERT INTO class_members (class_id, account_id, joined_at)
             VALUES ($1, $2, $3)
             ON CONFLICT (class_id, account_id) DO NOTHING",
        )
        .bind(class_id)
        .bind(account_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(if joined.rows_affected() > 0 {
            JoinOutcome::Joined
        } else {
            JoinOutcome::AlreadyMember
        })
    }

    async fn is_member(&self, class_id: &str, account_id: &str) -> Result<bool, StoreError> {
        let found: Option<(String,)> = sqlx::query_as(
            "SELECT account_id FROM class_members WHERE class_id = $1 AND account_id = $2",
        )
        .bind(class_id)
        .bind(account_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(found.is_some())
    }

    async fn remove_member(&self, class_id: &str, account_id: &str) -> Result<bool, StoreError> {
        let removed =
            sqlx::query("DELETE FROM class_members WHERE class_id = $1 AND account_id = $2")
                .bind(class_id)
                .bind(account_id)
                .execute(&self.pool)
                .await?;
        Ok(removed.rows_affected() > 0)
    }

    async fn classes_joined(&self, account_id: &str) -> Result<Vec<JoinedClass>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT c.id, c.name, u.display_name AS teacher_name, m.joined_at
             FROM class_members m
             JOIN classes c ON c.id = m.class_id
             LEFT JOIN users u ON u.id = c.teacher_id
             WHERE m.account_id = $1
             ORDER BY m.joined_at DESC, c.id {BYTE_ORDER}"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn class_progress(
        &self,
        class_id: &str,
        only: Option<&str>,
    ) -> Result<ClassProgress, StoreError> {
        let students = sqlx::query_as(&format!(
            "SELECT m.account_id AS id, u.display_name AS name,
                    COALESCE(u.email, a.email_key) AS email, m.joined_at, p.active_at
             FROM class_members m
             JOIN accounts a ON a.id = m.account_id
             LEFT JOIN users u ON u.id = m.account_id
             LEFT JOIN progress_activity p ON p.account_id = m.account_id
             WHERE m.class_id = $1 AND ($2 IS NULL OR m.account_id = $2)
             ORDER BY m.joined_at, m.account_id {BYTE_ORDER}"
        ))
        .bind(class_id)
        .bind(only)
        .fetch_all(&self.pool)
        .await?;
        // A class of 500 with everything done holds some 25,000 marks and passes: each student's
        // come as one row of `name time` pairs (names have no spaces or commas), which reads
        // several times faster than a row each.
        let marks: Vec<(String, String)> = sqlx::query_as(&format!(
            "SELECT l.account_id, {TEXT_LIST}(l.lesson || ' ' || l.changed_at, ',')
             FROM lesson_marks l JOIN class_members m ON m.account_id = l.account_id
             WHERE m.class_id = $1 AND l.done AND ($2 IS NULL OR l.account_id = $2)
             GROUP BY l.account_id"
        ))
        .bind(class_id)
        .bind(only)
        .fetch_all(&self.pool)
        .await?;
        let passes: Vec<(String, String)> = sqlx::query_as(&format!(
            "SELECT p.account_id, {TEXT_LIST}(p.challenge || ' ' || p.passed_at, ',')
             FROM challenge_passes p JOIN class_members m ON m.account_id = p.account_id
             WHERE m.class_id = $1 AND ($2 IS NULL OR p.account_id = $2)
             GROUP BY p.account_id"
        ))
        .bind(class_id)
        .bind(only)
        .fetch_all(&self.pool)
        .await?;
        let marks = timed_names(&marks)
            .map(|(account_id, lesson, changed_at)| StudentMark {
                account_id,
                lesson,
                changed_at,
            })
            .collect();
        let passes = timed_names(&passes)
            .map(|(account_id, challenge, passed_at)| StudentPass {
                account_id,
                challenge,
                passed_at,
            })
            .collect();
        Ok(ClassProgress {
            students,
            marks,
            passes,
        })
    }

    async fn member_stamps(&self, class_id: &str) -> Result<Vec<MemberStamp>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT m.account_id, COALESCE(p.version, 0) AS version
             FROM class_members m LEFT JOIN progress_activity p ON p.account_id = m.account_id
             WHERE m.class_id = $1",
        )
        .bind(class_id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn member_passes(
        &self,
        class_id: &str,
        account_id: &str,
    ) -> Result<Vec<ChallengePass>, StoreError> {
        let rows: Vec<PassRow> = sqlx::query_as(&format!(
            "SELECT p.challenge, p.passed_at, p.files{JSON_TO_TEXT} AS files
             FROM challenge_passes p JOIN class_members m ON m.account_id = p.account_id
             WHERE m.class_id = $1 AND p.account_id = $2
             ORDER BY p.challenge {BYTE_ORDER}"
        ))
        .bind(class_id)
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(ChallengePass::from).collect())
    }
}

/// The `(account, name, time)` triples of rows of `name time` pairs joined by commas, in the
/// order of the store's byte order: by account, then name.
fn timed_names(rows: &[(String, String)]) -> impl Iterator<Item = (String, String, i64)> + '_ {
    let mut triples: Vec<(&str, &str, i64)> = rows
        .iter()
        .flat_map(|(account, list)| {
            list.split(',').filter_map(move |pair| {
                let (name, time) = pair.rsplit_once(' ')?;
                Some((account.as_str(), name, time.parse().ok()?))
            })
        })
        .collect();
    triples.sort_unstable();
    triples
        .into_iter()
        .map(|(account, name, time)| (account.to_owned(), name.to_owned(), time))
}
