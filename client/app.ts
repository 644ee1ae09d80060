import htmx from 'htmx.org';
import { fetchBotCheckTokensOnSubmit } from './lib/bot-check';
import { enhanceCompare } from './lib/compare';
import { CONSENT_EVENT, mountConsentBanner } from './lib/consent';
import { showFavorites } from './lib/favorites';
import { mountIslands, registerIsland } from './lib/islands';
import { fetchSimilarEstatesAhead, handleSimilarEstatesFailures } from './lib/similar-estates';

declare global {
  interface Window {
    htmx: typeof htmx;
  }
}
window.htmx = htmx;

// The consent response carries an HX-Trigger; re-dispatch it on document where islands listen.
document.body.addEventListener(CONSENT_EVENT, () => document.dispatchEvent(new CustomEvent(CONSENT_EVENT)));

handleSimilarEstatesFailures(document.body);
fetchBotCheckTokensOnSubmit();
mountConsentBanner();

registerIsland('gallery', () => import('./islands/gallery'));
registerIsland('map', () => import('./islands/map'));
registerIsland('share', () => import('./islands/share'));
registerIsland('modal-form', () => import('./islands/modal-form'));
registerIsland('search-form', () => import('./islands/search-form'));
registerIsland('city-combobox', () => import('./islands/city-combobox'));
registerIsland('results-map', () => import('./islands/results-map'));
registerIsland('page-form', () => import('./islands/page-form'));
registerIsland('calendar', () => import('./islands/calendar'));
registerIsland('print-button', () => import('./islands/print-button'));

htmx.onLoad((element) => {
  mountIslands(element as ParentNode);
  showFavorites(element as ParentNode);
  fetchSimilarEstatesAhead(element as ParentNode);
});
mountIslands();
showFavorites();
enhanceCompare();
