import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { normalizePath } from '../../shared/lib/paths';
import { LessonPager } from './components/lesson-pager';
import { LoadingLesson } from './components/loading-lesson';
import { TutorialSidebar } from './components/tutorial-sidebar';
import { lessonComponents } from './lesson-loader';
import { findLesson, lessonMeta, TUTORIAL_ROOT } from './tutorial-data';

/** Sidebar on the left (behind a button on phones), the lesson on the right. */
export default function TutorialLayout() {
  const [location] = useLocation();
  const path = normalizePath(location);
  const lesson = findLesson(path) ?? findLesson(TUTORIAL_ROOT)!;
  usePageMeta(lessonMeta(lesson));
  const Lesson = lessonComponents[lesson.lesson];

  return (
    <div className="container tutorial">
      <TutorialSidebar current={lesson} />
      <article className="lesson" aria-labelledby="lesson-heading">
        <h1 id="lesson-heading">{lesson.heading}</h1>
        <Suspense fallback={<LoadingLesson />}>{Lesson && <Lesson />}</Suspense>
        <LessonPager lesson={lesson} />
      </article>
    </div>
  );
}
