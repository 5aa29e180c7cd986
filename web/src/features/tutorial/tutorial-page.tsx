import { lazy, Suspense, type ComponentType } from 'react';
import { loadLayout } from 'virtual:tutorial-chunks';
import { normalizePath } from '../../shared/lib/paths';
import { LoadingLesson } from './components/loading-lesson';
import { preloadLesson } from './lesson-loader';
import './tutorial.css';

// The layout is its own chunk, so pages outside the tutorial never load it.
// Asking for the lesson's chunk at the same time saves a round trip.
const TutorialLayout = lazy(() => {
  if (typeof window !== 'undefined') preloadLesson(normalizePath(window.location.pathname));
  // React.lazy only calls `then`; on the server the thenable is already resolved.
  return loadLayout() as Promise<{ default: ComponentType }>;
});

/** Every tutorial route renders this; the layout picks the lesson from the path. */
export function TutorialPage() {
  return (
    // While a chunk loads, prerendered HTML stays in place (and is hydrated
    // once the chunk is there); the fallback shows only on in-app navigation.
    <Suspense fallback={<LoadingLesson />}>
      <TutorialLayout />
    </Suspense>
  );
}
