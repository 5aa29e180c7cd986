// `virtual:page-chunks`: loaders for pages that get a chunk of their own, so
// that pages which do not need them (Home above all) do not pay for their code.
// In the browser each loader is a dynamic import, made in a small chunk of its own
// (see chunk-table.ts); on the server the module is already imported, and the
// loader's thenable resolves at once, so React.lazy renders the page in the same
// pass and the prerendered HTML holds it whole.
// `pageModules` names each page's source file as Vite's build manifest does, so
// the prerender step can preload the page's chunk, and `pageTableModule` the
// table's (unused in the browser, and tree-shaken from its bundle).
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { chunkTable, type TableEntry } from './chunk-table';

const VIRTUAL_ID = 'virtual:page-chunks';
const RESOLVED_VIRTUAL_ID = '\0' + VIRTUAL_ID;

/** `pages` maps a page's name to its file, relative to the project root. */
export function pageChunksPlugin(pages: Readonly<Record<string, string>>): Plugin {
  let root = process.cwd();
  const table = chunkTable('page-chunks');
  const entries = (): TableEntry[] =>
    Object.entries(pages).map(([name, file]) => ({
      name,
      path: resolve(root, file),
      moduleId: relative(root, resolve(root, file)),
    }));
  return {
    name: 'college-page-chunks',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : table.resolveId(id);
    },
    load(id, options) {
      if (table.owns(id)) return table.load(id, { pageLoaders: entries() });
      if (id !== RESOLVED_VIRTUAL_ID) return null;
      const pageEntries = entries();
      const pageModules = [
        `export const pageTableModule = ${JSON.stringify(table.moduleId())};`,
        'export const pageModules = {',
        ...pageEntries.map(({ name, moduleId }) => `  ${JSON.stringify(name)}: ${JSON.stringify(moduleId)},`),
        '};',
      ];
      if (!options?.ssr) {
        return [
          ...pageModules,
          table.tableLoader('loadPageTable'),
          ...table.loaders('pageLoaders', pageEntries, 'loadPageTable'),
        ].join('\n');
      }
      return [
        ...pageModules,
        ...pageEntries.map(({ path }, index) => `import * as page${index} from ${JSON.stringify(path)};`),
        'const ready = (module) => ({ then: (resolve) => resolve(module) });',
        'export const loadPageTable = () => ready({});',
        'export const pageLoaders = {',
        ...pageEntries.map(({ name }, index) => `  ${JSON.stringify(name)}: () => ready(page${index}),`),
        '};',
      ].join('\n');
    },
  };
}
