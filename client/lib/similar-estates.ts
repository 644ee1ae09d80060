/**
 * The similar-estates block is fetched by htmx when it scrolls into view. SPEC §8 notes that the
 * original's status check never fired; here it does: a 4xx/5xx answer or a network failure is logged
 * and the block disappears (an empty list renders nothing, a failed one too).
 */
const SIMILAR_ESTATES_SELECTOR = '[data-similar-estates]';

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
