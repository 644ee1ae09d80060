/**
 * A form on a page (contact, cancel appointment, mail my favourites) posted by htmx in place:
 * - with a bot check on the page, the token is fetched before the request goes (the hidden `g-recaptcha-response`);
 * - 422 (the form again, with what to correct) is swapped in like a success, which htmx would not do by itself;
 * - any other refusal (403, 429, 5xx) says so in an alert above the button (`data-failure-text`);
 * - a form shown with its error summary (`data-error-summary`, after a 422 swap or on a refused page) moves the
 *   focus to it and scrolls it into view, so the visitor lands at what to correct and hears it.
 */
import type { HtmxBeforeSwapDetails } from 'htmx.org';
import { BOT_CHECK_FIELD, botCheckSiteKey, botCheckToken } from '../lib/bot-check';

function showFailure(form: HTMLFormElement, text: string): void {
  let alert = form.querySelector<HTMLElement>('[data-page-form-failure]');
  if (!alert) {
    alert = document.createElement('p');
    alert.className = 'alert alert--danger';
    alert.setAttribute('role', 'alert');
    alert.dataset.pageFormFailure = '';
    form.querySelector('button[type="submit"]')?.before(alert);
  }
  alert.textContent = text;
}

function showErrorSummary(form: HTMLFormElement): void {
  const summary = form.querySelector<HTMLElement>('[data-error-summary]');
  if (!summary) return;
  summary.focus({ preventScroll: true });
  summary.scrollIntoView({ block: 'start', behavior: 'auto' });
}

export function mount(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement)) return;
  const form = element;
  showErrorSummary(form);
  form.addEventListener('htmx:confirm', (event) => {
    if (!botCheckSiteKey(form)) return;
    event.preventDefault();
    const detail = (event as CustomEvent<{ issueRequest: (skipConfirmation: boolean) => void }>).detail;
    void botCheckToken(form).then((token) => {
      const field = form.querySelector<HTMLInputElement>(`input[name="${BOT_CHECK_FIELD}"]`);
      if (field) field.value = token;
      detail.issueRequest(true);
    });
  });
  form.addEventListener('htmx:beforeSwap', (event) => {
    const detail = (event as CustomEvent<HtmxBeforeSwapDetails>).detail;
    const status = detail.xhr.status;
    if (status === 422) {
      detail.shouldSwap = true;
      detail.isError = false;
    } else if (status >= 400) {
      showFailure(form, form.dataset.failureText ?? '');
    }
  });
  form.addEventListener('htmx:sendError', () => showFailure(form, form.dataset.failureText ?? ''));
}
