// A table of dynamic imports in a chunk of its own, for the plugins whose virtual
// modules hand out loaders (pages, the tutorial's layout and lessons).
//
// Each `import()` in a chunk carries the list of every file it preloads with the
// imported chunk (Vite's `__vite__mapDeps`): for the site's pages and lessons, some
// 65 hashed file names, which compress poorly. Were the imports in the modules the
// app's entry holds, every visitor of Home would download that list. Here the
// entry holds only loaders that import the table first: its chunk comes with the
// page that needs it (the prerender step preloads it, see entry-server.tsx), or on
// the first move to such a page, when main.tsx has not already fetched it after
// the page became interactive.

export interface TableEntry {
  /** The loader's key. */
  readonly name: string;
  /** The absolute path of the module it loads. */
  readonly path: string;
  /** The module's id in Vite's build manifest. */
  readonly moduleId: string;
}

export interface ChunkTable {
  readonly resolveId: (id: string) => string | null;
  /** Whether `resolvedId` is the table's. */
  readonly owns: (resolvedId: string) => boolean;
  /** The table module's code, when `id` is the table's: each export a record of loaders. */
  readonly load: (id: string, exports: Readonly<Record<string, readonly TableEntry[]>>) => string | null;
  /** Code for the browser's virtual module: an export `loaderName` that imports the table. */
  readonly tableLoader: (loaderName: string) => string;
  /** Code for the browser's virtual module: an export of loaders that go through the table's loader. */
  readonly loaders: (exportName: string, entries: readonly TableEntry[], loaderName: string) => string[];
  /** The table module's id in Vite's build manifest. */
  readonly moduleId: () => string;
}

/** The table `virtual:<name>-table` (its chunk: `assets/_virtual_<name>-table-<hash>.js`). */
export function chunkTable(name: string): ChunkTable {
  const id = `virtual:${name}-table`;
  const resolvedId = `\0${id}`;
  return {
    resolveId: (wanted) => (wanted === id ? resolvedId : null),
    owns: (wanted) => wanted === resolvedId,
    load(wanted, exports) {
      if (wanted !== resolvedId) return null;
      return Object.entries(exports)
        .flatMap(([exportName, entries]) => [
          `export const ${exportName} = {`,
          ...entries.map((entry) => `  ${JSON.stringify(entry.name)}: () => import(${JSON.stringify(entry.path)}),`),
          '};',
        ])
        .join('\n');
    },
    tableLoader: (loaderName) => `export const ${loaderName} = () => import(${JSON.stringify(id)});`,
    loaders: (exportName, entries, loaderName) => [
      `const ${exportName}Through = (key) => () => ${loaderName}().then((table) => table.${exportName}[key]());`,
      `export const ${exportName} = {`,
      ...entries.map(({ name: key }) => `  ${JSON.stringify(key)}: ${exportName}Through(${JSON.stringify(key)}),`),
      '};',
    ],
    moduleId: () => id,
  };
}
