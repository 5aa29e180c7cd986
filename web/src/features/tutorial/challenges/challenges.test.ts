// @vitest-environment jsdom
//
// Runs every challenge's checks the way the sandbox does (compiled by the
// page's transform, loaded by the sandbox's module system, checked by its
// check tools), here in jsdom: the starter must fail with a reason, and the
// solution, and any second correct answer, must pass every check.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileName, type Program } from '../playground/protocol';
import { compileFile, compileFiles, type SourceFile } from '../playground/transform';
import { runChecks } from '../sandbox/run-checks';
import { challengeFiles } from './challenge-files';

const host = {
  packages: { react: React, 'react/jsx-runtime': jsxRuntime, 'react-dom': ReactDOM, 'react-dom/client': ReactDOMClient },
  // jsdom applies <style> sheets to getComputedStyle, so checks that read styles work here too.
  addStyle: (path: string, css: string) => {
    const sheet = document.createElement('style');
    sheet.dataset.file = path;
    sheet.textContent = css;
    document.head.append(sheet);
  },
  loopGuard: () => true as const,
};

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The student's files as the editor has them: the starter's paths, with `code` in them. */
function asEdited(starter: readonly SourceFile[], answer: readonly SourceFile[]): SourceFile[] {
  return starter.map((file) => ({ ...file, code: answer.find((other) => fileName(other.path) === fileName(file.path))?.code ?? file.code }));
}

async function check(files: readonly SourceFile[], checks: SourceFile) {
  const program: Program = { files: compileFiles(files), entry: files[0]!.path, hostModules: {} };
  const area = document.createElement('div');
  document.body.append(area);
  return runChecks(program, compileFile(checks), host, area, describeError);
}

// A wrong starter may leave a timer running (a Stop button that does not
// stop): clear what each test started, so nothing fires after the test file.
const started: Array<ReturnType<typeof setTimeout>> = [];
const { setInterval: realSetInterval, setTimeout: realSetTimeout } = globalThis;
beforeEach(() => {
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const id = realSetInterval(...args);
    started.push(id);
    return id;
  }) as typeof setInterval;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    const id = realSetTimeout(...args);
    started.push(id);
    return id;
  }) as typeof setTimeout;
});

afterEach(() => {
  globalThis.setInterval = realSetInterval;
  globalThis.setTimeout = realSetTimeout;
  for (const id of started.splice(0)) clearTimeout(id);
  document.body.replaceChildren();
  document.head.replaceChildren();
});

it('there are challenges in at least 12 lessons', () => {
  const lessons = new Set(challengeFiles.map(({ id }) => id.split('/')[0]));
  expect(lessons.size).toBeGreaterThanOrEqual(12);
});

describe.each(challengeFiles.map((challenge) => [challenge.id, challenge] as const))('challenge %s', (_, challenge) => {
  it('has one .tsx file to check, and a solution for each starter file', () => {
    expect(challenge.starter.filter((file) => file.path.endsWith('.tsx'))).toHaveLength(1);
    expect(challenge.starter[0]!.path).toMatch(/\.tsx$/);
    for (const file of challenge.solution) {
      expect(challenge.starter.map((starter) => fileName(starter.path))).toContain(fileName(file.path));
    }
  });

  it('fails the starter code, saying why', async () => {
    const results = await check(challenge.starter, challenge.checks);
    const failed = results.filter((result) => !result.passed);
    expect(failed.length).toBeGreaterThan(0);
    for (const result of failed) expect(result.reason ?? '').not.toBe('');
  });

  it('passes the solution', async () => {
    const results = await check(asEdited(challenge.starter, challenge.solution), challenge.checks);
    expect(results.filter((result) => !result.passed)).toEqual([]);
    expect(results.length).toBeGreaterThan(0);
  });

  it.runIf(challenge.alternative)('passes a second, different correct answer', async () => {
    const alternative = asEdited(challenge.starter, challenge.alternative!);
    expect(alternative.map((file) => file.code)).not.toEqual(asEdited(challenge.starter, challenge.solution).map((file) => file.code));
    const results = await check(alternative, challenge.checks);
    expect(results.filter((result) => !result.passed)).toEqual([]);
  });
});

const lessonSources = import.meta.glob<string>('../lessons/*.tsx', { query: '?raw', import: 'default', eager: true });

it('each challenge is shown by the lesson it is filed under, with its starter files', () => {
  for (const { id, starter } of challengeFiles) {
    const lesson = lessonSources[`../lessons/${id.split('/')[0]}.tsx`] ?? '';
    expect(lesson, id).toContain(`id="${id}"`);
    for (const file of starter) expect(lesson, id).toContain(`../${file.path}?highlight`);
  }
});
