/**
 * Modal form island (extra information, send to a friend): SPEC §4, §5, §7, §8.
 *
 * Markup (views/components/modal.tsx renders it; the form is the server's own form fragment):
 *   [data-island=modal-form]
 *     a[data-modal-open][href="#<dialog id>"]   opens the dialog (without JS the link targets it and CSS shows it inline)
 *     [data-modal-success][hidden]              success alert, outside the dialog
 *     dialog
 *       [data-modal-close]                      close button
 *       [data-modal-error][hidden]              danger alert: what went wrong (the server's message, else its own text)
 *       form[action][method=post]               the fragment; hx-post/hx-target/hx-swap are added here when absent
 *
 * Contract with the server (the form's action URL, requested by htmx with the HX-Request header):
 *   - Payload: urlencoded; every named field except buttons and unchecked checkboxes/radios, plus
 *     `g-recaptcha-response` (the bot-check token from window.grecaptcha, else "").
 *     reCAPTCHA v3 style: the site key comes from the token field's (or the form's) `data-bot-check-site-key` (action from
 *     `data-bot-check-action`, default "submit"); otherwise `grecaptcha.getResponse()` (v2) is used.
 *   - Any 2xx = success. The body is ignored (may be empty); no HX-Trigger is needed.
 *   - 4xx whose body contains a <form> = validation errors: that form replaces the current one (outerHTML); the
 *     danger alert shows unless the form brings its own alert. Mark invalid fields with aria-invalid="true": the
 *     first one gets the focus.
 *   - Any other 4xx, 5xx or a network error = failure: the danger alert shows the text of the answer's
 *     [role=alert] (the server says what went wrong), else its own text; the form is kept as typed.
 *   - The browser's checks (required, e-mail, length, pattern) speak the page's language: messages come from the
 *     form's data-validation-{required,email,too-long,pattern,checkbox} attributes.
 *   - Links elsewhere on the page marked data-modal-trigger="<dialog id>" open the dialog too.
 *   - Privacy consent (extra-info form): checkboxes marked `data-privacy-consent` (or named `privacyConsent`).
 *     When the form has any, one must be checked; otherwise nothing is sent, the checkboxes get aria-invalid,
 *     their labels the class `is-invalid`, and an element marked `data-privacy-error` (if any) is shown.
 */
import type { HtmxBeforeSwapDetails, HtmxResponseInfo } from 'htmx.org';
import { BOT_CHECK_FIELD, botCheckToken } from '../lib/bot-check';

const CLOSE_ANIMATION_FALLBACK_MS = 400;
const CONSENT_SELECTOR = 'input[type="checkbox"][data-privacy-consent], input[type="checkbox"][name="privacyConsent"]';

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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** The page's own message for the check a field failed, from the form's data-validation-* attributes. */
export function validationMessage(form: HTMLFormElement, field: Field): string {
  const { validity } = field;
  const texts = form.dataset;
  if (validity.valueMissing) return (field.type === 'checkbox' ? texts.validationCheckbox : texts.validationRequired) ?? '';
  if (validity.typeMismatch) return texts.validationEmail ?? '';
  if (validity.tooLong) return texts.validationTooLong ?? '';
  if (validity.patternMismatch) return texts.validationPattern ?? '';
  return '';
}

/**
 * The browser shows its bubble in its own language ("Please fill out this field."); the form says it in the
 * page's language. `invalid` fires before the bubble shows, so the message set there is the one shown.
 */
function localizeValidation(form: HTMLFormElement): void {
  if (!form.dataset.validationRequired) return;
  form.addEventListener(
    'invalid',
    (event) => {
      const field = event.target;
      if (!isField(field)) return;
      field.setCustomValidity('');
      const message = validationMessage(form, field);
      if (message) field.setCustomValidity(message);
    },
    true,
  );
  const clear = (event: Event) => {
    if (isField(event.target)) event.target.setCustomValidity('');
  };
  form.addEventListener('input', clear);
  form.addEventListener('change', clear);
}

/** The text of the alert an error answer carries (the server says what went wrong), if any. */
function alertTextOf(responseText: string): string {
  if (!responseText) return '';
  const alert = new DOMParser().parseFromString(responseText, 'text/html').querySelector('[role="alert"]');
  return alert?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
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
  localizeValidation(form);
  form.addEventListener('change', (event) => {
    if ((event.target as Element).matches(CONSENT_SELECTOR) && privacyConsentGiven(form)) markPrivacyError(form, false);
  });
}

/** What the steps of one modal share: its parts, found once, and the little state they keep between events. */
interface Modal {
  readonly root: HTMLElement;
  readonly dialog: HTMLDialogElement;
  readonly opener: HTMLAnchorElement | null;
  readonly success: HTMLElement | null;
  readonly failure: HTMLElement | null;
  readonly failureText: HTMLElement | null;
  readonly defaultFailure: string;
  /** What the form looked like when the page came: closing the dialog brings it back (field errors included). */
  readonly pristine: HTMLFormElement;
  readonly tokens: WeakMap<HTMLFormElement, string>;
  openedBy: HTMLElement | null;
  /** Whether the answer was the form sent back with what to correct (set per request). */
  refused: boolean;
}

function currentForm(modal: Modal): HTMLFormElement {
  return modal.dialog.querySelector('form')!;
}

function findParts(root: HTMLElement): Modal {
  const dialog = root.querySelector('dialog')!;
  const failure = dialog.querySelector<HTMLElement>('[data-modal-error]');
  const failureText = failure?.querySelector<HTMLElement>('.alert__text') ?? null;
  return {
    root,
    dialog,
    opener: root.querySelector<HTMLAnchorElement>('[data-modal-open]'),
    success: root.querySelector<HTMLElement>('[data-modal-success]'),
    failure,
    failureText,
    defaultFailure: failureText?.textContent ?? '',
    pristine: dialog.querySelector('form')!.cloneNode(true) as HTMLFormElement,
    tokens: new WeakMap(),
    openedBy: null,
    refused: false,
  };
}

function showFailure(modal: Modal, message = ''): void {
  if (modal.failureText) modal.failureText.textContent = message || modal.defaultFailure;
  if (modal.failure) modal.failure.hidden = false;
  modal.dialog.scrollTo({ top: 0 });
}

function closeDialog(dialog: HTMLDialogElement): Promise<void> {
  return new Promise<void>((resolve) => {
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
}

/** The opening link and the page's links marked data-modal-trigger act as buttons that open the dialog. */
function wireOpeners(modal: Modal): void {
  const { dialog, success } = modal;
  const openers = [modal.opener, ...Array.from(document.querySelectorAll<HTMLAnchorElement>(`[data-modal-trigger="${dialog.id}"]`))].filter(
    (link): link is HTMLAnchorElement => link !== null,
  );
  for (const link of openers) {
    link.setAttribute('role', 'button');
    link.setAttribute('aria-haspopup', 'dialog');
    link.addEventListener('click', (event) => {
      event.preventDefault();
      if (dialog.open) return;
      if (success) success.hidden = true;
      modal.openedBy = link;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('form input:not([type="hidden"]), form textarea, form select')?.focus();
    });
    // A link acting as a button also answers the space bar.
    link.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      link.click();
    });
  }
}

function wireCloseButtons(dialog: HTMLDialogElement): void {
  dialog.querySelectorAll('[data-modal-close]').forEach((button) => button.addEventListener('click', () => void closeDialog(dialog)));
  // A click on the backdrop lands on the dialog element itself.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) void closeDialog(dialog);
  });
}

/** A closed dialog opens again as new: the form as the page brought it, no alert, the focus back on its opener. */
function resetOnClose(modal: Modal): void {
  const { dialog, failure, failureText, success } = modal;
  dialog.addEventListener('close', () => {
    const form = currentForm(modal);
    if (form.dataset.swapped) {
      const fresh = modal.pristine.cloneNode(true) as HTMLFormElement;
      form.replaceWith(fresh);
      enhance(fresh);
    } else {
      form.reset();
      markPrivacyError(form, false);
      setLoading(form, false);
    }
    if (failure) failure.hidden = true;
    if (failureText) failureText.textContent = modal.defaultFailure;
    if (success) success.hidden = true;
    (modal.openedBy ?? modal.opener)?.focus();
  });
}

/** Before htmx sends: the privacy consent is checked, then the bot-check token fetched and the request issued. */
function guardSubmit(modal: Modal): void {
  modal.root.addEventListener('htmx:confirm', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !modal.dialog.contains(form)) return;
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
      modal.tokens.set(form, token);
      const field = form.querySelector<HTMLInputElement>(`input[name="${BOT_CHECK_FIELD}"]`);
      if (field) field.value = token;
      detail.issueRequest(true);
    });
  });
}

function wireRequest(modal: Modal): void {
  modal.root.addEventListener('htmx:configRequest', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const detail = (event as CustomEvent<{ parameters: FormData | Record<string, unknown> }>).detail;
    detail.parameters = buildPayload(form, modal.tokens.get(form) ?? '');
  });
  modal.root.addEventListener('htmx:beforeRequest', (event) => {
    modal.refused = false;
    if (event.target instanceof HTMLFormElement) setLoading(event.target, true);
  });
}

/** Only a form sent back with what to correct replaces the current one; its first invalid field gets the focus. */
function swapRefusedForm(modal: Modal): void {
  modal.root.addEventListener('htmx:beforeSwap', (event) => {
    const detail = (event as CustomEvent<HtmxBeforeSwapDetails>).detail;
    const status = detail.xhr.status;
    modal.refused = status >= 400 && status < 500 && /<form[\s>]/i.test(detail.xhr.responseText);
    detail.shouldSwap = modal.refused;
  });
  modal.root.addEventListener('htmx:afterSwap', () => {
    const form = currentForm(modal);
    form.dataset.swapped = 'true';
    enhance(form);
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

function succeed(modal: Modal, form: HTMLFormElement): void {
  form.reset();
  void closeDialog(modal.dialog).then(() => {
    if (!modal.success) return;
    modal.success.hidden = false;
    modal.success.scrollIntoView({ block: 'nearest' });
  });
}

function fail(modal: Modal, form: HTMLFormElement, xhr: XMLHttpRequest): void {
  console.error(
    new Error(xhr.status ? `Form ${form.getAttribute('action')} failed: HTTP ${xhr.status}` : `Form ${form.getAttribute('action')} failed: network error`),
  );
  // A form sent back with its own alert (what to correct) needs no second one above it.
  if (modal.refused && form.querySelector('[role="alert"]')) {
    modal.dialog.scrollTo({ top: 0 });
    return;
  }
  showFailure(modal, modal.refused ? '' : alertTextOf(xhr.responseText));
}

function wireAnswer(modal: Modal): void {
  modal.root.addEventListener('htmx:afterRequest', (event) => {
    const { xhr } = (event as CustomEvent<HtmxResponseInfo>).detail;
    const form = currentForm(modal);
    setLoading(form, false);
    if (xhr.status >= 200 && xhr.status < 300) succeed(modal, form);
    else fail(modal, form, xhr);
  });
}

export function mount(root: HTMLElement): void {
  const modal = findParts(root);
  enhance(currentForm(modal));
  wireOpeners(modal);
  wireCloseButtons(modal.dialog);
  resetOnClose(modal);
  guardSubmit(modal);
  wireRequest(modal);
  swapRefusedForm(modal);
  wireAnswer(modal);
}
