import type { ReactElement } from 'react';
import type { EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import { Icon } from '../../components/icon.js';
import type { PageContext } from '../../page-context.js';

type Translate = PageContext['t'];

/** The description, already cleaned by the server's allow-list sanitizer. */
export function DescriptionSection({ html, lang, t }: { html: string; lang: EstateDisplayModel['descriptionLang']; t: Translate }): ReactElement | null {
  if (!html) return null;
  return (
    <section className="detail-section" aria-labelledby="description-title">
      <h2 id="description-title">{t('detail.description')}</h2>
      <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

export function VideosSection({ videos, t }: { videos: EstateDisplayModel['videos']; t: Translate }): ReactElement | null {
  if (videos.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="videos-title">
      <h2 id="videos-title">{t('detail.videos')}</h2>
      <ul className="video-links">
        {videos.map((video) => (
          <li key={video.href}>
            <a className="button button--ghost" href={video.href} target="_blank" rel="noopener noreferrer">
              <Icon name="play" /> {video.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
