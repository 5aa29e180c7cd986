import { AppLink } from '../../../shared/components/app-link';
import { neighbours, type TutorialEntry } from '../tutorial-data';

/** Links to the lessons before and after this one. */
export function LessonPager({ lesson }: { lesson: TutorialEntry }) {
  const { previous, next } = neighbours(lesson);
  return (
    <nav className="lesson-pager" aria-label="Previous and next lesson">
      {previous && (
        <AppLink href={previous.path} className="lesson-pager__link lesson-pager__link--previous">
          <span className="lesson-pager__label">Previous</span>
          <span className="lesson-pager__title">{previous.heading}</span>
        </AppLink>
      )}
      {next && (
        <AppLink href={next.path} className="lesson-pager__link lesson-pager__link--next">
          <span className="lesson-pager__label">Next</span>
          <span className="lesson-pager__title">{next.heading}</span>
        </AppLink>
      )}
    </nav>
  );
}
