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

/** What the keyboard can reach, for the focus to go on to once the banner closes. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control after `banner` in the page's order that is displayed: where Tab would have gone next. */
function nextAfter(banner: HTMLElement): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (candidate) => !banner.contains(candidate) && banner.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING && candidate.getClientRects().length > 0,
  );
}

/** Room kept between a focused control and the banner's top edge. */
const FOCUS_MARGIN_PX = 16;

/**
 * Scrolls the page so the focused `target` ends above the banner fixed to the bottom (WCAG 2.2 SC 2.4.11): the
 * page's scroll padding covers most cases, but the browser scrolls a partly visible control (a tall textarea, a
 * field at the fold) no further, and that part stays under the banner.
 */
function keepAboveBanner(banner: HTMLElement, target: HTMLElement): void {
  if (banner.hidden || banner.contains(target)) return;
  const edge = banner.getBoundingClientRect().top - FOCUS_MARGIN_PX;
  const overlap = () => {
    const box = target.getBoundingClientRect();
    return box.height === 0 || box.bottom <= edge || box.top >= window.innerHeight ? 0 : box.bottom - edge;
  };
  // Never past the control's top edge under the sticky header: a control taller than the room left shows its top.
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const room = () => Math.max(0, target.getBoundingClientRect().top - header);
  if (overlap() > 0) window.scrollBy({ top: Math.min(overlap(), room()), behavior: 'instant' });
  // A control in a box that sticks and scrolls on its own (the search filters) is scrolled within it.
  for (let box = target.parentElement; box && overlap() > 0; box = box.parentElement) {
    if (box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)) box.scrollBy({ top: Math.min(overlap(), room()), behavior: 'instant' });
  }
}

/**
 * Pages are the same for every visitor, so the banner comes hidden: it shows while no choice is stored, and
 * again from the footer's "cookie settings" link. It comes right after the skip link, so it is the second stop of
 * the keyboard. It is not modal: fixed to the bottom, it never covers the focused control (the page keeps room for
 * it and scrolls a control it would cover above it). Once a choice is made, the focus goes back to the link that
 * opened it, or on to where Tab would have gone next.
 */
export function mountConsentBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  if (!banner) return;
  const root = document.documentElement;
  const keepRoom = new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${banner.offsetHeight}px`));
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) keepAboveBanner(banner, event.target);
  };
  let opener: HTMLElement | null = null;
  const show = (from: HTMLElement | null) => {
    banner.hidden = false;
    root.classList.add('has-consent-banner');
    keepRoom.observe(banner);
    document.addEventListener('focusin', onFocus);
    opener = from;
    if (from) banner.querySelector<HTMLButtonElement>('button')?.focus();
  };
  const hide = () => {
    const hadFocus = banner.contains(document.activeElement);
    const next = opener ?? nextAfter(banner);
    banner.hidden = true;
    root.classList.remove('has-consent-banner');
    keepRoom.unobserve(banner);
    document.removeEventListener('focusin', onFocus);
    opener = null;
    // The button pressed is gone with the banner: the focus would fall to the page's start.
    if (hadFocus) next?.focus();
  };
  if (!consentChoice()) show(null);
  document.addEventListener(CONSENT_EVENT, hide);
  document.querySelectorAll<HTMLAnchorElement>('[data-cookie-settings]').forEach((link) =>
    link.addEventListener('click', (event) => {
      event.preventDefault();
      show(link);
    }),
  );
}
