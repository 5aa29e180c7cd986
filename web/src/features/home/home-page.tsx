import { college } from '../../content/college';
import { startingHomeText } from '../../content/pages';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { editMark, pageText } from '../../shared/lib/page-text';
import { serverContentHere } from '../../shared/lib/server-content';
import { COURSES_PATH } from '../../shared/paths/notices';

/** Where the prerendered Home leaves room for the latest notices and the courses' cards (content/render/template.rs). */
const LATEST_NOTICES_SLOT = '<!--latest-notices-->';
const COURSE_CARDS_SLOT = '<!--course-cards-->';

export function HomePage() {
  usePageMeta(college.pages.home);
  const { welcome } = college;
  const text = pageText('home', startingHomeText());
  const mark = (field: keyof typeof text) => editMark('home', field);
  // Links to Home load it from the server (see AppLink). The app comes here by itself only
  // after a sign-in or a password reset, and shows Home without the notices rather than
  // reload it: a reload could cut off the student's progress as it is saved to the account.
  const latest = serverContentHere('latest', LATEST_NOTICES_SLOT);
  const courseCards = serverContentHere('courses', COURSE_CARDS_SLOT);
  return (
    <>
      <section className="hero" aria-labelledby="welcome-heading">
        <div className="container hero__inner">
          <h1 id="welcome-heading" className="hero__heading" {...mark('heading')}>
            {text.heading}
          </h1>
          <p className="hero__tagline" {...mark('tagline')}>
            {text.tagline}
          </p>
          <p className="hero__text" {...mark('text')}>
            {text.text}
          </p>
          <AppLink href={welcome.action.href} className="button button--inverse button--large">
            <span {...mark('action')}>{text.action}</span>
          </AppLink>
        </div>
      </section>
      {/* Sanitised on the server, and the very string the page came with (or nothing). */}
      <div className="home-notices" dangerouslySetInnerHTML={{ __html: typeof latest === 'object' ? latest.html : '' }} />
      <section className="section container" id="courses" aria-labelledby="courses-heading">
        <h2 id="courses-heading" {...mark('coursesHeading')}>
          {text.coursesHeading}
        </h2>
        <p className="lead" {...mark('coursesIntro')}>
          {text.coursesIntro}
        </p>
        {typeof courseCards === 'object' ? (
          // Made on the server from the courses the office published, every text escaped there.
          <div className="card-grid" dangerouslySetInnerHTML={{ __html: courseCards.html }} />
        ) : (
          // The app came here by itself: the courses are the server's to show.
          <AppLink href={COURSES_PATH}>See the courses, their fees and how to apply</AppLink>
        )}
      </section>
    </>
  );
}
