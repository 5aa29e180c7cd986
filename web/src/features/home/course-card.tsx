import type { Course } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';

export function CourseCard({ course }: { course: Course }) {
  const headingId = `course-${course.id}`;
  return (
    <article className="card course-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="course-card__code">
        {course.code}
      </h3>
      <p className="course-card__name">{course.name}</p>
      <p className="course-card__duration">{course.duration}</p>
      <p className="course-card__description">{course.description}</p>
      <AppLink href={course.action.href} className="button course-card__action">
        {course.action.label}
      </AppLink>
    </article>
  );
}
