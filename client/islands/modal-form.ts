/**
 * Modal form island (extra information, send to a friend): SPEC §4, §5, §7, §8.
 *
 * Markup (views/components/modal.tsx renders it; the form is the server's own form fragment):
 *   [data-island=modal-form]
 *     a[data-modal-open][href="#<dialog id>"]   opens the dialog (without JS the link targets it and CSS shows it inline)
 *     [data-modal-success][hidden]              success alert, outside the dialog
 *     dialog
 *       [data-modal-close]                      close button
 *       [data-modal-error][hidden]              danger alert, no text (SPEC §8)
 *       form[action][method=post]               the fragment; hx-post/hx-target/hx-swap are added here when absent
 *
 * Contract with the server (the form's action URL, requested by htmx with the HX-Request header):
 *   - Payload: urlencoded; every named field except buttons and unchecked checkboxes/radios, plus
 *     `g-recaptcha-response` (the bot-check token from window.grecaptcha, else "").
 *     reCAPTCHA v3 style: the site key comes from the form's `data-bot-check-site-key` (action from
 *     `data-bot-check-action`, default "submit"); otherwise `grecaptcha.getResponse()` (v2) is used.
 *   - Any 2xx = success. The body is ignored (may be empty); no HX-Trigger is needed.
 *   - 4xx whose body contains a <form> = validation errors: that form replaces the current one (outerHTML), the
 *     danger alert shows. Mark invalid fields with aria-invalid="true": the first one gets the focus.
 *   - Any other 4xx, 5xx or a network error = failure: danger alert, form kept as typed.
 *   - Privacy consent (extra-info form): checkboxes marked `data-privacy-consent` (or named `privacyConsent`).
 *     When the form has any, one must be checked; otherwise nothing is sent, the checkboxes get aria-invalid,
 *     their labels the class `is-invalid`, and an element marked `data-privacy-error` (if any) is shown.
 */
import type { HtmxBeforeSwapDetails, HtmxResponseInfo } from 'htmx.org';

const CLOSE_ANIMATION_FALLBACK_MS = 400;
const CONSENT_SELECTOR = 'input[type="checkbox"][data-privacy-consent], input[type="checkbox"][name="privacyConsent"]';
export const BOT_CHECK_FIELD = 'g-recaptcha-response';

interface BotCheckProvider {
  ready?(callback: () => void): void;
  execute?(siteKey: string, options: { action: string }): Promise<string>;
  getResponse?(): string;
}

declare global {
  interface Window {
    grecaptcha?: BotCheckProvider;
  }
}

/** The bot-check response token, or "" when no provider is on the page or it fails (the server decides). */
export async function botCheckToken(form: HTMLFormElement): Promise<string> {
  const provider = window.grecaptcha;
  if (!provider) return '';
  try {
    const siteKey = form.dataset.botCheckSiteKey;
    if (siteKey && provider.execute) {
      if (provider.ready) await new Promise<void>((resolve) => provider.ready!(resolve));
      return await provider.execute(siteKey, { action: form.dataset.botCheckAction ?? 'submit' });
    }
    return provider.getResponse?.() ?? '';
  } catch (error) {
    console.error(error);
    return '';
  }
}

/** SPEC §5: named fields that are not checkboxes, checked checkboxes, and the bot-check token. */
export function buildPayload(form: HTMLFormElement, token: string): FormData {
  const payload = new FormData();
  for (const field of Array.from(form.elements)) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) continue;
    if (!field.name || field.disabled || field.name === BOT_CHECK_FIELD) continue;
    if (field instanceof HTMLInputElement) {
      if (['submit', 'button', 'reset', 'image', 'file'].includes(field.type)) continue;
      if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue;
    }
    if (field instanceof HTMLSelectElement && field.multiple) {
      Array.from(field.selectedOptions).forEach((option) => payload.append(field.name, option.value));
    } else {
      payload.append(field.name, field.value);
    }
  }
  payload.append(BOT_CHECK_FIELD, token);
  return payload;
}

function consentBoxes(form: HTMLFormElement): HTMLInputElement[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>(CONSENT_SELECTOR));
}

function labelsOf(input: HTMLInputElement): HTMLLabelElement[] {
  return Array.from(input.labels ?? []);
}

function markPrivacyError(form: HTMLFormElement, invalid: boolean): void {
  for (const box of consentBoxes(form)) {
    if (invalid) box.setAttribute('aria-invalid', 'true');
    else box.removeAttribute('aria-invalid');
    labelsOf(box).forEach((label) => label.classList.toggle('is-invalid', invalid));
  }
  form.querySelectorAll<HTMLElement>('[data-privacy-error]').forEach((message) => (message.hidden = !invalid));
}

/** SPEC §5: when the form asks for privacy consent, at least one box must be checked. */
export function privacyConsentGiven(form: HTMLFormElement): boolean {
  const boxes = consentBoxes(form);
  return boxes.length === 0 || boxes.some((box) => box.checked);
}

function setLoading(form: HTMLFormElement, loading: boolean): void {
  form.classList.toggle('is-loading', loading);
  if (loading) form.setAttribute('aria-busy', 'true');
  else form.removeAttribute('aria-busy');
  form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button[type="submit"], button:not([type]), input[type="submit"]').forEach(
    (button) => (button.disabled = loading),
  );
}

function enhance(form: HTMLFormElement): void {
  if (form.dataset.enhanced) return;
  form.dataset.enhanced = 'true';
  if (!form.hasAttribute('hx-post')) {
    form.setAttribute('hx-post', form.getAttribute('action') ?? '');
    form.setAttribute('hx-target', 'this');
    form.setAttribute('hx-swap', 'outerHTML');
  }
  window.htmx.process(form);
  form.addEventListener('change', (event) => {
    if ((event.target as Element).matches(CONSENT_SELECTOR) && privacyConsentGiven(form)) markPrivacyError(form, false);
  });
}

export function mount(root: HTMLElement): void {
  const dialog = root.querySelector('dialog')!;
  const opener = root.querySelector<HTMLAnchorElement>('[data-modal-open]');
  const success = root.querySelector<HTMLElement>('[data-modal-success]');
  const failure = dialog.querySelector<HTMLElement>('[data-modal-error]');
  const currentForm = () => dialog.querySelector('form')!;
  // What the form looked like when the page came: closing the dialog brings it back (field errors included).
  const pristine = currentForm().cloneNode(true) as HTMLFormElement;
  const tokens = new WeakMap<HTMLFormElement, string>();
  enhance(currentForm());

  const showFailure = () => {
    if (failure) failure.hidden = false;
    dialog.scrollTo({ top: 0 });
  };

  const closeDialog = () =>
    new Promise<void>((resolve) => {
      if (!dialog.open) return resolve();
      dialog.addEventListener('close', () => resolve(), { once: true });
      dialog.classList.add('modal--closing');
      const finish = () => {
        dialog.classList.remove('modal--closing');
        dialog.close();
      };
      const timer = window.setTimeout(finish, CLOSE_ANIMATION_FALLBACK_MS);
      dialog.addEventListener(
        'animationend',
        () => {
          window.clearTimeout(timer);
          finish();
        },
        { once: true },
      );
    });

  if (opener) {
    opener.setAttribute('role', 'button');
    opener.setAttribute('aria-haspopup', 'dialog');
    opener.addEventListener('click', (event) => {
      event.preventDefault();
      if (success) success.hidden = true;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('form input:not([type="hidden"]), form textarea, form select')?.focus();
    });
    // A link acting as a button also answers the space bar.
    opener.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      opener.click();
    });
  }
  dialog.querySelectorAll('[data-modal-close]').forEach((button) => button.addEventListener('click', () => void closeDialog()));
  // A click on the backdrop lands on the dialog element itself.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) void closeDialog();
  });

  dialog.addEventListener('close', () => {
    const form = currentForm();
    if (form.dataset.swapped) {
      const fresh = pristine.cloneNode(true) as HTMLFormElement;
      form.replaceWith(fresh);
      enhance(fresh);
    } else {
      form.reset();
      markPrivacyError(form, false);
      setLoading(form, false);
    }
    if (failure) failure.hidden = true;
    if (success) success.hidden = true;
    opener?.focus();
  });

  root.addEventListener('htmx:confirm', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !dialog.contains(form)) return;
    const detail = (event as CustomEvent<{ issueRequest: (skipConfirmation: boolean) => void }>).detail;
    event.preventDefault();
    if (form.classList.contains('is-loading')) return;
    if (!privacyConsentGiven(form)) {
      markPrivacyError(form, true);
      consentBoxes(form)[0]?.focus();
      return;
    }
    // Loading starts now: fetching the bot-check token can take a moment.
    setLoading(form, true);
    void botCheckToken(form).then((token) => {
      tokens.set(form, token);
      const field = form.querySelector<HTMLInputElement>(`input[name="${BOT_CHECK_FIELD}"]`);
      if (field) field.value = token;
      detail.issueRequest(true);
    });
  });

  root.addEventListener('htmx:configRequest', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const detail = (event as CustomEvent<{ parameters: FormData | Record<string, unknown> }>).detail;
    detail.parameters = buildPayload(form, tokens.get(form) ?? '');
  });

  root.addEventListener('htmx:beforeRequest', (event) => {
    if (event.target instanceof HTMLFormElement) setLoading(event.target, true);
  });

  root.addEventListener('htmx:beforeSwap', (event) => {
    const detail = (event as CustomEvent<HtmxBeforeSwapDetails>).detail;
    const status = detail.xhr.status;
    detail.shouldSwap = status >= 400 && status < 500 && /<form[\s>]/i.test(detail.xhr.responseText);
  });

  root.addEventListener('htmx:afterSwap', () => {
    const form = currentForm();
    form.dataset.swapped = 'true';
    enhance(form);
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  root.addEventListener('htmx:afterRequest', (event) => {
    const { xhr } = (event as CustomEvent<HtmxResponseInfo>).detail;
    const form = currentForm();
    setLoading(form, false);
    if (xhr.status >= 200 && xhr.status < 300) {
      form.reset();
      void closeDialog().then(() => {
        if (!success) return;
        success.hidden = false;
        success.scrollIntoView({ block: 'nearest' });
      });
      return;
    }
    console.error(
      new Error(xhr.status ? `Form ${form.getAttribute('action')} failed: HTTP ${xhr.status}` : `Form ${form.getAttribute('action')} failed: network error`),
    );
    showFailure();
  });
}
