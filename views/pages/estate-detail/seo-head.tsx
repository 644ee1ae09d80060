import type { ReactElement } from 'react';
import type { DetailPageModel } from '../estate-detail-page.js';

/** What the page adds to the head: the share previews' meta tags and the listing's and breadcrumb's JSON-LD. */
export function DetailSeoHead({ seo }: { seo: DetailPageModel['seo'] }): ReactElement {
  return (
    <>
      {seo.share.openGraph.map((meta) => (
        <meta key={meta.property} property={meta.property} content={meta.content} />
      ))}
      {seo.share.twitter.map((meta) => (
        <meta key={meta.name} name={meta.name} content={meta.content} />
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: seo.jsonLd }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: seo.breadcrumbJsonLd }} />
    </>
  );
}
