import { lazy, Suspense, type ComponentType } from 'react';
import { pageLoaders } from 'virtual:page-chunks';

/** A page component whose code is the chunk named `pageChunk`. */
export type LazyPageComponent = ComponentType & { readonly pageChunk: string };

/**
 * A page whose code is its own chunk (see scripts/vite-plugin-page-chunks.ts).
 * While the chunk loads, the prerendered HTML stays on screen: React hydrates
 * the Suspense boundary once the code has arrived.
 */
export function lazyPage(name: string): LazyPageComponent {
  const loader = pageLoaders[name];
  if (!loader) throw new Error(`no page chunk named ${name}`);
  const Page = lazy(loader as () => Promise<{ default: ComponentType }>);
  function LazyPage() {
    return (
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { pageChunk: name });
}

export function isLazyPage(component: ComponentType): component is LazyPageComponent {
  return typeof (component as Partial<LazyPageComponent>).pageChunk === 'string';
}
