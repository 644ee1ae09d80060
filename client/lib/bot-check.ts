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

