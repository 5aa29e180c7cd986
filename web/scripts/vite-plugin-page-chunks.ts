// `virtual:page-chunks`: loaders for pages that get a chunk of their own, so
// that pages which do not need them (Home above all) do not pay for their code.
// In the browser each loader is a dynamic import; on the server the module is
// already imported, and the loader's thenable resolves at once, so React.lazy
// renders the page in the same pass and the prerendered HTML holds it whole.
// `pageModules` names each page's source file as Vite's build manifest does, so
// the prerender step can preload the page's chunk (unused in the browser, and
// tree-shaken from its bundle).
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:page-chunks';
const RESOLVED_VIRTUAL_ID = '\0' + VIRTUAL_ID;

/** `pages` maps a page's name to its file, relative to the project root. */
export function pageChunksPlugin(pages: Readonly<Record<string, string>>): Plugin {
  let root = process.cwd();
  return {
    name: 'college-page-chunks',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : null;
    },
    load(id, options) {
      if (id !== RESOLVED_VIRTUAL_ID) return null;
      const entries = Object.entries(pages).map(([name, file]) => ({
        name: JSON.stringify(name),
        path: JSON.stringify(resolve(root, file)),
        moduleId: JSON.stringify(relative(root, resolve(root, file))),
      }));
      const pageModules = [
        'export const pageModules = {',
        ...entries.map(({ name, moduleId }) => `  ${name}: ${moduleId},`),
        '};',
      ];
      if (!options?.ssr) {
        return [
          ...pageModules,
          'export const pageLoaders = {',
          ...entries.map(({ name, path }) => `  ${name}: () => import(${path}),`),
          '};',
        ].join('\n');
      }
      return [
        ...pageModules,
        ...entries.map(({ path }, index) => `import * as page${index} from ${path};`),
        'const ready = (module) => ({ then: (resolve) => resolve(module) });',
        'export const pageLoaders = {',
        ...entries.map(({ name }, index) => `  ${name}: () => ready(page${index}),`),
        '};',
      ].join('\n');
    },
  };
}
