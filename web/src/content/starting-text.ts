import { startingAboutText } from './about';
import { startingContactText } from './contact';
import { startingFooterText, startingHomeText, type EditablePage } from './pages';

/**
 * Every editable page's starting text: the build writes this into `_meta/pages.json`, from
 * which the server makes each page's first revision. The pages show the published text the
 * server puts in their island. Only the prerender step imports this module.
 */
export const startingPageText = (): Record<EditablePage, Record<string, string>> => ({
  home: startingHomeText(),
  about: startingAboutText(),
  contact: startingContactText(),
  footer: startingFooterText(),
});
