import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { challengeIds } from './progress/lesson-challenges';
import { lessonModuleAt, lessonModules } from '../../shared/paths/tutorial';
import { findLesson, neighbours, TUTORIAL_ROOT, tutorialLessons, tutorialPaths, tutorialSidebar } from './tutorial-data';

describe('tutorial table of contents', () => {
  it('has exactly the tutorial routes, in reading order', () => {
    expect(tutorialPaths).toEqual([
      '/react',
      '/react/intro',
      '/react/install',
      '/react/component',
      '/react/props',
      '/react/forms',
      '/react/memo',
      '/react/styles',
      '/react/web-hooks',
      '/react/web-hooks/intro',
      '/react/web-hooks/use-state',
      '/react/web-hooks/use-effect',
      '/react/web-hooks/use-context',
      '/react/web-hooks/use-ref',
      '/react/web-hooks/use-reducer',
      '/react/web-hooks/use-memo',
      '/react/web-hooks/use-callback',
      '/react/web-hooks/custom-hook',
    ]);
  });

  it('labels the sidebar as the course outline does', () => {
    expect(tutorialSidebar.map((entry) => entry.title)).toEqual([
      'Intro',
      'Installation',
      'Components',
      'Props',
      'Forms',
      'Memo',
      'CSS Styles',
      'Web Hooks',
    ]);
    expect(tutorialSidebar.at(-1)?.children?.map((entry) => entry.title)).toEqual([
      'Intro',
      'useState',
      'useEffect',
      'useContext',
      'useRef',
      'useReducer',
      'useMemo',
      'useCallback',
      'Custom Hook',
    ]);
  });

  it("shows 'What is React?' at the root and at intro", () => {
    expect(findLesson(TUTORIAL_ROOT)?.heading).toBe('What is React?');
    expect(findLesson('/react/intro')).toBe(findLesson(TUTORIAL_ROOT));
    expect(findLesson('/react/nothing')).toBeUndefined();
    expect(findLesson('/react/')).toBeUndefined();
  });

  it('links each lesson to the one before and after', () => {
    const first = tutorialLessons[0]!;
    const last = tutorialLessons.at(-1)!;
    expect(neighbours(first)).toEqual({ previous: undefined, next: findLesson('/react/install') });
    expect(neighbours(findLesson('/react/styles')!).next?.path).toBe('/react/web-hooks');
    expect(neighbours(findLesson('/react/web-hooks')!).next?.path).toBe('/react/web-hooks/intro');
    expect(neighbours(last)).toEqual({ previous: findLesson('/react/web-hooks/use-callback'), next: undefined });
  });

  it('has a lesson module for every entry and an entry for every module', () => {
    const dir = fileURLToPath(new URL('./lessons', import.meta.url));
    const modules = readdirSync(dir).map((name) => name.replace(/\.tsx$/, ''));
    expect(tutorialLessons.map((entry) => entry.lesson).sort()).toEqual(modules.sort());
  });

  it("lists each lesson's challenges as the challenges folder and the lesson page hold them", () => {
    const dir = fileURLToPath(new URL('./challenges', import.meta.url));
    const lessonsDir = fileURLToPath(new URL('./lessons', import.meta.url));
    for (const entry of tutorialLessons) {
      const folders = readdirSync(dir, { withFileTypes: true }).some((item) => item.name === entry.lesson)
        ? readdirSync(`${dir}/${entry.lesson}`, { withFileTypes: true }).filter((item) => item.isDirectory()).map((item) => item.name)
        : [];
      expect(challengeIds(entry), entry.path).toEqual(folders.sort().map((name) => `${entry.lesson}/${name}`));
      // The page shows each one: `id="<lesson>/<name>"` on its <Challenge>.
      const page = readFileSync(`${lessonsDir}/${entry.lesson}.tsx`, 'utf8');
      const shown = [...page.matchAll(/id="([\w-]+)\/([\w-]+)"/g)].map((match) => `${match[1]}/${match[2]}`);
      expect(shown.sort(), entry.path).toEqual(challengeIds(entry));
    }
  });

  it('has the same paths and lesson modules as the table every page holds (shared/paths/tutorial.ts)', () => {
    expect(tutorialLessons.map((entry) => [entry.path, entry.lesson])).toEqual(
      lessonModules.map((module, index) => [tutorialPaths[index + 1], module]),
    );
    for (const entry of tutorialLessons) expect(lessonModuleAt(entry.path)).toBe(entry.lesson);
    expect(lessonModuleAt(TUTORIAL_ROOT)).toBe(tutorialLessons[0]!.lesson);
  });

  it('gives every lesson a heading and a useful description', () => {
    for (const entry of tutorialLessons) {
      expect(entry.heading.length, entry.path).toBeGreaterThan(0);
      expect(entry.description.length, entry.path).toBeGreaterThan(30);
    }
  });
});
