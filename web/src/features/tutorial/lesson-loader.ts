import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { lessonLoaders } from 'virtual:tutorial-chunks';
import { lessonModuleAt, lessonModules } from '../../shared/paths/tutorial';

type LessonModule = { default: ComponentType };

const loading = new Map<string, PromiseLike<LessonModule>>();

function load(name: string): PromiseLike<LessonModule> {
  let module = loading.get(name);
  if (!module) {
    const loader = lessonLoaders[name];
    if (!loader) throw new Error(`no lesson module named ${name}`);
    module = loader();
    loading.set(name, module);
  }
  return module;
}

/** Starts loading the chunk of the lesson at `path`, if there is one. */
export function preloadLesson(path: string): void {
  const lesson = lessonModuleAt(path);
  if (lesson) void load(lesson);
}

// One lazy component per lesson for the life of the page, so going back to a
// lesson neither loads nor remounts it again. The names come from the lesson
// paths: on the server, the chunk module imports this file while it is
// still being evaluated, so `lessonLoaders` is read only when a lesson loads.
export const lessonComponents: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  // React.lazy only calls `then`; on the server the loader's thenable is already resolved.
  lessonModules.map((lesson) => [lesson, lazy(() => load(lesson) as Promise<LessonModule>)]),
);
