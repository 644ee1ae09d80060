import type { ReactElement } from 'react';
import type { PageContext } from '../page-context.js';

/**
 * Cookie consent: a real form (works without JavaScript, Post/Redirect/Get); htmx posts it and
 * removes the banner, and the client announces the choice to islands (share links wait for it).
 */
export function ConsentBanner({ ctx }: { ctx: PageContext }): ReactElement {
  const { t } = ctx;
  return (
    <section className="consent-banner" id="consent-banner" aria-labelledby="consent-title" role="region">
      <form
        className="container consent-banner__inner"
        method="post"
        action={ctx.consentAction}
        hx-post={ctx.consentAction}
        hx-target="#consent-banner"
        hx-swap="outerHTML"
      >
        <div>
          <h2 id="consent-title">{t('consent.title')}</h2>
          <p>
            {t('consent.text')} <a href={ctx.nav.privacy}>{t('consent.more')}</a>
          </p>
        </div>
        <input type="hidden" name="returnTo" value={ctx.currentPath} />
        <div className="consent-banner__actions">
          <button type="submit" name="choice" value="declined" className="button button--ghost">
            {t('consent.decline')}
          </button>
          <button type="submit" name="choice" value="accepted" className="button">
            {t('consent.accept')}
          </button>
        </div>
      </form>
    </section>
  );
}
