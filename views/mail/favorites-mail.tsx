import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton } from './mail-layout.js';

export interface FavoritesMailModel {
  readonly siteName: string;
  readonly listings: ReadonlyArray<{ readonly title: string; readonly price: string; readonly address: string; readonly url: string }>;
}

/** To the visitor who asked: the favourites kept in their browser, with links. */
export function FavoritesMail({ t, site, model }: MailBodyProps<FavoritesMailModel>): ReactElement {
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t('flows.mail.favorites.heading')}</h1>
      <p>{t('flows.mail.favorites.intro')}</p>
      {model.listings.map((listing) => (
        <div key={listing.url} style={{ borderTop: '1px solid #dde3e6', padding: '12px 0' }}>
          <h2 style={{ fontSize: '16px', margin: '0 0 4px' }}>{listing.title}</h2>
          <p style={{ margin: '0 0 4px' }}>{listing.price}</p>
          <p style={{ margin: '0 0 8px', color: '#616e7c' }}>{listing.address}</p>
          <MailButton href={listing.url} label={t('flows.favorites.view')} color={site.brandColor} />
        </div>
      ))}
    </>
  );
}
