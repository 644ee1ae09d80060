/** The bot-check provider's script (reCAPTCHA style), when the page loaded it. */
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

export const BOT_CHECK_FIELD = 'g-recaptcha-response';
/** How long a submit waits for the provider's async script before it posts without a token (the server decides). */
const PROVIDER_WAIT_MS = 5_000;

function tokenField(form: HTMLFormElement): HTMLInputElement | null {
  return form.querySelector<HTMLInputElement>(`input[name="${BOT_CHECK_FIELD}"]`);
}

/** The site key a form asks a token for: on its token field (views/components/bot-check-field.tsx) or on the form. */
export function botCheckSiteKey(form: HTMLFormElement): string | undefined {
  return tokenField(form)?.dataset.botCheckSiteKey || form.dataset.botCheckSiteKey || undefined;
}

/** The provider, once its async script has run (a visitor may submit before it has). */
async function provider(): Promise<BotCheckProvider | undefined> {
  const until = Date.now() + PROVIDER_WAIT_MS;
  while (!window.grecaptcha && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return window.grecaptcha;
}

/** The bot-check response token, or "" when no provider is on the page or it fails (the server decides). */
export async function botCheckToken(form: HTMLFormElement): Promise<string> {
  const siteKey = botCheckSiteKey(form);
  const found = siteKey ? await provider() : window.grecaptcha;
  if (!found) return '';
  try {
    if (siteKey && found.execute) {
      if (found.ready) await new Promise<void>((resolve) => found.ready!(resolve));
      return await found.execute(siteKey, { action: form.dataset.botCheckAction ?? 'submit' });
    }
    return found.getResponse?.() ?? '';
  } catch (error) {
    console.error(error);
    return '';
  }
}

/**
 * Every form that posts without htmx, and every form htmx posts before its island has mounted, fetches its token
 * before it leaves: the submit (or htmx's request) is held, the token written into the form's field, and the form
 * then sent. (Only forms whose submit buttons carry no formaction/formmethod of their own for a post, as ours.)
 * Forms a mounted island sends have already cancelled the event and fetch their own.
 */
export function fetchBotCheckTokensOnSubmit(root: Document = document): void {
  // A form marked up for htmx (hx-post) is sent by htmx as soon as the main bundle has run, which can be before its
  // island (whose chunk loads later) holds the request for a token: hold it here then. An island that has mounted
  // holds the request itself and cancels this event first (its listener sits on the form or its block).
  root.addEventListener('htmx:confirm', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    const field = tokenField(form);
    if (!field || !botCheckSiteKey(form)) return;
    event.preventDefault();
    const detail = (event as CustomEvent<{ issueRequest: (skipConfirmation: boolean) => void }>).detail;
    void botCheckToken(form).then((token) => {
      field.value = token;
      detail.issueRequest(true);
    });
  });
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
    const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
    const field = tokenField(form);
    if (method !== 'post' || !field || !botCheckSiteKey(form)) return;
    event.preventDefault();
    void botCheckToken(form).then((token) => {
      field.value = token;
      // The browser has validated the form already; submit() sends it as it is (a control named "submit" cannot shadow the prototype's).
      HTMLFormElement.prototype.submit.call(form);
    });
  });
}
