//! The rules of classes: what a teacher may do with their classes, and how a student joins and
//! leaves one. A teacher's calls name the teacher, and the store finds only that teacher's
//! classes, so another teacher's class id answers as an unknown class.

use super::{
    domain::{ClassName, JoinCode, MAX_CLASSES_JOINED, MAX_CLASSES_PER_TEACHER, MAX_STUDENTS},
    error::ClassError,
};
use crate::{
    accounts::tokens::new_uid,
    store::{
        ChallengePass, ClassProgress, ClassRecord, ClassSettings, JoinLimits, JoinOutcome,
        JoinableClass, JoinedClass, NewClass, SharedStore, StoreError, now_millis,
    },
};

/// Tries at a fresh code when a new one is taken: with 8.5e11 codes, a second try is already
/// a near impossibility.
const CODE_TRIES: usize = 5;

/// What a teacher may change of a class; `None` leaves it as it is.
#[derive(Debug, Default)]
pub struct ClassChange {
    pub name: Option<String>,
    pub joining: Option<bool>,
    pub archived: Option<bool>,
}

pub async fn create_class(
    store: &SharedStore,
    teacher_id: &str,
    name: &str,
) -> Result<ClassRecord, ClassError> {
    let name = ClassName::parse(name).ok_or(ClassError::InvalidName)?;
    let id = format!("c{}", new_uid());
    for _ in 0..CODE_TRIES {
        let class = NewClass {
            id: id.clone(),
            teacher_id: teacher_id.to_owned(),
            name: name.as_str().to_owned(),
            code: JoinCode::generate().as_str().to_owned(),
            created_at: now_millis(),
        };
        match store.create_class(&class, MAX_CLASSES_PER_TEACHER).await {
            Ok(true) => return class_of(store, teacher_id, &id).await,
            Ok(false) => return Err(ClassError::TooManyClasses),
            Err(StoreError::Conflict) => continue,
            Err(error) => return Err(error.into()),
        }
    }
    Err(StoreError::Conflict.into())
}

/// A teacher's class, or [`ClassError::UnknownClass`].
pub async fn class_of(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
) -> Result<ClassRecord, ClassError> {
    store
        .class_of_teacher(teacher_id, class_id)
        .await?
        .ok_or(ClassError::UnknownClass)
}

/// Renames, archives or brings back, closes or opens joining. An archived class takes only
/// being brought back.
pub async fn change_class(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
    change: ClassChange,
) -> Result<ClassRecord, ClassError> {
    let class = class_of(store, teacher_id, class_id).await?;
    let unarchives = change.archived == Some(false);
    if class.archived && !unarchives {
        return Err(ClassError::Archived);
    }
    let name = match change.name {
        Some(name) => ClassName::parse(&name)
            .ok_or(ClassError::InvalidName)?
            .into_string(),
        None => class.name,
    };
    let settings = ClassSettings {
        name,
        joining: change.joining.unwrap_or(class.joining),
        archived: change.archived.unwrap_or(class.archived),
    };
    if !store.update_class(teacher_id, class_id, &settings).await? {
        return Err(ClassError::UnknownClass);
    }
    class_of(store, teacher_id, class_id).await
}

/// A new join code: the old one stops working at once.
pub async fn new_code(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
) -> Result<ClassRecord, ClassError> {
    let class = class_of(store, teacher_id, class_id).await?;
    if class.archived {
        return Err(ClassError::Archived);
    }
    for _ in 0..CODE_TRIES {
        let code = JoinCode::generate();
        match store
            .set_class_code(teacher_id, class_id, code.as_str())
            .await
        {
            Ok(true) => return class_of(store, teacher_id, class_id).await,
            Ok(false) => return Err(ClassError::UnknownClass),
            Err(StoreError::Conflict) => continue,
            Err(error) => return Err(error.into()),
        }
    }
    Err(StoreError::Conflict.into())
}

pub async fn delete_class(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
) -> Result<(), ClassError> {
    if store.delete_class(teacher_id, class_id).await? {
        Ok(())
    } else {
        Err(ClassError::UnknownClass)
    }
}

/// The class and its students' progress, for the teacher's table.
pub async fn class_progress(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
) -> Result<(ClassRecord, ClassProgress), ClassError> {
    let class = class_of(store, teacher_id, class_id).await?;
    let progress = store.class_progress(class_id, None).await?;
    Ok((class, progress))
}

/// A student of the teacher's class and the challenges they passed, with the code.
pub async fn student_passes(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
    student_id: &str,
) -> Result<(ClassProgress, Vec<ChallengePass>), ClassError> {
    class_of(store, teacher_id, class_id).await?;
    let student = store.class_progress(class_id, Some(student_id)).await?;
    if student.students.is_empty() {
        return Err(ClassError::UnknownStudent);
    }
    let passes = store.member_passes(class_id, student_id).await?;
    Ok((student, passes))
}

/// Takes a student out of the teacher's class. An archived class is read-only.
pub async fn remove_student(
    store: &SharedStore,
    teacher_id: &str,
    class_id: &str,
    student_id: &str,
) -> Result<(), ClassError> {
    let class = class_of(store, teacher_id, class_id).await?;
    if class.archived {
        return Err(ClassError::Archived);
    }
    if store.remove_member(class_id, student_id).await? {
        Ok(())
    } else {
        Err(ClassError::UnknownStudent)
    }
}

/// What a join code opens, before the student joins: refused when it opens nothing, or a
/// class that takes no students now.
pub async fn class_to_join(store: &SharedStore, code: &str) -> Result<JoinableClass, ClassError> {
    let code = JoinCode::parse(code).ok_or(ClassError::UnknownCode)?;
    let class = store
        .class_by_code(code.as_str())
        .await?
        .ok_or(ClassError::UnknownCode)?;
    if !class.joining || class.archived {
        return Err(ClassError::JoiningClosed);
    }
    Ok(class)
}

/// Joins the class a code opens; joining twice changes nothing.
pub async fn join(
    store: &SharedStore,
    account_id: &str,
    code: &str,
) -> Result<JoinableClass, ClassError> {
    let class = class_to_join(store, code).await?;
    if class.teacher_id == account_id {
        return Err(ClassError::OwnClass);
    }
    if store.is_member(&class.id, account_id).await? {
        return Ok(class);
    }
    let limits = JoinLimits {
        students: MAX_STUDENTS,
        classes_per_student: MAX_CLASSES_JOINED,
    };
    match store
        .join_class(&class.id, account_id, now_millis(), limits)
        .await?
    {
        JoinOutcome::Joined | JoinOutcome::AlreadyMember => Ok(class),
        JoinOutcome::Full => Err(ClassError::ClassFull),
        JoinOutcome::TooManyJoined => Err(ClassError::TooManyJoined),
    }
}

pub async fn leave(
    store: &SharedStore,
    account_id: &str,
    class_id: &str,
) -> Result<(), ClassError> {
    if store.remove_member(class_id, account_id).await? {
        Ok(())
    } else {
        Err(ClassError::NotAMember)
    }
}

pub async fn classes_joined(
    store: &SharedStore,
    account_id: &str,
) -> Result<Vec<JoinedClass>, ClassError> {
    Ok(store.classes_joined(account_id).await?)
}
