/** Shown during in-app navigation while a lesson's chunk loads. */
export function LoadingLesson() {
  return <p className="lesson-loading">Loading the lesson…</p>;
}
