import type { ReactElement } from 'react';
import type { Breadcrumb as BreadcrumbModel } from '../../src/seo/breadcrumbs.js';
import type { DisplayTab, EstateDisplayModel } from '../../src/estates/display/estate-display.js';
import type { DocumentModel } from '../../src/estates/display/documents.js';
import type { HistoryLine } from '../../src/estates/display/price-history.js';
import type { ShareMeta } from '../../src/seo/structured-data.js';
import { ActionBar, type ActionBarProps } from '../components/action-bar.js';
import { Gallery, type GalleryProps } from '../components/gallery.js';
import { MapBlock, type MapBlockProps } from '../components/map-block.js';
import { ShareLinks, type ShareLinksProps } from '../components/share-links.js';
import type { InquiryFormProps } from '../fragments/inquiry-forms.js';
import { SimilarEstatesPlaceholder, type SimilarEstatesPlaceholderProps } from '../fragments/similar-estates.js';
import { cachedSection } from '../cached-sections.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';
import { EnergySection, PlanningSection, RegionMentions } from './estate-detail/compliance-sections.js';
import { ContactCard } from './estate-detail/contact-card.js';
import { DetailHeader } from './estate-detail/header-section.js';
import { InquiryModals } from './estate-detail/inquiry-modals.js';
import { DescriptionSection, VideosSection } from './estate-detail/media-sections.js';
import { BrochureContact, BrochureFeatures, BrochureMasthead, BrochurePhotos, type BrochureProps, PrintButton } from './estate-detail/brochure-sheet.js';
import { DocumentsSection } from './estate-detail/documents-section.js';
import { BuildTechnicalsSection, FacilitiesSection, FeaturesSection, LayoutSection } from './estate-detail/property-sections.js';
import { PriceHistorySection } from './estate-detail/price-history-section.js';
import { DetailSeoHead } from './estate-detail/seo-head.js';
import { ProjectUnitsSection } from './estate-detail/units-section.js';
import { PurchaseCostSection, type PurchaseCostSectionModel } from './estate-detail/purchase-cost-section.js';
import { ViewingRequestTeaser } from './estate-detail/viewing-request.js';

export interface DetailPageModel {
  readonly display: EstateDisplayModel;
  /** The description, already cleaned by the server's allow-list sanitizer. */
  readonly descriptionHtml: string;
  readonly gallery: GalleryProps;
  /**
   * The feature groups, each shown once as a section: groups that have a section of their own (energy,
   * town planning, floors and rooms) are left out.
   */
  readonly features: readonly DisplayTab[];
  /** What buying it really costs (sale pages with a public price only; null elsewhere). */
  readonly purchaseCost: PurchaseCostSectionModel | null;
  /**
   * `purchaseCost` is the block as every visitor first sees it (no choices made), the same for the listing's version
   * and locale: kept with the page's other sections. false where a visitor's choices recomputed it.
   */
  readonly purchaseCostIsDefault: boolean;
  /** Call, e-mail, ask: the bar at the bottom of a phone's screen. */
  readonly actions: ActionBarProps;
  readonly map: MapBlockProps;
  readonly share: ShareLinksProps;
  readonly project: { readonly title: string; readonly path: string } | null;
  /** The sales rep's numbers as `tel:` links (null where the rep has no such number). */
  readonly salesRepPhones: { readonly phone: string | null; readonly mobile: string | null };
  /** The sticker's class in the theme stylesheet (pages carry no style attributes). */
  readonly stickerClass: string | null;
  readonly forms: {
    readonly extraInfo: InquiryFormProps;
    /** null where the form is not offered (production without a bot check). */
    readonly sendToFriend: InquiryFormProps | null;
    /** Which form was just sent without JavaScript (Post/Redirect/Get), to show its thank-you. */
    readonly sent: 'extra-info' | 'send-to-friend' | null;
    /** The form shown open, filled in again with its messages (a post without JavaScript that was refused). */
    readonly open: 'extra-info' | 'send-to-friend' | null;
  };
  readonly similar: SimilarEstatesPlaceholderProps;
  /** The bot-check provider's script, when a site key is configured (the forms ask it for a token). */
  readonly seo: {
    readonly title: string;
    readonly description: string;
    readonly jsonLd: string;
    /** BreadcrumbList of `breadcrumb`, ready for a script element. */
    readonly breadcrumbJsonLd: string;
    readonly share: ShareMeta;
  };
  /** Home → search → (project →) this listing: shown above the title. */
  readonly breadcrumb: BreadcrumbModel;
  /** The CRM's documents, plans and brochure first. */
  readonly documents: readonly DocumentModel[];
  /** What only the printed brochure shows: its photos and the QR code back to the listing. */
  readonly brochure: BrochureProps;
  /** Its price reductions, status changes and first listing, newest first (src/estates/display/price-history.ts). */
  readonly priceHistory: readonly HistoryLine[];
}

/**
 * The listing's page. What depends only on the listing's version and the locale is rendered once and kept
 * (`cachedSection`, views/cached-sections.tsx: the renderer keys it by build, theme, locale, version and page);
 * rendered on every request: the layout around it (head, language switcher, consent banner), the brochure's
 * masthead (its logo is preloaded from the head), the title with its heart (it returns to this URL with its query),
 * the purchase-cost block when a visitor's choices recomputed it (its own route), and a refused form with what its
 * visitor typed. The inquiry dialogs are kept once per notice state (`?sent=` shows one's thank-you).
 */
export function EstateDetailPage({ ctx, model }: { ctx: PageContext; model: DetailPageModel }): ReactElement {
  const { display } = model;
  const t = ctx.t;
  return (
    <Layout ctx={ctx} title={model.seo.title} description={model.seo.description} head={<DetailSeoHead seo={model.seo} />} bottomBar={cachedSection('action-bar', () => <ActionBar {...model.actions} />)}>
      <article className="container estate-detail" data-estate-id={display.id}>
        <BrochureMasthead ctx={ctx} />
        <DetailHeader ctx={ctx} display={display} breadcrumb={model.breadcrumb} stickerClass={model.stickerClass} />
        {cachedSection('media', () => (
          <>
            <RegionMentions mentions={display.regionRules} t={t} />
            <Gallery {...model.gallery} />
            <BrochurePhotos photos={model.brochure.photos} title={display.title} t={t} />
          </>
        ))}

        <div className="estate-detail__body">
          <div className="estate-detail__main">
            {cachedSection('main', () => (
              <>
                <DescriptionSection html={model.descriptionHtml} lang={display.descriptionLang} t={t} />
                <BrochureFeatures facts={model.brochure.facts} t={t} />
                <PriceHistorySection lines={model.priceHistory} t={t} />
                <VideosSection videos={display.videos} t={t} />
                <ProjectUnitsSection units={display.units} t={t} />
                <FeaturesSection title={t('detail.details')} groups={model.features} />
                <LayoutSection floors={display.layout} t={t} />
                <EnergySection display={display} t={t} />
                <PlanningSection display={display} t={t} />
                <BuildTechnicalsSection items={display.buildTechnicals} t={t} />
                <FacilitiesSection display={display} t={t} />
                <DocumentsSection documents={model.documents} t={t} />
                <MapBlock {...model.map} />
              </>
            ))}
            {model.purchaseCostIsDefault ? (
              cachedSection('purchase-cost', () => <PurchaseCostSection model={model.purchaseCost} />)
            ) : (
              <PurchaseCostSection model={model.purchaseCost} />
            )}
            {cachedSection('viewing-request', () => (
              <ViewingRequestTeaser display={display} ctx={ctx} />
            ))}
          </div>

          <aside className="estate-detail__aside" id="contact">
            <ContactCard display={display} phoneHrefs={model.salesRepPhones} t={t}>
              <InquiryModals forms={model.forms} t={t} />
            </ContactCard>
            {cachedSection('share', () => (
              <>
                <ShareLinks {...model.share} />
                <PrintButton t={t} />
              </>
            ))}
          </aside>
        </div>

        {cachedSection('end', () => (
          <>
            <SimilarEstatesPlaceholder {...model.similar} />
            <BrochureContact ctx={ctx} salesRep={display.salesRep} brochure={model.brochure} />
          </>
        ))}
      </article>
    </Layout>
  );
}
