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

/** The stored choice, if any. */
export function consentChoice(): 'accepted' | 'declined' | undefined {
  const pair = document.cookie.split(';').map((item) => item.trim()).find((item) => item.startsWith(`${CONSENT_COOKIE}=`));
  const value = pair?.slice(CONSENT_COOKIE.length + 1);
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

/**
 * Pages are the same for every visitor, so the banner comes hidden: it shows while no choice is stored, and
 * again from the footer's "cookie settings" link. While it shows, the page keeps room for it at the bottom, so
 * it never covers the focused footer link.
 */
export function mountConsentBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  if (!banner) return;
  const root = document.documentElement;
  const keepRoom = new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${banner.offsetHeight}px`));
  const show = (focus: boolean) => {
    banner.hidden = false;
    root.classList.add('has-consent-banner');
    keepRoom.observe(banner);
    if (focus) banner.querySelector<HTMLButtonElement>('button')?.focus();
  };
  const hide = () => {
    banner.hidden = true;
    root.classList.remove('has-consent-banner');
    keepRoom.unobserve(banner);
  };
  if (!consentChoice()) show(false);
  document.addEventListener(CONSENT_EVENT, hide);
  document.querySelectorAll<HTMLAnchorElement>('[data-cookie-settings]').forEach((link) =>
    link.addEventListener('click', (event) => {
      event.preventDefault();
      show(true);
    }),
  );
}
