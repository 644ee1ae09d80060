/** The visitor's cookie choice, as the server stored it (SPEC §4: share links wait for it). */
export const CONSENT_COOKIE = 'immo_consent';
export const CONSENT_EVENT = 'immo:consent';

export function consentGiven(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim() === `${CONSENT_COOKIE}=accepted`);
}

/**
 * Calls `onConsent` once the visitor accepts cookies: at once if they already did, else on the
 * consent event or at the next 100 ms check (SPEC §9), whichever comes first.
 */
export function whenConsented(onConsent: () => void, intervalMs = 100): () => void {
  if (consentGiven()) {
    onConsent();
    return () => undefined;
  }
  const check = () => {
    if (!consentGiven()) return;
    stop();
    onConsent();
  };
  const timer = window.setInterval(check, intervalMs);
  document.addEventListener(CONSENT_EVENT, check);
  function stop() {
    window.clearInterval(timer);
    document.removeEventListener(CONSENT_EVENT, check);
  }
  return stop;
}
