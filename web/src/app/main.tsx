import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadPageTable } from 'virtual:page-chunks';
import { loadTutorialTable } from 'virtual:tutorial-chunks';
import '../shared/styles/global.css';
import { startOfflineCopy } from '../features/offline/start-offline';
import { App } from './app';
import { isLazyPage } from './lazy-page';
import { parsePageState } from './page-state';
import { findRoute } from './routes';
import { whenLoadedAndIdle } from '../shared/lib/when-idle';

const html = document.documentElement;
const container = document.getElementById('root');
const stateElement = document.getElementById('page-state');

if (container) {
  // As the prerendered page's flag script does (see scripts/prerender.mjs), for pages without it.
  html.classList.add('js');
  if (/[#&]token=./.test(window.location.hash)) html.classList.add('link-token');
  const pageState = stateElement ? parsePageState(stateElement.textContent) : undefined;
  if (pageState?.contact) {
    // A page the server filled in for this visitor (a contact form with problems). Its
    // markup is not the prerendered one, so render afresh from the state it carries.
    createRoot(container).render(<App pageState={pageState} />);
  } else if (stateElement && !pageState) {
    // Keep the server's page as it is; it works without scripts.
    html.classList.remove('js');
  } else if (container.firstElementChild) {
    // A prerendered page, or one the server rendered from published text (a notice, whose
    // island holds the very HTML it shows: see app/server-content-page.tsx). As a transition,
    // hydration yields to the browser every few milliseconds instead of holding the main
    // thread in one long task: the page, already painted, stays responsive.
    const ssrPath = container.dataset.ssrPath;
    const hydrate = () =>
      startTransition(() => {
        hydrateRoot(container, <App ssrPath={ssrPath} />);
      });
    // The page's own chunk first, when it has one (see lazy-page.tsx); it was preloaded
    // with the app's scripts. Should it fail to load, hydration goes on without it.
    const page = findRoute(ssrPath ?? window.location.pathname)?.Component;
    if (page && isLazyPage(page)) void page.preload().then(hydrate, hydrate);
    else hydrate();
  } else {
    // The Vite dev server serves the bare template, with nothing to hydrate.
    createRoot(container).render(<App />);
  }
}

startOfflineCopy();
// The tables through which the other pages' chunks load (scripts/chunk-table.ts): fetched
// once this page is interactive, a move to another page waits for its own chunks only.
whenLoadedAndIdle(() => {
  void loadPageTable();
  void loadTutorialTable();
});
