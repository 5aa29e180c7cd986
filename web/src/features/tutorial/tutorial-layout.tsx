import { Suspense, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { normalizePath } from '../../shared/lib/paths';
import { StudentContext } from '../../shared/lib/student-context';
import { dataGeneration } from '../../shared/lib/student-data';
import { LessonPager } from './components/lesson-pager';
import { MarkDone, ProgressSummary } from './components/lesson-progress-parts';
import { LoadingLesson } from './components/loading-lesson';
import { TutorialSidebar } from './components/tutorial-sidebar';
import { lessonComponents } from './lesson-loader';
import { LessonContext } from './progress/lesson-context';
import { subscribeToProgress } from './progress/progress-events';
import * as progressSync from './progress/progress-sync';
import { challengeIds } from './progress/lesson-challenges';
import { findLesson, lessonMeta, TUTORIAL_ROOT } from './tutorial-data';

/**
 * A signed-in student's progress and this lesson's saved files: one read as the
 * lesson opens. A component of its own, so that learning who is signed in does
 * not render the lesson again (its demos count their renders).
 */
function LessonProgressLoader({ lesson }: { lesson: string }) {
  const student = useContext(StudentContext);
  useEffect(() => {
    if (student) void progressSync.loadLessonProgress(student, lesson);
  }, [student, lesson]);
  return null;
}

/** Sidebar on the left (behind a button on phones), the lesson on the right. */
export default function TutorialLayout() {
  const [location] = useLocation();
  const path = normalizePath(location);
  const lesson = findLesson(path) ?? findLesson(TUTORIAL_ROOT)!;
  usePageMeta(lessonMeta(lesson));
  const Lesson = lessonComponents[lesson.lesson];

  const setting = useMemo(() => ({ lesson: lesson.lesson, progress: progressSync }), [lesson.lesson]);

  // At logout the student's work leaves the page too: the lesson starts again from its original code.
  const generation = useSyncExternalStore(subscribeToProgress, dataGeneration, () => 0);

  return (
    <div className="container tutorial">
      <LessonProgressLoader lesson={lesson.lesson} />
      <TutorialSidebar current={lesson} />
      <article className="lesson" aria-labelledby="lesson-heading" key={generation}>
        <h1 id="lesson-heading">{lesson.heading}</h1>
        {path === TUTORIAL_ROOT && <ProgressSummary />}
        <LessonContext.Provider value={setting}>
          <Suspense fallback={<LoadingLesson />}>{Lesson && <Lesson />}</Suspense>
        </LessonContext.Provider>
        {challengeIds(lesson).length === 0 && <MarkDone lesson={lesson} />}
        <LessonPager lesson={lesson} />
      </article>
    </div>
  );
}
