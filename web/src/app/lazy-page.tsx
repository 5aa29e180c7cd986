import { lazy, Suspense, useState, type ComponentType } from 'react';
import { pageLoaders } from 'virtual:page-chunks';

/** A page component whose code is the chunk named `pageChunk`. */
export type LazyPageComponent = ComponentType & {
  readonly pageChunk: string;
  /** Loads the chunk, so that the page renders at once from then on (see main.tsx). */
  readonly preload: () => Promise<void>;
};

/**
 * A page whose code is its own chunk (see scripts/vite-plugin-page-chunks.ts).
 * While the chunk loads, the prerendered HTML stays on screen: React hydrates
 * the Suspense boundary once the code has arrived. The page the document came
 * with has its chunk loaded before hydration starts (`preload`): a boundary still
 * waiting for its code when the app's first update reaches it (the address after
 * the prerendered one, the session) would be drawn again from scratch, its HTML
 * swapped for the fallback for a moment, which moves everything below it.
 */
export function lazyPage(name: string): LazyPageComponent {
  const loader = pageLoaders[name];
  if (!loader) throw new Error(`no page chunk named ${name}`);
  // The prerender's loaders answer at once (see the plugin), which React.lazy needs there.
  const Page = lazy(loader as () => Promise<{ default: ComponentType }>);
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = ((await loader()) as { default: ComponentType }).default;
  };
  function LazyPage() {
    // Chosen once per visit of the page: changing it later would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Page);
    return (
      <Suspense fallback={<p>Loading…</p>}>
        <Component />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { pageChunk: name, preload });
}

export function isLazyPage(component: ComponentType): component is LazyPageComponent {
  return typeof (component as Partial<LazyPageComponent>).pageChunk === 'string';
}
