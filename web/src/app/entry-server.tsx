import { renderToString } from 'react-dom/server';
import { TEMPLATE_STATE } from '../features/contact/contact-state';
import { App } from './app';

export { notFoundRoute, outputFile, routes } from './routes';
export { documentTitle } from '../shared/lib/page-title';

/** A path that matches no route, used to render the 404 page. */
export const NOT_FOUND_PATH = '/__not-found__';

/** Renders the app at `path` to HTML, for the build's prerender step. */
export function render(path: string): string {
  return renderToString(<App ssrPath={path} />);
}

/** The contact page as the server's "invalid submission" template. */
export function renderContactTemplate(): string {
  return renderToString(<App ssrPath="/contact" pageState={{ contact: TEMPLATE_STATE }} />);
}
