import htmx from 'htmx.org';
import { CONSENT_EVENT } from './lib/consent';
import { mountIslands } from './lib/islands';

declare global {
  interface Window {
    htmx: typeof htmx;
  }
}
window.htmx = htmx;

// The consent response carries an HX-Trigger; re-dispatch it on document where islands listen.
document.body.addEventListener(CONSENT_EVENT, () => document.dispatchEvent(new CustomEvent(CONSENT_EVENT)));

htmx.onLoad((element) => mountIslands(element as ParentNode));
mountIslands();
