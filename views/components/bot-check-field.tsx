import type { ReactElement } from 'react';

/** What a form needs for the bot check: the provider's site key and script (config.botCheckClient). */
export interface BotCheckView {
  readonly siteKey: string;
  readonly scriptUrl: string;
}

/** The field the bot-check token is posted in (the guard reads it; `client/lib/bot-check.ts` fills it). */
export const BOT_CHECK_FIELD = 'g-recaptcha-response';

/**
 * Every form's bot check, in one place: the token field, carrying the site key the browser asks a token for, and
 * the provider's script. React hoists an async script into the page's head once, however many forms the page has,
 * so a page with a form always loads it. Without a bot check (the demo) only the empty field is rendered.
 */
export function BotCheckField({ botCheck }: { readonly botCheck: BotCheckView | null | undefined }): ReactElement {
  return (
    <>
      {botCheck && <script src={botCheck.scriptUrl} async />}
      <input type="hidden" name={BOT_CHECK_FIELD} value="" data-bot-check-site-key={botCheck?.siteKey} />
    </>
  );
}
