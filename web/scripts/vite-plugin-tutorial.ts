// Build-time support for the React tutorial (src/features/tutorial):
//
// 1. `import source from './counter-demo.tsx?highlight'` gives the file's own
//    text, highlighted here in Node, as HTML with CSS classes. The page shows
//    exactly the file that runs, and no highlighter reaches the browser. It
//    also gives the file's path within the tutorial folder, by which the
//    editor's sandbox resolves imports between a demo's files.
// 2. `virtual:tutorial-chunks` loads the tutorial layout and each lesson: with
//    dynamic imports in the browser (one chunk per lesson, the imports in a
//    small chunk of their own: see chunk-table.ts), and already resolved on the
//    server, so the prerendered HTML holds the whole lesson. `layoutModule`,
//    `lessonModules` and `tutorialTableModule` name their source files as
//    Vite's build manifest does, for the prerender step to preload a lesson's chunks.
// 3. The placeholder-data service's base URL (VITE_PLACEHOLDER_API_URL) gets
//    its default here, and the build writes its origin to
//    dist/_meta/csp.json, which the server adds to the CSP connect-src.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import { createHighlighter, type BundledLanguage, type ThemeRegistration } from 'shiki';
import { loadEnv, type Plugin } from 'vite';
import { chunkTable, type TableEntry } from './chunk-table';

export const DEFAULT_PLACEHOLDER_API_URL = 'https://jsonplaceholder.typicode.com';
const ENV_NAME = 'VITE_PLACEHOLDER_API_URL';

const HIGHLIGHT_QUERY = '?highlight';
const HIGHLIGHT_PREFIX = '\0tutorial-highlight:';
const HIGHLIGHT_SUFFIX = '.highlighted.js';
const VIRTUAL_ID = 'virtual:tutorial-chunks';
const RESOLVED_VIRTUAL_ID = '\0' + VIRTUAL_ID;

/**
 * Token kinds and the TextMate scopes that produce them. The theme gives
 * each kind a placeholder colour, which is then swapped for a class; the real
 * colours live in CSS, for light and dark.
 */
const TOKEN_KINDS: ReadonlyArray<readonly [kind: string, scopes: readonly string[]]> = [
  ['comment', ['comment', 'punctuation.definition.comment']],
  ['keyword', ['keyword', 'storage', 'keyword.control', 'variable.language.this']],
  ['string', ['string', 'punctuation.definition.string', 'string.template', 'markup.inline.raw']],
  ['number', ['constant.numeric', 'constant.language', 'support.constant']],
  ['function', ['entity.name.function', 'support.function', 'meta.function-call entity.name.function']],
  ['type', ['entity.name.type', 'support.type', 'entity.other.inherited-class', 'support.class.component']],
  ['tag', ['entity.name.tag', 'punctuation.definition.tag']],
  ['attr', ['entity.other.attribute-name', 'support.type.property-name', 'meta.object-literal.key']],
  ['plain', ['keyword.operator', 'punctuation', 'meta.brace', 'variable', 'variable.other']],
];

const placeholderColour = (index: number) => `#0000${(index + 1).toString(16).padStart(2, '0')}`;
const CLASS_BY_COLOUR = new Map(TOKEN_KINDS.map(([kind], index) => [placeholderColour(index), kind]));

const CLASS_THEME: ThemeRegistration = {
  name: 'tutorial-classes',
  type: 'light',
  colors: { 'editor.foreground': '#000000', 'editor.background': '#ffffff' },
  settings: [
    { settings: { foreground: '#000000' } },
    ...TOKEN_KINDS.map(([, scopes], index) => ({
      scope: [...scopes],
      settings: { foreground: placeholderColour(index) },
    })),
  ],
};

const LANGS: Record<string, BundledLanguage> = { '.tsx': 'tsx', '.ts': 'ts', '.css': 'css', '.sh': 'shellscript' };

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

let highlighter: ReturnType<typeof createHighlighter> | undefined;

/** Highlights `code` as HTML: one `<span class="tok-KIND">` per token, no inline styles. */
export async function highlight(code: string, lang: BundledLanguage): Promise<string> {
  highlighter ??= createHighlighter({ themes: [CLASS_THEME], langs: [...new Set(Object.values(LANGS))] });
  const { tokens } = (await highlighter).codeToTokens(code.replace(/\n$/, ''), {
    lang,
    theme: 'tutorial-classes',
    // Shiki stops colouring a line after 500 ms by default: on a busy build machine the
    // first line (while the grammar's patterns compile) could lose its colours. The lessons'
    // lines are short and this runs at build time, so no limit.
    tokenizeTimeLimit: 0,
  });
  return tokens
    .map((line) =>
      line
        .map((token) => {
          const kind = CLASS_BY_COLOUR.get((token.color ?? '').toLowerCase());
          const text = escapeHtml(token.content);
          return kind && kind !== 'plain' ? `<span class="tok-${kind}">${text}</span>` : text;
        })
        .join(''),
    )
    .join('\n');
}

/** The origin that the browser will contact for the placeholder data. */
export function placeholderOrigin(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`${ENV_NAME} must be an absolute http(s) URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${ENV_NAME} must be an absolute http(s) URL, got "${baseUrl}"`);
  }
  return url.origin;
}

interface Options {
  /** The tutorial layout module, loaded on its own chunk. */
  readonly layout: string;
  /** Folder of lesson modules; each `NAME.tsx` becomes lesson `NAME`. */
  readonly lessonsDir: string;
}

export function tutorialPlugin({ layout, lessonsDir }: Options): Plugin {
  let root = process.cwd();
  let isSsrBuild = false;
  let baseUrl = DEFAULT_PLACEHOLDER_API_URL;
  const table = chunkTable('tutorial-chunks');

  const lessonFiles = () =>
    readdirSync(resolve(root, lessonsDir))
      .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
      .sort();

  /** The layout and the lessons, for the virtual module and its table. */
  const tutorialModules = () => {
    const entry = (name: string, file: string): TableEntry => ({
      name,
      path: resolve(root, file),
      moduleId: relative(root, resolve(root, file)),
    });
    return {
      layoutEntry: entry('layout', layout),
      lessons: lessonFiles().map((name) => entry(basename(name, '.tsx'), join(lessonsDir, name))),
    };
  };

  return {
    name: 'college-tutorial',
    enforce: 'pre',

    config(userConfig, { mode }) {
      const env = loadEnv(mode, userConfig.root ?? process.cwd(), 'VITE_');
      baseUrl = (env[ENV_NAME] ?? '').trim() || DEFAULT_PLACEHOLDER_API_URL;
      placeholderOrigin(baseUrl);
      return { define: { [`import.meta.env.${ENV_NAME}`]: JSON.stringify(baseUrl) } };
    },

    configResolved(config) {
      root = config.root;
      isSsrBuild = !!config.build.ssr;
    },

    resolveId(id, importer) {
      if (id === VIRTUAL_ID) return RESOLVED_VIRTUAL_ID;
      const tableId = table.resolveId(id);
      if (tableId !== null) return tableId;
      if (id.endsWith(HIGHLIGHT_QUERY) && importer) {
        // A virtual id (leading \0, not ending in the file's own extension),
        // so that no other plugin, such as the CSS one, treats it as the file.
        const file = id.slice(0, -HIGHLIGHT_QUERY.length);
        const base = importer.replace(/[?#].*$/, '');
        return HIGHLIGHT_PREFIX + resolve(file.startsWith('.') ? join(base, '..') : root, file) + HIGHLIGHT_SUFFIX;
      }
      return null;
    },

    async load(id, options) {
      if (id === RESOLVED_VIRTUAL_ID || table.owns(id)) {
        const { layoutEntry, lessons } = tutorialModules();
        const tableModule = table.load(id, { layoutLoader: [layoutEntry], lessonLoaders: lessons });
        if (tableModule !== null) return tableModule;
        const onServer =
          options?.ssr === true || (this as { environment?: { config: { consumer: string } } }).environment?.config.consumer === 'server';
        const moduleIds = [
          `export const layoutModule = ${JSON.stringify(layoutEntry.moduleId)};`,
          `export const tutorialTableModule = ${JSON.stringify(table.moduleId())};`,
          'export const lessonModules = {',
          ...lessons.map(({ name, moduleId }) => `  ${JSON.stringify(name)}: ${JSON.stringify(moduleId)},`),
          '};',
        ];
        if (!onServer) {
          return [
            ...moduleIds,
            table.tableLoader('loadTutorialTable'),
            ...table.loaders('layoutLoader', [layoutEntry], 'loadTutorialTable'),
            'export const loadLayout = layoutLoader.layout;',
            ...table.loaders('lessonLoaders', lessons, 'loadTutorialTable'),
          ].join('\n');
        }
        // On the server every chunk is already there: a thenable that
        // resolves at once lets React.lazy render it in the same pass.
        return [
          ...moduleIds,
          `import * as layout from ${JSON.stringify(layoutEntry.path)};`,
          ...lessons.map(({ path }, index) => `import * as lesson${index} from ${JSON.stringify(path)};`),
          'const ready = (module) => ({ then: (resolve) => resolve(module) });',
          'export const loadTutorialTable = () => ready({});',
          'export const loadLayout = () => ready(layout);',
          'export const lessonLoaders = {',
          ...lessons.map(({ name }, index) => `  ${JSON.stringify(name)}: () => ready(lesson${index}),`),
          '};',
        ].join('\n');
      }
      if (id.startsWith(HIGHLIGHT_PREFIX) && id.endsWith(HIGHLIGHT_SUFFIX)) {
        const file = id.slice(HIGHLIGHT_PREFIX.length, -HIGHLIGHT_SUFFIX.length);
        const lang = LANGS[extname(file)];
        if (!lang) throw new Error(`no highlighting for ${file}`);
        this.addWatchFile(file);
        const html = await highlight(readFileSync(file, 'utf8'), lang);
        const path = relative(resolve(root, lessonsDir, '..'), file).split(sep).join('/');
        return `export default ${JSON.stringify({ file: basename(file), path, html })};`;
      }
      return null;
    },

    generateBundle() {
      if (isSsrBuild) return;
      this.emitFile({
        type: 'asset',
        fileName: '_meta/csp.json',
        source: `${JSON.stringify({ connectSrc: [placeholderOrigin(baseUrl)] })}\n`,
      });
    },
  };
}
