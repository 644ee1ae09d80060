import type { ReactElement } from 'react';
import type { PageContext } from '../page-context.js';
import { renderedTemplate } from '../render.js';

/**
 * Cookie consent: a real form (works without JavaScript, Post/Redirect/Get); htmx posts it and hides the
 * banner, and the client announces the choice to islands (share links wait for it). Pages are the same for
 * every visitor, so the banner is rendered hidden and the client shows it while no choice is stored; the
 * cookie-settings page renders it visible (and reopens it from the footer link).
 */
export function ConsentBanner({ ctx, inline }: { ctx: PageContext; inline?: boolean }): ReactElement {
  if (inline) {
    return (
      <section className="consent-banner consent-banner--inline" id="consent-settings" aria-labelledby="consent-title">
        <ConsentForm ctx={ctx} inline returnTo={ctx.currentPath} />
      </section>
    );
  }
  // On every page: rendered once per locale and filled with the page's path (views/render.tsx renderedTemplate).
  const key = JSON.stringify(['consent-banner', ctx.locale, ctx.consentAction, ctx.nav.privacy]);
  const form = renderedTemplate(key, (slot) => <ConsentForm ctx={ctx} inline={false} returnTo={slot(0)} />, [ctx.currentPath]);
  return <section className="consent-banner" id="consent-banner" aria-labelledby="consent-title" data-consent-banner="" hidden dangerouslySetInnerHTML={form} />;
}

function ConsentForm({ ctx, inline, returnTo }: { ctx: PageContext; inline: boolean; returnTo: string }): ReactElement {
  const { t } = ctx;
  // On the settings page the form is part of the page and posts plainly (it comes back saying "saved").
  const enhanced = inline ? {} : { 'hx-post': ctx.consentAction, 'hx-swap': 'none' };
  return (
    <form className={inline ? 'consent-banner__inner' : 'container consent-banner__inner'} method="post" action={ctx.consentAction} {...enhanced}>
      <div>
        <h2 id="consent-title">{t('consent.title')}</h2>
        <p>
          {t('consent.text')} <a href={ctx.nav.privacy}>{t('consent.more')}</a>
        </p>
      </div>
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="consent-banner__actions">
        <button type="submit" name="choice" value="declined" className="button button--ghost">
          {t('consent.decline')}
        </button>
        <button type="submit" name="choice" value="accepted" className="button">
          {t('consent.accept')}
        </button>
      </div>
    </form>
  );
}
