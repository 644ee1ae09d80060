import type { ReactElement } from 'react';
import { Alert } from '../components/alert.js';
import { ConsentBanner } from '../components/consent-banner.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface CookieSettingsModel {
  readonly choice: 'accepted' | 'declined' | undefined;
  readonly saved: boolean;
}

/** Where a visitor reviews and changes the cookie choice (linked from every page's footer). */
export function CookieSettingsPage({ ctx, model }: { ctx: PageContext; model: CookieSettingsModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('consent.settingsTitle')} description={t('consent.text')} noindex withoutBanner>
      <article className="container prose cookie-settings">
        <h1>{t('consent.settingsTitle')}</h1>
        {model.saved && <Alert variant="success">{t('consent.saved')}</Alert>}
        <p>{model.choice ? t('consent.current', { choice: t(`consent.${model.choice}`) }) : t('consent.none')}</p>
        <ConsentBanner ctx={ctx} inline />
      </article>
    </Layout>
  );
}
