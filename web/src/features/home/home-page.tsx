import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { CourseCard } from './course-card';

export function HomePage() {
  usePageMeta(college.pages.home);
  const { welcome } = college;
  return (
    <>
      <section className="hero" aria-labelledby="welcome-heading">
        <div className="container hero__inner">
          <h1 id="welcome-heading" className="hero__heading">
            {welcome.heading}
          </h1>
          <p className="hero__tagline">{college.tagline}</p>
          <p className="hero__text">{welcome.text}</p>
          <AppLink href={welcome.action.href} className="button button--inverse button--large">
            {welcome.action.label}
          </AppLink>
        </div>
      </section>
      <section className="section container" id="courses" aria-labelledby="courses-heading">
        <h2 id="courses-heading">{college.coursesHeading}</h2>
        <p className="lead">{college.coursesIntro}</p>
        <div className="card-grid">
          {college.courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </div>
      </section>
    </>
  );
}
