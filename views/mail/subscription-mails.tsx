import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton } from './mail-layout.js';

export interface SubscriptionMailLinks {
  readonly confirm: string;
  readonly edit: string;
  readonly unsubscribe: string;
}

interface SubscriptionMailBase {
  readonly name: string;
  /** The search in words, one line per criterion (already translated). */
  readonly summary: readonly string[];
  readonly links: SubscriptionMailLinks;
}

export interface SubscriptionConfirmMailModel extends SubscriptionMailBase {
  /** The address asked again before confirming: the same request, a new link. */
  readonly again: boolean;
  readonly confirmHours: number;
}

export type SubscriptionUpdatedMailModel = SubscriptionMailBase;

/** A listing in a digest: the site's card, prepared for mail (absolute links, the photo as a plain JPEG). */
export interface DigestCardModel {
  readonly title: string;
  readonly url: string;
  readonly imageUrl: string | null;
  readonly price: string;
  readonly address: string;
  readonly facts: readonly string[];
  readonly sticker: string | null;
  /** What happened: new, price lowered from … to …, back on the market. */
  readonly change: string;
}

export interface DigestMailModel {
  readonly name: string;
  readonly intro: string;
  readonly cards: readonly DigestCardModel[];
  readonly summary: readonly string[];
  readonly links: SubscriptionMailLinks;
}

const muted = { color: '#616e7c' };

function Summary({ lines, heading }: { lines: readonly string[]; heading: string }): ReactElement {
  return (
    <>
      <h2 style={{ fontSize: '16px', margin: '16px 0 8px' }}>{heading}</h2>
      <ul style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/** The links every subscription mail ends with: change the search, or stop the mails. */
function ManageLinks({ t, links }: { t: MailBodyProps<unknown>['t']; links: SubscriptionMailLinks }): ReactElement {
  return (
    <p style={{ ...muted, fontSize: '13px' }}>
      <a href={links.edit}>{t('subscriptions.mail.edit')}</a>
      {' · '}
      <a href={links.unsubscribe}>{t('subscriptions.mail.unsubscribe')}</a>
    </p>
  );
}

/** Double opt-in: nothing else is mailed until this link is followed. */
export function SubscriptionConfirmMail({ t, site, model }: MailBodyProps<SubscriptionConfirmMailModel>): ReactElement {
  return (
    <>
      <p>{t('subscriptions.mail.greeting', { name: model.name })}</p>
      <p>{t(model.again ? 'subscriptions.mail.confirm.again' : 'subscriptions.mail.confirm.intro', { agency: site.name })}</p>
      <MailButton href={model.links.confirm} label={t('subscriptions.mail.confirm.button')} color={site.brandColor} />
      <p style={muted}>{t('subscriptions.mail.confirm.expires', { hours: model.confirmHours })}</p>
      <Summary lines={model.summary} heading={t('subscriptions.mail.yourSearch')} />
      <p style={muted}>{t('subscriptions.mail.confirm.notYou')}</p>
      <ManageLinks t={t} links={model.links} />
    </>
  );
}

/** The same address subscribed again to a confirmed search: said here, never on the page. */
export function SubscriptionUpdatedMail({ t, site, model }: MailBodyProps<SubscriptionUpdatedMailModel>): ReactElement {
  return (
    <>
      <p>{t('subscriptions.mail.greeting', { name: model.name })}</p>
      <p>{t('subscriptions.mail.updated.intro', { agency: site.name })}</p>
      <Summary lines={model.summary} heading={t('subscriptions.mail.yourSearch')} />
      <MailButton href={model.links.edit} label={t('subscriptions.mail.edit')} color={site.brandColor} />
      <p style={muted}>{t('subscriptions.mail.updated.notYou')}</p>
      <ManageLinks t={t} links={model.links} />
    </>
  );
}

/** One listing as a table row: mail clients keep tables and inline styles, not the site's CSS. */
function DigestCard({ card, color, viewLabel }: { card: DigestCardModel; color: string; viewLabel: string }): ReactElement {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', border: '1px solid #dde3e6', borderRadius: '6px', margin: '0 0 16px' }}>
      <tbody>
        {card.imageUrl ? (
          <tr>
            <td>
              <img src={card.imageUrl} alt="" width="566" style={{ display: 'block', width: '100%', maxWidth: '566px', height: 'auto', border: 0 }} />
            </td>
          </tr>
        ) : null}
        <tr>
          <td style={{ padding: '12px 16px' }}>
            <p style={{ margin: '0 0 4px', color, fontWeight: 'bold', fontSize: '13px', textTransform: 'uppercase' }}>
              {card.change}
              {card.sticker && card.sticker !== card.change ? ` · ${card.sticker}` : ''}
            </p>
            <h2 style={{ fontSize: '17px', margin: '0 0 4px' }}>
              <a href={card.url} style={{ color: '#1f2933', textDecoration: 'none' }}>
                {card.title}
              </a>
            </h2>
            <p style={{ margin: '0 0 4px', fontWeight: 'bold', fontSize: '16px' }}>{card.price}</p>
            <p style={{ margin: '0 0 4px', ...muted }}>{card.address}</p>
            {card.facts.length > 0 ? <p style={{ margin: '0 0 8px', ...muted }}>{card.facts.join(' · ')}</p> : null}
            <p style={{ margin: 0 }}>
              <a href={card.url} style={{ color, fontWeight: 'bold' }}>
                {viewLabel}
              </a>
            </p>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** New listings, price drops and status changes that match the subscriber's search, in one mail. */
export function DigestMail({ t, site, model }: MailBodyProps<DigestMailModel>): ReactElement {
  return (
    <>
      <p>{t('subscriptions.mail.greeting', { name: model.name })}</p>
      <p>{model.intro}</p>
      {model.cards.map((card) => (
        <DigestCard key={card.url} card={card} color={site.brandColor} viewLabel={t('mail.viewListing')} />
      ))}
      <Summary lines={model.summary} heading={t('subscriptions.mail.yourSearch')} />
      <ManageLinks t={t} links={model.links} />
    </>
  );
}
