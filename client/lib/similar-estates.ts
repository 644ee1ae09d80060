import htmx from 'htmx.org';
import { SIMILAR_ESTATES_TRIGGER } from './similar-estates-trigger';

/**
 * The similar-estates block is fetched by htmx on demand: a screen before it scrolls into view, so its cards are in
 * place before a visitor reading down reaches them (the grey placeholder holds the most cards the block may show; a
 * late swap of fewer cards, or of none, would move what the visitor is reading). SPEC §8 notes that the original's
 * status check never fired; here it does: a 4xx/5xx answer or a network failure is logged and the block disappears
 * (an empty list renders nothing, a failed one too).
 */
const SIMILAR_ESTATES_SELECTOR = '[data-similar-estates]';
/** How far below the viewport the block starts loading. */
const FETCH_AHEAD = '100% 0px';

const nearViewport = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      nearViewport.unobserve(entry.target);
      htmx.trigger(entry.target, SIMILAR_ESTATES_TRIGGER);
    }
  },
  { rootMargin: FETCH_AHEAD },
);

/** Watches the placeholders under `root` (htmx has processed them: it listens for the trigger). */
export function fetchSimilarEstatesAhead(root: ParentNode): void {
  for (const placeholder of root.querySelectorAll(SIMILAR_ESTATES_SELECTOR)) nearViewport.observe(placeholder);
}

export function handleSimilarEstatesFailures(root: HTMLElement): void {
  const onFailure = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.matches(SIMILAR_ESTATES_SELECTOR)) return;
    const detail = (event as CustomEvent<{ xhr?: XMLHttpRequest; requestConfig?: { path?: string } }>).detail;
    console.error(`Similar estates could not be loaded: ${detail?.xhr?.status ?? 'network error'} ${detail?.requestConfig?.path ?? ''}`.trim());
    target.remove();
  };
  root.addEventListener('htmx:responseError', onFailure);
  root.addEventListener('htmx:sendError', onFailure);
}
